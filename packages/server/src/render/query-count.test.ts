/**
 * Issue 20: a page's queries scale with what it shows. The home page, a collection page (filtered
 * too) and a product page run the same number of statements with the demo's 14 products and with
 * 2,000, on each database, and read a bounded number of rows; the page is assembled from loaded
 * data alone (no database while rendering).
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncContent } from '../db/content-sync.ts';
import { openDatabase, type DatabaseHandle } from '../db/index.ts';
import type { CollectionContent, ItemContent, Json, Site } from '../site/types.ts';
import { loadSite } from '../site/loader.ts';
import { DATABASES, DEMO_SITE } from '../testing/databases.ts';
import { createTemplateEngine, type Compiled } from './engine.ts';
import { PageRenderer } from './pages.ts';
import { TagBodies } from './platform-tags.ts';

const DEMO_SHOP = 14;
const SMALL_SHOP = 100;
const LARGE_SHOP = 2_000;
/** Rows a page may read: a page of the list or a tag's limit, with their variants; far under the shop. */
const ROWS_SHOWN_AT_MOST = 1_000;

/** Counts every statement Kysely sends (the thing measured; the database itself is real). */
class StatementCounter implements KyselyPlugin {
  statements = 0;
  rows = 0;
  /** Statements and renders of the site's own templates, in order. */
  events: string[] = [];
  transformQuery(args: PluginTransformQueryArgs) {
    this.statements++;
    this.events.push('query');
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    this.rows += args.result.rows.length;
    return args.result;
  }
}

/** The demo site with its shop grown (or cut) to `size` products, copies of its own. */
function demoWithProducts(size: number): {
  site: Site<Compiled>;
  bodies: TagBodies;
  engine: ReturnType<typeof createTemplateEngine>;
} {
  const engine = createTemplateEngine();
  const bodies = new TagBodies();
  const site = loadSite<Compiled>(DEMO_SITE, (source) => engine.compile(source), bodies);
  const shop = site.content.collections.find((c) => c.urlId === 'shop') as CollectionContent;
  const originals = shop.items as ItemContent[];
  shop.items = Array.from({ length: size }, (_, n) => {
    const original = originals[n % originals.length] as ItemContent;
    if (n < originals.length) return original;
    const copy = JSON.parse(JSON.stringify(original)) as ItemContent;
    copy.id = `${original.id}-copy-${n}`;
    copy.urlId = `${original.urlId}-copy-${n}`;
    delete copy.fullUrl;
    for (const v of (copy.structuredContent?.variants ?? []) as Json[]) v.id = `${String(v.id)}-copy-${n}`;
    return copy;
  });
  return { site, bodies, engine };
}

for (const database of DATABASES) {
  describe(`[${database.name}] queries per page`, () => {
    const opened: { handle: DatabaseHandle; cleanup: () => Promise<void> }[] = [];
    async function rendererFor(size: number) {
      const { site, bodies, engine } = demoWithProducts(size);
      const fresh = database.fresh();
      const handle = await openDatabase(fresh.config);
      opened.push({ handle, cleanup: fresh.cleanup });
      await syncContent(handle.db, site.content);
      const counter = new StatementCounter();
      const templateFiles = new Map<unknown, string>(
        [
          ...Object.values(site.template.layouts).map((l) => ({ ...l, file: 'layout' })),
          ...Object.values(site.template.collections).flatMap((c) => [c.list, c.item]),
          ...Object.values(site.template.pages).map((p) => p.template),
        ].flatMap((t) => (t ? [[t.compiled, t.file] as const] : [])),
      );
      const renderer = new PageRenderer({
        site,
        engine: {
          compile: (source) => engine.compile(source),
          render: (template, json, options) => {
            const file = templateFiles.get(template);
            if (file) counter.events.push(`render ${file}`);
            return engine.render(template, json, options);
          },
        },
        bodies,
        db: handle.db.withPlugin(counter),
        log: pino({ level: 'silent' }),
        cart: { currency: 'USD', websiteId: site.content.website.id },
        siteUrl: 'https://shop.example',
        webBundle: { current: () => ({ script: null, stylesheets: [] }) },
      });
      const statementsFor = async (url: string) => {
        counter.statements = 0;
        counter.rows = 0;
        counter.events = [];
        const { pathname, searchParams } = new URL(url, 'https://shop.example');
        const query = Object.fromEntries(searchParams);
        const page = await renderer.render({ path: pathname, query, cartToken: undefined });
        return {
          status: page.status,
          statements: counter.statements,
          rows: counter.rows,
          events: counter.events,
        };
      };
      return { statementsFor };
    }
    let demo: Awaited<ReturnType<typeof rendererFor>>;
    let small: Awaited<ReturnType<typeof rendererFor>>;
    let large: Awaited<ReturnType<typeof rendererFor>>;
    beforeAll(async () => {
      demo = await rendererFor(DEMO_SHOP);
      small = await rendererFor(SMALL_SHOP);
      large = await rendererFor(LARGE_SHOP);
    }, 120_000);
    afterAll(async () => {
      for (const { handle, cleanup } of opened) {
        await handle.destroy();
        await cleanup();
      }
    });

    for (const path of ['/', '/shop', '/shop/linen-camp-shirt', '/shop/no-such-product']) {
      it(`[${database.name}] ${path} reads as many statements and rows with 2,000 products as with 100`, async () => {
        const few = await small.statementsFor(path);
        const many = await large.statementsFor(path);
        expect(few.status).toBe(many.status);
        expect(few.statements).toBeGreaterThan(0);
        expect(many.statements).toBe(few.statements);
        // Rows read are bounded by what the page shows (a page of the list, a tag's limit), not the shop.
        expect(many.rows).toBe(few.rows);
        expect(many.rows).toBeLessThan(ROWS_SHOWN_AT_MOST);
      });
    }

    for (const path of [
      '/',
      '/shop',
      '/shop?tag=linen',
      '/shop?category=Kitchen',
      '/shop?category=Wear&tag=apparel&author=Nell%20Okafor&month=09-2026',
      '/shop/linen-camp-shirt',
    ]) {
      it(`[${database.name}] ${path} runs as many statements with 2,000 products as with the demo's 14`, async () => {
        const few = await demo.statementsFor(path);
        const many = await large.statementsFor(path);
        expect(many.status).toBe(200);
        expect(few.status).toBe(200);
        expect(few.statements).toBeGreaterThan(0);
        expect(many.statements).toBe(few.statements);
        expect(many.rows).toBeLessThan(ROWS_SHOWN_AT_MOST);
      });
    }

    for (const [path, inner] of [
      ['/', 'template/collections/home.list'],
      ['/shop/linen-camp-shirt', 'template/collections/products.item'],
    ] as const) {
      it(`[${database.name}] ${path}: its query tags are loaded with the page, then each template renders once`, async () => {
        const { status, events } = await large.statementsFor(path);
        expect(status).toBe(200);
        const renders = events.filter((e) => e.startsWith('render '));
        expect(renders.filter((e) => e === `render ${inner}`)).toHaveLength(1);
        expect(renders.filter((e) => e === 'render layout')).toHaveLength(1);
        expect(events.lastIndexOf('query')).toBeLessThan(events.indexOf(renders[0] as string));
      });
    }
  });
}
