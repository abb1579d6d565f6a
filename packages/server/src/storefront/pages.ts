/**
 * Serves pages plan first: route (router.ts) -> the reads the route declares (page-plan.ts
 * `declareReads`) -> one load (loader.ts: only what the page shows, and the data of the platform
 * tags its templates write) -> the plan (page-plan.ts: the JSON context) -> assemble (assembler.ts:
 * pure rendering, no I/O).
 */
import { PageType } from '@storefront/core';
import type { FastifyBaseLogger } from 'fastify';
import { findCart, readCart, type CartSettings } from '../modules/cart/index.ts';
import { CatalogueCache, movedCollectionPath, type CatalogueReads } from '../modules/catalogue/index.ts';
import {
  changeKey,
  ReadKeys,
  type ChangeWatch,
  type KeptWhileUnchanged,
} from '../platform/db/change-version.ts';
import type { Db } from '../platform/db/index.ts';
import type { RatingSummary } from '../modules/reviews/index.ts';
import { sendPageResult, type PageResult } from '../platform/http/page-result.ts';
import type { CollectionContent, ItemContent, Json, Site } from '../platform/site/types.ts';
import {
  localizedText,
  systemTemplates,
  SystemPageRegistry,
  UNKNOWN_TYPE_ITEM,
  UNKNOWN_TYPE_LIST,
} from '../platform/site/system/index.ts';
import type { WebBundle } from '../web-bundle.ts';
import { websiteAsRequested } from '../platform/site/context.ts';
import type { PageCache } from './page-cache.ts';
import { PageAssembler, type Assembly } from './assembler.ts';
import { blocksPageTemplate } from './blocks.ts';
import {
  authenticatedAccount,
  collectionUrl,
  collectionView,
  itemUrl,
  type AuthenticatedAccount,
} from './context.ts';
import type { Compiled, TemplateEngine } from './engine.ts';
import { ICS_CONTENT_TYPE, ICS_FORMAT, icsCalendar } from './events.ts';
import { loadReads, loadTagData, type PageData, type Query, type TagData } from './loader.ts';
import { folderRedirect } from './navigation.ts';
import {
  baseContext,
  declareReads,
  planPage,
  platformPage,
  stripTags,
  type Builtins,
  type PagePlan,
} from './page-plan.ts';
import type { TagBodies } from '../platform/site/platform-tags.ts';
import { normalizePath, routePage } from './router.ts';
import {
  FEED_TYPES,
  pageSeo,
  RSS_CONTENT_TYPE,
  rssFeed,
  type Enclosure,
  type SeoPage,
  type SeoSite,
} from '../modules/seo/index.ts';
import { liveNavigation, SitePageContent, type PageLanguage } from '../modules/content/index.ts';

declare module '../platform/site/context.ts' {
  interface SiteCaches {
    /** The site's pages, rendered from its template with its catalogue cache. */
    renderer: PageRenderer;
    /** Pages every anonymous visitor of the site gets, kept while what they show holds. */
    pages: PageCache;
  }
}

import type {
  PageMember,
  PageSite,
  SystemPageRender,
  SystemPageRenderer,
} from '../platform/site/page-renderer.ts';

export type { PageMember, PageSite };

export interface PageRequest {
  /** The site the page is for (the request's `request.site`). */
  site: PageSite;
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
  /**
   * Staff's preview (storefront/preview.ts): this item shows at its address as saved, draft or
   * not, and every read goes to the database (nothing of it is kept for visitors).
   */
  preview?: PreviewItem | undefined;
}

/** An item shown in place of what visitors see at its address. */
export interface PreviewItem {
  collectionId: string;
  item: ItemContent;
  position: number;
}

/** The catalogue's reads, with the previewed item found at its address. */
function withPreview(reads: CatalogueReads, preview: PreviewItem | undefined): CatalogueReads {
  if (!preview) return reads;
  return {
    ...reads,
    findItem: async (collectionId, urlId) =>
      collectionId === preview.collectionId && urlId === preview.item.urlId
        ? { item: preview.item, position: preview.position }
        : reads.findItem(collectionId, urlId),
  };
}

export { sendPageResult, type PageResult };

export interface RendererDeps {
  site: Site<Compiled>;
  engine: TemplateEngine;
  bodies: TagBodies;
  db: Db;
  log: FastifyBaseLogger;
  cart: CartSettings;
  /** The browser bundle's current entry and stylesheets, linked at `/_storefront/`. */
  webBundle: WebBundle;
  /** The change keys' versions, which keep catalogue reads in memory while they hold. */
  watch?: ChangeWatch;
  /** "Now" for upcoming and past events and the `.ics` stamp; the system clock unless a test gives one. */
  clock?: () => number;
}

