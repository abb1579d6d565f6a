/**
 * Issue 27, finding 7: the limits that were missing. Changing the authenticator app takes at most
 * TOTP_CHANGE_LIMIT tries; signing in to an unverified account mails its link no more often than
 * registration does; wrong analytics API keys are limited per client (and past the limit even the
 * right key waits); and a common password is refused wherever a new password is chosen.
 */
import { ROLES } from '@storefront/core';
import { describe, expect, it } from 'vitest';
import { OWNER_KEY_LIMIT } from '../telemetry/owner.ts';
import { appForSuite, DATABASES, startApp } from '../../testing/app.ts';
import { ACCOUNT_API, STAFF_SESSION_PATH } from './routes.ts';
import { Customer, makeAccount, mailedToken, PASSWORD } from './testing.ts';
import { currentTotpCode, TOTP_API, TOTP_CHANGE_LIMIT } from './totp.ts';
import { runUsers } from './users.ts';

const RATE_LIMITED = { code: 'rate-limited', message: 'Please try again in a few seconds.' };
const COMMON = {
  code: 'account.password-common',
  message:
    'This password is one of the most commonly used, so it is among the first ones guessed. Please choose another.',
};
const STATE_WRITES = 10; // registration's and reset's cap per address (flows.ts perAccount)

describe.each(DATABASES)('limits on $name', (database) => {
  const t = appForSuite(database);

  it('turning TOTP off takes a limited number of guesses; past it even the right code waits', async () => {
    await makeAccount(t.db, 'guessed@staff.test', { kind: 'staff', roles: [ROLES.admin] });
    const browser = new Customer(t);
    expect((await browser.signIn('guessed@staff.test', PASSWORD, false, STAFF_SESSION_PATH)).statusCode).toBe(
      200,
    );
    const { secret } = (await browser.request('POST', TOTP_API, {})).json() as { secret: string };
    const enabled = await browser.request('POST', `${TOTP_API}/confirm`, { code: currentTotpCode(secret) });
    expect(enabled.json()).toEqual({ enabled: true });
    const wrong = currentTotpCode(secret) === '123456' ? '654321' : '123456';
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await browser.request('DELETE', TOTP_API, { code: wrong })).statusCode);
    // Two changes (start, confirm) were counted already.
    const allowed = TOTP_CHANGE_LIMIT.max - 2;
    expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(401));
    expect(statuses.slice(allowed)).toEqual(Array(25 - allowed).fill(429));
    const right = await browser.request('DELETE', TOTP_API, {
      code: currentTotpCode(secret, Date.now() + 30_000),
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject(RATE_LIMITED);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    const row = await t.db
      .selectFrom('accounts')
      .select('totp_enabled_at')
      .where('email_key', '=', 'guessed@staff.test')
      .executeTakeFirstOrThrow();
    expect(row.totp_enabled_at).not.toBeNull();
  });

  it('signing in to an unverified account mails its link at most as often as registration does', async () => {
    await makeAccount(t.db, 'unverified@example.test', { verified: false });
    const browser = new Customer(t);
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await browser.signIn('unverified@example.test')).statusCode);
    expect(statuses.slice(0, STATE_WRITES)).toEqual(Array(STATE_WRITES).fill(403));
    expect(statuses.slice(STATE_WRITES)).toEqual(Array(14 - STATE_WRITES).fill(429));
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'unverified@example.test')
      .execute();
    expect(mails).toHaveLength(STATE_WRITES);
  });

  it('refuses a common password at registration, reset, change and staff creation, saying why', async () => {
    const browser = new Customer(t);
    await browser.start();
    const registered = await browser.request('POST', ACCOUNT_API, {
      email: 'common@example.test',
      password: 'password123',
      name: 'Common',
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.json()).toMatchObject(COMMON);
    const none = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('email_key', '=', 'common@example.test')
      .execute();
    expect(none).toHaveLength(0);

    await makeAccount(t.db, 'resets@example.test');
    await browser.request('POST', `${ACCOUNT_API}/password-reset`, { email: 'resets@example.test' });
    const token = await mailedToken(t.db, 'resets@example.test', 'account-reset');
    const reset = await browser.request('POST', `${ACCOUNT_API}/password-reset/confirm`, {
      token,
      password: 'Password1234',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject(COMMON);

    expect((await browser.signIn('resets@example.test')).statusCode).toBe(200);
    const changed = await browser.request('PUT', `${ACCOUNT_API}/password`, {
      currentPassword: PASSWORD,
      newPassword: 'qwertyuiop',
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject(COMMON);

    const out: string[] = [];
    const code = await runUsers(
      t.db,
      ['add', '--role', 'admin', '--email', 'weak@staff.test', '--password', 'iloveyou123'],
      (line) => out.push(line),
    );
    expect(code).toBe(2);
    expect(out.join('\n')).toContain(COMMON.message);
  });
});

for (const database of DATABASES) {
  describe(`[${database.name}] wrong analytics API keys`, () => {
    it(`[${database.name}] are limited per client; past the limit the right key waits too`, async () => {
      const saved = { key: process.env.OWNER_TOKEN, sha: process.env.OWNER_TOKEN_SHA256 };
      process.env.OWNER_TOKEN = 'the-right-analytics-key';
      delete process.env.OWNER_TOKEN_SHA256;
      const t = await startApp(database).finally(() => {
        if (saved.key === undefined) delete process.env.OWNER_TOKEN;
        else process.env.OWNER_TOKEN = saved.key;
        if (saved.sha !== undefined) process.env.OWNER_TOKEN_SHA256 = saved.sha;
      });
      try {
        const read = (key: string) =>
          t.app.inject({
            method: 'GET',
            url: '/config/analytics.json',
            headers: { authorization: `Bearer ${key}` },
          });
        expect((await read('the-right-analytics-key')).statusCode).toBe(200);
        const statuses: number[] = [];
        for (let i = 0; i < OWNER_KEY_LIMIT.max + 3; i++)
          statuses.push((await read(`guess-${i}`)).statusCode);
        expect(statuses.slice(0, OWNER_KEY_LIMIT.max)).toEqual(Array(OWNER_KEY_LIMIT.max).fill(401));
        expect(statuses.slice(OWNER_KEY_LIMIT.max)).toEqual([429, 429, 429]);
        const right = await read('the-right-analytics-key');
        expect(right.statusCode).toBe(429);
        expect(right.json()).toMatchObject(RATE_LIMITED);
      } finally {
        await t.close();
      }
    });
  });
}
