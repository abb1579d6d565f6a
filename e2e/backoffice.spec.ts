import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/database.ts';
import { failOnPageErrors, seriousAxeViolations } from './support.ts';

/**
 * The back office (/config) as a store manager uses it, against the demo site: sign in, find an
 * order, mark it paid, fulfil it with a tracking number (the customer's mail is in the outbox),
 * cancel another and see its stock back; axe on every screen.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const MUG = { itemId: '56dce844e3b925a1d64d47dd', sku: 'JR-MUG-MOS' }; // Speckled Stoneware Mug, Moss
const PASSWORD = 'a long staff password';
const serverEnv = () => ({
  ...process.env,
  SITE_DIR: 'sites/demo',
  DATA_DIR: process.env.E2E_DATA_DIR as string,
});

failOnPageErrors();

/** The server's database, opened as the server opens it (to read the outbox). */
async function outbox(to: string, kind: string) {
  const database = await openDatabase(loadConfig(serverEnv(), root));
  try {
    return await database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body'])
      .where('to_address', '=', to)
      .where('kind', '=', kind)
      .execute();
  } finally {
    await database.destroy();
  }
}

/** A shopper of its own (no staff cookie): places an order of `quantity` mugs. */
async function placeOrder(shopper: APIRequestContext, email: string, quantity: number): Promise<number> {
  await shopper.get('/api/commerce/shopping-cart');
  const crumb = (await shopper.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const headers = { 'x-csrf-token': crumb };
  expect(
    (await shopper.post('/api/commerce/shopping-cart/entries', { headers, data: { ...MUG, quantity } })).ok(),
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
  return ((await placed.json()) as { order: { orderNumber: number } }).order.orderNumber;
}

async function stockOfMug(shopper: APIRequestContext): Promise<number> {
  const answer = await shopper.get(`/api/commerce/inventory/stock?itemId=${MUG.itemId}`);
  const { results } = (await answer.json()) as { results: { sku?: string; qtyInStock: number }[] };
  const moss = results.find((r) => r.sku === MUG.sku);
  return moss?.qtyInStock ?? NaN;
}

async function expectNoAxeViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

test('a store manager finds an order, marks it paid, fulfils it with tracking, and cancels another', async ({
  page,
  baseURL,
}) => {
  // One long journey across every screen (axe on each): more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const staffEmail = `manager-${randomUUID().slice(0, 8)}@example.test`;
  execFileSync(
    process.execPath,
    [
      'packages/server/dist/users.js',
      'add',
      '--role',
      'store-manager',
      '--email',
      staffEmail,
      '--password',
      PASSWORD,
    ],
    { cwd: root, env: serverEnv(), encoding: 'utf8' },
  );
  const shopper = await request.newContext({ baseURL });
  const customer = `buyer-${randomUUID().slice(0, 8)}@example.test`;
  const paidOrder = await placeOrder(shopper, customer, 1);
  const cancelled = await placeOrder(shopper, customer, 2);

  // Signed out, the back office sends to the sign-in page.
  await page.goto('/config/orders');
  await expect(page).toHaveURL(/\/config\/login$/);
  await page.getByLabel('Email').fill(staffEmail);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${staffEmail}`)).toBeVisible();

  await page.goto('/config');
  await expect(page.getByRole('heading', { name: 'Back office' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link')).toHaveText([
    'Orders',
    'Gift cards',
    'Subscriptions',
    'Products',
    'Import and export products',
    'Store pages',
    'Media',
    'Stock',
    'Restock notifications',
    'Analytics',
  ]);
  await expectNoAxeViolations(page);

  // Find the order by its number.
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `#${paidOrder}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Search').fill(`#${paidOrder}`);
  await page.getByRole('button', { name: 'Find orders' }).click();
  await expect(page.getByRole('table').getByRole('link')).toHaveText([`#${paidOrder}`]);
  await page.getByRole('link', { name: `#${paidOrder}` }).click();
  await expect(page.getByRole('heading', { name: `Order #${paidOrder}` })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Mark paid' }).click();
  await page
    .getByRole('dialog', { name: `Mark order #${paidOrder} paid?` })
    .getByRole('button', { name: `Yes, mark order #${paidOrder} paid` })
    .click();
  await expect(page.getByRole('status')).toHaveText('Marked paid. The customer has been mailed.');
  await expect(page.getByRole('heading', { name: `Order #${paidOrder}` })).toContainText('Paid');

  await page.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
  await page.getByLabel('Tracking link (optional)').fill('https://tracking.example/1Z999AA10123456784');
  await page.getByRole('button', { name: 'Fulfil', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Fulfilled. The customer has been mailed.');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline).toContainText(`by ${staffEmail}`);
  await expectNoAxeViolations(page);
  const shipped = await outbox(customer, 'order-shipped');
  expect(shipped).toHaveLength(1);
  expect(shipped[0]?.subject).toContain(`#${paidOrder}`);
  expect(shipped[0]?.body).toContain('Tracking number: 1Z999AA10123456784');
  expect(await outbox(customer, 'order-paid')).toHaveLength(1);

  // Cancel the other: its two mugs go back.
  const before = await stockOfMug(shopper);
  await page.goto(`/config/orders/${cancelled}`);
  await page.getByLabel('Reason (optional, kept private)').fill('Customer changed their mind');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page
    .getByRole('dialog', { name: `Cancel order #${cancelled}?` })
    .getByRole('button', { name: 'Cancel the order' })
    .click();
  await expect(page.getByRole('status')).toHaveText(
    'Cancelled. The stock is back and the customer has been mailed.',
  );
  expect(await stockOfMug(shopper)).toBe(before + 2);
  expect(await outbox(customer, 'order-cancelled')).toHaveLength(1);

  // Stock: receive three mugs, with a reason; the ledger says who.
  await nav.getByRole('link', { name: 'Stock', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill(MUG.sku);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await page.getByRole('button', { name: `Change stock of Speckled Stoneware Mug ${MUG.sku}` }).click();
  await page.getByLabel('Units').fill('3');
  await page.getByLabel('Note').fill('Kiln batch 7');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Speckled Stoneware Mug ${MUG.sku}: ${before + 5} in stock.`,
  );
  expect(await stockOfMug(shopper)).toBe(before + 5);
  await expect(
    page.getByRole('region', { name: 'Stock ledger' }).getByRole('listitem').first(),
  ).toContainText(`+3 Speckled Stoneware Mug ${MUG.sku} received: Kiln batch 7`);

  await nav.getByRole('link', { name: 'Restock notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Restock notifications' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);
  await shopper.dispose();
});

test('a viewer sees no order screen, and is told so', async ({ page }) => {
  const viewerEmail = `viewer-${randomUUID().slice(0, 8)}@example.test`;
  execFileSync(
    process.execPath,
    [
      'packages/server/dist/users.js',
      'add',
      '--role',
      'viewer',
      '--email',
      viewerEmail,
      '--password',
      PASSWORD,
    ],
    { cwd: root, env: serverEnv(), encoding: 'utf8' },
  );
  await page.goto('/config/login');
  await page.getByLabel('Email').fill(viewerEmail);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${viewerEmail}`)).toBeVisible();
  await page.goto('/config/orders');
  await expect(page.getByRole('alert')).toHaveText('You do not have permission to see this page.');
  // Every staff role reads the catalogue; nothing else is a viewer's.
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
    'Products',
  ]);
  await expectNoAxeViolations(page);
});

test("storefront pages never load the back office's bundle; /config does", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/shop/speckled-stoneware-mug');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => s.startsWith('/_storefront/storefront.'))).toBe(true);
  expect(scripts.filter((s) => s.startsWith('/_storefront/config.'))).toEqual([]);
  await page.goto('/config');
  await expect(page).toHaveURL(/\/config\/login$/);
});
