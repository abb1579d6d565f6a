/**
 * The catalogue as pages read it (issue 20). Content (collections, items and their terms) changes
 * only through content sync and, later, the back office, so its reads are kept in memory for as long
 * as the database's content version stays the same: the version is read once per request, and any
 * content write, by this instance or another on the same database, moves it; a request that has
 * read it already (render/page-cache.ts) passes it in. Stock is never kept: every item a page shows
 * gets its variants' live stock read with the page.
 */
import { BoundedCache } from '@storefront/jsont/bounded-cache';
import type { CollectionContent, ItemContent } from '../site/types.ts';
import {
  collectionCategories,
  countItems,
  eventsPageContent,
  eventsStartingContent,
  findAuthor,
  findItemContent,
  listCollections,
  listPageContent,
  neighbours,
  presentTerms,
  withStock,
  type EventsPageQuery,
  type ItemWhere,
  type PageQuery,
} from './catalogue.ts';
import type { Db } from './index.ts';
import type { TermKind } from './item-terms.ts';

/** What a page reads of the catalogue; items come with their live stock. */
export interface CatalogueReads {
  collections(): Promise<CollectionContent[]>;
  findItem(collectionId: string, urlId: string): Promise<{ item: ItemContent; position: number } | undefined>;
  countItems(collectionId: string, where?: ItemWhere): Promise<number>;
  /** The items around `position`, as content (they show no stock). */
  neighbours(
    collectionId: string,
    position: number,
  ): Promise<{ previous: ItemContent | undefined; next: ItemContent | undefined }>;
  listPage(collectionId: string, page: PageQuery): Promise<ItemContent[]>;
  eventsPage(collectionId: string, page: EventsPageQuery): Promise<ItemContent[]>;
  eventsStarting(collectionId: string, from: number, to: number): Promise<ItemContent[]>;
  presentTerms(
    collectionId: string,
    wanted: readonly { kind: TermKind; value: string }[],
  ): Promise<Set<string>>;
  findAuthor(
    collectionId: string,
    wanted: string,
    order: PageQuery['order'],
  ): Promise<{ id: string; displayName: string | null } | undefined>;
  collectionCategories(collectionId: string): Promise<string[]>;
}

/** The database's content version (db/change-version.ts): equal versions, equal content. */
export type ContentVersion = (db: Db) => Promise<string | number>;

/** Distinct content reads kept per version (list pages, items, counts, terms). */
const MAX_ENTRIES = 20_000;

type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;

export class CatalogueCache {
  private version: string | undefined;
  private entries = new BoundedCache<string, Promise<unknown>>(MAX_ENTRIES);

  /** Without a content version, every read goes to the database. */
  constructor(private readonly contentVersion?: ContentVersion) {}

  /**
   * The reads of one request, against the content version current when it starts: `version` when
   * the request has read it already (the page cache does), else read here.
   */
  async reads(db: Db, version?: string): Promise<CatalogueReads> {
    if (!this.contentVersion) return uncachedReads(db);
    version ??= String(await this.contentVersion(db));
    if (version !== this.version) {
      this.version = version;
      this.entries = new BoundedCache(MAX_ENTRIES);
    }
    // A request that started under an older version keeps filling the map of its own version.
    const entries = this.entries;
    return readsThrough(db, <T>(key: string, load: () => Promise<T>) => {
      const hit = entries.get(key) as Promise<T> | undefined;
      if (hit) return hit;
      const loading = load();
      entries.set(key, loading);
      loading.catch(() => entries.delete(key));
      return loading;
    });
  }
}

/** Every read from the database. */
export function uncachedReads(db: Db): CatalogueReads {
  return readsThrough(db, (_key, load) => load());
}

function readsThrough(db: Db, memo: Memo): CatalogueReads {
  const key = (...parts: unknown[]) => JSON.stringify(parts);
  return {
    collections: () => memo(key('collections'), () => listCollections(db)),
    async findItem(collectionId, urlId) {
      const found = await memo(key('item', collectionId, urlId), () =>
        findItemContent(db, collectionId, urlId),
      );
      if (!found) return undefined;
      const [item] = await withStock(db, [found.item]);
      return item && { item, position: found.position };
    },
    countItems: (collectionId, where) =>
      memo(key('count', collectionId, where ?? null), () => countItems(db, collectionId, where)),
    neighbours: (collectionId, position) =>
      memo(key('neighbours', collectionId, position), () => neighbours(db, collectionId, position)),
    listPage: async (collectionId, page) =>
      withStock(
        db,
        await memo(key('page', collectionId, page), () => listPageContent(db, collectionId, page)),
      ),
    // Asked for against the clock, so never kept: each request's "now" is its own.
    eventsPage: async (collectionId, page) => withStock(db, await eventsPageContent(db, collectionId, page)),
    eventsStarting: async (collectionId, from, to) =>
      withStock(
        db,
        await memo(key('events', collectionId, from, to), () =>
          eventsStartingContent(db, collectionId, from, to),
        ),
      ),
    presentTerms: (collectionId, wanted) =>
      memo(key('terms', collectionId, wanted), () => presentTerms(db, collectionId, wanted)),
    findAuthor: (collectionId, wanted, order) =>
      memo(key('author', collectionId, wanted, order), () => findAuthor(db, collectionId, wanted, order)),
    collectionCategories: (collectionId) =>
      memo(key('categories', collectionId), () => collectionCategories(db, collectionId)),
  };
}
