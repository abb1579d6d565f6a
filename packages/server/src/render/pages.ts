import {
  escapeHtml,
  escapeHtmlAttr,
  formatMoney,
  message,
  PageType,
  type ConfirmedCheckoutOrder,
} from '@storefront/core';
import type { FastifyBaseLogger } from 'fastify';
import { findCart, readCart, type CartSettings, type ShoppingCart } from '../commerce/cart.ts';
import { listCollections, listItems } from '../db/catalogue.ts';
import type { Db } from '../db/index.ts';
import type { CollectionContent, ItemContent, Json, Site, TemplateFile } from '../site/types.ts';
import {
  browserContext,
  collectionView,
  isProduct,
  itemView,
  navigationContext,
  pageTitle,
  scriptJson,
} from './context.ts';
import type { Compiled, RenderOptions, TemplateEngine } from './engine.ts';
import { filterList, stampOf } from './list-filters.ts';
import { expandPlatformTags, type PlatformTag, type TagBodies } from './platform-tags.ts';
import { STYLE_NONCE_MARKER } from './nonce-markers.ts';
import type { WebBundle } from '../web-bundle.ts';
import type { FastifyReply } from 'fastify';

export interface PageRequest {
  /** URL path without query. */
  path: string;
  query: Record<string, string | undefined>;
  cartToken: string | undefined;
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
  cacheControl: 'no-cache' | 'no-store',
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
}

const DEFAULT_PAGE_SIZE = 20;
const MAIN_MARKER = '\u0002sf-main-content\u0003';
const CONTEXT_MARKER = '\u0002sf-page-context\u0003';

/** What one page needs to render: the root context and the inner template (or ready HTML). */
interface PagePlan {
  status: number;
  pageType: number;
  collection: CollectionContent | null;
  context: Json;
  inner: { template: Compiled | string; file: string } | { html: string };
  products: Json[];
  itemId: string | null;
  title: TitleBits;
  viewClass: string;
  confirmedOrder?: ConfirmedCheckoutOrder | undefined;
}
type TitleBits = { collection?: string; item?: string; homepage?: boolean; description?: string };

/**
 * Renders pages per template-format §1: route -> context -> inner template -> `squarespace["main-content"]`
 * -> the layout's regions -> platform tags. Templates were compiled once at start.
 */
export class PageRenderer {
  private readonly builtins: { list: Compiled; item: Compiled; notFound: Compiled };
  private readonly reported = new Set<string>();

  constructor(private readonly deps: RendererDeps) {
    const { engine } = deps;
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
  }

