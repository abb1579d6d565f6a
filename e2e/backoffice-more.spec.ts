import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { recordStockChanges } from '../packages/server/src/modules/catalogue/stock-store.ts';
import { queueMail } from '../packages/server/src/platform/mail/mail.ts';
import { parseCsv } from '../packages/server/src/testing/csv.ts';
import { failOnPageErrors, seriousAxeViolations, serverDatabase, signInAsStaff } from './support.ts';

/**
 * The back office's landing dashboard, form submissions (exported as CSV and read back, deleted),
 * the mail outbox (a failed mail retried), analytics in the app, the orders' product filter, the
 * ledger's dates, spam, a refund in a currency without minor digits, and axe on every back-office
 * screen, signed in as an admin (every screen) on the demo site; a staff member without the role
 * is told so.
 */
const MUG = { itemId: '56dce844e3b925a1d64d47dd', sku: 'JR-MUG-MOS' };

failOnPageErrors();
const server = serverDatabase();

/** A new staff member of `role`, signed in without a `next`: the back office's home, its dashboard, follows. */
async function signInToDashboard(page: Page, role: string) {
  await signInAsStaff(page, role);
  await expect(page).toHaveURL(/\/config$/);
  await expect(page.getByRole('heading', { name: 'Back office', level: 1 })).toBeVisible();
}

