/**
 * A page's plan: the reads its route declares (`declareReads`), then, from what they loaded, what the
 * page renders (its root JSON context, inner template, title bits). Pure: no I/O.
 */
import { message, PageType, type ConfirmedCheckoutOrder } from '@storefront/core';
import type { Shopper, ShoppingCart } from '../modules/cart/index.ts';
import { reviewsEnabled } from '../modules/reviews/index.ts';
import { socialEnabled } from './comments.ts';
import type { Route } from './router.ts';
import type { CollectionContent, ItemContent, Json, Site, TemplateFile } from '../platform/site/types.ts';
import { collectionUrl, collectionView, isProduct, itemView, type AuthenticatedAccount } from './context.ts';
import type { Compiled } from './engine.ts';
import type { ListData, PageData, PageReads, Query } from './page-data.ts';
import { collectionWithChildren } from './navigation.ts';
import { noJsCart } from './no-js-cart.ts';
import type { SystemTemplates } from '../platform/site/system/index.ts';
import type { PageSeo } from '../modules/seo/index.ts';
import { stripTags } from '../platform/site/text.ts';

export type { PageReads } from './page-data.ts';

/** What decides a page's optional reads: the site's settings, and the collection types with a feed. */
export interface ReadSettings {
  websiteSettings: Json;
  hasFeed: (typeName: string) => boolean;
}

/** The reads of a page on `route`, declared before any is made. */
export function declareReads(
  route: Route,
  request: { query: Query; cartToken: string | undefined; member?: Shopper | undefined },
  { websiteSettings, hasFeed }: ReadSettings,
): PageReads {
  const listed = route.kind === 'collection';
  return {
    cart: { token: request.cartToken, member: request.member },
    page: { route, query: request.query },
    social: (listed || route.kind === 'item') && socialEnabled(websiteSettings),
    rating: route.kind === 'item' && reviewsEnabled(websiteSettings),
    tagData: true,
    feedEnclosures: listed && request.query.format === 'rss' && hasFeed(route.collection.typeName),
  };
}

export type TitleBits = { collection?: string; item?: string; homepage?: boolean; description?: string };

/** What one page needs to render: the root context and the inner template (or ready HTML). */
export interface PagePlan {
  status: number;
  pageType: number;
  collection: CollectionContent;
  context: Json;
  /** `source`: the template's extracted source, whose platform tags are declared before it renders. */
  inner: { template: Compiled | string; file: string; source?: string } | { html: string };
  /** The page's own products (tags add theirs when loaded). */
  products: Json[];
  itemId: string | null;
  title: TitleBits;
  viewClass: string;
  confirmedOrder?: ConfirmedCheckoutOrder | undefined;
  /** The signed-in customer's account id: the page context says `authenticated` (issue 14). */
  memberId?: string | undefined;
  /** Share image and structured data for the head (seo/json-ld.ts). */
  seo?: PageSeo | undefined;
  /** The page's language when the site has edited content (sitecontent/page-content.ts). */
  language?: PlanLanguage | undefined;
  /** What the page read to be planned, declared from its route (none for a page the caller made). */
  reads?: PageReads | undefined;
}

/** A page's language: its strings (the browser's too) and its versions in the others. */
export interface PlanLanguage {
  tag: string;
  localizedStrings: Record<string, string>;
  /** `<link rel="alternate" hreflang>` of the page. */
  alternates: readonly { hreflang: string; href: string }[];
}

export interface Builtins {
  list: Compiled;
  item: Compiled;
  notFound: Compiled;
  /** A page made of blocks (no mainContent): its `main-content` block field (render/blocks.ts). */
  blocksPage: { compiled: Compiled; source: string };
  /** The platform's list and item templates, where the site's template has none (site/system/). */
  system?: SystemTemplates<Compiled>['collections'];
}

/** The list and item a collection type renders with: the template's own, else the platform's. */
function collectionTemplates(site: Site<Compiled>, builtins: Builtins, typeName: string) {
  const own = site.template.collections[typeName];
  const system = builtins.system?.[typeName];
  return { list: own?.list ?? system?.list, item: own?.item ?? system?.item };
}

