import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { failOnPageErrors, serverDatabase, signInAsStaff } from './support.ts';

/**
 * Subscriptions beyond the customer's own /account (issue 17), on the demo site: a guest subscribes
 * to the Candle of the Month Club and manages it by the link page 206 gives; a store manager then
 * finds it in the back office's Subscriptions screen and cancels it on the customer's behalf.
 */
failOnPageErrors();
const server = serverDatabase();
const CLUB = '/shop/candle-of-the-month';

test('a guest manages a subscription by its link; a store manager finds it and cancels it', async ({
  page,
  browser,
}) => {
  const address = `guest-${randomBytes(4).toString('hex')}@example.test`;
  await page.goto(CLUB);
  const button = page.locator('.sqs-add-to-cart-button');
  await expect(button).toHaveAttribute('data-state', 'idle');
  await button.click();
  await expect(page).toHaveURL(/\/checkout\/subscription\?cartToken=/);
  await page.getByLabel('Email', { exact: true }).fill(address);
  const name = page.getByLabel('Name', { exact: true });
  if ((await name.count()) > 0 && (await name.inputValue()) === '') await name.fill('Gus Guest');
  await page.getByLabel('Address', { exact: true }).fill('1 Wick Street');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('Postal code').fill('97201');
  const country = page.getByLabel('Country');
  if ((await country.inputValue()) === '') await country.fill('US');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/subscription-confirmed\/[\w-]+\?manage=/);

  await page.getByRole('link', { name: 'Pause, resume or cancel your subscription' }).click();
  await expect(page).toHaveURL(/\/subscriptions\/manage\?token=/);
  const club = page.locator('.sf-account__subscription');
  await expect(club).toContainText(': active,');
  await club.getByRole('button', { name: 'Pause' }).click();
  await expect(club).toContainText(': paused,');
  await club.getByRole('button', { name: 'Resume' }).click();
  await expect(club).toContainText(': active,');
  const manageUrl = page.url();

  const staff = await browser.newPage();
  await signInAsStaff(staff, 'store-manager');
  await staff
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Subscriptions' })
    .click();
  await expect(staff.getByRole('heading', { name: 'Subscriptions' })).toBeVisible();
  await staff.getByLabel('State').selectOption('active');
  await staff.getByRole('button', { name: 'Show' }).click();
  const row = staff.getByRole('row').filter({ hasText: address });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: /^Cancel / }).click();
  await row.getByRole('button', { name: /^Yes, cancel / }).click();
  await expect(staff.getByRole('status')).toContainText('is now cancelled.');
  const state = await server.db
    .selectFrom('subscriptions')
    .select('state')
    .where('email', '=', address)
    .executeTakeFirstOrThrow();
  expect(state.state).toBe('cancelled');

  await page.goto(manageUrl);
  await expect(club).toContainText(': cancelled,');
  await expect(club.getByRole('button')).toHaveCount(0);
});
