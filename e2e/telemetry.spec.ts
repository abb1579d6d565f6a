import { type Page, type Request, expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { placeOrder, serverDatabase } from './support.ts';
import { createAccount, parseEmail } from '../packages/server/src/modules/accounts/accounts.ts';
import { hashPassword } from '../packages/server/src/modules/accounts/passwords.ts';
import { ROLES } from '@storefront/core';

/**
 * First-party telemetry (issue 8) in Chromium against the demo server: visit cookies and page
 * views, exclusions, the client error reporter and its limits, performance records, commerce
 * events. What the server stored is read from its own database (the folder or PostgreSQL the
 * config started it on).
 */

const handle = serverDatabase();

const STAFF_PASSWORD = 'a reporting passphrase';
/** A staff member with the reporting role, made in the server's database; answers the address. */
async function reportingStaff(): Promise<string> {
  const address = `reporting-${randomBytes(4).toString('hex')}@example.test`;
  const email = parseEmail(address);
  if (!email.ok) throw new Error(email.error.message);
  await createAccount(handle.db, {
    kind: 'staff',
    email: email.value,
    name: 'Reporting',
    passwordHash: await hashPassword(STAFF_PASSWORD),
    verified: true,
    roles: [ROLES.reporting],
  });
  return address;
}

const ready = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-sf-telemetry', 'ready');

async function visitorCookies(page: Page) {
  const cookies = await page.context().cookies();
  const get = (name: string) => cookies.find((c) => c.name === name);
  return { cvr: get('ss_cvr'), cvt: get('ss_cvt') };
}

const hitsOf = (visitorId: string) =>
  handle.db
    .selectFrom('telemetry_hits')
    .select(['path', 'visit_count', 'kind', 'new_visit'])
    .where('visitor_id', '=', visitorId)
    .orderBy('created')
    .execute()
    .then((rows) =>
      rows.map((r) => ({ path: r.path, count: Number(r.visit_count), newVisit: Number(r.new_visit) })),
    );

/** Counts the page's requests to a path. */
function countRequests(page: Page, path: string): { readonly n: number } {
  const counter = { n: 0 };
  page.on('request', (r: Request) => {
    if (new URL(r.url()).pathname === path) counter.n += 1;
  });
  return counter;
}

test('a first visit stores one page view and sets both cookies; the same session keeps the count, a new one adds one', async ({
  page,
  context,
}) => {
  const before = Date.now();
  await page.goto('/');
  await ready(page);
  const { cvr, cvt } = await visitorCookies(page);
  expect(cvr?.value).toMatch(/^[\w-]+\|\d+\|\d+\|\d+\|1$/);
  expect(cvt?.value).toMatch(/^[1-9]\d*$/);
  // About two years asked for; Chromium caps cookie lifetimes at 400 days. And 30 minutes.
  const now = Date.now() / 1000;
  expect(cvr!.expires - now).toBeGreaterThan(399 * 86400);
  expect(cvt!.expires - now).toBeGreaterThan(29 * 60);
  expect(cvt!.expires - now).toBeLessThanOrEqual(30 * 60 + 5);
  const visitor = cvr!.value.split('|')[0]!;
  await expect.poll(() => hitsOf(visitor)).toEqual([{ path: '/', count: 1, newVisit: 1 }]);

  await page.goto('/shop');
  await ready(page);
  expect((await visitorCookies(page)).cvr?.value).toMatch(/\|1$/);
  await expect
    .poll(() => hitsOf(visitor))
    .toEqual([
      { path: '/', count: 1, newVisit: 1 },
      { path: '/shop', count: 1, newVisit: 0 },
    ]);

  // The timer cookie gone (30 minutes passed): a new session.
  await context.clearCookies({ name: 'ss_cvt' });
  await page.goto('/about');
  await ready(page);
  const next = (await visitorCookies(page)).cvr!.value.split('|');
  expect(next[0]).toBe(visitor);
  expect(next[4]).toBe('2');
  expect(Number(next[2])).toBeGreaterThanOrEqual(before);
  await expect.poll(() => hitsOf(visitor)).toHaveLength(3);
  expect((await hitsOf(visitor))[2]).toEqual({ path: '/about', count: 2, newVisit: 1 });
});

test('/search and a 404 send and store no page view', async ({ page }) => {
  const hits = countRequests(page, '/api/census/RecordHit');
  const res = await page.goto('/no-such-page-for-telemetry');
  expect(res?.status()).toBe(404);
  await ready(page);
  await page.goto('/search');
  await ready(page);
  expect(hits.n).toBe(0);
  expect((await visitorCookies(page)).cvr).toBeUndefined();
  // A tracked page afterwards: the one hit there is, and nothing for the excluded paths.
  await page.goto('/');
  await ready(page);
  expect(hits.n).toBe(1);
  const visitor = (await visitorCookies(page)).cvr!.value.split('|')[0]!;
  await expect.poll(() => hitsOf(visitor)).toEqual([{ path: '/', count: 1, newVisit: 1 }]);
  const excluded = await handle.db
    .selectFrom('telemetry_hits')
    .select('id')
    .where('path', 'in', ['/no-such-page-for-telemetry', '/search'])
    .execute();
  expect(excluded).toEqual([]);
});

const errorsWith = (tag: string) =>
  handle.db
    .selectFrom('telemetry_errors')
    .select(['message', 'stack', 'url', 'app'])
    .where('message', 'like', `%${tag}%`)
    .execute();

/** Throws in an event listener: the browser reports it as an uncaught error (window 'error'). */
function throwFromListener(message: string) {
  const button = document.createElement('button');
  button.addEventListener('click', function thrower() {
    throw new Error(message);
  });
  button.click();
}

test('a thrown error is stored once, with its stack', async ({ page }) => {
  const tag = `e2e-boom-${randomBytes(4).toString('hex')}`;
  const sends = countRequests(page, '/api/events/RecordJavascriptErrors');
  await page.goto('/shop');
  await ready(page);
  await page.evaluate(throwFromListener, tag);
  await expect.poll(() => errorsWith(tag).then((r) => r.length)).toBe(1);
  // Leaving the page flushes whatever is queued: still one.
  await page.goto('/');
  await ready(page);
  const rows = await errorsWith(tag);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.message).toBe(tag);
  expect(rows[0]!.stack).toContain(`Error: ${tag}`);
  expect(rows[0]!.stack).toContain('thrower');
  expect(rows[0]!.url).toMatch(/\/shop$/);
  expect(rows[0]!.app).toBe('storefront');
  expect(sends.n).toBe(1);
});

