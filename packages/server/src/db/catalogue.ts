import { BoundedCache } from '@storefront/jsont/bounded-cache';
import { sql } from 'kysely';
import type { CollectionContent, ItemContent, VariantContent } from '../site/types.ts';
import type { Db } from './index.ts';
import type { CollectionRow, ItemRow, VariantRow } from './schema.ts';

/**
 * Parsed content JSON, reused while the row's text is the same (content only changes when a server
 * starts and syncs it, so this is a parse cache, not state of its own; comparing the text is far
 * cheaper than parsing it). Callers get the shared object and must copy before changing it.
 */
const parsed = new BoundedCache<string, { text: string; value: unknown }>(50_000);
function parsedOnce<T>(key: string, text: string): T {
  const hit = parsed.get(key);
  if (hit && hit.text === text) return hit.value as T;
  const value = JSON.parse(text) as T;
  parsed.set(key, { text, value });
  return value;
}

/** Reads of the catalogue: collections and items as content JSON, with the live stock of every variant. */

export function toCollection(row: CollectionRow): CollectionContent {
  const data = parsedOnce<CollectionContent>(`c:${row.id}`, row.data);
  return {
    ...data,
    id: row.id,
    urlId: row.url_id,
    title: row.title,
    typeName: row.type_name,
    type: row.type,
    homepage: row.homepage === 1,
  };
}

export async function listCollections(db: Db): Promise<CollectionContent[]> {
  const rows = await db.selectFrom('collections').selectAll().orderBy('position').execute();
  return rows.map(toCollection);
}

