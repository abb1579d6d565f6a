/**
 * Serves pages in four steps: route (router.ts) -> load (loader.ts: only what the page shows, and the
 * data its platform tags declare) -> plan (page-plan.ts: the JSON context) -> assemble
 * (assembler.ts: pure rendering, no I/O).
 */
import { PageType, type ConfirmedCheckoutOrder } from '@storefront/core';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { findCart, readCart, type CartSettings } from '../commerce/cart.ts';
import { CatalogueCache, type CatalogueReads } from '../db/catalogue-cache.ts';
import { changeKey, ReadKeys, type ChangeWatch } from '../db/change-version.ts';
import type { Db } from '../db/index.ts';
import { ratingSummary, reviewsEnabled, type RatingSummary } from '../db/reviews.ts';
import type { Member } from '../http/session.ts';
import type { CollectionContent, ItemContent, Json, Site } from '../site/types.ts';
import { systemTemplates, UNKNOWN_TYPE_ITEM, UNKNOWN_TYPE_LIST } from '../site/system/index.ts';
import type { WebBundle } from '../web-bundle.ts';
import { PageAssembler, type Assembly } from './assembler.ts';
import { blocksPageTemplate } from './blocks.ts';
import { loadSocial } from './comments.ts';
import {
  authenticatedAccount,
  collectionUrl,
  collectionView,
  isProduct,
  itemUrl,
  type AuthenticatedAccount,
} from './context.ts';
import type { Compiled, TemplateEngine } from './engine.ts';
import { ICS_CONTENT_TYPE, ICS_FORMAT, icsCalendar } from './events.ts';
import { loadPage, loadTagData, type PageData, type Query } from './loader.ts';
import { folderRedirect } from './navigation.ts';
import { baseContext, planPage, platformPage, stripTags, type Builtins, type PagePlan } from './page-plan.ts';
import type { TagBodies } from './platform-tags.ts';
import { normalizePath, routePage } from './router.ts';
import { pageSeo, type SeoPage, type SeoSite } from '../seo/json-ld.ts';
import { SitePageContent, type PageLanguage } from '../sitecontent/page-content.ts';
import { FEED_TYPES, imageEnclosures, RSS_CONTENT_TYPE, rssFeed } from '../seo/rss.ts';

export interface PageRequest {
  /** URL path without query. */
  path: string;
  query: Query;
  cartToken: string | undefined;
  /** The signed-in customer (issue 14), as the session read them, when there is one. */
  member?: PageMember | undefined;
  /**
   * The change versions the request read, recording the keys of what the page shows, when the page
   * cache keeps it (db/change-version.ts); else read here.
   */
  read?: ReadKeys | undefined;
}

/** What a page shows of the signed-in customer: read with the session, no query of its own. */
export type PageMember = Pick<Member, 'accountId' | 'name' | 'email'>;

export interface PageResult {
  status: number;
  pageType: number;
  /** The HTML document, or the context JSON for `?format=json`. */
  body: string;
  contentType: string;
  /** Where a redirect (a folder sending its visitors to its first child) points. */
  location?: string;
}

