/**
 * The catalogue cache (issue 20): content read once per content version, live stock on every
 * request. Two renderers on two connections to one database stand for two instances: a content
 * sync through one is seen by the other at its next request, and so is a sale.
 */
import type { FastifyRequest } from 'fastify';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeWatch } from '../../platform/db/change-version.ts';
import { syncContent } from './content-sync.ts';
import { openDatabase } from '../../database.ts';
import { type DatabaseHandle } from '../../platform/db/index.ts';
import { loadSite } from '../../platform/site/loader.ts';
import type { ItemContent } from '../../platform/site/types.ts';
import { DATABASES, DEMO_SITE } from '../../testing/databases.ts';
import { createTemplateEngine, type Compiled } from '../../storefront/engine.ts';
import { PageCache } from '../../storefront/page-cache.ts';
import { PageRenderer } from '../../storefront/pages.ts';
import { TagBodies } from '../../platform/site/platform-tags.ts';

class StatementCounter implements KyselyPlugin {
  statements = 0;
  /** Reads of the change versions (db/change-version.ts). */
  versionReads = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.statements++;
    if (JSON.stringify(args.node).includes('"change_versions"')) this.versionReads++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

const PRODUCT = '/shop/linen-camp-shirt';

for (const database of DATABASES) {
  describe(`[${database.name}] catalogue cache`, () => {
    const engine = createTemplateEngine();
    const bodies = new TagBodies();
    const site = loadSite<Compiled>(DEMO_SITE, (source) => engine.compile(source), bodies);
    const shop = {
      origin: 'https://shop.example',
      title: String(site.content.website.siteTitle ?? ''),
      now: Date.now,
    };
    const shirt = site.content.collections
      .find((c) => c.urlId === 'shop')
      ?.items?.find((i) => i.urlId === 'linen-camp-shirt') as ItemContent;
    let cleanup: () => Promise<void>;
    const handles: DatabaseHandle[] = [];
    const instances: { renderer: PageRenderer; counter: StatementCounter; handle: DatabaseHandle }[] = [];
    beforeAll(async () => {
      const fresh = database.fresh();
      cleanup = fresh.cleanup;
      for (let n = 0; n < 2; n++) {
        const handle = await openDatabase(fresh.config);
        handles.push(handle);
        if (n === 0) await syncContent(handle.db, site.content);
        const counter = new StatementCounter();
        const renderer = new PageRenderer({
          site,
          engine,
          bodies,
          db: handle.db.withPlugin(counter),
          log: pino({ level: 'silent' }),
          cart: { currency: 'USD', websiteId: site.content.website.id },
          webBundle: { current: () => ({ script: null, stylesheets: [] }) },
          watch: new ChangeWatch(),
        });
        instances.push({ renderer, counter, handle });
      }
    });
    afterAll(async () => {
      for (const handle of handles) await handle.destroy();
      await cleanup?.();
    });
    /** Instance `n`'s product page: its HTML, its item as the JSON context has it, statements run. */
    async function productPage(n: number) {
      const { renderer, counter } = instances[n] as (typeof instances)[number];
      counter.statements = 0;
      const html = (await renderer.render({ site: shop, path: PRODUCT, query: {}, cartToken: undefined }))
        .body;
      const json = await renderer.render({
        site: shop,
        path: PRODUCT,
        query: { format: 'json' },
        cartToken: undefined,
      });
      const item = (JSON.parse(json.body) as { item: ItemContent }).item;
      return { html, item, statements: counter.statements };
    }
    const firstDb = () => (instances[0] as (typeof instances)[number]).handle.db;

    it(`[${database.name}] a page read again reads its content from memory, its stock from the database`, async () => {
      const cold = await productPage(1);
      const warm = await productPage(1);
      expect(warm.html).toBe(cold.html);
      expect(warm.statements).toBeLessThan(cold.statements);
    });

    it(`[${database.name}] a page the page cache renders reads the change versions once`, async () => {
      const { renderer, counter, handle } = instances[0] as (typeof instances)[number];
      const pageCache = new PageCache({
        db: handle.db.withPlugin(counter),
        watch: new ChangeWatch(),
        webBundle: { current: () => ({ script: null, stylesheets: [] }) },
        perVisitorCookies: [],
      });
      // An anonymous visitor's request, as the page route hands it over (URL and cookies).
      const request = { url: '/shop?page=2', cookies: {}, site: shop } as unknown as FastifyRequest;
      counter.versionReads = 0;
      await pageCache.page(request, (read) =>
        renderer.render({
          site: shop,
          path: '/shop',
          query: { page: '2' },
          cartToken: undefined,
          read,
        }),
      );
      expect(counter.versionReads).toBe(1);
      // A visitor the cache does not serve: the render reads them itself, once.
      counter.versionReads = 0;
      await renderer.render({ site: shop, path: '/shop', query: {}, cartToken: 'a-cart' });
      expect(counter.versionReads).toBe(1);
    });

    it(`[${database.name}] a content sync through one instance is seen by the other at its next request`, async () => {
      expect((await productPage(1)).html).toContain(String(shirt.title));
      const content = structuredClone(site.content);
      const changed = content.collections
        .find((c) => c.urlId === 'shop')
        ?.items?.find((i) => i.id === shirt.id) as ItemContent;
      changed.title = 'Linen Camp Shirt, Garment-Dyed';
      const sync = await syncContent(firstDb(), content);
      expect(sync.writtenRows).toBeGreaterThan(0);
      const after = await productPage(1);
      expect(after.item.title).toBe('Linen Camp Shirt, Garment-Dyed');
      expect(after.html).toContain('Linen Camp Shirt, Garment-Dyed');
    });

    it(`[${database.name}] a variant sold out through one instance reads as sold out on the other at its next request`, async () => {
      const stockOf = (item: ItemContent) =>
        (item.structuredContent?.variants ?? []).map((v) => v.qtyInStock);
      const before = await productPage(1);
      const [variant] = before.item.structuredContent?.variants ?? [];
      expect(variant?.qtyInStock).toBeGreaterThan(0);
      await firstDb()
        .updateTable('variants')
        .set({ qty_in_stock: 0 })
        .where('id', '=', String(variant?.id))
        .execute();
      const after = await productPage(1);
      expect(stockOf(after.item)[0]).toBe(0);
      expect(stockOf(after.item).slice(1)).toEqual(stockOf(before.item).slice(1));
    });
  });
}
