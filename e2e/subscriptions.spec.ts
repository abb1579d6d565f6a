import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createAccount, parseEmail } from '../packages/server/src/modules/accounts/accounts.ts';
import { hashPassword } from '../packages/server/src/modules/accounts/passwords.ts';
import { failOnPageErrors, serverDatabase } from './support.ts';

/**
 * A subscription as a customer meets it (issue 17), on the demo site: signed in, subscribe to the
 * Candle of the Month Club from its product page, land on the subscription-confirmed page (page
 * type 206), then pause, resume and cancel it from /account.
 */
failOnPageErrors();
const server = serverDatabase();
const PASSWORD = 'correct horse battery';
const CLUB = '/shop/candle-of-the-month';

test('subscribe to the club, see page 206, pause and cancel it from /account', async ({ page }) => {
  const address = `subscriber-${randomBytes(4).toString('hex')}@example.test`;
  const email = parseEmail(address);
  if (!email.ok) throw new Error(email.error.message);
  await createAccount(server.db, {
    kind: 'customer',
    email: email.value,
    name: 'Sam Subscriber',
    passwordHash: await hashPassword(PASSWORD),
    verified: true,
    roles: [],
  });
  await page.goto('/account/login');
  await page.getByLabel('Email').fill(address);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.locator('#subscriptions')).toContainText('You have no subscriptions.');

  await page.goto(CLUB);
  const button = page.locator('.sqs-add-to-cart-button');
  await expect(button).toHaveAttribute('data-state', 'idle');
  await button.click();
  await expect(page).toHaveURL(/\/checkout\/subscription\?cartToken=/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(address);
  await page.getByLabel('Address', { exact: true }).fill('1 Wick Street');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('Postal code').fill('97201');
  const country = page.getByLabel('Country');
  if ((await country.inputValue()) === '') await country.fill('US');
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/checkout\/subscription-confirmed\//);
  await expect(page.getByRole('heading', { name: 'Subscription Confirmed' })).toBeVisible();
  await expect(
    page.getByText(/It renews every month; the next renewal is on \d{4}-\d{2}-\d{2}\./),
  ).toBeVisible();
  const confirmed = await page.request.get(page.url());
  expect(confirmed.headers()['x-page-type']).toBe('206');

  await page.getByRole('link', { name: 'You can pause, resume or cancel it from your account.' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const club = page.locator('.sf-account__subscription');
  await expect(club).toContainText('Candle of the Month Club × 1: active, 1 order(s) so far');
  await club.getByRole('button', { name: 'Pause' }).click();
  await expect(club).toContainText(': paused,');
  await club.getByRole('button', { name: 'Resume' }).click();
  await expect(club).toContainText(': active,');
  await club.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(club).toContainText(': cancelled,');
  await expect(club.getByRole('button')).toHaveCount(0);
  const row = await server.db
    .selectFrom('subscriptions')
    .select('state')
    .where('email', '=', address)
    .executeTakeFirstOrThrow();
  expect(row.state).toBe('cancelled');
});
