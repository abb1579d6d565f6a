/**
 * Security acceptance of issue 14, filling what sessions.test.ts and accounts-api.test.ts do not
 * already show: every staff route refused (403, the catalogue's message) to each role its
 * permission table does not grant, read from the app's own route tree; and for the ways in beyond
 * passwords (a mailed code, a passkey, an authenticator code): a new session id at sign-in, one
 * answer whether or not the address has an account, the spec's 429, the xsrfToken required, no
 * secret in the database or the log, and every step working across two instances on one database.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { digest, SESSION_COOKIE } from '../../platform/http/session.ts';
import { appRoutes, DATABASES, startApp, testConfig, type TestApp } from '../../testing/app.ts';
import { STAFF_LOGIN_PATH } from './login-page.ts';
import { PASSKEY_API } from './passkeys.ts';
import { hasPermission, ROLES, type Permission, type RoleCode } from '@storefront/core';
import { ACCOUNT_API, STAFF_SESSION_PATH } from './routes.ts';
import { Customer, lastMail, makeAccount, PASSWORD } from './testing.ts';
import { currentTotpCode, TOTP_API } from './totp.ts';
import { Authenticator } from './webauthn-testing.ts';

const CODE_API = `${ACCOUNT_API}/code`;
const FORBIDDEN = { code: 'account.forbidden', message: 'You do not have permission to do this.' };
const RATE_LIMITED = { code: 'rate-limited', message: 'Please try again in a few seconds.' };

/**
 * Every staff route and what it asks: a permission of the table (docs/accounts.md), or `staff` for
 * any signed-in staff member (their own passkeys and authenticator app, the back office's screens,
 * which show each one what their permissions allow).
 */
