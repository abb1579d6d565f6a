/**
 * Runs a page's queries before anything renders, the only place a page reads: the reads its route
 * declared (page-plan.ts `PageReads`), then its platform tags' data. Each reads only what the page shows (one item by
 * its slug, its neighbours by position, one page of a list in SQL with its filters, a platform tag's
 * items with its limit), so the number of queries per page does not grow with the catalogue. Reads go
 * through the catalogue cache (db/catalogue-cache.ts): content from memory while its change keys
 * hold, stock always live.
 */
import { findCart, readCart, type CartSettings, type ShoppingCart } from '../modules/cart/index.ts';
import { changeKey, type ReadKeys } from '../platform/db/change-version.ts';
import type { Db } from '../platform/db/index.ts';
import { ratingSummary, type RatingSummary } from '../modules/reviews/index.ts';
import { imageEnclosures, type Enclosure } from '../modules/seo/index.ts';
import { loadSocial } from './comments.ts';
import type { ListData, PageData, PageReads, Query } from './page-data.ts';
import {
  eventStartOf,
  PRODUCT_SORTS,
  type CatalogueReads,
  type ItemWhere,
  type ProductSort,
  type TermFilter,
} from '../modules/catalogue/index.ts';
import type { CollectionContent, ItemContent, Json, Site } from '../platform/site/types.ts';
import { collectionUrl, isProduct, itemView } from './context.ts';
import { decodeCursor, pageOf } from '../platform/http/cursor.ts';
import { CALENDAR_VIEW, calendarContext, calendarMonth } from './events.ts';
import { listFilters, stampOf } from './list-filters.ts';
import { childCollections } from './navigation.ts';
import type { PlatformTag } from '../platform/site/platform-tags.ts';
import type { Route } from './router.ts';

const DEFAULT_PAGE_SIZE = 20;
const LIST_FILTERS = ['category', 'tag', 'author', 'month'] as const;
/** Template-format §2.8: a query tag shows at most 100 items; related products 3 unless told. */
const QUERY_LIMIT_MAX = 100;
const RELATED_LIMIT_DEFAULT = 3;
/** Items shown of each child of an index (a list page's default size). */
const INDEX_CHILD_ITEMS = DEFAULT_PAGE_SIZE;

export type { ListData, PageData, Query } from './page-data.ts';

export interface LoadOptions {
  site: Site<unknown>;
  timeZone: string;
  /** What "now" is for upcoming and past events; the system clock unless a test gives its own. */
  now?: () => number;
}

/** Where a page's reads are made. */
export interface PageSources {
  catalogue: CatalogueReads;
  db: Db;
  cart: CartSettings;
  load: LoadOptions;
  /** The site's folder and origin, for a feed's images (`feedEnclosures`). */
  siteDir: string;
  origin: string;
  /** Records the change keys of what the page shows, when the page cache keeps it. */
  read?: ReadKeys | undefined;
}

/** What a page's declared reads returned. */
export interface LoadedPage {
  data: PageData;
  cart: ShoppingCart;
  rating: RatingSummary | undefined;
  enclosures: Map<string, Enclosure> | undefined;
}

/** Makes the reads a page declared (page-plan.ts `declareReads`), each only when declared. */
export async function loadReads(reads: PageReads, sources: PageSources): Promise<LoadedPage> {
  const { catalogue, db, load } = sources;
  const readCartOf = async () =>
    readCart(db, await findCart(db, reads.cart.token), sources.cart, reads.cart.member);
  const [page, cart] = await Promise.all([
    loadPage(catalogue, reads.page.route, reads.page.query, load),
    readCartOf(),
  ]);
  const ratedItem = reads.rating && page.kind === 'item' && isProduct(page.item) ? page.item : undefined;
  // Moderating a review moves its product's reviews key: a kept page showing the rating depends on it.
  if (ratedItem) sources.read?.add(changeKey.reviews(String(ratedItem.id)));
  const [data, rating] = await Promise.all([
    reads.social ? loadSocial(db, page, load.site.content.websiteSettings, sources.read) : page,
    ratedItem ? ratingSummary(db, ratedItem.id) : undefined,
  ]);
  const enclosures =
    reads.feedEnclosures && data.kind === 'collection'
      ? await imageEnclosures(sources.siteDir, sources.origin, data.list.items)
      : undefined;
  return { data, cart, rating, enclosures };
}