export class PageRenderer implements SystemPageRenderer {
  private readonly builtins: Builtins;
  private readonly assembler: PageAssembler;
  private readonly catalogue: CatalogueCache;
  private readonly edited: SitePageContent;
  /** The navigation document staff edit, read per version of its change key. */
  private readonly navigation: KeptWhileUnchanged<Site<Compiled>['content']['navigation']>;
  /** The platform's pages (search, checkout, account…), registered by their modules at start. */
  readonly systemPages: SystemPageRegistry<Compiled>;

  constructor(private readonly deps: RendererDeps) {
    const { engine } = deps;
    this.systemPages = new SystemPageRegistry<Compiled>((source) => engine.compile(source), deps.bodies);
    this.catalogue = new CatalogueCache();
    this.edited = new SitePageContent(deps.site);
    this.navigation = liveNavigation();
    const system = systemTemplates<Compiled>((source) => engine.compile(source), deps.bodies);
    this.builtins = {
      list: engine.compile(UNKNOWN_TYPE_LIST),
      item: engine.compile(UNKNOWN_TYPE_ITEM),
      notFound: engine.compile(
        `<div class="sf-not-found"><h1>${localizedText('system.page-not-found')}</h1><p>${localizedText('system.page-not-found-text')}</p><p><a href="/">${localizedText('system.home')}</a></p></div>`,
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
      systemPartials: system.partials,
    });
  }

  /**
   * A page in three steps: its reads declared from its route (page-plan.ts), all made in one load
   * (loader.ts), then the page rendered from what they returned, with no read of its own.
   */
  async render(req: PageRequest): Promise<PageResult> {
    const loaded = await this.load(req);
    return 'redirect' in loaded ? loaded.redirect : this.present(loaded);
  }

  /** Every read of the page: the site's (routing needs them) and those its route declares. */
  private async load(req: PageRequest): Promise<LoadedRequest | { redirect: PageResult }> {
    const { db } = this.deps;
    const path = normalizePath(req.path);
    const read = req.preview ? undefined : await this.readKeysOf(req.read);
    const now = this.deps.clock ?? (() => req.site.now());
    const catalogue = withPreview(this.catalogue.reads(db, now(), read), req.preview);
    const collections = await catalogue.collections();
    // A page in another language than the default is the default's page under its prefix.
    read?.add(changeKey.settings);
    const language = this.edited.pageLanguage(
      await this.edited.read(db, read?.snapshot),
      path,
      req.site.origin,
    );
    const site = siteInLanguage(this.deps.site, language, req.site);
    const route = routePage(language.path, collections, site);
    // In the language the visitor is reading (its path prefix, if any).
    const prefix = path.slice(0, path.length - language.path.length);
    const redirect =
      route.kind === 'collection' ? this.folderRedirect(route.collection, collections) : undefined;
    if (redirect !== undefined) {
      return {
        redirect: {
          status: 302,
          pageType: PageType.COLLECTION,
          contentType: 'text/plain; charset=utf-8',
          body: '',
          location: prefix + redirect,
        },
      };
    }
    // A store page whose slug changed: its old address and its products' old addresses move for good.
    const moved = route.kind === 'not-found' ? await movedCollectionPath(db, language.path) : undefined;
    if (moved !== undefined) {
      const search = new URLSearchParams(
        Object.entries(req.query).flatMap(([key, value]): [string, string][] =>
          value === undefined ? [] : [[key, value]],
        ),
      ).toString();
      return {
        redirect: {
          status: 301,
          pageType: PageType.COLLECTION,
          contentType: 'text/plain; charset=utf-8',
          body: '',
          location: prefix + moved + (search ? `?${search}` : ''),
        },
      };
    }
    const reads = declareReads(route, req, {
      websiteSettings: site.content.websiteSettings,
      hasFeed: (typeName) => FEED_TYPES.has(typeName),
    });
    const timeZone = this.assembler.renderOptions().timeZone as string;
    const { data, cart, rating, enclosures } = await loadReads(reads, {
      catalogue,
      db,
      cart: this.deps.cart,
      load: { site, timeZone, now },
      siteDir: site.dir,
      origin: req.site.origin,
      read,
    });
    if (data.kind === 'not-found' && route.kind === 'item') {
      const moved = await this.movedItemUrl(catalogue, collections, route.collection.id, route.slug);
      if (moved !== undefined) {
        const prefix = path.slice(0, path.length - language.path.length);
        return {
          redirect: {
            status: 301,
            pageType: PageType.ITEM,
            contentType: 'text/plain; charset=utf-8',
            body: '',
            location: prefix + moved,
          },
        };
      }
    }
    const planned = planPage(data, {
      site,
      builtins: this.builtins,
      collections,
      cart,
      account: signedInAccount(req.member),
      edited: language.context,
      rating,
    });
    const plan: PagePlan = {
      ...planned,
      memberId: req.member?.accountId,
      seo: pageSeo(seoPage(data, rating), this.seoSite(req.site)),
      language: {
        tag: language.tag,
        localizedStrings: language.localizedStrings,
        alternates: planned.status === 200 ? language.alternates : [],
      },
      reads,
    };
    const answer = answerOf(req.query.format, data, enclosures);
    // JSON and HTML show the header and footer (edited in the back office): the page depends on them.
    if (answer.kind === 'json' || answer.kind === 'html') read?.add(changeKey.headerFooter);
    read?.add(changeKey.navigation);
    const navigation = answer.kind === 'html' ? await this.navigation.read(db, read?.snapshot) : undefined;
    return {
      site: req.site,
      path,
      plan,
      data,
      answer,
      now: now(),
      collections,
      tagData:
        answer.kind === 'html' ? await this.loadTagData(plan, req.site, catalogue, collections) : new Map(),
      // The bundle's manifest is a file: looked at with the page's reads, not while it renders.
      web: this.deps.webBundle.current(),
      navigation,
    };
  }

