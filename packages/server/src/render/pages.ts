/**
 * Serves pages in four steps: route (router.ts) -> load (loader.ts: only what the page shows, and the
 * data its platform tags declare) -> plan (page-plan.ts: the JSON context) -> assemble
 * (assembler.ts: pure rendering, no I/O).
 */
import type { ConfirmedCheckoutOrder } from '@storefront/core';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { findCart, readCart, type CartSettings } from '../commerce/cart.ts';
import { CatalogueCache, type CatalogueReads, type ContentVersion } from '../db/catalogue-cache.ts';
import type { Db } from '../db/index.ts';
import type { CollectionContent, Site } from '../site/types.ts';
import type { WebBundle } from '../web-bundle.ts';
import { PageAssembler, type Assembly } from './assembler.ts';
import { collectionView } from './context.ts';
import type { Compiled, TemplateEngine } from './engine.ts';
import { loadPage, loadTagData, type Query } from './loader.ts';
import { baseContext, planPage, platformPage, type Builtins, type PagePlan } from './page-plan.ts';
import type { TagBodies } from './platform-tags.ts';
import { normalizePath, routePage } from './router.ts';

export interface PageRequest {
  /** URL path without query. */
  path: string;
  query: Query;
  cartToken: string | undefined;
  /** The signed-in customer's account id (issue 14), when there is one. */
  memberId?: string | undefined;
}

export interface PageResult {
  status: number;
  pageType: number;
  /** The HTML document, or the context JSON for `?format=json`. */
  body: string;
  contentType: string;
}

/** Sends a rendered page, its page type in `x-page-type`. */
export function sendPageResult(
  reply: FastifyReply,
  result: PageResult,
  cacheControl: 'no-cache' | 'no-store' | 'private, no-cache',
) {
  return reply
    .code(result.status)
    .header('content-type', result.contentType)
    .header('cache-control', cacheControl)
    .header('x-page-type', String(result.pageType))
    .send(result.body);
}

export interface RendererDeps {
  site: Site<Compiled>;
  engine: TemplateEngine;
  bodies: TagBodies;
  db: Db;
  log: FastifyBaseLogger;
  cart: CartSettings;
  /** The site's origin (`SITE_URL`): canonical and og:url are absolute under it, whatever Host said. */
  siteUrl: string;
  /** The browser bundle's current entry and stylesheets, linked at `/_storefront/`. */
  webBundle: WebBundle;
  /** The database's content version, which keeps catalogue reads in memory while it holds. */
  contentVersion?: ContentVersion;
}

/**
 * Tags found only once rendered (inside another tag's body, or in a partial) are loaded and the
 * page's tags expanded again, at most this many times.
 */
const MAX_TAG_ROUNDS = 3;

export class PageRenderer {
  private readonly builtins: Builtins;
  private readonly assembler: PageAssembler;
  private readonly catalogue: CatalogueCache;

  constructor(private readonly deps: RendererDeps) {
    const { engine } = deps;
    this.catalogue = new CatalogueCache(deps.contentVersion);
    this.builtins = {
      list: engine.compile(
        '<ul class="sf-collection-list">{.repeated section items}<li><a href="{fullUrl}">{title}</a></li>{.end}</ul>',
      ),
      item: engine.compile(
        '<article class="sf-item"><h1>{item.title}</h1>{.section item}{body}{.end}</article>',
      ),
      notFound: engine.compile(
        '<div class="sf-not-found"><h1>Page Not Found</h1><p>The page you are looking for does not exist.</p><p><a href="/">Home</a></p></div>',
      ),
    };
    this.assembler = new PageAssembler({
      site: deps.site,
      engine: deps.engine,
      bodies: deps.bodies,
      log: deps.log,
      currency: deps.cart.currency,
      siteUrl: deps.siteUrl,
    });
  }

  async render(req: PageRequest): Promise<PageResult> {
    const { db, site } = this.deps;
    const path = normalizePath(req.path);
    const catalogue = await this.catalogue.reads(db);
    const collections = await catalogue.collections();
    const cart = await readCart(db, await findCart(db, req.cartToken), this.deps.cart);
    const route = routePage(path, collections, site);
    const timeZone = this.assembler.renderOptions().timeZone as string;
    const data = await loadPage(catalogue, route, req.query, { site, timeZone });
    const plan = {
      ...planPage(data, { site, builtins: this.builtins, collections, cart }),
      memberId: req.memberId,
    };
    if (req.query.format === 'json' || req.query.format === 'json-pretty') {
      const pretty = req.query.format === 'json-pretty';
      return {
        status: plan.status,
        pageType: plan.pageType,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify(plan.context, null, pretty ? 2 : 0),
      };
    }
    const body = await this.renderPlan(path, plan, catalogue, collections);
    return { status: plan.status, pageType: plan.pageType, contentType: 'text/html; charset=utf-8', body };
  }

  /**
   * A page whose main content the caller made (checkout pages), inside the site's layout like the
   * cart page: `html` becomes `squarespace.main-content`; the cart pill and widget are not shown.
   */
  async renderSystemPage(req: {
    path: string;
    cartToken: string | undefined;
    status: number;
    pageType: number;
    title: string;
    html: string;
    /** The order-confirmation page's order, for the browser's purchase events. */
    confirmedOrder?: ConfirmedCheckoutOrder;
    memberId?: string | undefined;
  }): Promise<PageResult> {
    const { db, site } = this.deps;
    const path = normalizePath(req.path);
    const catalogue = await this.catalogue.reads(db);
    const collections = await catalogue.collections();
    const cart = await readCart(db, await findCart(db, req.cartToken), this.deps.cart);
    const collection: CollectionContent = platformPage(
      path.split('/').filter(Boolean).join('-') || 'system',
      req.title,
    );
    const plan: PagePlan = {
      status: req.status,
      pageType: req.pageType,
      collection,
      context: {
        ...baseContext(site, cart, collections),
        collection: collectionView(collection, 0),
        showCart: false,
      },
      inner: { html: req.html },
      products: [],
      itemId: null,
      title: { collection: req.title },
      viewClass: 'view-list',
      confirmedOrder: req.confirmedOrder,
      memberId: req.memberId,
    };
    const body = await this.renderPlan(path, plan, catalogue, collections);
    return { status: req.status, pageType: req.pageType, contentType: 'text/html; charset=utf-8', body };
  }

  /** Loads the data the page's platform tags declare, then assembles the page (no I/O in there). */
  private async renderPlan(
    path: string,
    plan: PagePlan,
    catalogue: CatalogueReads,
    collections: CollectionContent[],
  ): Promise<string> {
    const { webBundle } = this.deps;
    const layout = this.assembler.prepare(plan);
    const activeCollectionId = plan.collection.id;
    const declared = this.assembler.declaredTags(plan, layout);
    const tagData = await loadTagData(catalogue, collections, declared, activeCollectionId);
    const assembly: Assembly = { plan, path, collections, tagData, web: webBundle.current() };
    for (let round = 1; ; round++) {
      const { html, missing } = this.assembler.assemble(assembly);
      if (missing.length === 0 || round >= MAX_TAG_ROUNDS) return html;
      for (const [key, value] of await loadTagData(catalogue, collections, missing, activeCollectionId))
        tagData.set(key, value);
    }
  }
}
