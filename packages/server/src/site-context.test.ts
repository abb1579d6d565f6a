import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteContext } from './platform/site/context.ts';
import { DATABASES, startApp, type TestApp } from './testing/app.ts';
import { Shopper } from './testing/shopper.ts';

/** Two sites one app serves: each request is for the one its host names (a test's resolver). */
const SITES = {
  'north.example': { origin: 'https://north.example', title: 'North Shop' },
  'south.example': { origin: 'https://south.example', title: 'South Shop' },
} as const;
type Host = keyof typeof SITES;

const bySiteHost = (request: FastifyRequest | undefined, install: SiteContext): SiteContext => {
  const named = SITES[request?.headers.host as Host] as (typeof SITES)[Host] | undefined;
  return named ? { ...install, origin: named.origin, title: named.title } : install;
};

const headOf = (html: string) => ({
  canonical: /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1],
  ogUrl: /<meta property="og:url" content="([^"]*)">/.exec(html)?.[1],
  siteName: /<meta property="og:site_name" content="([^"]*)">/.exec(html)?.[1],
  title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
});

for (const database of DATABASES) {
  describe(`[${database.name}] each request is for its own site: one app, two sites`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database, { siteUrl: 'https://install.example' }, { resolveSite: bySiteHost });
    });
    afterAll(async () => {
      await t?.close();
    });
    const get = (host: Host, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

    it(`[${database.name}] a page names the origin and title of the site it was asked of, cached or not`, async () => {
      // Twice each, interleaved: the second answers come from the page cache.
      for (let round = 0; round < 2; round++)
        for (const host of Object.keys(SITES) as Host[]) {
          const res = await get(host, '/shop');
          expect(res.statusCode).toBe(200);
          const head = headOf(res.body);
          expect(head.canonical).toBe(`${SITES[host].origin}/shop`);
          expect(head.ogUrl).toBe(`${SITES[host].origin}/shop`);
          expect(head.siteName).toBe(SITES[host].title);
          expect(head.title).toContain(SITES[host].title);
        }
    });

    it(`[${database.name}] the sitemap and robots.txt list the asking site's URLs`, async () => {
      for (const host of Object.keys(SITES) as Host[]) {
        const { origin } = SITES[host];
        const locs = [...(await get(host, '/sitemap.xml')).body.matchAll(/<loc>([^<]*)<\/loc>/g)].map(
          (m) => m[1],
        );
        expect(locs.length).toBeGreaterThan(0);
        expect(locs.filter((loc) => !loc?.startsWith(`${origin}/`))).toEqual([]);
        expect((await get(host, '/robots.txt')).body).toContain(`Sitemap: ${origin}/sitemap.xml`);
      }
    });

    it(`[${database.name}] an order's confirmation mail links to and names the site it was placed on`, async () => {
      const shopper = new Shopper(t);
      const host = { host: 'south.example' };
      await shopper.request('GET', '/api/commerce/shopping-cart', undefined, host);
      const res = await shopper.order(
        { email: 's@example.test', name: 'Sam', item: { itemId: 'p-ebook' } },
        host,
      );
      expect(res.statusCode).toBe(200);
      const mail = await t.app.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'body'])
        .where('ref_id', '=', res.json().order.id)
        .executeTakeFirstOrThrow();
      expect(mail.subject).toContain('South Shop');
      const links = mail.body.match(/https?:\/\/[^\s]+/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      expect(links.filter((link: string) => !link.startsWith('https://south.example/'))).toEqual([]);
    });
  });
}
