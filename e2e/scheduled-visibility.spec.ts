import { expect, test } from '@playwright/test';
import { axeViolations, failOnPageErrors, signInAsStaff } from './support.ts';

/**
 * "Visible from a date and time" in the product editor (issue 30), on the demo site and the running
 * server: a product scheduled for later is saved as scheduled, and the store has none of it (its
 * page answers 404, the shop list does not show it, an add to cart is refused) until it is made
 * visible. The server runs on the real clock (the e2e server has no test clock), so the moment it
 * appears by itself is tested at the API level, on a controlled clock and two instances
 * (packages/server/src/modules/catalogue/scheduled-items.test.ts); here it is scheduled an hour
 * ahead, which no run of this spec reaches.
 */
failOnPageErrors();
test.describe.configure({ timeout: 90_000 });

const run = Date.now().toString(36);
/** The demo site's time zone (sites/demo/content/website.json), in which staff type the date. */
const SITE_TIME_ZONE = 'America/New_York';

/** `epoch` as a `datetime-local` value in the site's time zone (minutes, as the editor takes it). */
function siteLocal(epoch: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: SITE_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(epoch))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test('a product visible from an hour ahead is saved as scheduled and is nowhere on the store until shown', async ({
  page,
  browser,
}) => {
  await signInAsStaff(page, 'store-manager');
  await page.goto('/config/products/new');
  const title = `Lantern ${run}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Price of Default', { exact: true }).fill('25.00');
  await page.getByLabel('Stock of Default', { exact: true }).fill('4');
  await page.getByLabel('Visible from a date and time').check();
  const from = siteLocal(Date.now() + 60 * 60_000);
  await page.getByLabel('Visible from', { exact: true }).fill(from);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create the product' }).click();
  await expect(page.getByRole('heading', { name: `Product: ${title}` })).toBeVisible();
  await expect(page.getByLabel('Visible from a date and time')).toBeChecked();
  await expect(page.getByLabel('Visible from', { exact: true })).toHaveValue(from);

  const storeUrl = await page.getByRole('link', { name: 'View on the store' }).getAttribute('href');
  expect(storeUrl).toBeTruthy();
  const shopUrl = storeUrl!.slice(0, storeUrl!.lastIndexOf('/'));
  const productId = new URL(page.url()).pathname.split('/').pop()!;

  // A visitor, signed out, in a browser of their own.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  expect((await visitor.goto(storeUrl!))?.status()).toBe(404);
  await visitor.goto(shopUrl);
  await expect(visitor.locator(`a[href="${storeUrl}"]`)).toHaveCount(0);
  const crumb = (await visitorContext.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
  const add = await visitor.request.post('/api/commerce/shopping-cart/entries', {
    data: { itemId: productId, quantity: 1 },
    headers: { 'x-csrf-token': crumb },
  });
  expect(add.status()).toBe(404);
  expect(((await add.json()) as { message: string }).message).toBe('Sorry, this item is unavailable.');

  // Staff make it visible now: the store has it on the next request.
  await page.getByLabel('Visible', { exact: true }).check();
  await page.getByRole('button', { name: 'Save the product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved. Version' })).toBeVisible();
  expect((await visitor.goto(storeUrl!))?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await visitor.goto(shopUrl);
  await expect(visitor.locator(`a[href="${storeUrl}"]`).first()).toBeVisible();
  await visitorContext.close();
});