const STAFF_ROUTES: Record<string, Permission | 'staff'> = {
  'GET /config': 'staff',
  'GET /config/*': 'staff',
  'GET /config/analytics': 'reports.read',
  'GET /config/analytics.json': 'reports.read',
  'POST /config/login/totp': 'staff',
  'POST /api/config/passkeys/options': 'staff',
  'POST /api/config/passkeys': 'staff',
  'GET /api/config/passkeys': 'staff',
  'DELETE /api/config/passkeys/:id': 'staff',
  'POST /api/config/totp': 'staff',
  'POST /api/config/totp/confirm': 'staff',
  'DELETE /api/config/totp': 'staff',
  'DELETE /api/config/sessions': 'staff',
  'GET /api/config/orders': 'orders.read',
  'GET /api/config/orders/export': 'orders.read',
  'GET /api/config/product-choices': 'orders.read',
  'GET /api/config/products': 'backoffice.read',
  'GET /api/config/products/:id': 'backoffice.read',
  'GET /api/config/products/:id/revisions': 'backoffice.read',
  'POST /api/config/products': 'catalogue.edit',
  'PUT /api/config/products/:id': 'catalogue.edit',
  'POST /api/config/products/:id/duplicate': 'catalogue.edit',
  'DELETE /api/config/products/:id': 'catalogue.edit',
  'POST /api/config/products/:id/revisions/:revisionId/restore': 'catalogue.edit',
  'POST /api/config/products/bulk': 'catalogue.edit',
  'GET /api/config/posts': 'backoffice.read',
  'GET /api/config/posts/:id': 'backoffice.read',
  'GET /api/config/posts/:id/revisions': 'backoffice.read',
  'GET /api/config/pages/:id/content': 'backoffice.read',
  'GET /api/config/pages/:id/content/revisions': 'backoffice.read',
  'POST /api/config/posts': 'content.edit',
  'PUT /api/config/posts/:id': 'content.edit',
  'POST /api/config/posts/:id/publishing': 'content.edit',
  'DELETE /api/config/posts/:id': 'content.edit',
  'POST /api/config/posts/:id/revisions/:revisionId/restore': 'content.edit',
  'PUT /api/config/pages/:id/content': 'content.edit',
  'POST /api/config/pages/:id/content/revisions/:revisionId/restore': 'content.edit',
  'GET /config/preview/posts/:id': 'backoffice.read',
  'GET /api/config/orders/:number': 'orders.read',
  'GET /api/config/gift-cards': 'orders.read',
  'GET /api/config/gift-cards/:id': 'orders.read',
  'GET /api/config/subscriptions': 'orders.read',
  'POST /api/config/subscriptions/:id/:action': 'orders.manage',
  'POST /api/config/orders/:number/mark-paid': 'orders.manage',
  'POST /api/config/orders/:number/fulfil': 'orders.manage',
  'POST /api/config/orders/:number/cancel': 'orders.manage',
  'POST /api/config/orders/:number/refund': 'orders.manage',
  'POST /api/config/orders/:number/resend-confirmation': 'orders.manage',
  'POST /api/config/orders/:number/notes': 'orders.manage',
  'POST /api/config/products/import': 'catalogue.edit',
  'GET /api/config/products/export': 'catalogue.edit',
  'GET /api/config/pages': 'backoffice.read',
  'GET /api/config/pages/:id': 'backoffice.read',
  'GET /api/config/pages/:id/revisions': 'backoffice.read',
  'POST /api/config/pages': 'content.edit',
  'PATCH /api/config/pages/:id': 'content.edit',
  'DELETE /api/config/pages/:id': 'content.edit',
  'POST /api/config/pages/:id/revisions/:revisionId/restore': 'content.edit',
  'PATCH /api/config/pages/:id/events/:eventId': 'content.edit',
  'GET /api/config/store-pages': 'backoffice.read',
  'GET /api/config/store-pages/:id': 'backoffice.read',
  'POST /api/config/store-pages': 'catalogue.edit',
  'PATCH /api/config/store-pages/:id': 'catalogue.edit',
  'DELETE /api/config/store-pages/:id': 'catalogue.edit',
  'PUT /api/config/store-pages/:id/order': 'catalogue.edit',
  'POST /api/config/store-pages/:id/categories': 'catalogue.edit',
  'PATCH /api/config/store-pages/:id/categories': 'catalogue.edit',
  'DELETE /api/config/store-pages/:id/categories': 'catalogue.edit',
  'PUT /api/config/store-pages/:id/categories/order': 'catalogue.edit',
  'GET /api/config/store-pages/:id/revisions': 'backoffice.read',
  'POST /api/config/store-pages/:id/revisions/:revisionId/restore': 'catalogue.edit',
  'GET /api/config/digital-files/:id': 'backoffice.read',
  'POST /api/config/digital-files': 'catalogue.edit',
  'GET /api/config/media': 'backoffice.read',
  'GET /api/config/media/:id': 'backoffice.read',
  'POST /api/config/media': 'media.edit',
  'PATCH /api/config/media/:id': 'media.edit',
  'DELETE /api/config/media/:id': 'media.edit',
  'GET /api/config/media/:id/revisions': 'backoffice.read',
  'POST /api/config/media/:id/revisions/:revisionId/restore': 'media.edit',
  'GET /api/config/content/export': 'catalogue.edit',
  'GET /api/config/navigation': 'backoffice.read',
  'PUT /api/config/navigation': 'content.edit',
  'GET /api/config/navigation/revisions': 'backoffice.read',
  'POST /api/config/navigation/revisions/:revisionId/restore': 'content.edit',
  'GET /api/config/site-forms': 'backoffice.read',
  'POST /api/config/site-forms': 'content.edit',
  'GET /api/config/site-forms/:formId': 'backoffice.read',
  'PUT /api/config/site-forms/:formId': 'content.edit',
  'DELETE /api/config/site-forms/:formId': 'content.edit',
  'GET /api/config/site-forms/:formId/revisions': 'backoffice.read',
  'POST /api/config/site-forms/:formId/revisions/:revisionId/restore': 'content.edit',
  'GET /api/config/settings': 'backoffice.read',
  'PUT /api/config/settings': 'settings.manage',
  'GET /api/config/settings/revisions': 'backoffice.read',
  'POST /api/config/settings/revisions/:revisionId/restore': 'settings.manage',
  'GET /api/config/stock': 'stock.manage',
  'GET /api/config/stock/ledger': 'stock.manage',
  'POST /api/config/stock/:variantId': 'stock.manage',
  'GET /api/config/stock/ledger/export': 'stock.manage',
  'GET /api/config/forms': 'content.edit',
  'GET /api/config/forms/:formId/submissions': 'content.edit',
  'GET /api/config/forms/:formId/submissions/export': 'content.edit',
  'GET /api/config/forms/:formId/submissions/:id': 'content.edit',
  'DELETE /api/config/forms/:formId/submissions/:id': 'content.edit',
  'PUT /api/config/forms/:formId/submissions/:id/status': 'content.edit',
  'GET /api/config/mail': 'staff.manage',
  'POST /api/config/mail/:id/retry': 'staff.manage',
  'GET /api/config/dashboard': 'backoffice.read',
  'GET /api/config/reviews': 'comments.moderate',
  'POST /api/config/reviews/:id/approve': 'comments.moderate',
  'POST /api/config/reviews/:id/reject': 'comments.moderate',
  'GET /api/config/comments': 'comments.write',
  'POST /api/config/comments/:id/approve': 'comments.moderate',
  'POST /api/config/comments/:id/spam': 'comments.moderate',
  'POST /api/config/comments/:id/delete': 'comments.moderate',
  'POST /api/config/comments/:id/reply': 'comments.write',
  'GET /api/site-users/account/notifications/restock': 'stock.manage',
  'GET /api/site-users/account/notifications/restock/groups': 'stock.manage',
  'POST /api/site-users/account/notifications/restock/send': 'stock.manage',
  'POST /api/site-users/account/notifications/restock/send/all': 'stock.manage',
};
/** The ways in, open to everyone (the staff side's own sign-in). */
const SIGN_IN_ROUTES = new Set([
  `GET ${STAFF_LOGIN_PATH}`,
  `POST ${STAFF_LOGIN_PATH}`,
  `POST ${STAFF_LOGIN_PATH}/sign-out`,
  `GET ${STAFF_SESSION_PATH}`,
  `POST ${STAFF_SESSION_PATH}`,
  `DELETE ${STAFF_SESSION_PATH}`,
  `POST ${PASSKEY_API.staff.signIn}`,
  `POST ${PASSKEY_API.staff.signIn}/options`,
]);
/** The staff side of the app: its addresses, and restock's staff calls (spec section 7). */
const isStaffSide = (key: string) => / \/(api\/)?config(\/|$)/.test(key) || key in STAFF_ROUTES;

