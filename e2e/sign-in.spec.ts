import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { createAccount, parseEmail } from '../packages/server/src/modules/accounts/accounts.ts';
import { hashPassword } from '../packages/server/src/modules/accounts/passwords.ts';
import { ROLES, type RoleCode } from '@storefront/core';
import { currentTotpCode } from '../packages/server/src/modules/accounts/totp.ts';
import { failOnPageErrors, seriousAxeViolations, serverDatabase } from './support.ts';

/**
 * Signing in beyond passwords (issue 14) in Chromium against the demo server: a code mailed to a
 * customer (read from the server's outbox), passkeys through Chromium's virtual authenticator
 * (the DevTools protocol's WebAuthn domain) for a customer and a staff member, and a staff
 * member's authenticator app. Passkeys belong to the site's host name (SITE_URL's, by default
 * localhost: a passkey cannot belong to an IP address), so those tests open the site as localhost.
 */

failOnPageErrors();

const PASSWORD = 'a long e2e passphrase';
const port = Number(process.env.E2E_PORT ?? 3100);
const SITE = `http://localhost:${port}`;

const handle = serverDatabase();

/** An account made in the server's database (as `npm run users -- add` does); answers its address. */
async function account(kind: 'customer' | 'staff', roles: RoleCode[] = []): Promise<string> {
  const address = `${kind}-${randomBytes(4).toString('hex')}@example.test`;
  const email = parseEmail(address);
  if (!email.ok) throw new Error(email.error.message);
  const id = await createAccount(handle.db, {
    kind,
    email: email.value,
    name: 'E2E Person',
    passwordHash: await hashPassword(PASSWORD),
    verified: true,
    roles,
  });
  if (!id) throw new Error(`${address} exists`);
  return address;
}

const passkeysOf = async (email: string) =>
  (
    await handle.db
      .selectFrom('passkeys')
      .innerJoin('accounts', 'accounts.id', 'passkeys.account_id')
      .select('passkeys.id')
      .where('accounts.email_key', '=', email)
      .execute()
  ).length;

/** Chromium's virtual authenticator: a platform authenticator that verifies the user at once. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
  };
}

test('a customer signs in with a code mailed to them, without a password', async ({ page }) => {
  const email = await account('customer');
  await page.goto('/account/login');
  await page.getByRole('link', { name: 'Email me a code' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('status')).toContainText('we have sent it a sign-in code');

  const mail = await handle.db
    .selectFrom('mail_outbox')
    .select('body')
    .where('to_address', '=', email)
    .where('kind', '=', 'account-code')
    .executeTakeFirstOrThrow();
  const code = /code is (\d{6})/.exec(mail.body)?.[1] as string;
  expect(code).toMatch(/^\d{6}$/);

  await page.getByLabel('Code from the email').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
});

test('a customer adds a passkey on their account page and signs in with it', async ({ page }) => {
  const email = await account('customer');
  const authenticator = await virtualAuthenticator(page);
  await page.goto(`${SITE}/account/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${SITE}/account`);

  // The page reloads once the passkey is kept; a navigation of the test's own must not cut that short.
  const reloaded = page.waitForEvent('framenavigated');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await reloaded;
  await page.waitForLoadState();
  await expect.poll(() => passkeysOf(email)).toBe(1);
  expect(await authenticator.credentials()).toBe(1);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${SITE}/account/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${SITE}/account`);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();

  // The account page lists it (added and last used today) and removes it.
  const today = new Date().toISOString().slice(0, 10);
  const row = page.getByRole('row', { name: `Passkey added on ${today}` });
  await expect(row.getByRole('cell')).toHaveText([today, today, /Remove/]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await row.getByRole('button', { name: /Remove/ }).click();
  await expect(page.getByText('The passkey was removed.')).toBeVisible();
  await expect.poll(() => passkeysOf(email)).toBe(0);
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
});

test('a staff member adds a passkey on the staff page and signs in with it at /config/login', async ({
  page,
}) => {
  const email = await account('staff', [ROLES.reporting]);
  const authenticator = await virtualAuthenticator(page);
  await page.goto(`${SITE}/config/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Signed in, to the back office's home; passkeys are kept on the sign-in page.
  await expect(page).toHaveURL(`${SITE}/config`);
  await page.goto(`${SITE}/config/login`);
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();

  // The page reloads once the passkey is kept; a navigation of the test's own must not cut that short.
  const reloaded = page.waitForEvent('framenavigated');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await reloaded;
  await page.waitForLoadState();
  await expect.poll(() => passkeysOf(email)).toBe(1);
  expect(await authenticator.credentials()).toBe(1);

  await page.context().clearCookies();
  await page.goto(`${SITE}/config/login?next=/config/analytics`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${SITE}/config/analytics`);
  await expect(page.locator('h1')).toHaveText('Analytics');
});

test('a staff member sets up an authenticator app, which sign-in then asks for', async ({ page }) => {
  const email = await account('staff', [ROLES.editor]);
  await page.goto('/config/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/config$/);
  await page.goto('/config/login');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.locator('#totp-secret').textContent()) as string;
  await page.getByLabel('Code from the app').fill(currentTotpCode(secret, Date.now() - 30_000));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Authenticator app: on.')).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/config/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Enter the code from your authenticator app.')).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Authenticator code').fill(currentTotpCode(secret));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
});
