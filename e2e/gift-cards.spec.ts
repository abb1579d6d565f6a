import { expect, test, type Browser, type Page } from '@playwright/test';
import { failOnPageErrors, seriousAxeViolations, serverDatabase, signInAsStaff } from './support.ts';

/**
 * Gift cards as a shopper meets them (issue 17), on the demo site: buy a $25 card for a friend; with
 * manual payment no code exists until a store manager marks the order paid in /config (issue 27);
 * then the friend reads the code from their mail (the outbox), pays for an $18 print with it, and
 * sees the $7 left on the confirmation and on the balance page; the manager finds the card in the
 * back office by the end of its code and reads its ledger, the friend's order in it. A digital
 * print's download likewise waits for the payment.
 */
failOnPageErrors();
const server = serverDatabase();

const PRINT = '/checkout?itemId=eaa43590bbbd5af55f175832&sku=JR-DIG-01'; // digital, $18.00
const CODE = /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/;

const giftMailsTo = (to: string) =>
  server.db
    .selectFrom('mail_outbox')
    .select('body')
    .where('to_address', '=', to)
    .where('kind', '=', 'gift-card')
    .execute();

/** The order number shown on the confirmation page. */
const orderNumberOn = async (page: Page) =>
  (await page.locator('.sf-order__number').innerText()).replace(/\D/g, '');

/** A store manager, in a browser of their own, opens the order in /config and marks it paid. */
async function markPaidInBackOffice(
  browser: Browser,
  orderNumber: string,
  { boughtGiftCards = false } = {},
): Promise<Page> {
  const office = await browser.newContext();
  const staff = await office.newPage();
  await signInAsStaff(staff, 'store-manager');
  await staff.goto(`/config/orders/${orderNumber}`);
  await expect(staff.getByRole('heading', { name: `Order #${orderNumber}` })).toContainText(
    'Awaiting payment',
  );
  if (boughtGiftCards)
    await expect(staff.getByRole('region', { name: 'Gift cards' })).toContainText('Issued on payment');
  await staff.getByRole('button', { name: 'Mark paid' }).click();
  await staff
    .getByRole('dialog', { name: `Mark order #${orderNumber} paid?` })
    .getByRole('button', { name: `Yes, mark order #${orderNumber} paid` })
    .click();
  await expect(staff.getByRole('status')).toHaveText('Marked paid. The customer has been mailed.');
  await expect(staff.getByRole('heading', { name: `Order #${orderNumber}` })).toContainText('Paid');
  return staff;
}

test('an unpaid gift card shows no code until staff mark it paid; then its mailed code pays part of another order', async ({
  page,
  browser,
}) => {
  // Two browsers and two sign-ins on a machine shared with other runs.
  test.slow();
  const friend = `friend-${Date.now()}@example.com`;
  await page.goto('/checkout/gift-card');
  await page.getByLabel('Value').selectOption({ label: '$25.00' });
  await page.getByLabel('Email', { exact: true }).fill('giver@example.com');
  await page.getByLabel('Name').fill('Gina Giver');
  await page.getByLabel('Recipient email').fill(friend);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmed\//);
  // Awaiting manual payment: what will happen is said, and no code is shown, mailed or stored.
  await expect(page.locator('.sf-order__gift-cards-on-payment')).toHaveText(
    `Your gift card code will be sent to ${friend} once payment is received.`,
  );
  await expect(page.locator('.sf-order__gift-cards')).toHaveCount(0);
  expect(await page.locator('body').innerText()).not.toMatch(CODE);
  expect(await giftMailsTo(friend)).toEqual([]);
  const giftOrder = await orderNumberOn(page);

  const staff = await markPaidInBackOffice(browser, giftOrder, { boughtGiftCards: true });
  const [mail] = await giftMailsTo(friend);
  const code = mail?.body.match(CODE)?.[0] ?? '';
  expect(code).not.toBe('');
  await expect(staff.getByRole('region', { name: 'Gift cards' })).toContainText(
    `Gift card …${code.slice(-4)}: $25.00`,
  );
  expect(await seriousAxeViolations(staff)).toEqual([]);
  await staff.context().close();
  await page.reload();
  await expect(page.locator('.sf-order__gift-cards')).toContainText(code);
  await expect(page.locator('.sf-order__gift-cards-on-payment')).toHaveCount(0);

  await page.goto(PRINT);
  await page.getByLabel('Email', { exact: true }).fill(friend);
  await page.getByLabel('Name').fill('Fran Friend');
  await page.getByLabel('Gift card code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmed\//);
  await expect(page.locator('.sf-order__gift-card-paid')).toContainText('−$18.00');
  await expect(page.locator('.sf-order__gift-card-remaining')).toHaveText('Left on the gift card: $7.00');

  await page.goto('/gift-card/balance');
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.locator('.sf-gift-card-balance__result')).toHaveText(
    `Balance of gift card ${code}: $7.00`,
  );

  const { order_number: paidOrder } = await server.db
    .selectFrom('orders')
    .select('order_number')
    .where('email', '=', friend)
    .executeTakeFirstOrThrow();
  const last4 = code.slice(-4);
  await page.context().clearCookies();
  await signInAsStaff(page, 'store-manager');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Gift cards' })
    .click();
  await page.getByLabel("Last characters of the code, or the recipient's email").fill(last4.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(`…${last4}`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(friend);
  await expect(row).toContainText('$7.00');
  // Only the end of the code is shown.
  await expect(page.locator('main')).not.toContainText(code);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await row.getByRole('link', { name: `…${last4}` }).click();
  await expect(page.getByRole('heading', { name: `Gift card …${last4}`, level: 1 })).toBeVisible();
  const ledger = page.getByRole('table', { name: 'Ledger, oldest first' });
  await expect(ledger.getByRole('row')).toHaveCount(3);
  await expect(ledger.getByRole('row').nth(1)).toContainText('Issued');
  const redemption = ledger.getByRole('row').nth(2);
  await expect(redemption).toContainText('Paid an order');
  await expect(redemption.getByRole('link', { name: `#${paidOrder}` })).toBeVisible();
  await expect(redemption).toContainText('-$18.00');
  await expect(redemption).toContainText('$7.00');
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('a digital print bought with manual payment downloads only once staff mark the order paid', async ({
  page,
  browser,
}) => {
  test.slow();
  const buyer = `reader-${Date.now()}@example.com`;
  await page.goto(PRINT);
  await page.getByLabel('Email', { exact: true }).fill(buyer);
  await page.getByLabel('Name').fill('Rita Reader');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmed\//);
  const confirmation = page.url();
  const orderNumber = await orderNumberOn(page);
  await expect(page.locator('.sf-order__download-on-payment')).toHaveText(
    'Your download will be available once payment is received.',
  );
  await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const order = await server.db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select(['orders.id as orderId', 'order_lines.id as lineId'])
    .where('orders.email', '=', buyer)
    .executeTakeFirstOrThrow();
  const refused = await page.goto(`/checkout/download/${order.orderId}/${order.lineId}`);
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('alert')).toHaveText(
    'This download is available once payment for the order is received.',
  );

  const staff = await markPaidInBackOffice(browser, orderNumber);
  await staff.context().close();
  await page.goto(confirmation);
  await expect(page.locator('.sf-order__download-on-payment')).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download/ }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.txt$/);
});