async function crumbHeaders(context: APIRequestContext) {
  await context.get('/api/commerce/shopping-cart');
  const crumb = (await context.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  return { 'x-csrf-token': crumb };
}

async function placeOrder(shopper: APIRequestContext, email: string) {
  const headers = await crumbHeaders(shopper);
  expect(
    (
      await shopper.post('/api/commerce/shopping-cart/entries', { headers, data: { ...MUG, quantity: 1 } })
    ).ok(),
  ).toBe(true);
  const placed = await shopper.post('/api/commerce/orders', {
    headers,
    data: {
      email,
      name: 'Grace Hopper',
      address: { line1: '1 Harbour Road', city: 'Arlington', zip: '22201', country: 'US' },
    },
  });
  expect(placed.ok()).toBe(true);
  return ((await placed.json()) as { order: { id: string; orderNumber: number } }).order;
}

async function submitContact(visitor: APIRequestContext, message: string, firstName = 'Grace') {
  const headers = await crumbHeaders(visitor);
  const key = (
    (await (await visitor.post('/api/form/FormSubmissionKey', { headers, data: {} })).json()) as {
      data: { key: string };
    }
  ).data.key;
  const saved = await visitor.post('/api/form/SaveFormSubmission', {
    headers,
    data: {
      key,
      formId: 'contact',
      pagePath: '/contact',
      form: JSON.stringify({
        'name-contact': { First: firstName, Last: 'Hopper' },
        'email-contact': 'grace@example.test',
        'select-subject': 'Press',
        'textarea-message': message,
      }),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`);

test('the dashboard is the landing screen after sign-in and shows a just-placed order', async ({
  page,
  baseURL,
}) => {
  await signInToDashboard(page, 'store-manager');
  await expect(figure(page, 'today-orders')).toBeVisible();
  const before = Number(await figure(page, 'today-orders').textContent());
  await expect(page.getByRole('heading', { name: 'Low on stock' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Restock sign-ups' })).toBeVisible();

  const shopper = await request.newContext({ baseURL });
  await placeOrder(shopper, `dash-${randomUUID().slice(0, 8)}@example.test`);
  await page.reload();
  await expect(figure(page, 'today-orders')).toHaveText(String(before + 1));
  await expect(figure(page, 'week-orders')).not.toHaveText('0');
  // The order awaits payment: it is owed, shown apart from revenue (paid orders only).
  await expect(figure(page, 'today-unpaid')).toContainText('$');
  await expect(figure(page, 'today-visitors')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('form submissions: listed with the field titles, exported as CSV and read back, deleted', async ({
  page,
  baseURL,
}) => {
  const visitor = await request.newContext({ baseURL });
  const marker = randomUUID().slice(0, 8);
  await submitContact(visitor, `=cmd|' /C calc'!A0 ${marker}`);
  await submitContact(visitor, `Second message ${marker}`);

  await signInToDashboard(page, 'admin');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Form submissions' })
    .click();
  await page.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/config\/forms\/contact$/);
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  const newest = page.getByRole('row').filter({ hasText: 'Name: First: Grace, Last: Hopper' }).first();
  await newest.getByRole('button', { name: /Show the answers/ }).click();
  await expect(newest.locator('dt', { hasText: 'Message' })).toBeVisible();
  await expect(newest.locator('dd', { hasText: `Second message ${marker}` })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export as CSV' }).click();
  const file = await (await download).path();
  const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'));
  expect(header).toEqual([
    'submitted',
    'status',
    'page',
    'Name',
    'Email',
    'Subject',
    'Message',
    'Newsletter',
  ]);
  const ours = rows.filter((r) => r[6]?.includes(marker));
  expect(ours.map((r) => r[6])).toEqual([`Second message ${marker}`, `'=cmd|' /C calc'!A0 ${marker}`]);
  expect(ours[0]?.slice(1, 6)).toEqual([
    'received',
    '/contact',
    'First: Grace, Last: Hopper',
    'grace@example.test',
    'Press',
  ]);

  const count = async () =>
    (
      await server.db
        .selectFrom('form_submissions')
        .select('id')
        .where('answers', 'like', `%${marker}%`)
        .execute()
    ).length;
  expect(await count()).toBe(2);
  await newest.getByRole('button', { name: /Delete the submission/ }).click();
  await page.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('status')).toHaveText('The submission is deleted.');
  expect(await count()).toBe(1);
  await expect(page.getByText(`Second message ${marker}`)).toHaveCount(0);
});

test('the mail outbox shows a failed mail with its error, and retries it', async ({ page }) => {
  const subject = `Outbox retry ${randomUUID().slice(0, 8)}`;
  const id = await queueMail(server.db, {
    kind: 'e2e-retry',
    refId: null,
    to: 'retry@example.test',
    subject,
    body: 'Hello again',
  });
  await server.db
    .updateTable('mail_outbox')
    .set({ status: 'failed', attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:2525' })
    .where('id', '=', id)
    .execute();

  await signInToDashboard(page, 'admin');
  await page.goto('/config/mail');
  await page.getByLabel('Status').selectOption('failed');
  await page.getByRole('button', { name: 'Show' }).click();
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row.getByText('Failed')).toBeVisible();
  await expect(row.getByText('connect ECONNREFUSED 127.0.0.1:2525 (1 attempt)')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await row.getByRole('button', { name: `Retry the mail to retry@example.test: ${subject}` }).click();
  // This server has no SMTP: the mail waits in the queue again (sent at the next start with SMTP).
  await expect(page.getByRole('status')).toHaveText('The mail to retry@example.test is queued again.');
  await expect(page.getByRole('row').filter({ hasText: subject })).toHaveCount(0);
  const stored = await server.db
    .selectFrom('mail_outbox')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  expect(stored?.status).toBe('queued');
});

test('axe finds no serious violation on any back-office screen; analytics is in the app', async ({
  page,
  baseURL,
}) => {
  // Every screen, axe on each: more than the default 30 s on a busy machine.
  test.setTimeout(240_000);
  // An order of its own, so that an order's page can be opened.
  await placeOrder(await request.newContext({ baseURL }), `axe-${randomUUID().slice(0, 8)}@example.test`);
  await signInToDashboard(page, 'admin');
  expect(await seriousAxeViolations(page)).toEqual([]);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const paths = await nav
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(paths).toEqual(
    expect.arrayContaining([
      '/config/orders',
      '/config/stock',
      '/config/restock',
      '/config/forms',
      '/config/mail',
      '/config/analytics',
    ]),
  );
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('#cfg-main h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousAxeViolations(page), path).toEqual([]);
  }
  // One order's page and one form's page.
  await page.goto('/config/orders');
  await page.locator('table a[href^="/config/orders/"]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Order #');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.goto('/config/forms/contact');
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Analytics: the app's screen, with its charts drawn as SVG and the range in the address.
  await page.goto('/config/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Page views per day/ })).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(`/config/analytics?from=${today}&to=${today}`);
  await expect(page.getByText(`${today} to ${today} (UTC)`)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('a staff member without the role is told so, on the screen and by the API', async ({ page }) => {
  await signInToDashboard(page, 'editor');
  await page.goto('/config/mail');
  await expect(page.getByRole('alert')).toHaveText('You do not have permission to see this page.');
  expect(await seriousAxeViolations(page)).toEqual([]);
  const api = await page.request.get('/api/config/mail');
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({
    code: 'account.forbidden',
    message: 'You do not have permission to do this.',
  });
  // Analytics answers 403 before any screen (telemetry/owner.ts), with the catalogue's text.
  const analytics = await page.goto('/config/analytics');
  expect(analytics?.status()).toBe(403);
  await expect(page.locator('body')).toHaveText('You do not have permission to do this.');
});

test('orders: the product filter is picked by searching the product’s title', async ({ page, baseURL }) => {
  const email = `picker-${randomUUID().slice(0, 8)}@example.test`;
  const order = await placeOrder(await request.newContext({ baseURL }), email);
  await signInToDashboard(page, 'store-manager');
  await page.goto('/config/orders');
  await page.getByLabel('Find a product').fill('speckled');
  const product = page.getByLabel('Product', { exact: true });
  await expect(product.locator('option', { hasText: 'Speckled Stoneware Mug' })).toHaveCount(1);
  await expect(product.locator('option', { hasText: 'Linen' })).toHaveCount(0);
  await product.selectOption({ label: 'Speckled Stoneware Mug' });
  await page.getByLabel('Search').fill(email);
  await page.getByRole('button', { name: 'Find orders' }).click();
  await expect(page).toHaveURL(new RegExp(`productId=${MUG.itemId}`));
  await expect(page.getByRole('link', { name: `#${order.orderNumber}` })).toBeVisible();
  // The product picked stays picked, shown by its title, on the filtered list.
  await expect(product.locator('option:checked')).toHaveText('Speckled Stoneware Mug');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('stock ledger: filtered by a range of days, and exported for the same days', async ({ page }) => {
  const marker = `ledger-${randomUUID().slice(0, 8)}`;
  const variant = await server.db
    .selectFrom('variants')
    .select('id')
    .where('sku', '=', MUG.sku)
    .executeTakeFirstOrThrow();
  await recordStockChanges(
    server.db,
    [{ variantId: variant.id, change: 2, reason: 'received', note: marker }],
    Date.parse('2001-02-03T10:00:00Z'),
  );
  await signInToDashboard(page, 'store-manager');
  await page.goto('/config/stock');
  const ledger = page.getByRole('region', { name: 'Stock ledger' });
  await ledger.getByLabel('Changes from').fill('2001-02-03');
  await ledger.getByLabel('Changes to').fill('2001-02-03');
  await ledger.getByRole('button', { name: 'Show changes' }).click();
  await expect(ledger.getByText(marker)).toBeVisible();
  // Today's changes (the content's starting stock, at least) are outside these days.
  await expect(ledger.getByRole('listitem')).toHaveCount(1);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await ledger.getByRole('link', { name: 'Export the ledger as CSV' }).click();
  const [header, ...rows] = parseCsv(readFileSync(await (await download).path(), 'utf8'));
  expect(header?.[0]).toBe('created');
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r[0]?.startsWith('2001-02-03'))).toBe(true);
  expect(rows.map((r) => r[header?.indexOf('note') ?? -1])).toContain(marker);

  await ledger.getByLabel('Changes from').fill('1990-01-01');
  await ledger.getByLabel('Changes to').fill('1990-01-02');
  await ledger.getByRole('button', { name: 'Show changes' }).click();
  await expect(ledger.getByText('No change in these days.')).toBeVisible();
});

test('form submissions: one marked spam is kept apart, and marked not spam comes back', async ({
  page,
  baseURL,
}) => {
  const marker = `Spammy${randomUUID().slice(0, 6)}`;
  await submitContact(await request.newContext({ baseURL }), 'Cheap pots', marker);
  await signInToDashboard(page, 'admin');
  await page.goto('/config/forms/contact');
  const row = page.getByRole('row').filter({ hasText: marker });
  await row.getByRole('button', { name: /^Mark as spam/ }).click();
  await expect(page.getByRole('status')).toHaveText('The submission is marked as spam.');
  await expect(page.getByRole('row').filter({ hasText: marker })).toHaveCount(0);

  await page.getByLabel('Show', { exact: true }).selectOption('spam');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByRole('table')).toContainText('Spam, newest first');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await row.getByRole('button', { name: /^Not spam/ }).click();
  await expect(page.getByRole('status')).toHaveText('The submission is back among the received ones.');
  await expect(page.getByRole('row').filter({ hasText: marker })).toHaveCount(0);
  const stored = await server.db
    .selectFrom('form_submissions')
    .select('status')
    .where('answers', 'like', `%${marker}%`)
    .executeTakeFirstOrThrow();
  expect(stored.status).toBe('received');
});

test('a refund in yen is typed in yen: JPY has no minor digits', async ({ page, baseURL }) => {
  const order = await placeOrder(
    await request.newContext({ baseURL }),
    `yen-${randomUUID().slice(0, 8)}@example.test`,
  );
  // A paid order in yen (the demo shop sells in dollars): ¥4,500.
  await server.db
    .updateTable('orders')
    .set({ currency: 'JPY', grand_total_cents: 4500, status: 'paid' })
    .where('id', '=', order.id)
    .execute();
  await signInToDashboard(page, 'store-manager');
  await page.goto(`/config/orders/${order.orderNumber}`);
  await page.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('An amount').check();
  const amount = dialog.getByLabel('Amount (JPY)');
  await amount.fill('1200');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Refund ¥1,200' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Refund of ¥1,200 recorded. Return ¥1,200 to the customer by hand.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('dt:has-text("Refunded") + dd')).toHaveText('¥1,200');
  const refunds = await server.db
    .selectFrom('order_refunds')
    .select('amount_cents')
    .where('order_id', '=', order.id)
    .execute();
  expect(refunds.map((r) => r.amount_cents)).toEqual([1200]);
  // A fraction of a yen is refused before any call.
  await page.getByRole('button', { name: 'Refund…' }).click();
  await dialog.getByLabel('An amount').check();
  await amount.fill('12.5');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  expect(await amount.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
});
