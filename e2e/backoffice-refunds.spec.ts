import { randomUUID } from 'node:crypto';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { failOnPageErrors, seriousAxeViolations, serverDatabase, signInAsStaff } from './support.ts';

/**
 * A refund with restock from the order screen (issue 27): the dialog (lines and quantities, the
 * "Restock" tick box), the confirmation stating the amount and that a manually paid order's money
 * goes back by hand, the result, and the stock back in the database.
 */
const MUG = { itemId: '56dce844e3b925a1d64d47dd', sku: 'JR-MUG-MOS', variantId: '38bc1e057024468b24d00419' };

failOnPageErrors();
const server = serverDatabase();

async function placeOrder(shopper: APIRequestContext, email: string, quantity: number) {
  await shopper.get('/api/commerce/shopping-cart');
  const crumb = (await shopper.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const headers = { 'x-csrf-token': crumb };
  const added = await shopper.post('/api/commerce/shopping-cart/entries', {
    headers,
    data: { itemId: MUG.itemId, sku: MUG.sku, quantity },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const placed = await shopper.post('/api/commerce/orders', {
    headers,
    data: {
      email,
      name: 'Grace Hopper',
      address: { line1: '1 Harbour Road', city: 'Arlington', zip: '22201', country: 'US' },
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return ((await placed.json()) as { order: { id: string; orderNumber: number } }).order;
}

const stockOf = async () =>
  (
    await server.db
      .selectFrom('variants')
      .select('qty_in_stock')
      .where('id', '=', MUG.variantId)
      .executeTakeFirstOrThrow()
  ).qty_in_stock;

test('a refund of two mugs with restock: dialog, confirmation, result, the stock back', async ({
  page,
  baseURL,
}) => {
  const order = await placeOrder(
    await request.newContext({ baseURL }),
    `refund-${randomUUID().slice(0, 8)}@example.test`,
    3,
  );
  await signInAsStaff(page, 'store-manager');
  await page.goto(`/config/orders/${order.orderNumber}`);
  await page.getByRole('button', { name: 'Mark paid' }).click();
  await page
    .getByRole('dialog', { name: `Mark order #${order.orderNumber} paid?` })
    .getByRole('button', { name: `Yes, mark order #${order.orderNumber} paid` })
    .click();
  await expect(page.getByRole('status')).toHaveText('Marked paid. The customer has been mailed.');
  const before = await stockOf();

  await page.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order #${order.orderNumber}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/quantity to refund \(of 3\)/).fill('2');
  await dialog.getByLabel('Restock the refunded items').check();
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The confirmation states the amount and where the money goes before anything happens.
  await expect(dialog.getByText('Refund $68.00?')).toBeVisible();
  await expect(
    dialog.getByText(
      '$68.00 must be returned to the customer by hand: this order was paid manually, so no money moves by itself. The refund is recorded as done at once.',
    ),
  ).toBeVisible();
  await expect(dialog.getByText('2 items go back in stock.')).toBeVisible();
  expect(await stockOf()).toBe(before);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'Refund $68.00' }).click();
  const result =
    'Refund of $68.00 recorded. Return $68.00 to the customer by hand. The refunded items are back in stock.';
  await expect(dialog.getByRole('status')).toHaveText(result);
  expect(await stockOf()).toBe(before + 2);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status')).toHaveText(result);
  await expect(page.locator('dt:has-text("Refunded") + dd')).toHaveText('$68.00');
  const refunds = await server.db
    .selectFrom('order_refunds')
    .select(['amount_cents', 'status', 'restocked'])
    .where('order_id', '=', order.id)
    .execute();
  expect(refunds).toEqual([{ amount_cents: 6800, status: 'succeeded', restocked: 1 }]);

  // One mug is left to refund: the dialog offers no more than that.
  await page.getByRole('button', { name: 'Refund…' }).click();
  await expect(dialog.getByLabel(/quantity to refund \(of 1\)/)).toBeVisible();
});
