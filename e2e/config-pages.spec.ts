/**
 * Pages in the back office (issue 31 Build 2): an editor creates a gallery page and sets its options
 * (one out of range is refused with the range, the typed value kept), disables a page and the site
 * answers "not found" for it at once; the screens pass axe at every impact and fit a 390 px phone.
 * Each test makes its own pages, so other specs sharing the server see nothing of them.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, failOnPageErrors, signInAsStaff } from './support.ts';

failOnPageErrors();

async function newPage(page: Page, type: string, title: string): Promise<string> {
  await page.goto('/config/pages');
  const form = page.getByRole('form', { name: 'New page' });
  await form.getByLabel('Type').selectOption(type);
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Create page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return (await page.getByLabel('Address').inputValue()).trim();
}

test('an editor creates a gallery page and sets its options; one out of range is refused with its range', async ({
  page,
}) => {
  await signInAsStaff(page, 'editor');
  const title = `Kiln pictures ${randomUUID().slice(0, 6)}`;
  const slug = await newPage(page, 'gallery', title);
  expect((await page.request.get(`/${slug}`)).status()).toBe(200);

  const gallery = page.getByRole('form', { name: 'Gallery options' });
  await gallery.getByLabel('Design').selectOption('slider');
  await gallery.getByLabel('Padding (px)').fill('60');
  await gallery.getByLabel('Square thumbnails').check();
  await gallery.getByRole('button', { name: 'Save gallery options' }).click();
  await expect(
    gallery.getByText('The gallery option padding is 0 to 50: 60 is outside that range.'),
  ).toBeVisible();
  // What was typed stays, to be corrected.
  await expect(gallery.getByLabel('Padding (px)')).toHaveValue('60');
  await expect(gallery.getByLabel('Design')).toHaveValue('slider');

  await gallery.getByLabel('Padding (px)').fill('40');
  await gallery.getByRole('button', { name: 'Save gallery options' }).click();
  await expect(page.getByText('Gallery options saved.')).toBeVisible();
  await page.reload();
  await expect(gallery.getByLabel('Padding (px)')).toHaveValue('40');
  await expect(gallery.getByLabel('Design')).toHaveValue('slider');
  await expect(gallery.getByLabel('Square thumbnails')).toBeChecked();
});

test('an editor disables a page: the site answers "not found" for it and leaves it out of the sitemap', async ({
  page,
}) => {
  await signInAsStaff(page, 'editor');
  const title = `Opening hours ${randomUUID().slice(0, 6)}`;
  const slug = await newPage(page, 'page', title);
  expect((await page.request.get(`/${slug}`)).status()).toBe(200);
  expect(await (await page.request.get('/sitemap.xml')).text()).toContain(`/${slug}</loc>`);

  const settings = page.getByRole('form', { name: 'Page settings' });
  await settings.getByLabel('Enabled').uncheck();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByText(`/${slug} answers “not found”`)).toBeVisible();
  expect((await page.request.get(`/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(`/${slug}</loc>`);

  await page.goto('/config/pages');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Disabled');
});

test('the pages screens pass axe at every impact and fit a 390 px phone', async ({ page }) => {
  // Six axe runs over three screens at two widths.
  test.setTimeout(120_000);
  await signInAsStaff(page, 'admin');
  const title = `Axe gallery ${randomUUID().slice(0, 6)}`;
  await newPage(page, 'gallery', title);
  const galleryUrl = page.url();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/config/pages');
    await expect(page.getByRole('link', { name: 'Events', exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(width);

    await page.goto(galleryUrl);
    await expect(page.getByRole('form', { name: 'Gallery options' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(width);

    await page.goto('/config/pages');
    await page.getByRole('link', { name: 'Events', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Events' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
