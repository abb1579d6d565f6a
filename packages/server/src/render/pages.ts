/**
 * Serves pages in four steps: route (router.ts) -> load (loader.ts: only what the page shows, and the
 * data its platform tags declare) -> plan (page-plan.ts: the JSON context) -> assemble
 * (assembler.ts: pure rendering, no I/O).
 */
import { PageType, type ConfirmedCheckoutOrder } from '@storefront/core';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { findCart, readCart, type CartSettings } from '../commerce/cart.ts';
import { CatalogueCache, type CatalogueReads, type ContentVersion } from '../db/catalogue-cache.ts';
import type { Db } from '../db/index.ts';
import type { CollectionContent, Json, Site } from '../site/types.ts';
import type { WebBundle } from '../web-bundle.ts';
import { PageAssembler, type Assembly } from './assembler.ts';
import {
  authenticatedAccount,
  collectionUrl,
  collectionView,
  itemUrl,
  type AuthenticatedAccount,
} from './context.ts';
import type { Compiled, TemplateEngine } from './engine.ts';
import { loadPage, loadTagData, type PageData, type Query } from './loader.ts';
import { baseContext, planPage, platformPage, stripTags, type Builtins, type PagePlan } from './page-plan.ts';
import type { TagBodies } from './platform-tags.ts';
import { normalizePath, routePage } from './router.ts';
import { pageSeo, type SeoPage, type SeoSite } from '../seo/json-ld.ts';
import { FEED_TYPES, imageEnclosures, RSS_CONTENT_TYPE, rssFeed } from '../seo/rss.ts';

export interface PageRequest {
  /** URL path without query. */
  path: string;
  query: Query;
  cartToken: string | undefined;
  /** The signed-in customer's account id (issue 14), when there is one. */
  memberId?: string | undefined;
  /** The content version, when the request has read it already (db/change-version.ts). */
  contentVersion?: string | undefined;
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
    const catalogue = await this.catalogue.reads(db, req.contentVersion);
    const collections = await catalogue.collections();
    const cart = await readCart(db, await findCart(db, req.cartToken), this.deps.cart);
    const account = await signedInAccount(db, req.memberId);
    const route = routePage(path, collections, site);
    const timeZone = this.assembler.renderOptions().timeZone as string;
    const data = await loadPage(catalogue, route, req.query, { site, timeZone });
    const plan = {
      ...planPage(data, { site, builtins: this.builtins, collections, cart, account }),
      memberId: req.memberId,
      seo: pageSeo(seoPage(data), this.seoSite()),
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
    if (req.query.format === 'rss' && data.kind === 'collection' && FEED_TYPES.has(data.collection.typeName))
      return this.feed(data.collection, data.list.items);
    const mainContentOnly = req.query.format === 'main-content';
    const body = await this.renderPlan(path, plan, catalogue, collections, mainContentOnly);
    return { status: plan.status, pageType: plan.pageType, contentType: 'text/html; charset=utf-8', body };
  }

  private seoSite(): SeoSite {
    const { website } = this.deps.site.content;
    return {
      siteUrl: this.deps.siteUrl,
      siteTitle: String(website.siteTitle ?? ''),
      logoImageUrl: typeof website.logoImageUrl === 'string' ? website.logoImageUrl : undefined,
      currency: this.deps.cart.currency,
    };
  }

  /** A blog's or events collection's page of items as RSS 2.0 (seo/rss.ts). */
  private async feed(collection: CollectionContent, items: Json[]): Promise<PageResult> {
    const { site, siteUrl } = this.deps;
    const { website } = site.content;
    const body = rssFeed({
      siteUrl,
      title: `${collection.title} — ${String(website.siteTitle ?? '')}`,
      path: collectionUrl(collection),
      description: typeof collection.description === 'string' ? stripTags(collection.description) : '',
      language: typeof website.language === 'string' ? website.language : undefined,
      items,
      enclosures: await imageEnclosures(site.dir, siteUrl, items),
    });
    return { status: 200, pageType: PageType.COLLECTION, contentType: RSS_CONTENT_TYPE, body };
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
    /**
     * The template's own page for it (pages/<name>.page, e.g. `search`), rendered with `context`
     * added to the page's; `html` is used when the template has none.
     */
    templatePage?: { name: string; context: Json } | undefined;
  }): Promise<PageResult> {
    const { db, site } = this.deps;
    const path = normalizePath(req.path);
    const catalogue = await this.catalogue.reads(db);
    const collections = await catalogue.collections();
    const cart = await readCart(db, await findCart(db, req.cartToken), this.deps.cart);
    const account = await signedInAccount(db, req.memberId);
    const collection: CollectionContent = platformPage(
      path.split('/').filter(Boolean).join('-') || 'system',
      req.title,
    );
    const own = req.templatePage && site.template.pages[req.templatePage.name];
    const plan: PagePlan = {
      status: req.status,
      pageType: req.pageType,
      collection,
      context: {
        ...baseContext(site, cart, collections, account),
        collection: collectionView(collection, 0),
        showCart: false,
        ...(own ? req.templatePage?.context : {}),
      },
      inner: own
        ? { template: own.template.compiled, file: own.template.file, source: own.template.source }
        : { html: req.html },
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
    mainContentOnly = false,
  ): Promise<string> {
    const { webBundle } = this.deps;
    const layout = this.assembler.prepare(plan);
    const activeCollectionId = plan.collection.id;
    const declared = this.assembler.declaredTags(plan, layout);
    const tagData = await loadTagData(catalogue, collections, declared, activeCollectionId);
    const assembly: Assembly = {
      plan,
      path,
      collections,
      tagData,
      web: webBundle.current(),
      mainContentOnly,
    };
    for (let round = 1; ; round++) {
      const { html, missing } = this.assembler.assemble(assembly);
      if (missing.length === 0 || round >= MAX_TAG_ROUNDS) return html;
      for (const [key, value] of await loadTagData(catalogue, collections, missing, activeCollectionId))
        tagData.set(key, value);
    }
  }
}

/** The signed-in customer's name and address for `authenticatedAccount`; none when signed out. */
async function signedInAccount(
  db: Db,
  memberId: string | undefined,
): Promise<AuthenticatedAccount | undefined> {
  if (memberId === undefined) return undefined;
  const row = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'email'])
    .where('id', '=', memberId)
    .where('kind', '=', 'customer')
    .executeTakeFirst();
  return row ? authenticatedAccount(row) : undefined;
}

/** What the head describes of a page (seo/json-ld.ts). */
function seoPage(data: PageData): SeoPage {
  switch (data.kind) {
    case 'collection':
      return data.homepage ? { kind: 'home' } : { kind: 'collection', collection: data.collection };
    case 'item':
      return {
        kind: 'item',
        collection: data.collection,
        item: data.item,
        url: itemUrl(data.collection, data.item),
      };
    default:
      return { kind: 'other' };
  }
}
