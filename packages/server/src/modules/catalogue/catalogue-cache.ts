/**
 * The catalogue as pages read it (issues 20, 28). Content (collections, items and their terms) is
 * kept in memory, each read for as long as the change keys it depends on hold (db/change-version.ts:
 * the list of collections, or its collection): a write, by this instance or another on the same
 * database, drops only the reads of what it changed. Stock is never kept: every item a page shows
 * gets its variants' live stock read with the page. Every read adds its keys to the request's
 * ReadKeys, so that what the request makes (a kept page) records what it showed.
 *
 * Scheduled items (a future `publish_on`, docs/content.md): every read of a collection's items shows
 * what a visitor sees at the request's "now", and is kept only until the earliest publish time
 * after it in that collection (`nextPublication`, read with it); the request's ReadKeys learns that
 * time too (`expiresAt`), so a kept page goes with it. An item thus appears at its time on every
 * instance, with nothing written and no job to run.
 */
import { BoundedCache } from '@storefront/jsont/bounded-cache';
import type { CollectionContent, ItemContent } from '../../platform/site/types.ts';
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
  nextPublication,
  presentTerms,
  withStock,
  type EventsPageQuery,
  type ItemWhere,
  type PageQuery,
} from './catalogue-store.ts';
import { movedItem } from './product-store.ts';
import { changeKey, type ChangeKey, type ReadKeys } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
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
  /** Where an item that had this address is now (its URL changed in the back office), if anywhere. */
  movedItem(
    collectionId: string,
    urlId: string,
  ): Promise<{ itemId: string; collectionId: string; urlId: string } | undefined>;
}

export type { ContentVersion } from '../../platform/db/change-version.ts';

/** Distinct content reads kept (list pages, items, counts, terms). */
const MAX_ENTRIES = 20_000;

/**
 * A read kept: made at `made` (the sequence's number) from what `depends` names, and good until
 * `until` (the collection's next publication; Infinity when none).
 */
interface Entry {
  value: Promise<{ value: unknown; until: number }>;
  made: number;
  depends: ChangeKey;
}

/**
 * `load`'s result, kept while `depends` holds; when `scheduledIn` names a collection, also only
 * until that collection's next publication.
 */
type Memo = <T>(key: string, depends: ChangeKey, load: () => Promise<T>, scheduledIn?: string) => Promise<T>;

export class CatalogueCache {
  private readonly entries = new BoundedCache<string, Entry>(MAX_ENTRIES);

  /**
   * The reads of one request at `now` (what a visitor sees then), against the versions `read`
   * holds; every read adds its keys to `read`. Without `read`, every read goes to the database.
   */
  reads(db: Db, now: number, read?: ReadKeys): CatalogueReads {
    if (!read) return uncachedReads(db, now);
    const { snapshot } = read;
    const entries = this.entries;
    const memo: Memo = async <T>(
      key: string,
      depends: ChangeKey,
      load: () => Promise<T>,
      scheduledIn?: string,
    ) => {
      read.add(depends);
      const hit = entries.get(key);
      if (hit && !snapshot.movedSince(hit.made, [depends])) {
        const kept = await hit.value;
        if (now < kept.until) {
          read.expiresAt(kept.until);
          return kept.value as T;
        }
      }
      const loading = Promise.all([
        load(),
        scheduledIn === undefined ? undefined : nextPublication(db, scheduledIn, now),
      ]).then(([value, next]) => ({ value, until: next ?? Infinity }));
      // Made at the number read before loading: a write committed meanwhile drops it at once.
      const entry: Entry = { value: loading, made: snapshot.latest, depends };
      entries.set(key, entry);
      loading.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      const loaded = await loading;
      read.expiresAt(loaded.until);
      return loaded.value;
    };
    return readsThrough(db, now, read, memo);
  }
}

/** Every read from the database, as a visitor sees the catalogue at `now`. */
export function uncachedReads(db: Db, now: number): CatalogueReads {
  return readsThrough(db, now, undefined, (_key, _depends, load) => load());
}

function readsThrough(db: Db, now: number, read: ReadKeys | undefined, memo: Memo): CatalogueReads {
  const key = (...parts: unknown[]) => JSON.stringify(parts);
  const of = changeKey.collection;
  /** Live stock, each variant's key recorded: the page shows it. */
  const stocked = async (items: ItemContent[]) => {
    const live = await withStock(db, items);
    if (read)
      for (const item of live)
        for (const variant of item.structuredContent?.variants ?? [])
          read.add(changeKey.stock(String(variant.id)));
    return live;
  };
  return {
    collections: () => memo(key('collections'), changeKey.navigation, () => listCollections(db)),
    async findItem(collectionId, urlId) {
      const found = await memo(
        key('item', collectionId, urlId),
        of(collectionId),
        () => findItemContent(db, collectionId, urlId, now),
        collectionId,
      );
      if (!found) return undefined;
      const [item] = await stocked([found.item]);
      return item && { item, position: found.position };
    },
    countItems: (collectionId, where) =>
      memo(
        key('count', collectionId, where ?? null),
        of(collectionId),
        () => countItems(db, collectionId, now, where),
        collectionId,
      ),
    neighbours: (collectionId, position) =>
      memo(
        key('neighbours', collectionId, position),
        of(collectionId),
        () => neighbours(db, collectionId, position, now),
        collectionId,
      ),
    listPage: async (collectionId, page) =>
      stocked(
        await memo(
          key('page', collectionId, page),
          of(collectionId),
          () => listPageContent(db, collectionId, page, now),
          collectionId,
        ),
      ),
    // Asked for against the clock, so never kept: each request's "now" is its own.
    eventsPage: async (collectionId, page) => {
      // Kept for nothing but what the request learns: until when its list holds.
      await memo(key('scheduled', collectionId), of(collectionId), async () => null, collectionId);
      return stocked(await eventsPageContent(db, collectionId, page));
    },
    eventsStarting: async (collectionId, from, to) =>
      stocked(
        await memo(
          key('events', collectionId, from, to),
          of(collectionId),
          () => eventsStartingContent(db, collectionId, from, to, now),
          collectionId,
        ),
      ),
    presentTerms: (collectionId, wanted) =>
      memo(
        key('terms', collectionId, wanted),
        of(collectionId),
        () => presentTerms(db, collectionId, wanted, now),
        collectionId,
      ),
    findAuthor: (collectionId, wanted, order) =>
      memo(
        key('author', collectionId, wanted, order),
        of(collectionId),
        () => findAuthor(db, collectionId, wanted, order, now),
        collectionId,
      ),
    collectionCategories: (collectionId) =>
      memo(
        key('categories', collectionId),
        of(collectionId),
        () => collectionCategories(db, collectionId, now),
        collectionId,
      ),
    // A move touches the old collection's key (product-editor.ts), and the target's address is
    // read afresh from the items table, so keeping it under that key is exact.
    movedItem: (collectionId, urlId) =>
      memo(key('moved', collectionId, urlId), of(collectionId), () => movedItem(db, collectionId, urlId)),
  };
}
