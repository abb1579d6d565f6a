/**
 * Runs a page's queries before anything renders: each reads only what the page shows (one item by
 * its slug, its neighbours by position, one page of a list in SQL, a platform tag's items with its
 * limit), so the number of queries per page does not grow with the catalogue.
 */
import {
  collectionCategories,
  countItems,
  countPublishedSince,
  findItem,
  listItemContent,
  listItemsMentioning,
  listPage,
  neighbours,
  withStock,
} from '../db/catalogue.ts';
import type { Db } from '../db/index.ts';
import type { CollectionContent, ItemContent, Json, Site } from '../site/types.ts';
import { itemView } from './context.ts';
import { filterList, stampOf } from './list-filters.ts';
import type { PlatformTag } from './platform-tags.ts';
import type { Route } from './router.ts';

const DEFAULT_PAGE_SIZE = 20;
const LIST_FILTERS = ['category', 'tag', 'author', 'month'] as const;
/** Template-format §2.8: a query tag shows at most 100 items; related products 3 unless told. */
const QUERY_LIMIT_MAX = 100;
const RELATED_LIMIT_DEFAULT = 3;
/** Rows read per batch when a filter is narrowed in SQL and checked in code. */
const MATCH_BATCH_MIN = 20;

export type Query = Record<string, string | undefined>;

/** One page of a collection's list, with what its pagination links need. */
export interface ListData {
  /** The items shown, as templates see them. */
  items: Json[];
  /** Items in the whole collection (the collection's `itemCount`). */
  total: number;
  /** `categoryFilter`, `tagFilter`, `authorFilter` (list-filters.ts). */
  echo: Json;
  /** The filters that took effect, kept in the page links. */
  filters: URLSearchParams;
  pageSize: number;
  /** `?offset=` of the next page, when there is one. */
  nextOffset?: number;
  /** Present when there is a previous page; its `?offset=` (none for the first page). */
  previous?: { offset: number | undefined };
}

export type PageData =
  | { kind: 'cart' }
  | { kind: 'static'; name: string }
  | { kind: 'not-found' }
  | { kind: 'collection'; collection: CollectionContent; homepage: boolean; list: ListData }
  | {
      kind: 'item';
      collection: CollectionContent;
      item: ItemContent;
      total: number;
      previous: ItemContent | undefined;
      next: ItemContent | undefined;
    };

export interface LoadOptions {
  site: Site<unknown>;
  timeZone: string;
}

