/**
 * The sitemap of a catalogue larger than one read: items come from SQL in batches (keyset after
 * the first), so every product must be listed exactly once across batch and child-sitemap limits.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { syncContent } from '../catalogue/content-sync.ts';
import { loadContent } from '../../platform/site/loader.ts';
import { grownProducts } from '../../testing/big-catalogue.ts';
import { DATABASES, DEMO_SITE, openFresh } from '../../testing/databases.ts';
import { seoRoutes } from './routes.ts';
import { registerTestSite } from '../../testing/site-context.ts';

const SITE_URL = 'https://shop.example';
const PRODUCTS = 2_345;

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);

for (const database of DATABASES) {
  describe(`[${database.name}] sitemap of a big catalogue`, () => {
    it(
      `[${database.name}] lists each of ${PRODUCTS} products once, whole and split into child sitemaps`,
      { timeout: 120_000 },
      async () => {
        const { handle, cleanup } = await openFresh(database);
        const content = loadContent(DEMO_SITE);
        const shop = content.collections.find((c) => c.urlId === 'shop');
        if (!shop?.items) throw new Error('the demo has no shop');
        shop.items = [...grownProducts(shop.items, PRODUCTS)];
        const products = shop.items.map((item) => `${SITE_URL}/shop/${item.urlId}`);
        await syncContent(handle.db, content);
        const serve = async (urlsPerSitemap?: number) => {
          const app = Fastify({ logger: false });
          registerTestSite(app, { origin: SITE_URL });
          await app.register(seoRoutes, {
            db: handle.db,
            templatePages: [],
            ...(urlsPerSitemap ? { urlsPerSitemap } : {}),
          });
          return app;
        };
        const whole = await serve();
        const split = await serve(1_000);
        try {
          const all = locsOf((await whole.inject({ method: 'GET', url: '/sitemap.xml' })).body);
          expect(new Set(all).size).toBe(all.length);
          for (const url of products) expect(all).toContain(url);

          const index = await split.inject({ method: 'GET', url: '/sitemap.xml' });
          const children = locsOf(index.body);
          expect(children).toHaveLength(Math.ceil(all.length / 1_000));
          const listed: string[] = [];
          for (const child of children) {
            const { pathname, search } = new URL(child);
            listed.push(...locsOf((await split.inject({ method: 'GET', url: pathname + search })).body));
          }
          expect(listed).toEqual(all);
        } finally {
          await whole.close();
          await split.close();
          await cleanup();
        }
      },
    );
  });
}