  async render(req: PageRequest): Promise<PageResult> {
    const path = normalizePath(req.path);
    const collections = await listCollections(this.deps.db);
    const cart = await readCart(this.deps.db, await findCart(this.deps.db, req.cartToken), this.deps.cart);
    const plan = await this.route(path, req.query, collections, cart);
    if (req.query.format === 'json' || req.query.format === 'json-pretty') {
      const pretty = req.query.format === 'json-pretty';
      return {
        status: plan.status,
        pageType: plan.pageType,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify(plan.context, null, pretty ? 2 : 0),
      };
    }
    const html = await this.assemble(path, plan, collections);
    return {
      status: plan.status,
      pageType: plan.pageType,
      contentType: 'text/html; charset=utf-8',
      body: html,
    };
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
  }): Promise<PageResult> {
    const path = normalizePath(req.path);
    const collections = await listCollections(this.deps.db);
    const cart = await readCart(this.deps.db, await findCart(this.deps.db, req.cartToken), this.deps.cart);
    const slug = path.split('/').filter(Boolean).join('-') || 'system';
    const collection: CollectionContent = {
      id: slug,
      urlId: slug,
      title: req.title,
      typeName: 'page',
      type: 7,
    };
    const plan: PagePlan = {
      status: req.status,
      pageType: req.pageType,
      collection,
      context: {
        ...this.baseContext(cart, collections),
        collection: collectionView(collection, 0),
        showCart: false,
      },
      inner: { html: req.html },
      products: [],
      itemId: null,
      title: { collection: req.title },
      viewClass: 'view-list',
      confirmedOrder: req.confirmedOrder,
    };
    const body = await this.assemble(path, plan, collections);
    return { status: req.status, pageType: req.pageType, contentType: 'text/html; charset=utf-8', body };
  }

  // ---------------------------------------------------------------- routing

  private async route(
    path: string,
    query: PageRequest['query'],
    collections: CollectionContent[],
    cart: ShoppingCart,
  ): Promise<PagePlan> {
    const base = this.baseContext(cart, collections);
    if (path === '/cart') return this.cartPage(base, cart);
    const segments = path.split('/').filter(Boolean).map(safeDecode);
    const byUrl = new Map(collections.map((c) => [c.urlId, c]));
    if (segments.length === 0) {
      const home = collections.find((c) => c.homepage) ?? collections[0];
      if (home) return this.collectionPage(base, home, query, true);
      return this.notFound(base);
    }
    const [first, second, third] = segments as [string, string | undefined, string | undefined];
    const collection = byUrl.get(first);
    if (segments.length === 1) {
      if (collection) return this.collectionPage(base, collection, query, false);
      const page = this.deps.site.template.pages[first];
      if (page && first !== 'not-found') return this.staticPage(base, first, page);
      return this.notFound(base);
    }
    const itemSlug =
      segments.length === 2 ? second : segments.length === 3 && second === 'p' ? third : undefined;
    if (collection && itemSlug) return this.itemPage(base, collection, itemSlug);
    return this.notFound(base);
  }

  private baseContext(cart: ShoppingCart, collections: CollectionContent[]): Json {
    const { content } = this.deps.site;
    // The template's cart widget shows when the site sells something.
    const hasStore = collections.some((c) => c.typeName === 'products');
    return {
      website: content.website,
      websiteSettings: content.websiteSettings,
      localizedStrings: content.localizedStrings,
      items: [],
      shoppingCart: cart,
      showCart: hasStore,
      userAccountsContext: { showSignInLink: false },
      template: { mobileStylesEnabled: true },
      productMerchandisingContext: {},
      empty: false,
    };
  }

  private async collectionPage(
    base: Json,
    collection: CollectionContent,
    query: PageRequest['query'],
    homepage: boolean,
  ): Promise<PagePlan> {
    const all = await listItems(this.deps.db, collection.id);
    const tpl = this.deps.site.template.collections[collection.typeName];
    const conf = (tpl?.conf ?? {}) as Json;
    const chronological = conf.ordering === 'chronological' || collection.typeName === 'blog';
    const views = all.map((i) => itemView(collection, i));
    if (chronological) views.sort((a, b) => stampOf(b) - stampOf(a));
    // Only values the collection has take effect (list-filters.ts): the visitor's text is never echoed.
    const { items, echo, params: filters } = filterList(views, query, this.renderOptions().timeZone);
    const context: Json = { ...base, collection: collectionView(collection, all.length), ...echo };
    const pageSize = Number(collection.pageSize ?? conf.pageSize ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE;
    // Paging (template-format §1.2): chronological collections page by timestamp (`?offset=` is the
    // publishOn of the last item seen), others by position. Filters stay in the page links.
    const pageUrl = (offset: number | undefined) => {
      const params = new URLSearchParams(filters);
      if (offset !== undefined) params.set('offset', String(offset));
      const text = params.toString();
      return text ? `${collectionViewUrl(collection)}?${text}` : collectionViewUrl(collection);
    };
    const requested = Number.parseInt(query.offset ?? '', 10);
    let start = 0;
    if (Number.isFinite(requested) && requested > 0) {
      if (chronological) {
        start = items.findIndex((i) => stampOf(i) < requested);
        if (start < 0) start = items.length;
      } else start = requested;
    }
    const page = items.slice(start, start + pageSize);
    const pagination: Json = { pageSize };
    const last = page[page.length - 1];
    if (start + pageSize < items.length && last) {
      const next = chronological ? stampOf(last) : start + pageSize;
      Object.assign(pagination, { nextPage: true, nextPageOffset: next, nextPageUrl: pageUrl(next) });
    }
    if (start > 0) {
      const prevStart = Math.max(0, start - pageSize);
      const before = items[prevStart - 1];
      const prev = prevStart === 0 || !before ? undefined : chronological ? stampOf(before) : prevStart;
      Object.assign(pagination, { prevPage: true, prevPageOffset: prev ?? 0, prevPageUrl: pageUrl(prev) });
    }
    context.items = page;
    context.pagination = pagination;
    context.empty = page.length === 0;
    const products = page.filter(isProduct);
    context.productMerchandisingContext = merchandising(products);
    const isPage = collection.typeName === 'page' || typeof collection.mainContent === 'string';
    // A template page (type 7): `collection.template` (or its urlId) names a pages/<name>.page.
    const pages = this.deps.site.template.pages;
    const pageName = typeof collection.template === 'string' ? collection.template : collection.urlId;
    const templatePage =
      isPage && !tpl?.list && (collection.type === 7 || typeof collection.template === 'string')
        ? pages[pageName]
        : undefined;
    return {
      status: 200,
      pageType: isPage ? PageType.PAGE : PageType.COLLECTION,
      collection,
      context,
      inner: templatePage
        ? { template: templatePage.template.compiled, file: templatePage.template.file }
        : isPage && !tpl?.list
          ? { html: String(collection.mainContent ?? '') }
          : {
              template: tpl?.list?.compiled ?? this.builtins.list,
              file: tpl?.list?.file ?? '(built-in list)',
            },
      products,
      itemId: null,
      title: {
        collection: collection.title,
        homepage,
        description:
          typeof collection.description === 'string' ? stripTags(collection.description) : undefined,
      },
      viewClass: 'view-list',
    };
  }

  private async itemPage(base: Json, collection: CollectionContent, slug: string): Promise<PagePlan> {
    const all = await listItems(this.deps.db, collection.id);
    const tpl = this.deps.site.template.collections[collection.typeName];
    const index = all.findIndex((i) => i.urlId === slug);
    const item = all[index];
    if (!item) return this.notFound(base);
    const small = (i: ItemContent | undefined) =>
      i
        ? {
            id: i.id,
            title: i.title,
            urlId: i.urlId,
            fullUrl: itemView(collection, i).fullUrl,
            assetUrl: i.assetUrl,
          }
        : undefined;
    const view = itemView(collection, item);
    const context: Json = {
      ...base,
      collection: collectionView(collection, all.length),
      item: view,
      pagination: { prevItem: small(all[index - 1]), nextItem: small(all[index + 1]) },
      postItemInjectCode: '',
    };
    const products = isProduct(view) ? [view] : [];
    context.productMerchandisingContext = merchandising(products);
    return {
      status: 200,
      pageType: PageType.ITEM,
      collection,
      context,
      inner: {
        template: tpl?.item?.compiled ?? this.builtins.item,
        file: tpl?.item?.file ?? '(built-in item)',
      },
      products,
      itemId: item.id,
      title: {
        collection: collection.title,
        item: item.title,
        description: typeof item.excerpt === 'string' ? stripTags(item.excerpt) : undefined,
      },
      viewClass: 'view-item',
    };
  }

  private staticPage(
    base: Json,
    name: string,
    page: { template: TemplateFile<Compiled>; conf: Json },
  ): PagePlan {
    const title = typeof page.conf.title === 'string' ? page.conf.title : name;
    const collection: CollectionContent = {
      id: `page-${name}`,
      urlId: name,
      title,
      typeName: 'page',
      type: 7,
    };
    return {
      status: 200,
      pageType: PageType.PAGE,
      collection,
      context: { ...base, collection: collectionView(collection, 0) },
      inner: { template: page.template.compiled, file: page.template.file },
      products: [],
      itemId: null,
      title: {
        collection: title,
        description: typeof page.conf.description === 'string' ? page.conf.description : undefined,
      },
      viewClass: 'view-list',
    };
  }

  private notFound(base: Json): PagePlan {
    const page = this.deps.site.template.pages['not-found'];
    const title = typeof page?.conf.title === 'string' ? page.conf.title : 'Page Not Found';
    const collection: CollectionContent = {
      id: 'not-found',
      urlId: 'not-found',
      title,
      typeName: 'page',
      type: 7,
    };
    return {
      status: 404,
      pageType: PageType.NOT_FOUND,
      collection,
      context: { ...base, collection: collectionView(collection, 0) },
      inner: page
        ? { template: page.template.compiled, file: page.template.file }
        : { template: this.builtins.notFound, file: '(built-in not-found)' },
      products: [],
      itemId: null,
      title: { collection: title },
      viewClass: 'view-list',
    };
  }

  private cartPage(base: Json, cart: ShoppingCart): PagePlan {
    const ls = this.deps.site.content.localizedStrings;
    const title = message('cart.shopping-cart', {}, ls);
    const collection: CollectionContent = { id: 'cart', urlId: 'cart', title, typeName: 'page', type: 7 };
    const root = `<div id="sqs-cart-root" class="sqs-cart-root" data-page-type="${PageType.SHOW_CART}"></div>`;
    return {
      status: 200,
      pageType: PageType.SHOW_CART,
      collection,
      // The floating pill and the template's cart widget are not shown on the cart page (spec section 2).
      context: { ...base, collection: collectionView(collection, 0), showCart: false },
      inner: { html: `${root}\n<noscript>${noJsCart(cart, ls)}</noscript>` },
      products: [],
      itemId: null,
      title: { collection: title },
      viewClass: 'view-list',
    };
  }

  // ---------------------------------------------------------------- assembly

  private renderOptions(): RenderOptions {
    const { website } = this.deps.site.content;
    return {
      partials: this.deps.site.template.partials,
      locale: typeof website.language === 'string' ? website.language : 'en-US',
      timeZone: typeof website.timeZone === 'string' ? website.timeZone : 'America/New_York',
      now: Date.now(),
    };
  }

  private renderTemplate(template: Compiled | string, context: Json, file: string): string {
    const { output, errors } = this.deps.engine.render(template, context, this.renderOptions());
    // Each distinct problem is logged once (a page with a bad helper would otherwise log on every view).
    const fresh = errors.filter((e) => {
      const key = `${file}:${e.line}:${e.column}:${e.code}`;
      if (this.reported.has(key) || this.reported.size > 10_000) return false;
      this.reported.add(key);
      return true;
    });
    if (fresh.length > 0) {
      this.deps.log.warn(
        { file, errors: fresh.slice(0, 5) },
        `template ${file}: ${fresh.length} render error(s)`,
      );
    }
    return output;
  }

  private async assemble(path: string, plan: PagePlan, collections: CollectionContent[]): Promise<string> {
    const { site } = this.deps;
    const { content, template } = site;
    const ctx = plan.context;
    const collection = plan.collection;
    const regionName =
      typeof collection?.regionName === 'string' && template.layouts[collection.regionName]
        ? collection.regionName
        : 'default';
    const layout = template.layouts[regionName] ?? (template.layouts.default as TemplateFile<Compiled>);
    const siteTitle = String(content.website.siteTitle ?? '');
    const title = pageTitle(content.websiteSettings, { site: siteTitle, ...plan.title });
    const classes = [
      collection ? `collection-${collection.id}` : '',
      collection ? `collection-type-${collection.typeName}` : '',
      `collection-layout-${regionName}`,
      plan.title.homepage ? 'homepage' : '',
      plan.viewClass,
      'mobile-style-available',
      `native-currency-code-${this.deps.cart.currency.toLowerCase()}`,
      plan.pageType === PageType.NOT_FOUND ? 'sf-not-found-page' : '',
      plan.pageType === PageType.SHOW_CART ? 'sf-cart-page' : '',
    ].filter(Boolean);
    const description =
      plan.title.description ??
      (typeof content.website.siteDescription === 'string' ? stripTags(content.website.siteDescription) : '');
    const web = this.deps.webBundle.current();
    const headers = [
      '<meta charset="utf-8">',
      `<title>${escapeHtml(title)}</title>`,
      description ? `<meta name="description" content="${escapeHtmlAttr(description)}">` : '',
      `<link rel="canonical" href="${escapeHtmlAttr(this.deps.siteUrl + path)}">`,
      `<meta property="og:url" content="${escapeHtmlAttr(this.deps.siteUrl + path)}">`,
      `<meta property="og:site_name" content="${escapeHtmlAttr(siteTitle)}">`,
      `<meta property="og:title" content="${escapeHtmlAttr(title)}">`,
      `<meta property="og:type" content="${plan.pageType === PageType.ITEM ? (plan.products.length ? 'product' : 'article') : 'website'}">`,
      plan.status === 404 ? '<meta name="robots" content="noindex">' : '',
      `<link rel="stylesheet" href="/site.css?v=${template.revision}">`,
      ...web.stylesheets.map((file) => `<link rel="stylesheet" href="/_storefront/${file}">`),
      // Filled in last: products rendered by <squarespace:query> tags belong in it too.
      `<script id="storefront-context" type="application/json">${CONTEXT_MARKER}</script>`,
      // The response's style nonce, for the <style> element ALTCHA adds (http/security-headers.ts).
      `<meta name="csp-nonce" content="${STYLE_NONCE_MARKER}">`,
    ]
      .filter(Boolean)
      .join('\n');
    const footers = web.script ? `<script type="module" src="/_storefront/${web.script}"></script>` : '';
    ctx.squarespace = {
      'main-content': MAIN_MARKER,
      'page-classes': classes.join(' '),
      'page-id': plan.itemId ? `item-${plan.itemId}` : `collection-${collection?.id ?? 'none'}`,
      'page-title': title,
      'cart-classes': '',
      'template-revision': template.revision,
      headers,
      footers,
    };
    ctx['squarespace-headers'] = headers;
    ctx['squarespace-footers'] = footers;

    const products = new Map(plan.products.map((p) => [String(p.id), p]));
    const expand = (output: string) =>
      expandPlatformTags(output, this.deps.bodies, (tag) =>
        this.expandTag(tag, ctx, path, collections, collection?.id ?? null, products),
      );
    const inner =
      'html' in plan.inner
        ? plan.inner.html
        : await expand(this.renderTemplate(plan.inner.template, ctx, plan.inner.file));
    const document = await expand(this.renderTemplate(layout.compiled, ctx, layout.file));
    const browser = browserContext({
      pageType: plan.pageType,
      path,
      content,
      collectionId: collection?.id ?? null,
      itemId: plan.itemId,
      products: [...products.values()],
      storeCurrency: this.deps.cart.currency,
      confirmedOrder: plan.confirmedOrder,
    });
    return document.split(MAIN_MARKER).join(inner).split(CONTEXT_MARKER).join(scriptJson(browser));
  }

  /** One platform tag's HTML (template-format §2.8). */
  private async expandTag(
    tag: PlatformTag,
    root: Json,
    path: string,
    collections: CollectionContent[],
    activeCollectionId: string | null,
    products: Map<string, Json>,
  ): Promise<string> {
    const { site } = this.deps;
    const renderWith = (context: unknown, what: string): string => {
      if (tag.body !== null)
        return this.renderTemplate(tag.body, context as Json, `<squarespace:${tag.name}> body`);
      const name = tag.attrs.template;
      if (!name) return '';
      const source = site.template.partials[name.endsWith('.block') ? name : `${name}.block`];
      if (source === undefined) {
        this.deps.log.warn(`${what}: block "${name}" not found`);
        return '';
      }
      return this.renderTemplate(source, context as Json, `blocks/${name}`);
    };
    switch (tag.name) {
      case 'navigation': {
        const nav = navigationContext(
          site.content,
          collections,
          tag.attrs.navigationId ?? '',
          path,
          activeCollectionId,
        );
        return renderWith(nav, '<squarespace:navigation>');
      }
      case 'folder-navigation':
        return renderWith(
          { items: [], active: false, folderActive: false, website: site.content.website },
          '<squarespace:folder-navigation>',
        );
      case 'script': {
        const src = (tag.attrs.src ?? '').replace(/^\/+/, '');
        return src ? `<script src="/scripts/${escapeHtmlAttr(src)}"></script>` : '';
      }
      case 'block-field': {
        const classes = ['sqs-layout', 'sqs-grid-12', 'columns-12', tag.attrs.class ?? '']
          .filter(Boolean)
          .join(' ');
        return `<div class="${escapeHtmlAttr(classes)}" data-type="block-field" id="${escapeHtmlAttr(tag.attrs.id ?? '')}"></div>`;
      }
      case 'query': {
        const target = collections.find((c) => c.urlId === tag.attrs.collection);
        if (!target) return '';
        let items = (await listItems(this.deps.db, target.id)).map((i) => itemView(target, i));
        if (tag.attrs.featured === 'true') items = items.filter((i) => i.starred === true);
        const category = tag.attrs.category?.split(',').filter(Boolean);
        if (category?.length)
          items = items.filter(
            (i) =>
              Array.isArray(i.categories) && category.some((c) => (i.categories as unknown[]).includes(c)),
          );
        const tags = tag.attrs.tag?.split(',').filter(Boolean);
        if (tags?.length)
          items = items.filter(
            (i) => Array.isArray(i.tags) && tags.some((t) => (i.tags as unknown[]).includes(t)),
          );
        const skip = Math.max(0, Number(tag.attrs.skip ?? 0) || 0);
        const limit = Math.min(100, Math.max(0, Number(tag.attrs.limit ?? 100) || 100));
        items = items.slice(skip, skip + limit);
        for (const item of items) if (isProduct(item)) products.set(String(item.id), item);
        return renderWith(
          { ...root, collection: collectionView(target, items.length), items },
          '<squarespace:query>',
        );
      }
      case 'category': {
        const target = collections.find((c) => c.urlId === tag.attrs.collection);
        const items = target ? await listItems(this.deps.db, target.id) : [];
        const categories = [
          ...new Set(items.flatMap((i) => (Array.isArray(i.categories) ? (i.categories as string[]) : []))),
        ];
        return renderWith(
          { categories, collection: target ? collectionView(target, items.length) : {} },
          '<squarespace:category>',
        );
      }
      case 'related': {
        const target =
          collections.find((c) => c.id === tag.attrs.collectionId) ??
          collections.find((c) => c.id === activeCollectionId);
        const items = target
          ? (await listItems(this.deps.db, target.id)).filter((i) => i.id !== tag.attrs.itemId)
          : [];
        const limit = Math.max(0, Number(tag.attrs.limit ?? 3) || 3);
        return renderWith(
          { ...root, items: target ? items.slice(0, limit).map((i) => itemView(target, i)) : [] },
          '<squarespace:related>',
        );
      }
    }
  }
}