export interface PlanInput {
  site: Site<Compiled>;
  builtins: Builtins;
  collections: CollectionContent[];
  cart: ShoppingCart;
  /** The signed-in customer, when there is one. */
  account?: AuthenticatedAccount | undefined;
  /** Root keys of the content staff edit (`siteHeaderFooter`, `multilingual`; sitecontent/). */
  edited?: Json | undefined;
  /** A product page's approved reviews (issue 17), when it has any. */
  rating?: { count: number; averageRating: number } | undefined;
}

export function baseContext(
  site: Site<Compiled>,
  cart: ShoppingCart,
  collections: CollectionContent[],
  account?: AuthenticatedAccount,
  edited?: Json,
): Json {
  const { content } = site;
  return {
    website: content.website,
    websiteSettings: content.websiteSettings,
    localizedStrings: content.localizedStrings,
    items: [],
    shoppingCart: cart,
    // The template's cart widget shows when the site sells something.
    showCart: collections.some((c) => c.typeName === 'products'),
    // Customer accounts are always on: templates may link to /account/login (template-format §3).
    userAccountsContext: { showSignInLink: true },
    // Only on a signed-in customer's page, which is rendered for them alone (never the shared page cache).
    ...(account ? { authenticatedAccount: { ...account } } : {}),
    template: { mobileStylesEnabled: true },
    productMerchandisingContext: {},
    empty: false,
    ...edited,
  };
}

export function planPage(data: PageData, input: PlanInput): PagePlan {
  const base = baseContext(input.site, input.cart, input.collections, input.account, input.edited);
  switch (data.kind) {
    case 'cart':
      return cartPlan(base, input);
    case 'static':
      return staticPlan(base, input.site, data.name);
    case 'not-found':
      return notFoundPlan(base, input);
    case 'collection':
      return collectionPlan(base, input, data.collection, data.homepage, data.list, data.childItems);
    case 'item':
      return itemPlan(base, input, data);
  }
}

/** A page of the platform's own (cart, checkout) in the site's layout. */
export function platformPage(id: string, title: string): CollectionContent {
  return { id, urlId: id, title, typeName: 'page', type: 7 };
}

function collectionPlan(
  base: Json,
  { site, builtins, collections }: PlanInput,
  collection: CollectionContent,
  homepage: boolean,
  list: ListData,
  childItems: Record<string, Json[]> | undefined,
): PagePlan {
  const tpl = collectionTemplates(site, builtins, collection.typeName);
  const context: Json = {
    ...base,
    collection: collectionWithChildren(collection, collections, list.total, childItems),
    ...list.echo,
  };
  const pageUrl = (offset: number | undefined) => {
    const params = new URLSearchParams(list.filters);
    if (offset !== undefined) params.set('offset', String(offset));
    const text = params.toString();
    return text ? `${collectionUrl(collection)}?${text}` : collectionUrl(collection);
  };
  const pagination: Json = { pageSize: list.pageSize };
  if (list.nextOffset !== undefined)
    Object.assign(pagination, {
      nextPage: true,
      nextPageOffset: list.nextOffset,
      nextPageUrl: pageUrl(list.nextOffset),
    });
  if (list.previous) {
    const prev = list.previous.offset;
    Object.assign(pagination, { prevPage: true, prevPageOffset: prev ?? 0, prevPageUrl: pageUrl(prev) });
  }
  context.items = list.items;
  context.pagination = pagination;
  context.empty = list.items.length === 0;
  const products = list.items.filter(isProduct);
  context.productMerchandisingContext = merchandising(products);
  const isPage = collection.typeName === 'page' || typeof collection.mainContent === 'string';
  // A template page (type 7): `collection.template` (or its urlId) names a pages/<name>.page.
  const pageName = typeof collection.template === 'string' ? collection.template : collection.urlId;
  const templatePage =
    isPage && !tpl?.list && (collection.type === 7 || typeof collection.template === 'string')
      ? site.template.pages[pageName]
      : undefined;
  return {
    status: 200,
    pageType: isPage ? PageType.PAGE : PageType.COLLECTION,
    collection,
    context,
    inner: templatePage
      ? innerOf(templatePage.template)
      : isPage && !tpl?.list
        ? typeof collection.mainContent !== 'string' && collection.blockFields !== undefined
          ? {
              template: builtins.blocksPage.compiled,
              file: '(built-in blocks page)',
              source: builtins.blocksPage.source,
            }
          : { html: String(collection.mainContent ?? '') }
        : tpl?.list
          ? innerOf(tpl.list)
          : { template: builtins.list, file: '(built-in list)' },
    products,
    itemId: null,
    title: {
      collection: collection.title,
      homepage,
      description: typeof collection.description === 'string' ? stripTags(collection.description) : undefined,
    },
    viewClass: 'view-list',
  };
}

