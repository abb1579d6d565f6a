/**
 * The site settings in the back office (issue 31): the owner changes the site title, time zone and
 * logo, and the storefront shows them on its next request (the demo header draws the logo with a
 * srcset, decorative beside the title); one save made with the keyboard alone; other staff read the
 * form disabled; axe at every impact; a 390 px phone without sideways scrolling.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { changeKey } from '../packages/server/src/platform/db/change-version.ts';
import { writeTransaction } from '../packages/server/src/platform/db/transaction.ts';
import { axeViolations, failOnPageErrors, serverDatabase, signInAsStaff } from './support.ts';

failOnPageErrors();

// The demo's settings as they ship come back after this spec, for the specs after it (declared
// before the database's own hooks, so that it runs before they close it).
let shipped: string | undefined;
test.afterAll(async () => {
  if (shipped === undefined) return;
  const data = shipped;
  await writeTransaction(server.db, async (trx, changes) => {
    await trx
      .updateTable('site_documents')
      .set((eb) => ({ data, version: eb('version', '+', 1), updated_by: null }))
      .where('name', '=', 'website.json')
      .execute();
    changes.touch(changeKey.settings);
  });
});
const server = serverDatabase();
test.beforeAll(async () => {
  const row = await server.db
    .selectFrom('site_documents')
    .select('data')
    .where('name', '=', 'website.json')
    .executeTakeFirstOrThrow();
  shipped = row.data;
});

const website = async (page: Page) => {
  const res = await page.request.get('/?format=json');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { website: Record<string, unknown> }).website;
};

const logoPng = () =>
  sharp({ create: { width: 480, height: 160, channels: 3, background: '#2f4a3a' } })
    .png()
    .toBuffer();

test('the owner changes the title, time zone and logo, and the storefront shows them at once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsStaff(page, 'admin');
  await page.goto('/config/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Site settings' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const stamp = Date.now().toString(36);
  const title = `Juniper Row ${stamp}`;
  const logo = `logo-${stamp}.png`;
  await page.getByLabel('Site title').fill(title);
  await page.getByLabel('Time zone').selectOption('Europe/Paris');
  await page.getByLabel('Upload a new logo').setInputFiles({
    name: logo,
    mimeType: 'image/png',
    buffer: await logoPng(),
  });
  await expect(page.getByLabel('Logo', { exact: true })).toHaveValue(`/media/${logo}`);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toContainText('the site shows it now');

  expect(await website(page)).toMatchObject({
    siteTitle: title,
    timeZone: 'Europe/Paris',
    logoImageUrl: `/media/${logo}`,
  });
  await page.goto('/');
  const header = page.locator('header.site-header');
  // The home link is named by the title beside the logo, so the logo itself is decorative (alt="").
  await expect(header.getByRole('link', { name: `${title}, home` })).toBeVisible();
  const img = header.locator('img.site-title__logo');
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute('alt', '');
  await expect(img).toHaveAttribute('src', `/media/${logo}?format=300w`);
  await expect(img).toHaveAttribute('srcset', new RegExp(`/media/${logo}\\?format=100w 100w`));
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await expect(header.locator('.site-title__mark')).toHaveCount(0);
  await expect(page).toHaveTitle(new RegExp(title));
});

test('one save with the keyboard alone; the revision list shows it', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsStaff(page, 'admin');
  await page.goto('/config/settings');
  const field = page.getByLabel('Site title');
  await expect(field).toBeEnabled();
  const title = `Keyboard Row ${Date.now().toString(36)}`;
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(title);
  // Enter in a text field submits the form.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  expect((await website(page)).siteTitle).toBe(title);
  await expect(page.getByRole('region', { name: 'Revisions' }).getByRole('listitem').first()).toContainText(
    'Site title',
  );
});

test('a currency change asks first and says prices are not converted; keeping it saves nothing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsStaff(page, 'admin');
  await page.goto('/config/settings');
  await page.getByLabel('Store currency', { exact: true }).selectOption('EUR');
  await page.getByRole('button', { name: 'Save settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the store currency?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('does not convert any price');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const res = await page.request.get('/?format=json');
  const settings = ((await res.json()) as { websiteSettings: { storeSettings: Record<string, unknown> } })
    .websiteSettings;
  expect(settings.storeSettings.selectedCurrency).toBe('USD');
});

test('other staff read the settings with every input disabled and a note why', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsStaff(page, 'store-manager');
  await page.goto('/config/settings');
  await expect(page.getByText('Only an administrator changes them')).toBeVisible();
  await expect(page.getByLabel('Site title')).toBeDisabled();
  await expect(page.getByLabel('Store currency', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('the settings screen fits a 390 px phone without sideways scrolling', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsStaff(page, 'admin');
  await page.goto('/config/settings');
  await expect(page.getByLabel('Site title')).toBeVisible();
  const overflow = await page.evaluate(
    () => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
});
