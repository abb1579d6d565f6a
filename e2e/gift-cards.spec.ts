import { expect, test } from '@playwright/test';
import { failOnPageErrors, seriousAxeViolations, serverDatabase, signInAsStaff } from './support.ts';

/**
 * Gift cards as a shopper meets them (issue 17), on the demo site: buy a $25 card for a friend, the
 * friend reads the code from their mail (the outbox), pays for an $18 print with it, and sees the
 * $7 left on the confirmation and on the balance page; a store manager then finds the card in the
 * back office by the end of its code and reads its ledger, the friend's order in it.
 */
failOnPageErrors();
const server = serverDatabase();

const PRINT = '/checkout?itemId=eaa43590bbbd5af55f175832&sku=JR-DIG-01'; // digital, $18.00
const CODE = /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/;

test('buy a gift card, read its code from the mail, pay part of another order, see what is left', async ({
  page,
}) => {
  const friend = `friend-${Date.now()}@example.com`;
  await page.goto('/checkout/gift-card');
  await page.getByLabel('Value').selectOption({ label: '$25.00' });
  await page.getByLabel('Email', { exact: true }).fill('giver@example.com');
  await page.getByLabel('Name').fill('Gina Giver');
  await page.getByLabel('Recipient email').fill(friend);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmed\//);
  await expect(page.locator('.sf-order__gift-cards')).toContainText('$25.00');

  const mail = await server.db
    .selectFrom('mail_outbox')
    .select('body')
    .where('to_address', '=', friend)
    .where('kind', '=', 'gift-card')
    .executeTakeFirstOrThrow();
  const code = mail.body.match(CODE)?.[0] ?? '';
  expect(code).not.toBe('');
  await expect(page.locator('.sf-order__gift-cards')).toContainText(code);

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