/** Sends a rendered page, its page type in `x-page-type`. */
export function sendPageResult(
  reply: FastifyReply,
  result: PageResult,
  cacheControl: 'no-cache' | 'no-store' | 'private, no-cache',
) {
  if (result.location !== undefined) reply.header('location', result.location);
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
  /** The change keys' versions, which keep catalogue reads in memory while they hold. */
  watch?: ChangeWatch;
  /** "Now" for upcoming and past events and the `.ics` stamp; the system clock unless a test gives one. */
  clock?: () => number;
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
  private readonly edited: SitePageContent;

  constructor(private readonly deps: RendererDeps) {
    const { engine } = deps;
    this.catalogue = new CatalogueCache();
    this.edited = new SitePageContent(deps.site);
    const system = systemTemplates<Compiled>((source) => engine.compile(source), deps.bodies);
    this.builtins = {
      list: engine.compile(UNKNOWN_TYPE_LIST),
      item: engine.compile(UNKNOWN_TYPE_ITEM),
      notFound: engine.compile(
        '<div class="sf-not-found"><h1>Page Not Found</h1><p>The page you are looking for does not exist.</p><p><a href="/">Home</a></p></div>',
      ),
      blocksPage: blocksPageTemplate(engine, deps.bodies),
      system: system.collections,
    };
    this.assembler = new PageAssembler({
      site: deps.site,
      engine: deps.engine,
      bodies: deps.bodies,
      log: deps.log,
      currency: deps.cart.currency,
      siteUrl: deps.siteUrl,
      systemPartials: system.partials,
    });
  }

  async render(req: PageRequest): Promise<PageResult> {
    const { db } = this.deps;
    const path = normalizePath(req.path);
    const read = await this.readKeysOf(req.read);
    const catalogue = this.catalogue.reads(db, read);
    const collections = await catalogue.collections();
    const cart = await readCart(db, await findCart(db, req.cartToken), this.deps.cart, req.member);
    const account = signedInAccount(req.member);
    // A page in another language than the default is the default's page under its prefix.
    read?.add(changeKey.settings);
    const language = this.edited.pageLanguage(
      await this.edited.read(db, read?.snapshot),
      path,
      this.deps.siteUrl,
    );
    const site = siteInLanguage(this.deps.site, language);
    const route = routePage(language.path, collections, site);
    const redirect =
      route.kind === 'collection' ? this.folderRedirect(route.collection, collections) : undefined;
    if (redirect !== undefined) {
      // In the language the visitor is reading (its path prefix, if any).
      const prefix = path.slice(0, path.length - language.path.length);
      return {
        status: 302,
        pageType: PageType.COLLECTION,
        contentType: 'text/plain; charset=utf-8',
        body: '',
        location: prefix + redirect,
      };
    }
    const timeZone = this.assembler.renderOptions().timeZone as string;
    const now = this.deps.clock ?? Date.now;
    // Comment and like counts, and an item's thread, from the database (render/comments.ts).
    const data = await loadSocial(
      db,
      await loadPage(catalogue, route, req.query, { site, timeZone, now }),
      site.content.websiteSettings,
      read,
    );
    // A product's approved reviews (issue 17), read live: moderating one moves its reviews key.
    const showsRating =
      data.kind === 'item' && isProduct(data.item) && reviewsEnabled(site.content.websiteSettings);
    if (showsRating) read?.add(changeKey.reviews(data.item.id));
    const rating = showsRating ? await ratingSummary(db, data.item.id) : undefined;
    const planned = planPage(data, {
      site,
      builtins: this.builtins,
      collections,
      cart,
      account,
      edited: language.context,
      rating,
    });
    const plan = {
      ...planned,
      memberId: req.member?.accountId,
      seo: pageSeo(seoPage(data, rating), this.seoSite()),
      language: {
        tag: language.tag,
        localizedStrings: language.localizedStrings,
        alternates: planned.status === 200 ? language.alternates : [],
      },
    };
    if (req.query.format === 'json' || req.query.format === 'json-pretty') {
      read?.add(changeKey.headerFooter);
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
    if (req.query.format === ICS_FORMAT && data.kind === 'item' && data.collection.typeName === 'events')
      return this.eventCalendar(data.collection, data.item, now());
    read?.add(changeKey.headerFooter);
    const mainContentOnly = req.query.format === 'main-content';
    const body = await this.renderPlan(path, plan, catalogue, collections, mainContentOnly);
    return { status: plan.status, pageType: plan.pageType, contentType: 'text/html; charset=utf-8', body };
  }

  /** The request's change versions, read once for the catalogue and the edited content alike. */
  private async readKeysOf(given: ReadKeys | undefined): Promise<ReadKeys | undefined> {
    if (given !== undefined || !this.deps.watch) return given;
    return new ReadKeys(await this.deps.watch.read(this.deps.db));
  }

  private folderRedirect(
    collection: CollectionContent,
    collections: CollectionContent[],
  ): string | undefined {
    const ownPage = this.deps.site.template.collections[collection.typeName]?.list !== undefined;
    return folderRedirect(collection, collections, ownPage);
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

  /** An event's `.ics` download (render/events.ts). */
  private eventCalendar(collection: CollectionContent, item: ItemContent, now: number): PageResult {
    const body = icsCalendar(item, {
      siteUrl: this.deps.siteUrl,
      url: itemUrl(collection, item),
      now,
      description: typeof item.excerpt === 'string' ? stripTags(item.excerpt) : '',
    });
    return { status: 200, pageType: PageType.ITEM, contentType: ICS_CONTENT_TYPE, body };
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
    member?: PageMember | undefined;
    /**
     * The template's own page for it (pages/<name>.page, e.g. `search`), rendered with `context`
     * added to the page's; `html` is used when the template has none.
     */
    templatePage?: { name: string; context: Json } | undefined;
    /** The main content alone, without the layout (a fragment the browser places, e.g. the popup overlay). */
    mainContentOnly?: boolean;
  }): Promise<PageResult> {
    const { db, site } = this.deps;
    const path = normalizePath(req.path);
    const read = await this.readKeysOf(undefined);
    const catalogue = this.catalogue.reads(db, read);
    const collections = await catalogue.collections();
    const cart = await readCart(db, await findCart(db, req.cartToken), this.deps.cart, req.member);
    const account = signedInAccount(req.member);
    // Platform pages are in the default language: they show the header and footer alone.
    const { siteHeaderFooter } = this.edited.pageLanguage(
      await this.edited.read(db, read?.snapshot),
      '/',
      '',
    ).context;
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
        ...baseContext(site, cart, collections, account, siteHeaderFooter ? { siteHeaderFooter } : {}),
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
      memberId: req.member?.accountId,
    };
    const body = await this.renderPlan(path, plan, catalogue, collections, req.mainContentOnly);
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

/** The site as a page in `language` sees it: that language's strings, and its tag as the site's. */
function siteInLanguage(site: Site<Compiled>, language: PageLanguage): Site<Compiled> {
  const { content } = site;
  return {
    ...site,
    content: {
      ...content,
      website: { ...content.website, language: language.tag },
      localizedStrings: language.localizedStrings,
    },
  };
}

/** The signed-in customer's name and address for `authenticatedAccount`; none when signed out. */
function signedInAccount(member: PageMember | undefined): AuthenticatedAccount | undefined {
  return member && authenticatedAccount({ id: member.accountId, name: member.name, email: member.email });
}

/** What the head describes of a page (seo/json-ld.ts). */
function seoPage(data: PageData, rating: RatingSummary | undefined): SeoPage {
  switch (data.kind) {
    case 'collection':
      return data.homepage ? { kind: 'home' } : { kind: 'collection', collection: data.collection };
    case 'item':
      return {
        kind: 'item',
        collection: data.collection,
        item: data.item,
        url: itemUrl(data.collection, data.item),
        rating,
      };
    default:
      return { kind: 'other' };
  }
}