export async function loadPage(
  catalogue: CatalogueReads,
  route: Route,
  query: Query,
  options: LoadOptions,
): Promise<PageData> {
  switch (route.kind) {
    case 'cart':
    case 'static':
    case 'not-found':
      return route;
    case 'collection':
      return {
        ...route,
        list:
          route.collection.typeName === 'events'
            ? await loadEvents(catalogue, route.collection, query, options)
            : await loadList(catalogue, route.collection, query, options),
        childItems: await loadChildItems(catalogue, route.collection, options),
      };
    case 'item': {
      const found = await catalogue.findItem(route.collection.id, route.slug);
      if (!found) return { kind: 'not-found' };
      const [total, around] = await Promise.all([
        catalogue.countItems(route.collection.id),
        catalogue.neighbours(route.collection.id, found.position),
      ]);
      return { kind: 'item', collection: route.collection, item: found.item, total, ...around };
    }
  }
}

/**
 * Paging (template-format §1.2): chronological collections page by time (`?offset=` is the
 * publishOn of the last item seen, read as a keyset), others by position (LIMIT/OFFSET).
 */
async function loadList(
  catalogue: CatalogueReads,
  collection: CollectionContent,
  query: Query,
  { site, timeZone }: LoadOptions,
): Promise<ListData> {
  const conf = (site.template.collections[collection.typeName]?.conf ?? {}) as Json;
  const sort = collection.typeName === 'products' ? productSortOf(query.sort) : undefined;
  // A sorted list pages by position in its sort (LIMIT/OFFSET), not by time.
  const chronological =
    sort === undefined && (conf.ordering === 'chronological' || collection.typeName === 'blog');
  const filterOrder = chronological ? 'newest' : 'position';
  const order = sort ?? filterOrder;
  const pageSize = listPageSize(collection, site);
  const requested = Number.parseInt(query.offset ?? '', 10);
  const offset = Number.isFinite(requested) && requested > 0 ? requested : undefined;
  const view = (i: ItemContent) => itemView(collection, i);

  const { where, echo, params } = LIST_FILTERS.some((key) => query[key])
    ? await listFilters(catalogue, collection.id, query, { timeZone, order: filterOrder })
    : { where: {}, echo: {}, params: new URLSearchParams() };
  const filtered = params.size > 0;
  const total = await catalogue.countItems(collection.id);
  const count = filtered ? await catalogue.countItems(collection.id, where) : total;
  let start: number;
  let shown: ItemContent[];
  if (chronological && offset !== undefined) {
    const since = { ...where, publishedFrom: Math.max(where.publishedFrom ?? offset, offset) };
    const before = { ...where, publishedBefore: Math.min(where.publishedBefore ?? offset, offset) };
    start = await catalogue.countItems(collection.id, since);
    shown = await catalogue.listPage(collection.id, { order, where: before, offset: 0, limit: pageSize });
  } else {
    start = offset ?? 0;
    shown = await catalogue.listPage(collection.id, { order, where, offset: start, limit: pageSize });
  }
  const views = shown.map(view);
  // A chronological previous page is named by the time of the item just before it.
  const prevStart = Math.max(0, start - pageSize);
  const before =
    chronological && start > 0 && prevStart > 0
      ? (await catalogue.listPage(collection.id, { order, where, offset: prevStart - 1, limit: 1 })).map(
          view,
        )[0]
      : undefined;
  const paging = pagingOf(start, pageSize, count, chronological, views, () => before);
  if (sort) {
    params.set('sort', sort);
    echo.productSort = sort;
  }
  return { items: views, total, echo, filters: params, pageSize, ...paging };
}

/**
 * An events collection (issue 16): its upcoming events soonest first and its past ones latest first
 * (root `upcoming`, `past`; `items` is both in that order), each list a page at a time by start date
 * in SQL (`items.event_start`, kept by content sync): `?upcoming=` and `?past=` hold the cursor of
 * that list's page (http/cursor.ts; root `upcomingPagination`, `pastPagination` link the next one).
 * With `?view=calendar`, the month `?month=` names as a grid (root `calendarView`, `calendar`).
 */