function merchandising(products: Json[]): Json {
  const out: Json = {};
  for (const p of products) if (p.merchandisingContext) out[String(p.id)] = p.merchandisingContext;
  return out;
}

function collectionViewUrl(c: CollectionContent): string {
  return c.homepage ? '/' : `/${c.urlId}`;
}

export function normalizePath(path: string): string {
  const p = path.replace(/\/{2,}/g, '/');
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p || '/';
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The cart page without JavaScript: the entries as a plain list (the island replaces the root). */
function noJsCart(cart: ShoppingCart, ls: Record<string, string>): string {
  const heading = `<h1>${escapeHtml(message('cart.shopping-cart', {}, ls))}</h1>`;
  if (cart.entries.length === 0)
    return `<div class="sf-cart-static">${heading}<p>${escapeHtml(message('cart.empty', {}, ls))}</p></div>`;
  const currency = cart.subtotalAmount.currencyCode;
  const rows = cart.entries
    .map((e) => {
      const variant = Object.values(e.chosenVariant.attributes).join(' / ');
      return `<li class="sf-cart-entry" data-entry-id="${escapeHtmlAttr(e.id)}"><a href="${escapeHtmlAttr(e.item.fullUrl)}">${escapeHtml(e.item.title)}</a>${variant ? ` <span class="sf-cart-variant">${escapeHtml(variant)}</span>` : ''} <span class="sf-cart-qty">${escapeHtml(message('cart.quantity', {}, ls))}: ${e.quantity}</span> <span class="sf-cart-price">${escapeHtml(formatMoney(e.unitPriceCents * e.quantity, currency))}</span></li>`;
    })
    .join('');
  return `<div class="sf-cart-static">${heading}<ul>${rows}</ul><p class="sf-cart-subtotal">${escapeHtml(message('cart.subtotal', {}, ls))}: ${escapeHtml(formatMoney(cart.subtotalCents, currency))}</p><p><a class="sf-cart-checkout" href="/checkout">${escapeHtml(message('cart.checkout', {}, ls))}</a></p></div>`;
}