test('25 errors, each after the 1 s debounce, make at most 20 sends (browser clock)', async ({ page }) => {
  const tag = `e2e-many-${randomBytes(4).toString('hex')}`;
  await page.clock.install();
  const sends = countRequests(page, '/api/events/RecordJavascriptErrors');
  const answered: Promise<unknown>[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/events/RecordJavascriptErrors') answered.push(r.response());
  });
  await page.goto('/shop');
  await page.clock.runFor(3000);
  await ready(page);
  for (let i = 0; i < 25; i++) {
    await page.evaluate(throwFromListener, `${tag}-${i}`);
    await page.clock.runFor(1100);
  }
  await Promise.all(answered);
  expect(sends.n).toBe(20);
  await expect.poll(() => errorsWith(tag).then((r) => r.length)).toBe(20);
});

const performanceFor = (path: string, since: number) =>
  handle.db
    .selectFrom('telemetry_performance')
    .select(['event', 'metrics', 'page_type', 'page_load_id'])
    .where('path', '=', path)
    .where('created', '>=', since)
    .where('event', '=', 'page-speed')
    .execute();

test('a page load stores a performance record with LCP, FCP, CLS and TTFB (sent when the page goes)', async ({
  page,
}) => {
  const since = Date.now();
  await page.goto('/shop/linen-camp-shirt');
  await ready(page);
  // Leaving the page: hidden, then pagehide; the record goes by beacon.
  await page.goto('/about');
  await expect.poll(() => performanceFor('/shop/linen-camp-shirt', since).then((r) => r.length)).toBe(1);
  const [row] = await performanceFor('/shop/linen-camp-shirt', since);
  const metrics = JSON.parse(row!.metrics) as Record<string, number>;
  for (const m of [
    'largestContentfulPaint',
    'firstContentfulPaint',
    'cumulativeLayoutShift',
    'timeToFirstByte',
  ])
    expect(metrics[m], m).toBeGreaterThanOrEqual(0);
  expect(metrics.largestContentfulPaint).toBeGreaterThan(0);
  expect(metrics.firstContentfulPaint).toBeGreaterThan(0);
  expect(Number(row!.page_type)).toBe(50);
});

