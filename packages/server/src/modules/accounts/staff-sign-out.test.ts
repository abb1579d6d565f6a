/**
 * Staff sign-out from the back office (issue 27): this device only, or everywhere (every session of
 * this staff member, and no one else's).
 */
import { ROLES } from '@storefront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { STAFF_LOGIN_PATH, STAFF_SIGN_OUT_PATH } from './login-page.ts';
import { STAFF_SESSION_PATH, STAFF_SESSIONS_PATH } from './routes.ts';
import { Customer, makeAccount, PASSWORD } from './testing.ts';

describe.each(DATABASES)('staff sign-out on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database);
    const db = t.app.database.db;
    await makeAccount(db, 'manager@example.test', { kind: 'staff', roles: [ROLES.admin] });
    await makeAccount(db, 'colleague@example.test', { kind: 'staff', roles: [ROLES.admin] });
    await makeAccount(db, 'shopper@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  const browserOf = async (email: string, path = STAFF_SESSION_PATH) => {
    const browser = new Customer(t);
    expect((await browser.signIn(email, PASSWORD, false, path)).statusCode).toBe(200);
    return browser;
  };
  /** What the browser sees at /config: 200 the back office, 303 the way to the sign-in page. */
  const backOffice = async (browser: Customer) => (await browser.request('GET', '/config/orders')).statusCode;

  it('signs out this device only: the back office sends it to sign in, other devices stay in', async () => {
    const laptop = await browserOf('manager@example.test');
    const phone = await browserOf('manager@example.test');
    expect(await backOffice(laptop)).toBe(200);

    const out = await laptop.request('DELETE', STAFF_SESSION_PATH);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ signedOut: true });
    const redirect = await laptop.request('GET', '/config/orders');
    expect(redirect.statusCode).toBe(303);
    expect(redirect.headers.location).toBe('/config/login');
    expect((await laptop.request('GET', STAFF_SESSION_PATH)).json()).toEqual({ authenticated: false });
    expect(await backOffice(phone)).toBe(200);
  });

  it("signs out everywhere: every one of this member's sessions ends, a colleague's does not", async () => {
    const laptop = await browserOf('manager@example.test');
    const phone = await browserOf('manager@example.test');
    const colleague = await browserOf('colleague@example.test');

    const out = await phone.request('DELETE', STAFF_SESSIONS_PATH);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ signedOut: true });
    expect(await backOffice(phone)).toBe(303);
    expect(await backOffice(laptop)).toBe(303);
    expect(await backOffice(colleague)).toBe(200);
    const left = await t.app.database.db
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .select('accounts.email')
      .where('accounts.email', '=', 'manager@example.test')
      .execute();
    expect(left).toEqual([]);
  });

  it('the signed-in staff page signs out without scripts: this device, or everywhere', async () => {
    const laptop = await browserOf('manager@example.test');
    const phone = await browserOf('manager@example.test');
    const page = await laptop.request('GET', STAFF_LOGIN_PATH);
    expect(page.body).toContain(`<form method="post" action="${STAFF_SIGN_OUT_PATH}">`);
    expect(page.body).toContain(
      '<button type="submit" name="everywhere" value="1">Sign out everywhere</button>',
    );

    // A post without the page's crumb (another site's form) signs no one out.
    const forged = await laptop.request(
      'POST',
      STAFF_SIGN_OUT_PATH,
      new URLSearchParams({ crumb: 'forged' }),
      {
        'x-csrf-token': '',
      },
    );
    expect(forged.statusCode).toBe(403);
    expect(await backOffice(laptop)).toBe(200);

    const out = await laptop.postForm(STAFF_SIGN_OUT_PATH, {});
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe(STAFF_LOGIN_PATH);
    expect(await backOffice(laptop)).toBe(303);
    expect(await backOffice(phone)).toBe(200);

    const again = await browserOf('manager@example.test');
    expect((await again.postForm(STAFF_SIGN_OUT_PATH, { everywhere: '1' })).statusCode).toBe(303);
    expect(await backOffice(again)).toBe(303);
    expect(await backOffice(phone)).toBe(303);
  });

  it('signing out everywhere needs a staff session: 401 signed out, 403 for a customer', async () => {
    const stranger = new Customer(t);
    await stranger.start();
    expect((await stranger.request('DELETE', STAFF_SESSIONS_PATH)).statusCode).toBe(401);
    const shopper = new Customer(t);
    await shopper.signIn('shopper@example.test');
    expect((await shopper.request('DELETE', STAFF_SESSIONS_PATH)).statusCode).toBe(403);
  });
});