async function loadEvents(
  catalogue: CatalogueReads,
  collection: CollectionContent,
  query: Query,
  { site, timeZone, now = Date.now }: LoadOptions,
): Promise<ListData> {
  const total = await catalogue.countItems(collection.id);
  const at = now();
  const params = new URLSearchParams();
  const view = (i: ItemContent) => itemView(collection, i);
  if (query.view === CALENDAR_VIEW) {
    const month = calendarMonth(query.month, at, timeZone);
    // The month's days are the site's: a day either side of the UTC month covers every time zone.
    const from = Date.UTC(month.year, month.month - 1, 1) - DAY_MS;
    const to = Date.UTC(month.year, month.month, 1) + DAY_MS;
    const events = (await catalogue.eventsStarting(collection.id, from, to)).map(view);
    const language =
      typeof site.content.website.language === 'string' ? site.content.website.language : 'en-US';
    const calendar = calendarContext(events, month, {
      timeZone,
      language,
      listUrl: collectionUrl(collection),
    });
    params.set('view', CALENDAR_VIEW);
    params.set('month', String(calendar.month));
    const shown = (calendar.weeks as { days: Json[] }[]).flatMap((w) =>
      w.days.flatMap((d) => (d.events as Json[] | undefined) ?? []),
    );
    const common = { total, filters: params, pageSize: Math.max(shown.length, 1) };
    return { ...common, items: shown, echo: { calendarView: true, calendar } };
  }
  const pageSize = listPageSize(collection, site);
  const page = async (when: EventList) => {
    const cursor = query[when];
    const after = cursor === undefined ? undefined : decodeCursor(cursor, ['number', 'string'] as const);
    const rows = await catalogue.eventsPage(collection.id, { when, now: at, after, limit: pageSize + 1 });
    return pageOf(rows.map(view), pageSize, (e) => [eventStartOf(e), String(e.id)]);
  };
  const [upcoming, past] = await Promise.all([page('upcoming'), page('past')]);
  // A list's next page keeps the other list where it is.
  const nextPage = (when: EventList, cursor: string | null) => {
    if (cursor === null) return undefined;
    const link = new URLSearchParams();
    for (const list of EVENT_LISTS) {
      const value = list === when ? cursor : query[list];
      if (value !== undefined) link.set(list, value);
    }
    return { nextPage: true, nextPageCursor: cursor, nextPageUrl: `${collectionUrl(collection)}?${link}` };
  };
  return {
    total,
    filters: params,
    pageSize,
    items: [...upcoming.shown, ...past.shown],
    echo: {
      calendarView: false,
      upcoming: upcoming.shown,
      past: past.shown,
      upcomingPagination: nextPage('upcoming', upcoming.nextPageCursor),
      pastPagination: nextPage('past', past.nextPageCursor),
    },
  };
}

/** Events lists of an events page, each paged by its own `?<name>=` cursor. */
const EVENT_LISTS = ['upcoming', 'past'] as const;
type EventList = (typeof EVENT_LISTS)[number];
const DAY_MS = 24 * 60 * 60 * 1000;

