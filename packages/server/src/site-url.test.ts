import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { DATABASES, startApp, type TestApp } from './testing/app.ts';
import { Shopper } from './testing/shopper.ts';

const SITE_URL = 'https://shop.example';
/** An attacker's request: its Host and forwarded host name another site. */
const HOSTILE = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

describe('SITE_URL', () => {
  it('defaults to http://localhost on the configured port', () => {
    expect(loadConfig({}).siteUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
  });

  it('is kept as an origin, without a trailing slash', () => {
    expect(loadConfig({ SITE_URL: 'https://Shop.Example/' }).siteUrl).toBe('https://shop.example');
    expect(loadConfig({ SITE_URL: 'http://shop.example:8080' }).siteUrl).toBe('http://shop.example:8080');
  });

  it('refuses at start anything but an absolute http(s) origin, naming the setting', () => {
    for (const value of [
      'shop.example',
      '/shop',
      'ftp://shop.example',
      'https://shop.example/store',
      'https://owner:secret@shop.example',
      'https://shop.example/?ref=1',
    ]) {
      expect(() => loadConfig({ SITE_URL: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ SITE_URL: value }), value).toThrow(/SITE_URL/);
    }
  });
});

for (const database of DATABASES) {
  describe(`[${database.name}] absolute URLs come from SITE_URL, never from the Host header`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // Behind one proxy, so that even X-Forwarded-Host would be believed as the request's host.
      t = await startApp(database, { siteUrl: SITE_URL, trustProxy: { hops: 1 } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`[${database.name}] an order placed with Host: evil.example gets mail whose every link is under SITE_URL`, async () => {
      const shopper = new Shopper(t);
      await shopper.request('GET', '/api/commerce/shopping-cart', undefined, HOSTILE);
      const res = await shopper.order(
        { email: 'd@example.test', name: 'Dee', item: { itemId: 'p-ebook' } },
        HOSTILE,
      );
      expect(res.statusCode).toBe(200);
      const { order } = res.json();
      const mail = await t.app.database.db
        .selectFrom('mail_outbox')
        .select('body')
        .where('ref_id', '=', order.id)
        .executeTakeFirstOrThrow();
      const links = mail.body.match(/[a-z][\w+.-]*:\/\/\S+/gi) ?? [];
      // The confirmation page (the e-book's download link comes once the order is paid: issue 27).
      expect(links).toEqual([`${SITE_URL}/checkout/order-confirmed/${order.id}`]);
      expect(mail.body).not.toContain('evil.example');
    });

    it(`[${database.name}] canonical link and og:url are absolute under SITE_URL whatever Host says`, async () => {
      for (const path of ['/', '/shop', '/shop/tee', '/journal/first-post', '/cart', '/no-such-page']) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?utm_source=x`, headers: HOSTILE });
        expect(res.body, path).toContain(`<link rel="canonical" href="${SITE_URL}${path}">`);
        expect(res.body, path).toContain(`<meta property="og:url" content="${SITE_URL}${path}">`);
        expect(res.body, path).not.toContain('evil.example');
      }
    });

    it(`[${database.name}] templates reading website.baseUrl see SITE_URL`, async () => {
      const res = await t.app.inject({ method: 'GET', url: '/?format=json', headers: HOSTILE });
      expect(res.json().website.baseUrl).toBe(SITE_URL);
    });
  });
}