/** Every item of a collection in content order, live stock overlaid. */
export async function listItems(db: Db, collectionId: string): Promise<ItemContent[]> {
  const rows = await db
    .selectFrom('items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .execute();
  return withStock(db, rows.map(itemContent));
}

/** How many items a collection has (the collection's `itemCount`). */
export async function countItems(db: Db, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * One item of a collection by its URL slug, through the (collection_id, url_id) unique index, with
 * live stock and its position (for its neighbours).
 */
export async function findItem(
  db: Db,
  collectionId: string,
  urlId: string,
): Promise<{ item: ItemContent; position: number } | undefined> {
  const row = await db
    .selectFrom('items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('url_id', '=', urlId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [item] = await withStock(db, [itemContent(row)]);
  return item && { item, position: row.position };
}

/** The items just before and after `position` in a collection, as content (without live stock). */
export async function neighbours(
  db: Db,
  collectionId: string,
  position: number,
): Promise<{ previous: ItemContent | undefined; next: ItemContent | undefined }> {
  const adjacent = (side: '<' | '>') =>
    db
      .selectFrom('items')
      .selectAll()
      .where('collection_id', '=', collectionId)
      .where('position', side, position)
      .orderBy('position', side === '<' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
  const [previous, next] = await Promise.all([adjacent('<'), adjacent('>')]);
  return { previous: previous && itemContent(previous), next: next && itemContent(next) };
}

export interface PageQuery {
  offset: number;
  limit: number;
  /** `position`: content order; `newest`: by publish time, newest first (chronological collections). */
  order: 'position' | 'newest';
  /** Newest-first lists only: items published strictly before this time (keyset paging). */
  before?: number;
  featuredOnly?: boolean;
  excludeItemId?: string;
}

/** One page of a collection's items in SQL (LIMIT/OFFSET, or keyset by publish time), live stock overlaid. */
export async function listPage(db: Db, collectionId: string, page: PageQuery): Promise<ItemContent[]> {
  let query = db.selectFrom('items').selectAll().where('collection_id', '=', collectionId);
  if (page.before !== undefined) query = query.where('publish_on', '<', page.before);
  if (page.featuredOnly) query = query.where('starred', '=', 1);
  if (page.excludeItemId !== undefined) query = query.where('id', '!=', page.excludeItemId);
  query =
    page.order === 'newest'
      ? query.orderBy('publish_on', 'desc').orderBy('position', 'asc')
      : query.orderBy('position', 'asc');
  const rows = await query.limit(page.limit).offset(page.offset).execute();
  return withStock(db, rows.map(itemContent));
}

/** How many items of a collection were published at or after `time` (where a keyset page starts). */
export async function countPublishedSince(db: Db, collectionId: string, time: number): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('collection_id', '=', collectionId)
    .where('publish_on', '>=', time)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Every item of a collection as content, without live stock (one query, no variants): for the
 * filters on fields inside the content JSON (categories, tags, authors, months). Overlay the stock
 * of the few items shown with `withStock`.
 */
export async function listItemContent(db: Db, collectionId: string, order: PageQuery['order']) {
  let query = db.selectFrom('items').selectAll().where('collection_id', '=', collectionId);
  query =
    order === 'newest'
      ? query.orderBy('publish_on', 'desc').orderBy('position', 'asc')
      : query.orderBy('position', 'asc');
  return (await query.execute()).map(itemContent);
}

/**
 * A batch of a collection's items (content order, no live stock) whose content JSON spells one of
 * `values` as a JSON string: a narrowing read through SQL for filters on fields inside the content
 * (categories, tags); the caller checks the field itself and reads further batches as it needs.
 */
export async function listItemsMentioning(
  db: Db,
  collectionId: string,
  values: readonly string[],
  batch: { offset: number; limit: number },
): Promise<ItemContent[]> {
  const patterns = values.map((v) => `%${JSON.stringify(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await db
    .selectFrom('items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where((eb) => eb.or(patterns.map((p) => sql<boolean>`${eb.ref('data')} like ${p} escape '\\'`)))
    .orderBy('position', 'asc')
    .limit(batch.limit)
    .offset(batch.offset)
    .execute();
  return rows.map(itemContent);
}

/**
 * The distinct categories of a collection's items, in first-seen content order, with its item count.
 * Recomputed only when the collection's items change (their count or latest update): a page asking
 * for them reads one summary row.
 */
export async function collectionCategories(
  db: Db,
  collectionId: string,
): Promise<{ categories: string[]; count: number }> {
  const summary = await db
    .selectFrom('items')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.max('updated_on').as('latest')])
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  const count = Number(summary?.count ?? 0);
  const version = `${count}:${String(summary?.latest ?? '')}`;
  const hit = categorySummaries.get(collectionId);
  if (hit?.version === version) return { categories: hit.categories, count };
  const items = await listItemContent(db, collectionId, 'position');
  const categories = [
    ...new Set(items.flatMap((i) => (Array.isArray(i.categories) ? (i.categories as string[]) : []))),
  ];
  categorySummaries.set(collectionId, { version, categories });
  return { categories, count };
}
const categorySummaries = new BoundedCache<string, { version: string; categories: string[] }>(1_000);

export async function getItemsByIds(db: Db, ids: readonly string[]): Promise<Map<string, ItemContent>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const items = await withStock(db, rows.map(itemContent));
  return new Map(items.map((i) => [i.id, i]));
}

/** A row's content (shared parse: copy before changing), with its collection id. */
function itemContent(row: ItemRow): ItemContent {
  return { ...parsedOnce<ItemContent>(`i:${row.id}`, row.data), collectionId: row.collection_id };
}

/** `items` with the live stock of their variants overlaid (one query for all of them). */
export async function withStock(db: Db, items: ItemContent[]): Promise<ItemContent[]> {
  const ids = items.filter((i) => (i.structuredContent?.productType ?? null) !== null).map((i) => i.id);
  const variants = ids.length
    ? await db.selectFrom('variants').selectAll().where('item_id', 'in', ids).orderBy('position').execute()
    : [];
  const byItem = new Map<string, VariantRow[]>();
  for (const v of variants) {
    const list = byItem.get(v.item_id) ?? [];
    list.push(v);
    byItem.set(v.item_id, list);
  }
  return items.map((content) => {
    const item = { ...content };
    const live = byItem.get(item.id);
    if (live && item.structuredContent) {
      const stock = new Map(live.map((v) => [v.id, v]));
      item.structuredContent = {
        ...item.structuredContent,
        variants: (item.structuredContent.variants ?? []).flatMap((v: VariantContent) => {
          const s = stock.get(v.id);
          return s ? [{ ...v, qtyInStock: s.qty_in_stock, unlimited: s.unlimited === 1 }] : [];
        }),
      };
    }
    return item;
  });
}