describe.each(DATABASES)('every staff route, for each role, on $name', (database) => {
  let t: TestApp;
  let staffRoutes: string[];
  const browsers = new Map<RoleCode, Customer>();
  let customer: Customer;
  beforeAll(async () => {
    t = await startApp(database);
    const db = t.app.database.db;
    staffRoutes = appRoutes(t.app)
      .map(({ method, url }) => `${method} ${url}`)
      .filter((key) => isStaffSide(key) && !SIGN_IN_ROUTES.has(key));
    for (const [name, role] of Object.entries(ROLES)) {
      await makeAccount(db, `${name}@staff.test`, { kind: 'staff', roles: [role] });
      const browser = new Customer(t);
      const res = await browser.signIn(`${name}@staff.test`, PASSWORD, false, STAFF_SESSION_PATH);
      expect(res.statusCode, name).toBe(200);
      browsers.set(role, browser);
    }
    await makeAccount(db, 'shopper@example.test');
    customer = new Customer(t);
    expect((await customer.signIn('shopper@example.test')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A call of the route (its parameters filled in, a body no route accepts). */
  const call = (browser: Customer, key: string) => {
    const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
    const path = url.replace(/:\w+/g, 'x').replace('*', 'x');
    return method === 'GET'
      ? browser.request(method, path)
      : browser.request(method, path, '42', { 'content-type': 'application/json' });
  };

  it('knows what every staff route asks (a new one is added to STAFF_ROUTES)', () => {
    expect(staffRoutes.length).toBeGreaterThan(10);
    expect(staffRoutes.filter((key) => !(key in STAFF_ROUTES))).toEqual([]);
  });

  it('refuses each role, with 403 and the catalogue message, what the permission table does not grant', async () => {
    for (const [name, role] of Object.entries(ROLES)) {
      const browser = browsers.get(role) as Customer;
      for (const key of staffRoutes) {
        const needs = STAFF_ROUTES[key] as Permission | 'staff';
        const res = await call(browser, key);
        const granted = needs === 'staff' || hasPermission([role], needs);
        if (granted) {
          expect
            .soft([401, 403], `${name}: ${key} -> ${res.statusCode} ${res.body.slice(0, 200)}`)
            .not.toContain(res.statusCode);
          continue;
        }
        expect.soft(res.statusCode, `${name}: ${key}`).toBe(403);
        if (String(res.headers['content-type']).startsWith('application/json'))
          expect.soft(res.json(), `${name}: ${key}`).toEqual(FORBIDDEN);
        else expect.soft(res.body, `${name}: ${key}`).toBe(FORBIDDEN.message);
      }
    }
  });

  it('refuses a customer every staff route, and asks a visitor to sign in', async () => {
    const visitor = new Customer(t);
    await visitor.start();
    for (const key of staffRoutes) {
      if (key.startsWith('GET /config') && !key.endsWith('.json')) {
        // The screens send a browser to the sign-in page; a customer too has no staff session.
        const page = await call(visitor, key);
        expect.soft(page.statusCode, key).toBe(303);
        continue;
      }
      const res = await call(customer, key);
      expect.soft(res.statusCode, `customer: ${key}`).toBe(403);
      expect.soft(res.json(), `customer: ${key}`).toEqual(FORBIDDEN);
      const anonymous = await call(visitor, key);
      expect.soft(anonymous.statusCode, `visitor: ${key}`).toBe(401);
      expect
        .soft(anonymous.json(), `visitor: ${key}`)
        .toEqual({ code: 'account.sign-in-required', message: 'Please sign in to continue.' });
    }
  });
});

describe.each(DATABASES)('beyond passwords: security on $name', (database) => {
  let t: TestApp;
  let second: FastifyInstance;
  /** The same browser's requests, served by the other instance. */
  let elsewhere: (browser: Customer) => Customer;
  const lines: string[] = [];
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const fresh = database.fresh();
    cleanup = fresh.cleanup;
    const config = testConfig(fresh.config);
    const app = await buildApp(config, {
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    });
    t = { app, config, close: async () => undefined };
    second = await buildApp(config, {
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    });
    elsewhere = (browser) => {
      const twin = new Customer({ ...t, app: second });
      twin.cookies = browser.cookies;
      twin.xsrfToken = browser.xsrfToken;
      return twin;
    };
  });
  afterAll(async () => {
    await second?.close();
    await t?.app.close();
    await cleanup?.();
  });

  const mailedCode = async (to: string) =>
    /code is (\d{6})/.exec(
      (await lastMail(t.app.database.db, to, 'account-code'))?.body ?? '',
    )?.[1] as string;

  it('a code asked on one instance signs in on the other, with a new session id; the session works on both', async () => {
    await makeAccount(t.app.database.db, 'ada@example.test');
    const browser = new Customer(t);
    await browser.start();
    // A session id planted by someone else (fixation).
    browser.cookies[SESSION_COOKIE] = 'A'.repeat(43);
    expect((await browser.request('POST', CODE_API, { email: 'ada@example.test' })).statusCode).toBe(202);
    const code = await mailedCode('ada@example.test');
    const there = elsewhere(browser);
    const res = await there.request('POST', `${CODE_API}/verify`, { email: 'ada@example.test', code });
    expect(res.statusCode, res.body).toBe(200);
    browser.xsrfToken = (res.json() as { xsrfToken: string }).xsrfToken;
    expect(browser.cookies[SESSION_COOKIE]).toMatch(/^[\w-]{43}$/);
    expect(browser.cookies[SESSION_COOKIE]).not.toBe('A'.repeat(43));
    expect((await browser.request('GET', ACCOUNT_API)).statusCode).toBe(200);
    expect((await elsewhere(browser).request('GET', ACCOUNT_API)).statusCode).toBe(200);
  });

  it('a passkey challenge handed out by one instance is answered on the other; the staff session id is new', async () => {
    const db = t.app.database.db;
    await makeAccount(db, 'ops@staff.test', { kind: 'staff', roles: [ROLES.reporting] });
    const owner = new Customer(t);
    await owner.signIn('ops@staff.test', PASSWORD, false, STAFF_SESSION_PATH);
    const authenticator = new Authenticator();
    const options = await owner.request('POST', `${PASSKEY_API.staff.register}/options`, {});
    const registered = await elsewhere(owner).request('POST', PASSKEY_API.staff.register, {
      response: authenticator.register(options.json()),
    });
    expect(registered.statusCode, registered.body).toBe(200);

    const browser = new Customer(t);
    await browser.start();
    browser.cookies[SESSION_COOKIE] = 'B'.repeat(43);
    const challenge = await browser.request('POST', `${PASSKEY_API.staff.signIn}/options`, {});
    const res = await elsewhere(browser).request('POST', PASSKEY_API.staff.signIn, {
      response: authenticator.authenticate(challenge.json()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(browser.cookies[SESSION_COOKIE]).not.toBe('B'.repeat(43));
    const session = await db
      .selectFrom('sessions')
      .select('kind')
      .where('id_hash', '=', digest(browser.cookies[SESSION_COOKIE] as string))
      .executeTakeFirstOrThrow();
    expect(session.kind).toBe('staff');
  });

  it('answers a code for an unknown address exactly as a wrong code, and the spec 429 past the limit', async () => {
    await makeAccount(t.app.database.db, 'grace@example.test');
    const browser = new Customer(t);
    await browser.start();
    await browser.request('POST', CODE_API, { email: 'grace@example.test' });
    const code = await mailedCode('grace@example.test');
    const wrong = await browser.request('POST', `${CODE_API}/verify`, {
      email: 'grace@example.test',
      code: code === '123456' ? '654321' : '123456',
    });
    const unknown = await browser.request('POST', `${CODE_API}/verify`, {
      email: 'nobody@example.test',
      code: '123456',
    });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);

    // Asking for codes mails the address: limited per address (10 per 15 minutes), across instances.
    let last;
    for (let i = 0; i < 11; i++)
      last = await (i % 2 ? elsewhere(browser) : browser).request('POST', CODE_API, {
        email: 'limited@example.test',
      });
    expect(last?.statusCode).toBe(429);
    expect(last?.json()).toEqual(RATE_LIMITED);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("refuses the new signed-in calls without the session's xsrfToken", async () => {
    await makeAccount(t.app.database.db, 'lin@staff.test', { kind: 'staff', roles: [ROLES.viewer] });
    const staff = new Customer(t);
    await staff.signIn('lin@staff.test', PASSWORD, false, STAFF_SESSION_PATH);
    const token = staff.xsrfToken;
    staff.xsrfToken = undefined;
    for (const url of [`${PASSKEY_API.staff.register}/options`, TOTP_API]) {
      const res = await staff.request('POST', url, {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'xsrf-fail', crumbFail: true });
    }
    staff.xsrfToken = token;
    expect((await staff.request('POST', TOTP_API, {})).statusCode).toBe(200);
  });

  it('keeps no code, password or authenticator code in the database or the log', async () => {
    const db = t.app.database.db;
    const password = 'Vellum-Orchid-Tangent-77';
    await makeAccount(db, 'mo@staff.test', { kind: 'staff', roles: [ROLES.admin], password });
    const staff = new Customer(t);
    await staff.signIn('mo@staff.test', password, false, STAFF_SESSION_PATH);
    const { secret } = (await staff.request('POST', TOTP_API, {})).json() as { secret: string };
    const enrolCode = currentTotpCode(secret, Date.now() - 30_000);
    expect((await staff.request('POST', `${TOTP_API}/confirm`, { code: enrolCode })).statusCode).toBe(200);
    const login = await new Customer(t).request('GET', STAFF_LOGIN_PATH);
    const crumb = /name="crumb" value="([\w-]+)"/.exec(login.body)?.[1] as string;
    const signInCode = currentTotpCode(secret);
    const form = new URLSearchParams({ email: 'mo@staff.test', password, code: signInCode, crumb });
    const viaForm = await new Customer(t).request('POST', STAFF_LOGIN_PATH, form, {
      cookie: `crumb=${crumb}`,
    });
    expect(viaForm.statusCode).toBe(303);

    await makeAccount(db, 'emmy@example.test');
    const browser = new Customer(t);
    await browser.start();
    await browser.request('POST', CODE_API, { email: 'emmy@example.test' });
    const code = await mailedCode('emmy@example.test');
    expect(
      (await browser.request('POST', `${CODE_API}/verify`, { email: 'emmy@example.test', code })).statusCode,
    ).toBe(200);

    for (const table of [
      'accounts',
      'sessions',
      'account_tokens',
      'rate_limits',
      'passkey_challenges',
    ] as const) {
      const rows = JSON.stringify(await db.selectFrom(table).selectAll().execute());
      expect(rows, table).not.toContain(password);
      if (table !== 'accounts') expect(rows, table).not.toContain(secret);
    }
    const tokens = JSON.stringify(await db.selectFrom('account_tokens').selectAll().execute());
    expect(tokens).not.toMatch(new RegExp(`"${code}"`));
    expect(lines.length).toBeGreaterThan(10);
    const log = lines.join('\n');
    for (const value of [password, secret]) expect(log).not.toContain(value);
    // Six digits: not inside a longer number (a timestamp may hold any six digits).
    for (const digits of [code, enrolCode, signInCode])
      expect(log).not.toMatch(new RegExp(`(?<!\\d)${digits}(?!\\d)`));
  });
});