/** A list page's size: the collection's `pageSize`, else its template's, else DEFAULT_PAGE_SIZE. */
function listPageSize(collection: CollectionContent, site: Site<unknown>): number {
  const conf = (site.template.collections[collection.typeName]?.conf ?? {}) as Json;
  return Number(collection.pageSize ?? conf.pageSize ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE;
}

/**
 * The items of an index's (or folder's) child collections, so that a gallery or a store inside an
 * index shows its items (`collection.collections[].items`): each child's first items in its list
 * order, at most INDEX_CHILD_ITEMS of them, one query per child. None for a collection without children.
 */
async function loadChildItems(
  catalogue: CatalogueReads,
  parent: CollectionContent,
  { site }: LoadOptions,
): Promise<Record<string, Json[]> | undefined> {
  if (!Array.isArray(parent.collections)) return undefined;
  const children = childCollections(parent, await catalogue.collections());
  const loaded = await Promise.all(
    children.map(async (child) => {
      const conf = (site.template.collections[child.typeName]?.conf ?? {}) as Json;
      const chronological = conf.ordering === 'chronological' || child.typeName === 'blog';
      const items = await catalogue.listPage(child.id, {
        order: chronological ? 'newest' : 'position',
        where: {},
        offset: 0,
        limit: INDEX_CHILD_ITEMS,
      });
      return [child.id, items.map((i) => itemView(child, i))] as const;
    }),
  );
  return Object.fromEntries(loaded);
}

/**
 * A product list's `?sort=` (docs/seo.md): one of PRODUCT_SORTS, else none. Like the list filters,
 * a value the list does not offer is ignored rather than refused, so the URL still shows the list.
 */
function productSortOf(value: string | undefined): ProductSort | undefined {
  return PRODUCT_SORTS.find((sort) => sort === value);
}

function pagingOf(
  start: number,
  pageSize: number,
  count: number,
  chronological: boolean,
  shown: Json[],
  itemAt: (index: number) => Json | undefined,
): Pick<ListData, 'nextOffset' | 'previous'> {
  const paging: Pick<ListData, 'nextOffset' | 'previous'> = {};
  const last = shown[shown.length - 1];
  if (start + pageSize < count && last) paging.nextOffset = chronological ? stampOf(last) : start + pageSize;
  if (start > 0) {
    const prevStart = Math.max(0, start - pageSize);
    const before = itemAt(prevStart - 1);
    paging.previous = {
      offset: prevStart === 0 || !before ? undefined : chronological ? stampOf(before) : prevStart,
    };
  }
  return paging;
}

/** What a platform tag's expansion reads (template-format §2.8), loaded with the page. */
export type TagData =
  | { name: 'query'; target: CollectionContent; items: Json[] }
  | { name: 'category'; target: CollectionContent | undefined; categories: string[]; count: number }
  | { name: 'related'; target: CollectionContent | undefined; items: Json[] };

const DATA_TAGS = new Set(['query', 'category', 'related']);

/**
 * The key of a tag's data (the same tag with the same attributes reads the same data), or undefined
 * for a tag that reads nothing (navigation, script, block-field, folder-navigation).
 */
export function tagDataKey(tag: PlatformTag, activeCollectionId: string | null): string | undefined {
  if (!DATA_TAGS.has(tag.name)) return undefined;
  const { template: _template, ...attrs } = tag.attrs;
  const active = tag.name === 'related' ? activeCollectionId : null;
  return JSON.stringify([tag.name, active, Object.entries(attrs).sort(([a], [b]) => a.localeCompare(b))]);
}

/** Loads the data of `tags` (by `tagDataKey`), each with its own limit. */
export async function loadTagData(
  catalogue: CatalogueReads,
  collections: CollectionContent[],
  tags: PlatformTag[],
  activeCollectionId: string | null,
): Promise<Map<string, TagData | undefined>> {
  const wanted = new Map<string, PlatformTag>();
  for (const tag of tags) {
    const key = tagDataKey(tag, activeCollectionId);
    if (key !== undefined) wanted.set(key, tag);
  }
  const entries = await Promise.all(
    [...wanted].map(
      async ([key, tag]) => [key, await loadTag(catalogue, collections, tag, activeCollectionId)] as const,
    ),
  );
  return new Map(entries);
}

async function loadTag(
  catalogue: CatalogueReads,
  collections: CollectionContent[],
  tag: PlatformTag,
  activeCollectionId: string | null,
): Promise<TagData | undefined> {
  const byUrl = (urlId: string | undefined) => collections.find((c) => c.urlId === urlId);
  switch (tag.name) {
    case 'query': {
      const target = byUrl(tag.attrs.collection);
      if (!target) return undefined;
      // A product block's one product (render/blocks.ts), by its urlId.
      if (tag.attrs.item !== undefined) {
        const found = await catalogue.findItem(target.id, tag.attrs.item);
        return { name: 'query', target, items: found ? [itemView(target, found.item)] : [] };
      }
      const skip = Math.max(0, Number(tag.attrs.skip ?? 0) || 0);
      const limit = Math.min(QUERY_LIMIT_MAX, Math.max(0, Number(tag.attrs.limit ?? 100) || 100));
      const terms: TermFilter[] = [];
      const categories = listAttr(tag.attrs.category);
      const tags = listAttr(tag.attrs.tag);
      if (categories.length) terms.push({ kind: 'category', values: categories });
      if (tags.length) terms.push({ kind: 'tag', values: tags });
      const where: ItemWhere = { featuredOnly: tag.attrs.featured === 'true', terms };
      const items = await catalogue.listPage(target.id, { order: 'position', where, offset: skip, limit });
      return { name: 'query', target, items: items.map((i) => itemView(target, i)) };
    }
    case 'category': {
      const target = byUrl(tag.attrs.collection);
      const [categories, count] = target
        ? await Promise.all([catalogue.collectionCategories(target.id), catalogue.countItems(target.id)])
        : [[], 0];
      return { name: 'category', target, categories, count };
    }
    case 'related': {
      const target =
        collections.find((c) => c.id === tag.attrs.collectionId) ??
        collections.find((c) => c.id === activeCollectionId);
      const limit = Math.max(0, Number(tag.attrs.limit ?? RELATED_LIMIT_DEFAULT) || RELATED_LIMIT_DEFAULT);
      const items = target
        ? await catalogue.listPage(target.id, {
            order: 'position',
            offset: 0,
            limit,
            where: tag.attrs.itemId === undefined ? {} : { excludeItemId: tag.attrs.itemId },
          })
        : [];
      return { name: 'related', target, items: target ? items.map((i) => itemView(target, i)) : [] };
    }
    default:
      return undefined;
  }
}

const listAttr = (value: string | undefined) => value?.split(',').filter(Boolean) ?? [];