  /** The address of the item that was at `slug` of a collection before its URL changed, if any. */
  private async movedItemUrl(
    catalogue: CatalogueReads,
    collections: CollectionContent[],
    collectionId: string,
    slug: string,
  ): Promise<string | undefined> {
    const moved = await catalogue.movedItem(collectionId, slug);
    const collection = moved && collections.find((c) => c.id === moved.collectionId);
    return collection && moved
      ? itemUrl(collection, { id: moved.itemId, urlId: moved.urlId, title: '' })
      : undefined;
  }

  /** The page from its loaded reads: no I/O. */
  private present(loaded: LoadedRequest): PageResult {
    const { plan, data, answer } = loaded;
    switch (answer.kind) {
      case 'json':
        return {
          status: plan.status,
          pageType: plan.pageType,
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify(plan.context, null, answer.pretty ? 2 : 0),
        };
      case 'feed':
        if (data.kind === 'collection')
          return this.feed(loaded.site, data.collection, data.list.items, answer.enclosures);
        break;
      case 'ics':
        if (data.kind === 'item')
          return this.eventCalendar(loaded.site, data.collection, data.item, loaded.now);
        break;
    }
    const body = this.assemble(loaded, answer.kind === 'html' && answer.mainContentOnly);
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

  private seoSite(site: PageSite): SeoSite {
    const { website } = this.deps.site.content;
    return {
      origin: site.origin,
      title: site.title,
      logoImageUrl: typeof website.logoImageUrl === 'string' ? website.logoImageUrl : undefined,
    };
  }

  /** A blog's or events collection's page of items as RSS 2.0 (seo/rss.ts), its images read before. */
  private feed(
    site: PageSite,
    collection: CollectionContent,
    items: Json[],
    enclosures: Map<string, Enclosure>,
  ): PageResult {
    const { website } = this.deps.site.content;
    const body = rssFeed({
      origin: site.origin,
      title: `${collection.title} — ${site.title}`,
      path: collectionUrl(collection),
      description: typeof collection.description === 'string' ? stripTags(collection.description) : '',
      language: typeof website.language === 'string' ? website.language : undefined,
      items,
      enclosures,
    });
    return { status: 200, pageType: PageType.COLLECTION, contentType: RSS_CONTENT_TYPE, body };
  }

  /** An event's `.ics` download (render/events.ts). */
  private eventCalendar(
    site: PageSite,
    collection: CollectionContent,
    item: ItemContent,
    now: number,
  ): PageResult {
    const body = icsCalendar(item, {
      origin: site.origin,
      url: itemUrl(collection, item),
      now,
      description: typeof item.excerpt === 'string' ? stripTags(item.excerpt) : '',
    });
    return { status: 200, pageType: PageType.ITEM, contentType: ICS_CONTENT_TYPE, body };
  }

  /**
   * A platform page (search, checkout, account…) inside the site's layout like the cart page: the
   * template's own `pages/<name>.page`, else the registered system page of that name, else `html`
   * (pages not yet made templates), becomes `squarespace.main-content`; the cart pill and widget
   * are not shown.
   */
  async renderSystemPage(req: SystemPageRender): Promise<PageResult> {
    const { db } = this.deps;
    const site = siteAsRequested(this.deps.site, req.site);
    const path = normalizePath(req.path);
    const read = await this.readKeysOf(undefined);
    const catalogue = this.catalogue.reads(db, (this.deps.clock ?? (() => req.site.now()))(), read);
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
    const named = req.templatePage?.name;
    const own =
      named === undefined
        ? undefined
        : (site.template.pages[named]?.template ?? this.systemPages.page(named));
    if (!own && req.html === undefined)
      throw new Error(`no page template ${named ?? '(unnamed)'} and no HTML`);
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
      inner: own ? { template: own.compiled, file: own.file, source: own.source } : { html: req.html ?? '' },
      products: [],
      itemId: null,
      title: { collection: req.title },
      viewClass: 'view-list',
      confirmedOrder: req.confirmedOrder,
      memberId: req.member?.accountId,
    };
    const tagData = await this.loadTagData(plan, req.site, catalogue, collections);
    const web = this.deps.webBundle.current();
    read?.add(changeKey.navigation);
    const navigation = await this.navigation.read(db, read?.snapshot);
    const body = this.assemble(
      { site: req.site, path, plan, collections, tagData, web, navigation },
      req.mainContentOnly,
    );
    return { status: req.status, pageType: req.pageType, contentType: 'text/html; charset=utf-8', body };
  }

