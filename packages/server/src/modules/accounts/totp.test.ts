import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../platform/http/session.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';
import { STAFF_LOGIN_PATH, STAFF_TOTP_PATH } from './login-page.ts';
import { ROLES } from '@storefront/core';
import { SESSION_PATH, STAFF_SESSION_PATH } from './routes.ts';
import { Customer, makeAccount, PASSWORD } from './testing.ts';
import { currentTotpCode, TOTP_API } from './totp.ts';

const STEP = 30_000;
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const crumbOf = (html: string) => /name="crumb" value="([\w-]+)"/.exec(html)?.[1] as string;

describe.each(DATABASES)('staff TOTP on $name', (database) => {
  const t = appForSuite(database);

  const staffSignIn = async (browser: Customer, email: string, code?: string) => {
    if (!browser.cookies.crumb) await browser.start();
    return browser.request('POST', STAFF_SESSION_PATH, {
      email,
      password: PASSWORD,
      ...(code === undefined ? {} : { code }),
    });
  };
  const signedInStaff = async (email: string) => {
    const browser = new Customer(t);
    expect((await browser.signIn(email, PASSWORD, false, STAFF_SESSION_PATH)).statusCode).toBe(200);
    return browser;
  };

  it('enrols with a code from the app; sign-in then needs a current code, each code once', async () => {
    await makeAccount(t.db, 'ada@staff.test', { kind: 'staff', roles: [ROLES.admin] });
    const browser = await signedInStaff('ada@staff.test');
    const started = await browser.request('POST', TOTP_API, {});
    expect(started.statusCode, started.body).toBe(200);
    const { secret, uri } = started.json() as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]{32}/);

    // Not on until confirmed: a password alone still signs in.
    expect((await staffSignIn(new Customer(t), 'ada@staff.test')).statusCode).toBe(200);
    const wrong = await browser.request('POST', `${TOTP_API}/confirm`, { code: '000000' });
    expect(wrong.statusCode).toBe(currentTotpCode(secret) === '000000' ? 200 : 401);
    const confirmed = await browser.request('POST', `${TOTP_API}/confirm`, {
      code: currentTotpCode(secret),
    });
    expect(confirmed.json()).toEqual({ enabled: true });
    expect((await browser.request('POST', TOTP_API, {})).statusCode).toBe(409);

    const visitor = new Customer(t);
    await visitor.start();
    const missing = await staffSignIn(visitor, 'ada@staff.test');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({
      code: 'account.totp-required',
      message: 'Enter the code from your authenticator app.',
    });
    expect(visitor.cookies[SESSION_COOKIE]).toBeUndefined();
    // The step the confirmation used is spent: a code of the next step (clock drift allows one).
    const next = currentTotpCode(secret, Date.now() + STEP);
    const right = await staffSignIn(visitor, 'ada@staff.test', next);
    expect(right.statusCode, right.body).toBe(200);
    const replay = await staffSignIn(new Customer(t), 'ada@staff.test', next);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'account.totp-invalid' });
    const stale = await staffSignIn(
      new Customer(t),
      'ada@staff.test',
      currentTotpCode(secret, Date.now() - 5 * STEP),
    );
    expect(stale.statusCode).toBe(401);
  });

  it('sets up and turns off the app from the staff page, without scripts', async () => {
    await makeAccount(t.db, 'bo@staff.test', { kind: 'staff', roles: [ROLES.editor] });
    const browser = new Customer(t);
    const page = await browser.request('GET', STAFF_LOGIN_PATH);
    const signedIn = await browser.request(
      'POST',
      STAFF_LOGIN_PATH,
      form({ email: 'bo@staff.test', password: PASSWORD, code: '', crumb: crumbOf(page.body) }),
    );
    expect(signedIn.statusCode).toBe(303);
    const account = await browser.request('GET', STAFF_LOGIN_PATH);
    expect(account.body).toContain('Set up an authenticator app');
    const start = await browser.request(
      'POST',
      STAFF_TOTP_PATH,
      form({ action: 'start', crumb: crumbOf(account.body) }),
    );
    expect(start.statusCode).toBe(303);
    const pending = await browser.request('GET', STAFF_LOGIN_PATH);
    const secret = /id="totp-secret">([A-Z2-7]+)</.exec(pending.body)?.[1] as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const bad = await browser.request(
      'POST',
      STAFF_TOTP_PATH,
      form({ action: 'confirm', code: 'abc', crumb: crumbOf(pending.body) }),
    );
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toContain('The authenticator code is wrong, or was already used.');
    const on = await browser.request(
      'POST',
      STAFF_TOTP_PATH,
      form({
        action: 'confirm',
        code: currentTotpCode(secret, Date.now() - STEP),
        crumb: crumbOf(pending.body),
      }),
    );
    expect(on.statusCode).toBe(303);
    expect((await browser.request('GET', STAFF_LOGIN_PATH)).body).toContain('Authenticator app: on.');

    // The sign-in form asks for the code too.
    const elsewhere = new Customer(t);
    const login = await elsewhere.request('GET', STAFF_LOGIN_PATH);
    const withoutCode = await elsewhere.request(
      'POST',
      STAFF_LOGIN_PATH,
      form({ email: 'bo@staff.test', password: PASSWORD, crumb: crumbOf(login.body) }),
    );
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.body).toContain('Enter the code from your authenticator app.');

    const off = await browser.request(
      'POST',
      STAFF_TOTP_PATH,
      form({ action: 'off', code: currentTotpCode(secret), crumb: crumbOf(pending.body) }),
    );
    expect(off.statusCode).toBe(303);
    expect((await staffSignIn(new Customer(t), 'bo@staff.test')).statusCode).toBe(200);
  });
});

describe.each(DATABASES)('STAFF_SECOND_FACTOR=required on $name', (database) => {
  const t = appForSuite(database, { staffSecondFactorRequired: true });
  beforeAll(async () => {
    await makeAccount(t.db, 'cy@staff.test', { kind: 'staff', roles: [ROLES.viewer] });
    await makeAccount(t.db, 'cy@example.test');
  });

  it('refuses a staff password alone; customers are not concerned', async () => {
    const staff = new Customer(t);
    const refused = await staff.signIn('cy@staff.test', PASSWORD, false, STAFF_SESSION_PATH);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account.second-factor-required' });
    expect(staff.cookies[SESSION_COOKIE]).toBeUndefined();
    expect((await new Customer(t).signIn('cy@example.test', PASSWORD, false, SESSION_PATH)).statusCode).toBe(
      200,
    );
  });
});
