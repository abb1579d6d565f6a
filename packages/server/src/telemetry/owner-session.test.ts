import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, cookiesOf, DATABASES, startApp, type TestApp } from '../testing/app.ts';
import { OWNER_COOKIE, OWNER_SESSION_MS, ownerSessionValue } from './owner-session.ts';

const TOKEN = 'owner-token-4f1d9c2b7e';
const RANGE = 'from=2026-01-01&to=2026-01-07';

for (const database of DATABASES) {
  describe(`[${database.name}] the owner token stays out of URLs`, () => {
    let t: TestApp;
    let saved: string | undefined;
    beforeAll(async () => {
      saved = process.env.OWNER_TOKEN;
      process.env.OWNER_TOKEN = TOKEN;
      // Behind one proxy, so that a request can arrive over https.
      t = await startApp(database, { trustProxy: { hops: 1 } });
    });
    afterAll(async () => {
      await t?.close();
      if (saved === undefined) delete process.env.OWNER_TOKEN;
      else process.env.OWNER_TOKEN = saved;
    });

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });
    const asOwner = (url: string, session: string) =>
      get(url, { cookie: cookieHeader({ [OWNER_COOKIE]: session }) });

    it(`[${database.name}] ?token= sets a session cookie and redirects (303) to the address without the token`, async () => {
      const res = await get(`/config/analytics?token=${TOKEN}&${RANGE}`);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/config/analytics?${RANGE}`);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(new RegExp(`^${OWNER_COOKIE}=`));
      expect(setCookie).toMatch(/; HttpOnly/);
      expect(setCookie).toMatch(/; SameSite=Strict/);
      expect(setCookie).toMatch(/; Path=\/config/);
      expect(setCookie).not.toMatch(/; Secure/);
      const session = cookiesOf(res.headers['set-cookie'])[OWNER_COOKIE] as string;
      expect(session).not.toContain(TOKEN);

      // The cookie opens the page; the page does not carry the token either (its date form included).
      const page = await asOwner(res.headers.location as string, session);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Analytics</h1>');
      expect(page.body).not.toContain(TOKEN);
      expect(page.body).not.toContain('name="token"');
      const json = await asOwner(`/config/analytics.json?${RANGE}`, session);
      expect(json.statusCode).toBe(200);
      expect(json.json()).toMatchObject({ pageViews: 0 });

      // The JSON address takes the same exchange.
      const fromJson = await get(`/config/analytics.json?${RANGE}&token=${TOKEN}`);
      expect(fromJson.statusCode).toBe(303);
      expect(fromJson.headers.location).toBe(`/config/analytics.json?${RANGE}`);
    });

    it(`[${database.name}] the cookie is Secure when the site is reached over https`, async () => {
      const res = await get(`/config/analytics?token=${TOKEN}`, { 'x-forwarded-proto': 'https' });
      expect(res.statusCode).toBe(303);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    });

    it(`[${database.name}] a wrong token is refused and sets nothing`, async () => {
      for (const url of [
        '/config/analytics?token=wrong',
        `/config/analytics?token=${TOKEN}x`,
        `/config/analytics?token=${TOKEN}&token=${TOKEN}`,
        '/config/analytics.json?token=wrong',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(401);
        expect(res.headers['set-cookie'], url).toBeUndefined();
      }
      expect((await get('/config/analytics')).statusCode).toBe(401);
    });

    it(`[${database.name}] a forged, altered or expired cookie is refused`, async () => {
      const now = Date.now();
      const good = ownerSessionValue(TOKEN, now);
      const [expires, mac] = good.split('.') as [string, string];
      const forged = [
        'owner',
        TOKEN,
        ownerSessionValue('another-token', now),
        `${Number(expires) + OWNER_SESSION_MS}.${mac}`,
        `${expires}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
        ownerSessionValue(TOKEN, now - OWNER_SESSION_MS - 1000),
      ];
      for (const value of forged)
        expect((await asOwner('/config/analytics', value)).statusCode, value).toBe(401);
      expect((await asOwner('/config/analytics', good)).statusCode).toBe(200);
    });

    it(`[${database.name}] scripts still authenticate with Authorization: Bearer`, async () => {
      const res = await get(`/config/analytics.json?${RANGE}`, { authorization: `Bearer ${TOKEN}` });
      expect(res.statusCode).toBe(200);
      expect((await get('/config/analytics.json', { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    });
  });
}
