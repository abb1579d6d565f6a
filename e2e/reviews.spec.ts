import { expect, test } from '@playwright/test';
import { failOnPageErrors, seriousAxeViolations, serverDatabase, signInAsStaff } from './support.ts';

/**
 * Product reviews as a buyer and a moderator meet them (issue 17), on the demo site: a buyer orders
 * a tea towel, a store manager fulfils it in /config, the buyer follows the review link from their
 * mail (the outbox), rates it with the keyboard-friendly star radios and sends a review; a
 * moderator approves it in /config; the product page then shows the rating and count, its
 * `Product` JSON-LD has `aggregateRating`, the reviews script loads the review when the tab is
 * opened, and the two reviews analytics events are stored.
 */
failOnPageErrors();
const server = serverDatabase();

const PRODUCT = '/shop/linen-tea-towels';
const BUY = '/checkout?itemId=90147af7d1fcbebcd9463459&sku=JR-TWL-IND';
const LINK = /https?:\/\/[^\s]+(\/reviews\/request\?token=[\w-]+)/;

test('order, fulfil, review through the mailed link, approve, and see the rating on the product page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const buyer = `reviewer-${Date.now()}@example.com`;
  const title = `Soft after one wash ${Date.now()}`;

  // The buyer orders.
  await page.goto(BUY);
  await page.getByLabel('Email', { exact: true }).fill(buyer);
  await page.getByLabel('Name').fill('Rita Reviewer');
  await page.getByLabel('Address', { exact: true }).fill('1 Hive Lane');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('Postal code').fill('97201');
  const country = page.getByLabel('Country');
  if ((await country.inputValue()) === '') await country.fill('US');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmed\//);
  const { order_number: number } = await server.db
    .selectFrom('orders')
    .select('order_number')
    .where('email', '=', buyer)
    .executeTakeFirstOrThrow();

  // A store manager fulfils it in the back office.
  await page.context().clearCookies();
  await signInAsStaff(page, 'store-manager');
  await page.goto(`/config/orders/${number}`);
  await page.getByRole('button', { name: 'Fulfil', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Fulfilled. The customer has been mailed.');

  // The buyer follows the link in the review request mail.
  // Queued in the fulfilment's own transaction: there once the answer came.
  const mail = await server.db
    .selectFrom('mail_outbox')
    .select('body')
    .where('to_address', '=', buyer)
    .where('kind', '=', 'review-request')
    .executeTakeFirstOrThrow();
  const path = LINK.exec(mail.body)?.[1] ?? '';
  expect(path).not.toBe('');
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Review your purchase', level: 1 })).toBeVisible();
  const stars = page.getByRole('radiogroup', { name: /Your rating of Striped Linen Tea Towels/ });
  await stars.getByRole('radio', { name: '4 out of 5 stars' }).check();
  await page.getByLabel('Title (optional)').fill(title);
  await page.getByLabel('Your review (optional)').fill('Thick, soft and the colour held.');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Send my reviews' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Thank you: your reviews will appear once we have read them.',
  );
  // The link works once.
  const again = await page.goto(path);
  expect(again?.status()).toBe(410);

  // Pending: the product page does not show it.
  const before = await page.request.get(PRODUCT);
  expect(await before.text()).not.toContain(title);

  // A moderator approves it.
  await page.context().clearCookies();
  await signInAsStaff(page, 'moderator');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('4 of 5');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await row.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByRole('status')).toHaveText('The review is published.');

  // The product page: the rating and count, the JSON-LD, the review itself once the tab opens.
  const approved = await server.db
    .selectFrom('reviews')
    .select('rating')
    .where('item_id', '=', '90147af7d1fcbebcd9463459')
    .where('state', '=', 'approved')
    .execute();
  const count = approved.length;
  const average = Math.round((approved.reduce((n, r) => n + r.rating, 0) / count) * 10) / 10;
  await page.context().clearCookies();
  const since = Date.now();
  const reviewsCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/reviews/items/')) reviewsCalls.push(r.url());
  });
  await page.goto(PRODUCT);
  await expect(page.locator('html')).toHaveAttribute('data-sf-telemetry', 'ready');
  const summary = page.locator('.product-rating a');
  await expect(summary).toContainText(
    `${average} out of 5 (${count === 1 ? '1 review' : `${count} reviews`})`,
  );
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts.map((s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>),
    );
  expect(jsonLd.find((d) => d['@type'] === 'Product')?.aggregateRating).toEqual({
    '@type': 'AggregateRating',
    ratingValue: average,
    reviewCount: count,
    bestRating: 5,
    worstRating: 1,
  });
  // The reviews script waits: the section is far below the fold.
  expect(reviewsCalls).toEqual([]);
  await summary.click();
  await expect(page.locator('.product-reviews')).toContainText(title);
  await expect(page.locator('.product-reviews')).toContainText('— Rita');
  expect(reviewsCalls.length).toBeGreaterThan(0);
  await page.locator('[data-sf-reviews-tab]').click();
  expect(await seriousAxeViolations(page)).toEqual([]);

  const events = () =>
    server.db
      .selectFrom('telemetry_events')
      .select('name')
      .where('created', '>=', since)
      .where('name', 'in', ['reviews_vitals_anchor_click', 'reviews_tab_click'])
      .execute()
      .then((rows) => rows.map((r) => r.name).sort());
  await expect.poll(events).toEqual(['reviews_tab_click', 'reviews_vitals_anchor_click']);
});
