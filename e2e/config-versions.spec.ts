/**
 * Nothing lost when two people edit (issue 30 Build 5) on a store page and on a media file's alt
 * text: two staff members in two browsers open the same record, the first saves, the second's save
 * is refused naming the first and when, what the second typed stays in the form, and a restored
 * revision brings the old value back (on the storefront too, for the store page). The conflict and
 * the revisions pass axe at every impact and fit a 390 px phone.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, failOnPageErrors, signInAsStaff } from './support.ts';

failOnPageErrors();

/** A second staff member in a browser context of their own (their own session). */
async function secondEditor(browser: Browser, role: string): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { page, email: await signInAsStaff(page, role) };
}

async function fitsAndPassesAxe(page: Page): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

test('two staff on one store page: the second save is refused naming the first, keeps what was typed, and a revision restores the old title', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const adaEmail = await signInAsStaff(page, 'admin');
  const stamp = Date.now().toString(36);
  const title = `Seconds ${stamp}`;
  await page.goto('/config/store-pages');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create store page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const address = new URL(page.url()).pathname;
  const slug = await page.getByLabel('Address').inputValue();

  const bea = await secondEditor(browser, 'store-manager');
  await bea.page.goto(address);
  await expect(bea.page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.getByLabel('Title').fill(`Ada’s ${stamp}`);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved.');

  await bea.page.getByLabel('Title').fill(`Bea’s ${stamp}`);
  await bea.page.getByRole('button', { name: 'Save settings' }).click();
  const refusal = bea.page.getByRole('form', { name: 'Store page settings' }).getByRole('alert');
  await expect(refusal).toContainText(`${adaEmail} saved this store page at `);
  await expect(refusal).toContainText('What you typed is still here');
  await expect(bea.page.getByLabel('Title')).toHaveValue(`Bea’s ${stamp}`);
  await expect(bea.page.getByRole('button', { name: 'Save mine over theirs' })).toBeVisible();
  await fitsAndPassesAxe(bea.page);

  // Saved over theirs, from the keyboard.
  await bea.page.getByRole('button', { name: 'Save mine over theirs' }).focus();
  await bea.page.keyboard.press('Enter');
  await expect(bea.page.getByRole('heading', { level: 1, name: `Bea’s ${stamp}` })).toBeVisible();
  const onSite = async () =>
    ((await (await page.request.get(`/${slug}?format=json`)).json()) as { collection: { title: string } })
      .collection.title;
  expect(await onSite()).toBe(`Bea’s ${stamp}`);

  // The first revision (the page as created) restored: its title is back, here and on the site.
  const revisions = bea.page.getByRole('list', { name: `Revisions of Bea’s ${stamp}` });
  await expect(revisions.getByRole('listitem')).toHaveCount(3);
  await expect(revisions.getByRole('listitem').first()).toContainText(bea.email);
  await bea.page.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(bea.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(bea.page.getByRole('status')).toHaveText('Restored version 1: the page is now version 4.');
  await expect(bea.page.getByLabel('Title')).toHaveValue(title);
  expect(await onSite()).toBe(title);
  await fitsAndPassesAxe(bea.page);
  await bea.page.context().close();
});

test('two staff on one file: the second alt text save is refused naming the first, keeps what was typed, and a revision restores the first alt text', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const adaEmail = await signInAsStaff(page, 'store-manager');
  const fileName = `bowl-${Date.now().toString(36)}.png`;
  await page.goto('/config/media');
  await page.getByLabel(/Add files/).setInputFiles([
    {
      name: fileName,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#227766' } })
        .png()
        .toBuffer(),
    },
  ]);
  const adaForm = page.getByRole('form', { name: `Alt text of ${fileName}` });
  await expect(adaForm).toBeVisible();

  const bea = await secondEditor(browser, 'admin');
  await bea.page.goto('/config/media');
  await bea.page.getByLabel('File name').fill(fileName);
  await bea.page.getByRole('button', { name: 'Find' }).click();
  const beaForm = bea.page.getByRole('form', { name: `Alt text of ${fileName}` });
  await expect(beaForm).toBeVisible();

  await adaForm.getByRole('textbox', { name: 'Alt text' }).fill('A teal bowl');
  await adaForm.getByRole('button', { name: `Save alt text of ${fileName}` }).click();
  await expect(adaForm.getByRole('status')).toHaveText('Saved');

  await beaForm.getByRole('textbox', { name: 'Alt text' }).fill('Bea typed this');
  await beaForm.getByRole('button', { name: `Save alt text of ${fileName}` }).click();
  await expect(beaForm.getByRole('alert')).toContainText(`${adaEmail} saved this file at `);
  await expect(beaForm.getByRole('textbox', { name: 'Alt text' })).toHaveValue('Bea typed this');
  await fitsAndPassesAxe(bea.page);

  await beaForm.getByRole('button', { name: 'Save mine over theirs' }).click();
  await expect(beaForm.getByRole('status')).toHaveText('Saved');
  await expect(beaForm.getByRole('alert')).toHaveCount(0);

  // Ada's save (version 2) restored from the file's history.
  await bea.page.getByText(`History of ${fileName}`).click();
  const revisions = bea.page.getByRole('list', { name: `Revisions of ${fileName}` });
  await expect(revisions.getByRole('listitem')).toHaveCount(3);
  await expect(revisions.getByRole('listitem').filter({ hasText: 'Version 2' })).toContainText(adaEmail);
  await fitsAndPassesAxe(bea.page);
  await revisions.getByRole('button', { name: 'Restore version 2' }).click();
  await expect(beaForm.getByRole('textbox', { name: 'Alt text' })).toHaveValue('A teal bowl');
  await expect(beaForm.getByRole('status')).toHaveText('Restored version 2: now version 4.');
  await page.reload();
  await expect(
    page.getByRole('form', { name: `Alt text of ${fileName}` }).getByRole('textbox', { name: 'Alt text' }),
  ).toHaveValue('A teal bowl');
  await bea.page.context().close();
});