export async function loadPage(db: Db, route: Route, query: Query, options: LoadOptions): Promise<PageData> {
  switch (route.kind) {
    case 'cart':
    case 'static':
    case 'not-found':
      return route;
    case 'collection':
      return {
        ...route,
        list: await loadList(db, route.collection, query, options),
      };
    case 'item': {
      const found = await findItem(db, route.collection.id, route.slug);
      if (!found) return { kind: 'not-found' };
      const [total, around] = await Promise.all([
        countItems(db, route.collection.id),
        neighbours(db, route.collection.id, found.position),
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
  db: Db,
  collection: CollectionContent,
  query: Query,
  { site, timeZone }: LoadOptions,
): Promise<ListData> {
  const conf = (site.template.collections[collection.typeName]?.conf ?? {}) as Json;
  const chronological = conf.ordering === 'chronological' || collection.typeName === 'blog';
  const order = chronological ? 'newest' : 'position';
  const pageSize = Number(collection.pageSize ?? conf.pageSize ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE;
  const requested = Number.parseInt(query.offset ?? '', 10);
  const offset = Number.isFinite(requested) && requested > 0 ? requested : undefined;
  const view = (i: ItemContent) => itemView(collection, i);

  if (LIST_FILTERS.some((key) => query[key])) {
    // The filters read fields inside the content JSON: the collection's content is read once (no
    // variants), filtered, and only the page shown gets its live stock.
    const all = await listItemContent(db, collection.id, order);
    const { items, echo, params } = filterList(all.map(view), query, timeZone);
    let start = 0;
    if (offset !== undefined) {
      start = chronological ? items.findIndex((i) => stampOf(i) < offset) : offset;
      if (start < 0) start = items.length;
    }
    const shownIds = new Set(items.slice(start, start + pageSize).map((i) => i.id));
    const shown = (
      await withStock(
        db,
        all.filter((i) => shownIds.has(i.id)),
      )
    ).map(view);
    const paging = pagingOf(start, pageSize, items.length, chronological, shown, (index) => items[index]);
    return { items: shown, total: all.length, echo, filters: params, pageSize, ...paging };
  }

  const total = await countItems(db, collection.id);
  let start: number;
  let shown: ItemContent[];
  if (chronological && offset !== undefined) {
    start = await countPublishedSince(db, collection.id, offset);
    shown = await listPage(db, collection.id, { order, before: offset, offset: 0, limit: pageSize });
  } else {
    start = offset ?? 0;
    shown = await listPage(db, collection.id, { order, offset: start, limit: pageSize });
  }
  const views = shown.map(view);
  // A chronological previous page is named by the time of the item just before it.
  const prevStart = Math.max(0, start - pageSize);
  const before =
    chronological && start > 0 && prevStart > 0
      ? (await listPage(db, collection.id, { order, offset: prevStart - 1, limit: 1 })).map(view)[0]
      : undefined;
  const paging = pagingOf(start, pageSize, total, chronological, views, () => before);
  return { items: views, total, echo: {}, filters: new URLSearchParams(), pageSize, ...paging };
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
  db: Db,
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
      async ([key, tag]) => [key, await loadTag(db, collections, tag, activeCollectionId)] as const,
    ),
  );
  return new Map(entries);
}

async function loadTag(
  db: Db,
  collections: CollectionContent[],
  tag: PlatformTag,
  activeCollectionId: string | null,
): Promise<TagData | undefined> {
  const byUrl = (urlId: string | undefined) => collections.find((c) => c.urlId === urlId);
  switch (tag.name) {
    case 'query': {
      const target = byUrl(tag.attrs.collection);
      if (!target) return undefined;
      const skip = Math.max(0, Number(tag.attrs.skip ?? 0) || 0);
      const limit = Math.min(QUERY_LIMIT_MAX, Math.max(0, Number(tag.attrs.limit ?? 100) || 100));
      const featuredOnly = tag.attrs.featured === 'true';
      const categories = listAttr(tag.attrs.category);
      const tags = listAttr(tag.attrs.tag);
      let items: ItemContent[];
      if (categories.length || tags.length) {
        const matches = (i: ItemContent) =>
          (!featuredOnly || i.starred === true) &&
          (!categories.length || categories.some((c) => listOf(i.categories).includes(c))) &&
          (!tags.length || tags.some((t) => listOf(i.tags).includes(t)));
        items = await withStock(
          db,
          await firstMatching(
            db,
            target.id,
            categories.length ? categories : tags,
            matches,
            skip + limit,
          ).then((found) => found.slice(skip)),
        );
      } else {
        items = await listPage(db, target.id, { order: 'position', offset: skip, limit, featuredOnly });
      }
      return { name: 'query', target, items: items.map((i) => itemView(target, i)) };
    }
    case 'category': {
      const target = byUrl(tag.attrs.collection);
      const { categories, count } = target
        ? await collectionCategories(db, target.id)
        : { categories: [], count: 0 };
      return { name: 'category', target, categories, count };
    }
    case 'related': {
      const target =
        collections.find((c) => c.id === tag.attrs.collectionId) ??
        collections.find((c) => c.id === activeCollectionId);
      const limit = Math.max(0, Number(tag.attrs.limit ?? RELATED_LIMIT_DEFAULT) || RELATED_LIMIT_DEFAULT);
      const items = target
        ? await listPage(db, target.id, {
            order: 'position',
            offset: 0,
            limit,
            ...(tag.attrs.itemId === undefined ? {} : { excludeItemId: tag.attrs.itemId }),
          })
        : [];
      return { name: 'related', target, items: target ? items.map((i) => itemView(target, i)) : [] };
    }
    default:
      return undefined;
  }
}

/**
 * The first `wanted` items of a collection that pass `matches`, read in batches narrowed in SQL
 * (listItemsMentioning): a query tag for a category reads about as many rows as it shows.
 */
async function firstMatching(
  db: Db,
  collectionId: string,
  values: string[],
  matches: (item: ItemContent) => boolean,
  wanted: number,
): Promise<ItemContent[]> {
  const found: ItemContent[] = [];
  const limit = Math.max(MATCH_BATCH_MIN, wanted * 2);
  for (let offset = 0; found.length < wanted; offset += limit) {
    const batch = await listItemsMentioning(db, collectionId, values, { offset, limit });
    found.push(...batch.filter(matches));
    if (batch.length < limit) break;
  }
  return found.slice(0, wanted);
}

const listAttr = (value: string | undefined) => value?.split(',').filter(Boolean) ?? [];
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