test('without leaving, the record is sent 30 s after load (browser clock), once', async ({ page }) => {
  const since = Date.now();
  await page.clock.install();
  const sends = countRequests(page, '/api/1/performance/records');
  await page.goto('/shop');
  await page.clock.runFor(3000);
  await ready(page);
  await page.clock.runFor(20_000);
  expect(sends.n).toBe(0);
  await page.clock.runFor(10_000);
  await expect.poll(() => sends.n).toBe(1);
  await expect.poll(() => performanceFor('/shop', since).then((r) => r.length)).toBe(1);
  await page.clock.runFor(60_000);
  expect(sends.n).toBe(1);
});

test('rum- user timings are reported, each once; others are not', async ({ page }) => {
  const since = Date.now();
  await page.goto('/journal');
  await ready(page);
  await page.evaluate(() => {
    performance.mark('rum-e2e-mark');
    performance.mark('rum-e2e-mark');
    performance.mark('other-mark');
    performance.measure('rum-e2e-measure', 'rum-e2e-mark');
  });
  await page.goto('/about');
  const timings = () =>
    handle.db
      .selectFrom('telemetry_performance')
      .select(['metrics'])
      .where('path', '=', '/journal')
      .where('event', '=', 'user-timing')
      .where('created', '>=', since)
      .execute();
  await expect.poll(() => timings().then((r) => r.length)).toBe(1);
  expect(Object.keys(JSON.parse((await timings())[0]!.metrics)).sort()).toEqual([
    'rum-e2e-mark',
    'rum-e2e-measure',
  ]);
});

test('a product page and an add to cart store the commerce events in order', async ({ page }) => {
  const since = Date.now();
  await page.goto('/shop/beeswax-pillar-candle');
  await ready(page);
  await page.locator('.sqs-add-to-cart-button').click();
  await expect(page.locator('.sf-cart-pill')).toBeVisible();
  const rows = () =>
    handle.db
      .selectFrom('telemetry_events')
      .select(['name', 'data', 'cart_id'])
      .where('created', '>=', since)
      .orderBy('created')
      .execute();
  await expect.poll(() => rows().then((r) => r.map((x) => x.name).includes('add_to_cart'))).toBe(true);
  await page.goto('/cart');
  await ready(page);
  await expect.poll(() => rows().then((r) => r.map((x) => x.name).includes('view_cart'))).toBe(true);
  const names = (await rows()).map((r) => r.name);
  expect(names.slice(0, 2).sort()).toEqual(['product_page_visit', 'view_product']);
  expect(names.slice(2)).toEqual(['add_to_cart', 'view_cart']);
  const added = (await rows()).find((r) => r.name === 'add_to_cart')!;
  const data = JSON.parse(added.data) as Record<string, unknown>;
  expect(added.cart_id).toBeTruthy();
  expect(data).toMatchObject({ item_quantity: 1, num_items_in_cart: 1, currency_code: 'USD' });
  expect(data.item_price).toMatch(/^\d+\.\d{2}$/);
  expect(data.cart_value).toBe(data.item_price);
  // The click itself went to the census.
  const visitor = (await visitorCookies(page)).cvr!.value.split('|')[0]!;
  const clicks = await handle.db
    .selectFrom('telemetry_hits')
    .select(['target', 'path'])
    .where('kind', '=', 'button-click')
    .where('visitor_id', '=', visitor)
    .execute();
  expect(clicks).toEqual([{ target: 'Add To Cart', path: '/shop/beeswax-pillar-candle' }]);
});

