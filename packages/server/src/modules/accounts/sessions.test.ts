import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { CART_COOKIE, HAS_CART_COOKIE } from '../../platform/http/cookies.ts';
import { SESSION_COOKIE, digest } from '../../platform/http/session.ts';
import { cookiesOf, DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { ROLES } from '@storefront/core';
import { ACCOUNT_API, SESSION_PATH, STAFF_SESSION_PATH } from './routes.ts';
import { Customer, makeAccount, PASSWORD } from './testing.ts';

let address = 0;
/** A sign-in attempt from its own client address (the limits count per address). */
const attempt = (
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress = `10.9.0.${++address}`,
) =>
  app.inject({
    method: 'POST',
    url: SESSION_PATH,
    remoteAddress,
    headers: { cookie: 'crumb=abcdefghijklmnopqrstuv', 'x-csrf-token': 'abcdefghijklmnopqrstuv' },
    payload: { email, password },
  });

describe.each(DATABASES)('sessions on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database);
    await makeAccount(t.app.database.db, 'ada@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs in with the spec answer, an HttpOnly SameSite=Lax cookie, and a new session id (no fixation)', async () => {
    const customer = new Customer(t);
    await customer.start();
    // A session id planted by someone else (a fixation attempt), and then a real earlier session.
    customer.cookies[SESSION_COOKIE] = 'A'.repeat(43);
    const first = await customer.signIn('ada@example.test');
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json())).toEqual(['xsrfToken']);
    const line = ([] as string[])
      .concat(first.headers['set-cookie'] ?? [])
      .find((l) => l.startsWith('sf_session='));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).not.toMatch(/Max-Age/); // not remembered: ends with the browser
    const firstId = customer.cookies[SESSION_COOKIE] as string;
    expect(firstId).not.toBe('A'.repeat(43));

    const second = await customer.signIn('ada@example.test');
    expect(second.statusCode).toBe(200);
    const secondId = customer.cookies[SESSION_COOKIE] as string;
    expect(secondId).not.toBe(firstId);
    // The earlier session is gone, not merely replaced in this browser.
    const rows = await t.app.database.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.map((r) => r.id_hash)).not.toContain(digest(firstId));
    expect(rows.map((r) => r.id_hash)).toContain(digest(secondId));
    // The database never holds the cookie's value itself.
    expect(JSON.stringify(rows)).not.toContain(secondId);

    const profile = await customer.request('GET', ACCOUNT_API);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: 'ada@example.test', emailVerified: true });
    // The page's scripts read the xsrfToken from a cookie of their own (not HttpOnly).
    const xsrfLine = ([] as string[])
      .concat(second.headers['set-cookie'] ?? [])
      .find((l) => l.startsWith('sf_xsrf='));
    expect(xsrfLine).not.toMatch(/HttpOnly/);
    expect(customer.cookies.sf_xsrf).toBe(second.json().xsrfToken);
  });

  it('remembers a session for 30 days when asked', async () => {
    const customer = new Customer(t);
    const res = await customer.signIn('ada@example.test', PASSWORD, true);
    const line = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((l) => l.startsWith('sf_session='));
    expect(line).toMatch(/Max-Age=2592000/);
  });

  it('marks the cookie Secure under https (behind a trusted proxy)', async () => {
    const proxied = await buildApp({ ...t.config, trustProxy: { hops: 1 } }, { logger: false });
    try {
      const signIn = (proto: string) =>
        proxied.inject({
          method: 'POST',
          url: SESSION_PATH,
          remoteAddress: '10.9.1.1',
          headers: {
            cookie: 'crumb=abcdefghijklmnopqrstuv',
            'x-csrf-token': 'abcdefghijklmnopqrstuv',
            'x-forwarded-proto': proto,
            'x-forwarded-for': '203.0.113.5',
          },
          payload: { email: 'ada@example.test', password: PASSWORD },
        });
      const https = await signIn('https');
      expect(https.statusCode).toBe(200);
      expect(String(https.headers['set-cookie'])).toMatch(/sf_session=[^;]+;.*Secure/);
      const http = await signIn('http');
      expect(String(http.headers['set-cookie'])).not.toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('gives identical answers for an unknown address and a wrong password', async () => {
    const unknown = await attempt(t.app, 'nobody@example.test', PASSWORD);
    const wrong = await attempt(t.app, 'ada@example.test', 'not the password at all');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json()).toEqual({
      code: 'account.sign-in-failed',
      message: 'The email address or password is incorrect.',
    });
    const headers = (r: typeof wrong) =>
      Object.keys(r.headers)
        // The date, and the nonces of the CSP that change with every answer, differ anyway.
        .filter((h) => h !== 'date' && h !== 'content-security-policy')
        .sort()
        .map((h) => `${h}: ${h === 'content-length' || h.startsWith('x-') ? '' : String(r.headers[h])}`);
    expect(headers(unknown)).toEqual(headers(wrong));
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired, an idle and a revoked session', async () => {
    const db = t.app.database.db;
    const check = async (customer: Customer) => (await customer.request('GET', ACCOUNT_API)).statusCode;

    const expired = new Customer(t);
    await expired.signIn('ada@example.test');
    expect(await check(expired)).toBe(200);
    await db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('id_hash', '=', digest(expired.cookies[SESSION_COOKIE] as string))
      .execute();
    const refused = await expired.request('GET', ACCOUNT_API);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      code: 'account.sign-in-required',
      message: 'Please sign in to continue.',
    });
    // The cookie is cleared and the row removed.
    expect(String(refused.headers['set-cookie'])).toMatch(/sf_session=;/);
    expect(
      await db
        .selectFrom('sessions')
        .select('id_hash')
        .where('id_hash', '=', digest(expired.cookies[SESSION_COOKIE] ?? ''))
        .executeTakeFirst(),
    ).toBeUndefined();

    const idle = new Customer(t);
    await idle.signIn('ada@example.test');
    await db
      .updateTable('sessions')
      .set({ last_seen: Date.now() - 3 * 60 * 60_000 })
      .where('id_hash', '=', digest(idle.cookies[SESSION_COOKIE] as string))
      .execute();
    expect(await check(idle)).toBe(401);

    // Sign-out everywhere from one browser ends the other browser's session.
    const laptop = new Customer(t);
    const phone = new Customer(t);
    await laptop.signIn('ada@example.test');
    await phone.signIn('ada@example.test');
    expect(await check(phone)).toBe(200);
    expect((await laptop.request('DELETE', `${ACCOUNT_API}/sessions`)).statusCode).toBe(200);
    expect(await check(phone)).toBe(401);
    expect(await check(laptop)).toBe(401);
  });

  it("requires the session's xsrfToken on every mutating call, and not on reads or telemetry beacons", async () => {
    const customer = new Customer(t);
    await customer.signIn('ada@example.test');
    const token = customer.xsrfToken as string;

    customer.xsrfToken = undefined;
    const add = await customer.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toEqual({
      code: 'xsrf-fail',
      message: 'Your session has expired. Please reload the page and try again.',
      crumbFail: true,
    });
    const forged = await customer.request(
      'PUT',
      `${ACCOUNT_API}/password`,
      {
        currentPassword: PASSWORD,
        newPassword: 'a new password here',
      },
      { 'x-xsrf-token': 'x'.repeat(43) },
    );
    expect(forged.statusCode).toBe(403);
    expect((await customer.cart()).totalQuantity ?? 0).toBe(0);

    // Reads need none; the page recovers its token from the session call.
    const session = await customer.request('GET', SESSION_PATH);
    expect(session.json()).toEqual({ authenticated: true, memberId: expect.any(String), xsrfToken: token });

    const beacon = await customer.request('POST', '/api/1/performance/records', [], {
      'content-type': 'text/plain',
    });
    expect(beacon.statusCode).not.toBe(403);

    const report = await customer.request('POST', '/api/csp-report', '{"csp-report":{}}', {
      'content-type': 'application/csp-report',
    });
    expect(report.statusCode).not.toBe(403);

    customer.xsrfToken = token;
    expect((await customer.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 })).statusCode).toBe(200);

    // The no-script checkout form cannot send a header: its crumb field guards it.
    customer.xsrfToken = undefined;
    const form = (fields: Record<string, string>) => new URLSearchParams({ mode: 'cart', ...fields });
    const noCrumb = await customer.request('POST', '/checkout', form({}), { 'x-csrf-token': '' });
    expect(noCrumb.statusCode).toBe(403);
    const placed = await customer.request(
      'POST',
      '/checkout',
      form({
        crumb: customer.cookies.crumb as string,
        email: 'ada@example.test',
        name: 'Ada Lovelace',
        'address.line1': '12 St James Sq',
        'address.city': 'London',
        'address.zip': 'SW1Y 4JH',
        'address.country': 'GB',
      }),
      { 'x-csrf-token': '' },
    );
    expect(placed.statusCode, placed.body.slice(0, 500)).toBe(303);
  });

  it('signs out (DELETE session), keeping the cart only with cloneCart=true, and a crumb failure once retried succeeds', async () => {
    const customer = new Customer(t);
    await customer.signIn('ada@example.test');
    expect((await customer.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 })).statusCode).toBe(200);
    const cartCookie = CART_COOKIE;
    expect(customer.cookies[cartCookie]).toBeTruthy();

    // The crumb is lost (say, cleared): the answer has crumbFail and hands out a new crumb.
    delete customer.cookies.crumb;
    const failed = await customer.request('DELETE', `${SESSION_PATH}?cloneCart=true`);
    expect(failed.statusCode).toBe(403);
    expect(failed.json()).toMatchObject({ crumbFail: true });
    expect(customer.cookies.crumb).toMatch(/^[\w-]{16,}$/);
    const retried = await customer.request('DELETE', `${SESSION_PATH}?cloneCart=true`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ signedOut: true });
    expect(customer.cookies[SESSION_COOKIE]).toBe('');
    expect(customer.cookies[cartCookie]).not.toBe('');
    expect((await customer.cart()).totalQuantity).toBe(1);

    const other = new Customer(t);
    await other.signIn('ada@example.test');
    await other.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 });
    const out = await other.request('DELETE', `${SESSION_PATH}?cloneCart=false`);
    expect(out.statusCode).toBe(200);
    expect(other.cookies[cartCookie] ?? '').toBe('');
    expect(other.cookies[HAS_CART_COOKIE] ?? '').toBe('');

    const bad = await other.request('DELETE', `${SESSION_PATH}?cloneCart=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid-request' });
  });

  it('limits sign-in attempts per account and per client with the spec text', async () => {
    await makeAccount(t.app.database.db, 'grace@example.test');
    // Per account: attempts from many addresses.
    let last;
    for (let i = 0; i < 10; i++) {
      last = await attempt(t.app, 'grace@example.test', 'wrong password number');
      expect(last.statusCode).toBe(401);
    }
    last = await attempt(t.app, 'Grace@Example.test', PASSWORD);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ code: 'rate-limited', message: 'Please try again in a few seconds.' });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);

    // Per client: one address trying many accounts.
    const client = '10.8.0.1';
    for (let i = 0; i < 30; i++)
      expect((await attempt(t.app, `someone${i}@example.test`, 'whatever it is', client)).statusCode).toBe(
        401,
      );
    const blocked = await attempt(t.app, 'ada@example.test', PASSWORD, client);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Please try again in a few seconds.');
    // Another client still signs in to an account not under attack.
    expect((await attempt(t.app, 'ada@example.test', PASSWORD)).statusCode).toBe(200);
  });

  it('a session made on one instance works on another on the same database', async () => {
    const second = await buildApp(t.config, { logger: false });
    try {
      const customer = new Customer(t);
      await customer.signIn('ada@example.test');
      const elsewhere = new Customer({ ...t, app: second });
      elsewhere.cookies = { ...customer.cookies };
      elsewhere.xsrfToken = customer.xsrfToken;
      const profile = await elsewhere.request('GET', ACCOUNT_API);
      expect(profile.statusCode).toBe(200);
      expect(profile.json().email).toBe('ada@example.test');
      // Signing out there ends it here too.
      expect((await elsewhere.request('DELETE', `${SESSION_PATH}?cloneCart=true`)).statusCode).toBe(200);
      expect((await customer.request('GET', ACCOUNT_API)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('staff sign in at their own call; a customer session is not a staff session', async () => {
    await makeAccount(t.app.database.db, 'boss@example.test', { kind: 'staff', roles: [ROLES.admin] });
    const staff = new Customer(t);
    // A customer call does not know staff accounts.
    expect((await staff.signIn('boss@example.test')).statusCode).toBe(401);
    const res = await staff.signIn('boss@example.test', PASSWORD, true, STAFF_SESSION_PATH);
    expect(res.statusCode).toBe(200);
    // Staff sessions are never remembered.
    expect(String(res.headers['set-cookie'])).not.toMatch(/Max-Age/);
    expect((await staff.request('GET', ACCOUNT_API)).statusCode).toBe(403);
    expect((await staff.request('GET', SESSION_PATH)).json()).toEqual({ authenticated: false });
    const row = await t.app.database.db
      .selectFrom('sessions')
      .select(['kind', 'expires_at', 'created'])
      .where('id_hash', '=', digest(staff.cookies[SESSION_COOKIE] as string))
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('staff');
    expect(Number(row.expires_at) - Number(row.created)).toBe(12 * 60 * 60_000);
    expect(cookiesOf(res.headers['set-cookie'])[SESSION_COOKIE]).toBeDefined();
  });
});