  /** The data of the platform tags the page's templates write, loaded with the page. */
  private loadTagData(
    plan: PagePlan,
    site: PageSite,
    catalogue: CatalogueReads,
    collections: CollectionContent[],
  ): Promise<Map<string, TagData | undefined>> {
    const declared = this.assembler.declaredTags(plan, this.assembler.prepare(plan), site);
    return loadTagData(catalogue, collections, declared, plan.collection.id);
  }

  /** The page's HTML from its plan and loaded tag data: no I/O. */
  private assemble(
    page: Pick<LoadedRequest, 'site' | 'path' | 'plan' | 'collections' | 'tagData' | 'web' | 'navigation'>,
    mainContentOnly = false,
  ): string {
    const { html, missing } = this.assembler.assemble({ ...page, mainContentOnly });
    // Templates' tags are all declared before the page loads; one that was not shows nothing rather than read now.
    if (missing.length > 0)
      this.deps.log.warn(
        { path: page.path, tags: missing.map((tag) => ({ name: tag.name, attrs: tag.attrs })) },
        `page ${page.path}: ${missing.length} platform tag(s) not declared before rendering, shown empty`,
      );
    return html;
  }
}

/** A page's reads made, ready to render. */
interface LoadedRequest {
  site: PageSite;
  path: string;
  plan: PagePlan;
  data: PageData;
  answer: Answer;
  /** "Now" for the `.ics` stamp, read with the page. */
  now: number;
  collections: CollectionContent[];
  tagData: Map<string, TagData | undefined>;
  /** The browser bundle's entry and stylesheets, as its manifest named them when the page loaded. */
  web: Assembly['web'];
  /** The navigation document pages show now (HTML pages only). */
  navigation?: Assembly['navigation'];
}

/** What a page answers, by its `?format=`: its context, a feed, a calendar file, or the HTML page. */
type Answer =
  | { kind: 'json'; pretty: boolean }
  | { kind: 'feed'; enclosures: Map<string, Enclosure> }
  | { kind: 'ics' }
  | { kind: 'html'; mainContentOnly: boolean };

function answerOf(
  format: string | undefined,
  data: PageData,
  enclosures: Map<string, Enclosure> | undefined,
): Answer {
  if (format === 'json' || format === 'json-pretty')
    return { kind: 'json', pretty: format === 'json-pretty' };
  // Enclosures are read for a feed's page alone (page-plan.ts `declareReads`).
  if (format === 'rss' && enclosures) return { kind: 'feed', enclosures };
  if (format === ICS_FORMAT && data.kind === 'item' && data.collection.typeName === 'events')
    return { kind: 'ics' };
  return { kind: 'html', mainContentOnly: format === 'main-content' };
}

/** The site under the title and origin of the site the request is for. */
function siteAsRequested(site: Site<Compiled>, requested: PageSite): Site<Compiled> {
  const { content } = site;
  return { ...site, content: { ...content, website: websiteAsRequested(content.website, requested) } };
}

/**
 * The site as a page in `language` sees it: that language's strings, and its tag as the site's;
 * the title and origin of the site the request is for.
 */
function siteInLanguage(site: Site<Compiled>, language: PageLanguage, requested: PageSite): Site<Compiled> {
  const { content } = siteAsRequested(site, requested);
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