function itemPlan(
  base: Json,
  { site, builtins, rating }: PlanInput,
  data: Extract<PageData, { kind: 'item' }>,
): PagePlan {
  const { collection, item } = data;
  const tpl = collectionTemplates(site, builtins, collection.typeName);
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
    collection: collectionView(collection, data.total),
    item: view,
    pagination: { prevItem: small(data.previous), nextItem: small(data.next) },
    postItemInjectCode: '',
  };
  const products = isProduct(view) ? [view] : [];
  context.productMerchandisingContext = merchandising(products);
  // On the item, where its template reads it (a section does not reach the root's keys); the
  // reviews script (web) loads the reviews themselves when they come near the viewport.
  if (rating && products.length > 0)
    context.item = { ...view, productReviews: productReviewsView(item.id, rating, site) };
  return {
    status: 200,
    pageType: PageType.ITEM,
    collection,
    context,
    inner: tpl?.item ? innerOf(tpl.item) : { template: builtins.item, file: '(built-in item)' },
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

/** An item's approved reviews as its template prints them, texts in the page's language. */
function productReviewsView(
  itemId: string,
  rating: NonNullable<PlanInput['rating']>,
  site: Site<Compiled>,
): Json {
  const ls = site.content.localizedStrings;
  const language = site.content.website.language;
  const average = new Intl.NumberFormat(typeof language === 'string' ? language : 'en-US', {
    maximumFractionDigits: 1,
  }).format(rating.averageRating);
  const params = { average, count: rating.count };
  return {
    itemId,
    count: rating.count,
    averageRating: rating.averageRating,
    /** The mean as five stars, whole ones filled (the text beside them gives the decimal). */
    stars: '★'.repeat(Math.round(rating.averageRating)) + '☆'.repeat(5 - Math.round(rating.averageRating)),
    summaryText: message(rating.count === 1 ? 'review.summary-one' : 'review.summary', params, ls),
    tabTitle: message('review.tab-title', params, ls),
  };
}

function staticPlan(base: Json, site: Site<Compiled>, name: string): PagePlan {
  const page = site.template.pages[name] as NonNullable<(typeof site.template.pages)[string]>;
  const title = typeof page.conf.title === 'string' ? page.conf.title : name;
  const collection: CollectionContent = { ...platformPage(`page-${name}`, title), urlId: name };
  return {
    status: 200,
    pageType: PageType.PAGE,
    collection,
    context: { ...base, collection: collectionView(collection, 0) },
    inner: innerOf(page.template),
    products: [],
    itemId: null,
    title: {
      collection: title,
      description: typeof page.conf.description === 'string' ? page.conf.description : undefined,
    },
    viewClass: 'view-list',
  };
}

function notFoundPlan(base: Json, { site, builtins }: PlanInput): PagePlan {
  const page = site.template.pages['not-found'];
  const title =
    typeof page?.conf.title === 'string'
      ? page.conf.title
      : message('system.page-not-found', {}, site.content.localizedStrings);
  const collection = platformPage('not-found', title);
  return {
    status: 404,
    pageType: PageType.NOT_FOUND,
    collection,
    context: { ...base, collection: collectionView(collection, 0) },
    inner: page ? innerOf(page.template) : { template: builtins.notFound, file: '(built-in not-found)' },
    products: [],
    itemId: null,
    title: { collection: title },
    viewClass: 'view-list',
  };
}

function cartPlan(base: Json, { site, cart }: PlanInput): PagePlan {
  const ls = site.content.localizedStrings;
  const title = message('cart.shopping-cart', {}, ls);
  const collection = platformPage('cart', title);
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

const innerOf = ({ compiled, file, source }: TemplateFile<Compiled>) => ({
  template: compiled,
  file,
  source,
});

export function merchandising(products: Json[]): Json {
  const out: Json = {};
  for (const p of products) if (p.merchandisingContext) out[String(p.id)] = p.merchandisingContext;
  return out;
}

export { stripTags };
