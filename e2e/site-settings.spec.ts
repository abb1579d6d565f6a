import { expect, test } from '@playwright/test';
import { changeKey } from '../packages/server/src/platform/db/change-version.ts';
import { writeTransaction } from '../packages/server/src/platform/db/transaction.ts';
import { failOnPageErrors, serverDatabase, seriousAxeViolations, signInAsStaff } from './support.ts';

/**
 * The site's header and footer and its languages (issue 15), as an editor sets them in the back
 * office and as a shopper then sees the demo store: the announcement bar, the footer's text and social link; a second language's pages and every page's hreflang alternates.
 */
const PRODUCT = '/shop/linen-camp-shirt';

failOnPageErrors();

// What this spec saved goes, so that the specs after it see the demo store as it ships (declared
// before the database's own hooks, so that it runs before they close it).
test.afterAll(async () => {
  await writeTransaction(server.db, async (trx, changes) => {
    await trx.deleteFrom('site_header_footer').execute();
    await trx.deleteFrom('site_languages').execute();
    changes.touch(changeKey.headerFooter, changeKey.settings);
  });
});
const server = serverDatabase();

test('an editor changes the header and footer, and the storefront shows them', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInAsStaff(page, 'editor');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Header and footer' })
    .click();
  await expect(page.getByRole('heading', { name: 'Header and footer', level: 1 })).toBeVisible();
  await expect(page.getByText('Never saved')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByLabel('Announcement bar text').fill('Winter sale: linen at 20% off');
  await page.getByLabel('Announcement link (optional)').fill('javascript:alert(1)');
  // The header's links are the navigation's now (e2e/config-navigation.spec.ts): the screen says where.
  await expect(page.getByRole('link', { name: 'Navigation', exact: true }).last()).toHaveAttribute(
    'href',
    '/config/navigation',
  );
  await page.getByLabel('Footer text').fill('The studio is closed on public holidays.');
  await page.getByRole('button', { name: 'Add a social link' }).click();
  const social = page.getByRole('group', { name: 'Social link 1' });
  await social.getByLabel('Service').selectOption('pinterest');
  await social.getByLabel('Address').fill('https://www.pinterest.com/juniperrowstudio');

  // The server names the field it refuses; the screen marks it.
  await page.getByRole('button', { name: 'Save header and footer' }).click();
  const announcementUrl = page.getByLabel('Announcement link (optional)');
  await expect(announcementUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(announcementUrl).toHaveAccessibleDescription(
    'must be an http(s) address or a path starting with /',
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
  await announcementUrl.fill('/shop');
  await page.getByRole('button', { name: 'Save header and footer' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved: every page shows the new header and footer.');
  await expect(announcementUrl).not.toHaveAttribute('aria-invalid', 'true');

  // A shopper (no staff cookie) sees it on every page.
  const shopper = await (await browser.newContext()).newPage();
  for (const path of ['/', PRODUCT]) {
    await shopper.goto(path);
    const bar = shopper.getByRole('region', { name: 'Announcement' });
    await expect(bar).toHaveText('Winter sale: linen at 20% off');
    await expect(bar.getByRole('link')).toHaveAttribute('href', '/shop');
    await expect(shopper.getByText('The studio is closed on public holidays.')).toBeVisible();
    await expect(shopper.getByRole('list', { name: 'Follow us' }).getByRole('link')).toHaveAttribute(
      'href',
      'https://www.pinterest.com/juniperrowstudio',
    );
  }
  expect(await seriousAxeViolations(shopper)).toEqual([]);
  await shopper.context().close();
});

test('an editor enables French: pages name their versions, and the French ones use its strings', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(PRODUCT);
  await expect(shopper.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);

  await signInAsStaff(page, 'editor');
  await page.goto('/config/languages');
  await expect(page.getByRole('heading', { name: 'Languages', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('The site has one language.');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('checkbox', { name: 'Français (France) fr-FR' }).check();
  await page.getByRole('button', { name: 'Save languages' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Saved: 2 languages, every page names its versions in the others.',
  );
  const french = page.getByRole('row', { name: /Français \(France\)/ });
  await expect(french).toContainText('/fr-fr/');
  await expect(french).toContainText('Translated');
  expect(await seriousAxeViolations(page)).toEqual([]);

  const origin = new URL(page.url()).origin;
  await shopper.goto(PRODUCT);
  const alternates = shopper.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(3);
  await expect(shopper.locator('link[rel="alternate"][hreflang="fr-FR"]')).toHaveAttribute(
    'href',
    new RegExp(`/fr-fr${PRODUCT}$`),
  );
  await expect(shopper.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    new RegExp(`${PRODUCT}$`),
  );
  // The French page: its language, its strings (the add-to-cart island's too), the same alternates.
  await shopper
    .getByRole('navigation', { name: 'Language' })
    .getByRole('link', { name: 'Français (France)' })
    .click();
  await expect(shopper).toHaveURL(`${origin}/fr-fr${PRODUCT}`);
  await expect(shopper.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(shopper.getByRole('button', { name: 'Ajouter au panier' })).toBeVisible();
  await expect(alternates).toHaveCount(3);
  expect(await seriousAxeViolations(shopper)).toEqual([]);
  await shopper.context().close();
});

test('a viewer reads the settings but cannot change them', async ({ page }) => {
  await signInAsStaff(page, 'viewer');
  await page.goto('/config/header-footer');
  await expect(page.getByText('changing them needs the editor or admin role')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save header and footer' })).toHaveCount(0);
  await expect(page.getByLabel('Announcement bar text')).toBeDisabled();
  await page.goto('/config/languages');
  await expect(page.getByRole('button', { name: 'Save languages' })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});
