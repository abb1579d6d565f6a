/**
 * Issue 20: a page's queries scale with what it shows. The home page, a collection page (filtered
 * too) and a product page run the same number of statements with the demo's 14 products and with
 * 2,000, on each database, and read a bounded number of rows; the page is assembled from loaded
 * data alone (no database while rendering).
 * Issue 28: every page type makes its reads before its templates render: a statement sent once a
 * template of the site has started rendering fails the page, here (the guard below).
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import pino from 'pino';
import { PageType } from '@storefront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncContent } from '../modules/catalogue/content-sync.ts';
import { openDatabase } from '../database.ts';
import { type DatabaseHandle } from '../platform/db/index.ts';
import type { CollectionContent, ItemContent, Json, Site } from '../platform/site/types.ts';
import { loadSite } from '../platform/site/loader.ts';
import { DATABASES, DEMO_SITE } from '../testing/databases.ts';
import { createTemplateEngine, type Compiled } from './engine.ts';
import { PageRenderer } from './pages.ts';
import { declareReads } from './page-plan.ts';
import { extractPlatformTags, TagBodies } from '../platform/site/platform-tags.ts';
import { routePage } from './router.ts';

const DEMO_SHOP = 14;
const SMALL_SHOP = 100;
const LARGE_SHOP = 2_000;
/** Rows a page may read: a page of the list or a tag's limit, with their variants; far under the shop. */
const ROWS_SHOWN_AT_MOST = 1_000;
/** Statements a page may send: its site reads, cart, content, social, reviews and tags, each a constant. */
const STATEMENTS_PER_PAGE_AT_MOST = 25;

/**
 * Counts every statement Kysely sends (the thing measured; the database itself is real), and
 * refuses one sent once the page's templates have started rendering.
 */
class StatementCounter implements KyselyPlugin {
  statements = 0;
  rows = 0;
  /** Statements and renders of the site's own templates, in order. */
  events: string[] = [];
  /** Set by the first render of a template of the site: from then on the page may not read. */
  rendering = false;
  transformQuery(args: PluginTransformQueryArgs) {
    if (this.rendering) throw new Error(`a read while the page renders (after ${this.events.join(', ')})`);
    this.statements++;
    this.events.push('query');
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    this.rows += args.result.rows.length;
    return args.result;
  }
}

/**
 * A query tag in the partial the header's navigation tag renders with: found on no page's own
 * templates, but on every page.
 */
const NAVIGATION_PICKS =
  '<squarespace:query collection="shop" limit="2">{.repeated section items}<span class="nav-pick">{title}</span>{.end}</squarespace:query>';

