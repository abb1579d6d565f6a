import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_LOGIN_PATH } from '../../platform/http/session.ts';
import { ROLES, type RoleCode } from '@storefront/core';
import { STAFF_SESSION_PATH } from '../accounts/routes.ts';
import { Customer, makeAccount, PASSWORD } from '../accounts/testing.ts';
import { digest, SESSION_COOKIE } from '../../platform/http/session.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';

const KEY = 'owner-token-4f1d9c2b7e';
const RANGE = 'from=2026-01-01&to=2026-01-07';
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const crumbOf = (html: string) => /name="crumb" value="([\w-]+)"/.exec(html)?.[1] as string;

/** Runs `body` with the environment variables set, as the server process would see them. */
async function withEnv<T>(vars: Record<string, string | undefined>, body: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  };
  set(vars);
  try {
    return await body();
  } finally {
    set(saved);
  }
}

for (const database of DATABASES) {
  describe(`[${database.name}] the analytics page is for staff with reports.read`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // OWNER_TOKEN is read (and hashed) once, at start: the automation key.
      t = await withEnv({ OWNER_TOKEN: KEY, OWNER_TOKEN_SHA256: undefined }, () => startApp(database));
      const db = t.app.database.db;
      const staff: [string, RoleCode[]][] = [
        ['reporting@staff.test', [ROLES.reporting]],
        ['admin@staff.test', [ROLES.admin]],
        ['manager@staff.test', [ROLES['store-manager']]],
        ['editor@staff.test', [ROLES.editor]],
      ];
      for (const [email, roles] of staff) await makeAccount(db, email, { kind: 'staff', roles });
      await makeAccount(db, 'customer@example.test');
    });
    afterAll(async () => {
      await t?.close();
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });
    const staffBrowser = async (email: string) => {
      const browser = new Customer(t);
      expect((await browser.signIn(email, PASSWORD, false, STAFF_SESSION_PATH)).statusCode).toBe(200);
      return browser;
    };

    it(`[${database.name}] signed out, the page sends the browser to sign in and back; a token in the address is neither taken nor carried on`, async () => {
      const res = await get(`/config/analytics?token=${KEY}&${RANGE}`);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(
        `${STAFF_LOGIN_PATH}?next=${encodeURIComponent(`/config/analytics?${RANGE}`)}`,
      );
      expect(res.headers['set-cookie']).toBeUndefined();

      const browser = new Customer(t);
      const login = await browser.request('GET', res.headers.location as string);
      expect(login.body).toContain(`name="next" value="/config/analytics?${RANGE.replace('&', '&amp;')}"`);
      const signedIn = await browser.request(
        'POST',
        STAFF_LOGIN_PATH,
        form({
          email: 'reporting@staff.test',
          password: PASSWORD,
          next: `/config/analytics?${RANGE}`,
          crumb: crumbOf(login.body),
        }),
      );
      expect(signedIn.statusCode).toBe(303);
      expect(signedIn.headers.location).toBe(`/config/analytics?${RANGE}`);

      const page = await browser.request('GET', signedIn.headers.location as string);
      expect(page.statusCode).toBe(200);
      // To staff, the back office's screen: its bundle draws the figures (e2e/telemetry.spec.ts).
      expect(page.body).toContain('<script type="application/json" id="config-data">');
      expect(page.body).toContain('"permissions":["reports.read","backoffice.read"]');
      expect(page.body).not.toContain(KEY);
      expect(page.body).not.toContain('name="token"');
      const json = await browser.request('GET', `/config/analytics.json?${RANGE}`);
      expect(json.statusCode).toBe(200);
      expect(json.json()).toMatchObject({ pageViews: 0 });

      // Never another site after signing in.
      const other = new Customer(t);
      for (const next of ['https://evil.example/', '//evil.example/config/', '/account']) {
        // Each sign-in hands out a new crumb (issue 27): the form is the page's as shown now.
        const otherLogin = await other.request('GET', STAFF_LOGIN_PATH);
        const res = await other.request(
          'POST',
          STAFF_LOGIN_PATH,
          form({ email: 'reporting@staff.test', password: PASSWORD, next, crumb: crumbOf(otherLogin.body) }),
        );
        expect(res.headers.location, next).toBe('/config');
      }
    });

    it(`[${database.name}] each role with reports.read reads it; others get 403 with the catalogue message`, async () => {
      for (const email of ['reporting@staff.test', 'admin@staff.test', 'manager@staff.test']) {
        const browser = await staffBrowser(email);
        expect((await browser.request('GET', '/config/analytics')).statusCode, email).toBe(200);
        expect((await browser.request('GET', '/config/analytics.json')).statusCode, email).toBe(200);
      }
      const editor = await staffBrowser('editor@staff.test');
      const page = await editor.request('GET', '/config/analytics');
      expect(page.statusCode).toBe(403);
      expect(page.body).toBe('You do not have permission to do this.');
      const json = await editor.request('GET', '/config/analytics.json');
      expect(json.statusCode).toBe(403);
      expect(json.json()).toMatchObject({
        code: 'account.forbidden',
        message: 'You do not have permission to do this.',
      });
      const customer = new Customer(t);
      await customer.signIn('customer@example.test');
      expect((await customer.request('GET', '/config/analytics.json')).statusCode).toBe(403);
    });

    it(`[${database.name}] a forged, expired or revoked session is refused`, async () => {
      const browser = await staffBrowser('reporting@staff.test');
      const id = browser.cookies[SESSION_COOKIE] as string;
      const withSession = (value: string) =>
        get('/config/analytics.json', { cookie: `${SESSION_COOKIE}=${value}` });
      expect((await withSession(id)).statusCode).toBe(200);
      for (const forged of ['owner', KEY, `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`])
        expect((await withSession(forged)).statusCode, forged).toBe(401);
      expect((await get('/config/analytics', { cookie: `${SESSION_COOKIE}=${KEY}` })).statusCode).toBe(303);

      const db = t.app.database.db;
      await db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('id_hash', '=', digest(id))
        .execute();
      expect((await withSession(id)).statusCode).toBe(401);

      const revoked = await staffBrowser('reporting@staff.test');
      await revoked.request('DELETE', STAFF_SESSION_PATH);
      expect((await withSession(revoked.cookies[SESSION_COOKIE] ?? '')).statusCode).toBe(401);
    });

    it(`[${database.name}] automation sends the key in a header; a wrong key, or one in the address, is refused and sets nothing`, async () => {
      for (const headers of [{ authorization: `Bearer ${KEY}` }, { 'x-owner-token': KEY }] as Record<
        string,
        string
      >[]) {
        const res = await get(`/config/analytics.json?${RANGE}`, headers);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ pageViews: 0 });
      }
      expect((await get(`/config/analytics?${RANGE}`, { authorization: `Bearer ${KEY}` })).statusCode).toBe(
        200,
      );
      for (const [url, headers] of [
        ['/config/analytics.json', { authorization: 'Bearer wrong' }],
        ['/config/analytics.json', { authorization: `Bearer ${KEY}x` }],
        ['/config/analytics.json', { 'x-owner-token': KEY.slice(1) }],
        [`/config/analytics.json?token=${KEY}`, {}],
      ] as const) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toMatchObject({ code: 'account.sign-in-required' });
        expect(res.headers['set-cookie'], url).toBeUndefined();
      }
    });
  });

  describe(`[${database.name}] the automation key given as its digest`, () => {
    let t: TestApp;
    beforeAll(async () => {
      const sha = createHash('sha256').update(KEY).digest('hex');
      t = await withEnv({ OWNER_TOKEN: undefined, OWNER_TOKEN_SHA256: sha }, () => startApp(database));
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`[${database.name}] OWNER_TOKEN_SHA256 lets the key in without the server ever holding it`, async () => {
      const ok = await t.app.inject({
        method: 'GET',
        url: '/config/analytics.json',
        headers: { authorization: `Bearer ${KEY}` },
      });
      expect(ok.statusCode).toBe(200);
      const digestItself = createHash('sha256').update(KEY).digest('hex');
      const refused = await t.app.inject({
        method: 'GET',
        url: '/config/analytics.json',
        headers: { authorization: `Bearer ${digestItself}` },
      });
      expect(refused.statusCode).toBe(401);
    });
  });
}
