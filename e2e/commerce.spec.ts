import { type Page, expect, test } from '@playwright/test';
import { failOnPageErrors, serverDatabase } from './support.ts';

/**
 * Discount codes, shipping and tax as a shopper meets them (issue 17), against the demo site's
 * content/commerce.json: a code applied on /cart (a wrong one says why), then the shipping and tax
 * estimate once the checkout knows the address, then the order, whose stored totals are the ones
 * the shopper saw.
 */
failOnPageErrors();
const server = serverDatabase();

const BEANIE = '/shop/merino-rib-beanie'; // option Color, $42.00; Cream: 9 in stock
const addButton = (page: Page) => page.locator('.sqs-add-to-cart-button');

test('apply a code on /cart, see the discount, get the shipping and tax estimate at checkout, place the order', async ({
  page,
}) => {
  await page.goto(BEANIE);
  await expect(addButton(page)).toHaveAttribute('data-state', 'idle');
  await page.locator('label[for="variant-option-Color-Cream"]').click();
  await addButton(page).click();
  await expect(addButton(page)).toHaveText('Added!');

  await page.goto('/cart');
  const code = page.getByLabel('Discount code');
  await code.fill('NOPE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.sf-cart__coupon-problem')).toHaveText('The code NOPE is not valid.');

  await code.fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.sf-cart__discount')).toContainText('Discount (WELCOME10)');
  await expect(page.locator('.sf-cart__discount-amount')).toHaveText('−$4.20');
  await expect(page.locator('.sf-cart__total-amount')).toHaveText('$37.80');
  await expect(page.locator('.sf-cart__coupon-problem')).toHaveCount(0);

  await page.locator('.sf-cart__checkout').click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator('.sf-order__discount')).toHaveText('−$4.20');
  // No address yet: no shipping line, no options.
  await expect(page.locator('.sf-order__shipping')).toHaveCount(0);

  const email = `discount-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill('Dee Count');
  await page.getByLabel('Address', { exact: true }).fill('1 Market St');
  await page.getByLabel('City').fill('San Francisco');
  await page.getByLabel('State or region').fill('CA');
  await page.getByLabel('Postal code').fill('94110');
  await page.getByLabel('Country').fill('US');
  await page.getByRole('button', { name: 'Calculate shipping and tax' }).click();

  await expect(page.getByLabel('Standard (3 to 5 days) ($6.00)')).toBeChecked();
  await expect(page.getByLabel('Free over $150 ($12.00)')).toBeVisible();
  await expect(page.getByLabel('Pick up at the studio (Free)')).toBeVisible();
  await expect(page.locator('.sf-order__shipping')).toHaveText('$6.00');
  // 7.25 % of $37.80 is $2.7405: rounded once, half up.
  await expect(page.locator('.sf-order__tax')).toHaveText('$2.74');
  await expect(page.locator('.sf-checkout .sf-order__total')).toHaveText('$46.54');
  // What was typed is still there.
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmed\//);
  await expect(page.locator('.sf-order__discount')).toHaveText('−$4.20');
  await expect(page.locator('.sf-order__shipping')).toHaveText('$6.00');
  await expect(page.locator('.sf-order__tax')).toHaveText('$2.74');
  await expect(page.locator('.sf-order__total')).toHaveText('$46.54');

  const orderId = await page.locator('.sf-order').getAttribute('data-order-id');
  const stored = await server.db
    .selectFrom('orders')
    .select(['subtotal_cents', 'discount_cents', 'shipping_cents', 'tax_cents', 'grand_total_cents'])
    .where('id', '=', orderId ?? '')
    .executeTakeFirstOrThrow();
  expect(stored).toEqual({
    subtotal_cents: 4200,
    discount_cents: 420,
    shipping_cents: 600,
    tax_cents: 274,
    grand_total_cents: 4654,
  });
});