/** The demo site with its shop grown (or cut) to `size` products, copies of its own. */
function demoWithProducts(
  size: number,
  navigationPicks = false,
): {
  site: Site<Compiled>;
  bodies: TagBodies;
  engine: ReturnType<typeof createTemplateEngine>;
} {
  const engine = createTemplateEngine();
  const bodies = new TagBodies();
  const site = loadSite<Compiled>(DEMO_SITE, (source) => engine.compile(source), bodies);
  if (navigationPicks) {
    const { partials } = site.template;
    partials['navigation.block'] =
      `${partials['navigation.block']}${extractPlatformTags(NAVIGATION_PICKS, bodies)}`;
  }
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
    async function rendererFor(size: number, navigationPicks = false) {
      const { site, bodies, engine } = demoWithProducts(size, navigationPicks);
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
      const SHOP = {
        origin: 'https://shop.example',
        title: String(site.content.website.siteTitle ?? ''),
        now: Date.now,
      };
      const renderer = new PageRenderer({
        site,
        engine: {
          compile: (source) => engine.compile(source),
          render: (template, json, options) => {
            const file = templateFiles.get(template);
            if (file) {
              counter.events.push(`render ${file}`);
              counter.rendering = true;
            }
            return engine.render(template, json, options);
          },
        },
        bodies,
        db: handle.db.withPlugin(counter),
        log: pino({ level: 'silent' }),
        cart: { currency: 'USD', websiteId: site.content.website.id },
        webBundle: { current: () => ({ script: null, stylesheets: [] }) },
      });
      const measured = async (render: () => Promise<{ status: number; body: string }>) => {
        counter.statements = 0;
        counter.rows = 0;
        counter.events = [];
        counter.rendering = false;
        const page = await render();
        return {
          status: page.status,
          body: page.body,
          statements: counter.statements,
          rows: counter.rows,
          events: counter.events,
        };
      };
      const statementsFor = (url: string) => {
        const { pathname, searchParams } = new URL(url, 'https://shop.example');
        const query = Object.fromEntries(searchParams);
        return measured(() => renderer.render({ site: SHOP, path: pathname, query, cartToken: undefined }));
      };
      /** The search page as the search route has the renderer show it (its results read before). */
      const searchStatements = () =>
        measured(() =>
          renderer.renderSystemPage({
            site: SHOP,
            path: '/search',
            cartToken: undefined,
            status: 200,
            pageType: PageType.SEARCH,
            title: 'Search',
            html: '<p class="search-results">No results</p>',
            templatePage: { name: 'search', context: { search: {} } },
          }),
        );
      return { statementsFor, searchStatements, site };
    }
    let demo: Awaited<ReturnType<typeof rendererFor>>;
    let small: Awaited<ReturnType<typeof rendererFor>>;
    let large: Awaited<ReturnType<typeof rendererFor>>;
    let picks: Awaited<ReturnType<typeof rendererFor>>;
    let largePicks: Awaited<ReturnType<typeof rendererFor>>;
    beforeAll(async () => {
      demo = await rendererFor(DEMO_SHOP);
      small = await rendererFor(SMALL_SHOP);
      large = await rendererFor(LARGE_SHOP);
      picks = await rendererFor(DEMO_SHOP, true);
      largePicks = await rendererFor(LARGE_SHOP, true);
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

    const PAGE_TYPES = [
      ['home', '/', 200],
      ['collection list', '/shop', 200],
      ['product item', '/shop/linen-camp-shirt', 200],
      ['blog list', '/journal', 200],
      ['blog item', '/journal/notes-from-the-winter-firing', 200],
      ['page', '/about', 200],
      ['404', '/no-such-page', 404],
    ] as const;

    for (const [pageType, path, status] of PAGE_TYPES) {
      it(`[${database.name}] ${pageType} (${path}): every read is made before a template renders, the same count with 2,000 products`, async () => {
        const few = await picks.statementsFor(path);
        const many = await largePicks.statementsFor(path);
        expect(few.status).toBe(status);
        expect(many.status).toBe(status);
        expect(few.statements).toBeGreaterThan(0);
        expect(few.statements).toBeLessThanOrEqual(STATEMENTS_PER_PAGE_AT_MOST);
        expect(many.statements).toBe(few.statements);
        expect(few.events.lastIndexOf('query')).toBeLessThan(
          few.events.findIndex((e) => e.startsWith('render ')),
        );
        // The partial's query tag was read with the page: its two products are in the header.
        expect(few.body.match(/<span class="nav-pick">/g)).toHaveLength(2);
      });
    }

    it(`[${database.name}] search: the page around the results reads before it renders, the same count with 2,000 products`, async () => {
      const few = await picks.searchStatements();
      const many = await largePicks.searchStatements();
      expect(few.status).toBe(200);
      expect(few.body).toContain('<p class="search-results">No results</p>');
      expect(few.statements).toBeGreaterThan(0);
      expect(few.statements).toBeLessThanOrEqual(STATEMENTS_PER_PAGE_AT_MOST);
      expect(many.statements).toBe(few.statements);
      expect(few.body.match(/<span class="nav-pick">/g)).toHaveLength(2);
    });

    it(`[${database.name}] a product page declares its reads from its route, before any is made`, () => {
      const { site } = picks;
      const route = routePage('/shop/linen-camp-shirt', site.content.collections, site);
      const reads = declareReads(
        route,
        { query: {}, cartToken: 'cart-token', member: { email: 'ada@example.com' } },
        { websiteSettings: site.content.websiteSettings, hasFeed: () => true },
      );
      expect(reads.page.route).toMatchObject({ kind: 'item', slug: 'linen-camp-shirt' });
      expect(reads.page.route.kind === 'item' && reads.page.route.collection.urlId).toBe('shop');
      expect(reads.cart).toEqual({ token: 'cart-token', member: { email: 'ada@example.com' } });
      // The demo shows comments, likes and reviews: the product's are read with it.
      expect(reads.social).toBe(true);
      expect(reads.rating).toBe(true);
      expect(reads.tagData).toBe(true);
      expect(reads.feedEnclosures).toBe(false);
    });
  });
}