/**
 * From the next page on, keeps the page's fetches: `fetchesAnswered()` resolves once every one has
 * been answered, those it set off included (the purchase is sent once the confirmation is answered).
 */
async function countFetches(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const pending = new Set<Promise<unknown>>();
    const send = window.fetch.bind(window);
    window.fetch = (...args: Parameters<typeof fetch>) => {
      const sent = send(...args);
      const answered = sent.catch(() => undefined);
      pending.add(answered);
      void answered.then(() => pending.delete(answered));
      return sent;
    };
    (window as unknown as { fetchesAnswered(): Promise<void> }).fetchesAnswered = async () => {
      while (pending.size > 0) {
        await Promise.all([...pending]);
        // What their answers set off has been sent by the next task.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    };
  });
}

/** Adds the demo's candle to the cart from its page, then opens /cart; both pages' telemetry ready. */
async function candleInCartThenCartPage(page: Page) {
  await page.goto('/shop/beeswax-pillar-candle');
  await ready(page);
  await page.locator('.sqs-add-to-cart-button').click();
  await expect(page.locator('.sf-cart-pill')).toBeVisible();
  await page.goto('/cart');
  await ready(page);
}

test('removing an entry on /cart stores a remove-from-cart event with the entry and the cart after', async ({
  page,
}) => {
  await candleInCartThenCartPage(page);
  const since = Date.now();
  await page
    .getByRole('button', { name: /Remove Item/ })
    .first()
    .click();
  const removedEvents = () =>
    handle.db
      .selectFrom('telemetry_events')
      .select(['name', 'data', 'cart_id'])
      .where('name', '=', 'remove_from_cart')
      .where('created', '>=', since)
      .execute();
  await expect.poll(() => removedEvents().then((r) => r.length)).toBe(1);
  const [removed] = await removedEvents();
  const data = JSON.parse(removed!.data) as Record<string, unknown>;
  expect(data).toMatchObject({
    item_title: 'Hand-Poured Beeswax Pillar',
    item_quantity: 1,
    num_items_in_cart: 0,
  });
  expect(data.item_price).toMatch(/^\d+\.\d{2}$/);
  expect(data.cart_value).toBe('0.00');
  expect(removed!.cart_id).toBeTruthy();
});

test('a purchase stores the commerce events in order, and a reload of the confirmation counts no second purchase', async ({
  page,
}) => {
  const since = Date.now();
  await candleInCartThenCartPage(page);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await placeOrder(page);
  await ready(page);

  // Tests run one at a time: what was stored since this one began is this visit's.
  const eventsOfVisit = () =>
    handle.db
      .selectFrom('telemetry_events')
      .select(['name', 'data', 'cart_id'])
      .where('created', '>=', since)
      .orderBy('created')
      .execute();
  await expect.poll(() => eventsOfVisit().then((r) => r.map((x) => x.name).includes('purchase'))).toBe(true);
  const rows = await eventsOfVisit();
  const names = rows.map((r) => r.name);
  expect(names.slice(0, 2).sort()).toEqual(['product_page_visit', 'view_product']);
  expect(names.slice(2)).toEqual(['add_to_cart', 'view_cart', 'checkout_confirmed', 'purchase']);
  const added = JSON.parse(rows[2]!.data) as Record<string, unknown>;
  const purchase = JSON.parse(rows[5]!.data) as Record<string, unknown>;
  expect(purchase).toMatchObject({
    num_items_in_cart: 1,
    currency_code: 'USD',
    product_types_list: ['PHYSICAL'],
  });
  expect(rows[5]!.cart_id).toBe(rows[2]!.cart_id);
  // A purchase is worth what the shopper paid: the order's grand total, shipping and tax included.
  const order = await handle.db
    .selectFrom('orders')
    .select(['subtotal_cents', 'grand_total_cents'])
    .where('cart_id', '=', rows[2]!.cart_id)
    .executeTakeFirstOrThrow();
  expect((order.subtotal_cents / 100).toFixed(2)).toBe(added.item_price);
  expect(purchase.cart_value).toBe((order.grand_total_cents / 100).toFixed(2));

  await countFetches(page);
  await page.reload();
  await ready(page);
  // The reloaded page decided at start whether to count the order; every send it made is answered.
  await page.evaluate(() => (window as unknown as { fetchesAnswered(): Promise<void> }).fetchesAnswered());
  expect((await eventsOfVisit()).filter((r) => r.name === 'purchase')).toHaveLength(1);
});

test("the owner's page shows the figures of the stored rows", async ({ page }) => {
  // Some data of this test's own, so that every figure is above zero.
  await page.goto('/');
  await ready(page);
  await page.evaluate(throwFromListener, `e2e-owner-${randomBytes(4).toString('hex')}`);
  const visitor = (await visitorCookies(page)).cvr!.value.split('|')[0]!;
  await expect.poll(() => hitsOf(visitor).then((r) => r.length)).toBe(1);

  const today = new Date().toISOString().slice(0, 10);
  const from = Date.parse(`${today}T00:00:00Z`);
  const to = from + 86_400_000;
  await expect
    .poll(() =>
      handle.db
        .selectFrom('telemetry_errors')
        .select('id')
        .where('created', '>=', from)
        .execute()
        .then((r) => r.length),
    )
    .toBeGreaterThan(0);

  // Signed out, the page sends the browser to the staff sign-in, which brings it back; a token in
  // the address opens nothing and is not carried on.
  const email = await reportingStaff();
  await page.goto(`/config/analytics?token=${process.env.OWNER_TOKEN}&from=${today}&to=${today}`);
  await expect(page).toHaveURL(/\/config\/login\?next=/);
  expect(page.url()).not.toContain(String(process.env.OWNER_TOKEN));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/config\/analytics\?/);
  expect(new URL(page.url()).search).toBe(`?from=${today}&to=${today}`);
  const figure = async (name: string) => Number(await page.locator(`[data-figure="${name}"]`).textContent());

  // The same figures counted straight from the tables.
  const views = await handle.db
    .selectFrom('telemetry_hits')
    .select(['visitor_id', 'visit_count', 'path'])
    .where('kind', '=', 'page-view')
    .where('is_config', '=', 0)
    .where('created', '>=', from)
    .where('created', '<', to)
    .execute();
  const visits = new Set(
    views.filter((v) => v.visitor_id).map((v) => `${v.visitor_id}|${Number(v.visit_count)}`),
  );
  const errors = await handle.db
    .selectFrom('telemetry_errors')
    .select('message')
    .where('created', '>=', from)
    .where('created', '<', to)
    .execute();
  const added = await handle.db
    .selectFrom('telemetry_events')
    .select('id')
    .where('name', '=', 'add_to_cart')
    .where('created', '>=', from)
    .where('created', '<', to)
    .execute();
  expect(views.length).toBeGreaterThan(0);
  expect(await figure('pageViews')).toBe(views.length);
  expect(await figure('visits')).toBe(visits.size);
  expect(await figure('visitors')).toBe(new Set(views.map((v) => v.visitor_id).filter(Boolean)).size);
  expect(await figure('errors')).toBe(errors.length);
  await expect(page.locator('#funnel tr', { hasText: 'add_to_cart' }).locator('td').nth(1)).toHaveText(
    String(added.length),
  );

  const byPath = new Map<string, number>();
  for (const v of views) byPath.set(v.path, (byPath.get(v.path) ?? 0) + 1);
  const top = Math.max(...byPath.values());
  await expect(page.locator('#top-pages tbody tr').first().locator('td').nth(1)).toHaveText(String(top));
  // Page speed: a row per page type with records.
  await expect(page.locator('#performance tbody tr').first()).toBeVisible();

  // The range form works on the staff session.
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/config\/analytics\?from=/);
  await expect(page.locator('h1')).toHaveText('Analytics');
  expect(page.url()).not.toContain('token');
});
