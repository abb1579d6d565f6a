import { ProductType } from '@storefront/core';
import { BoundedCache } from '@storefront/jsont/bounded-cache';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { CollectionContent, ItemContent, VariantContent } from '../../platform/site/types.ts';
import { preparedQuery } from '../../platform/db/prepared.ts';
import type { TermKind } from './item-terms.ts';
import type { CatalogueDb, CatalogueTables, CollectionRow, ItemRow, VariantRow } from './tables.ts';

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

/** The collections a visitor can open (a disabled page is not one), in navigation order. */
export async function listCollections(db: CatalogueDb): Promise<CollectionContent[]> {
  const rows = await db
    .selectFrom('collections')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('position')
    .execute();
  return rows.map(toCollection);
}

/** Every item of a collection in content order, live stock overlaid. */
export async function listItems(db: CatalogueDb, collectionId: string): Promise<ItemContent[]> {
  const rows = await db
    .selectFrom('items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .execute();
  return withStock(db, rows.map(itemContent));
}

/**
 * The one rule of what a visitor may see at `now` (docs/content.md "Scheduled items"): an item staff
 * did not hide, whose publish time has come. Every storefront read of items applies it, in SQL.
 */
export function onStorefront(eb: ExpressionBuilder<CatalogueTables, 'items'>, now: number) {
  return eb.and([eb('items.hidden', '=', 0), eb('items.publish_on', '<=', now)]);
}

/**
 * The earliest publish time after `now` of an item of the collection staff did not hide: until
 * then, what the rule shows of the collection stays the same (undefined: nothing is scheduled).
 */
export async function nextPublication(
  db: CatalogueDb,
  collectionId: string,
  now: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.min('publish_on').as('next'))
    .where('collection_id', '=', collectionId)
    .where('hidden', '=', 0)
    .where('publish_on', '>', now)
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? undefined : Number(row.next);
}

/** The item has a term of this kind with one of these values (never empty). */
export interface TermFilter {
  kind: TermKind;
  values: readonly string[];
}

/** Which items of a collection a list or a tag shows (every condition holds). */
export interface ItemWhere {
  terms?: readonly TermFilter[];
  /** Published at or after this time. */
  publishedFrom?: number;
  /** Published strictly before this time. */
  publishedBefore?: number;
  featuredOnly?: boolean;
  excludeItemId?: string;
}

function matching(
  eb: ExpressionBuilder<CatalogueTables, 'items'>,
  collectionId: string,
  now: number,
  where: ItemWhere = {},
) {
  const conditions: Expression<SqlBool>[] = [
    eb('items.collection_id', '=', collectionId),
    onStorefront(eb, now),
  ];
  if (where.featuredOnly) conditions.push(eb('items.starred', '=', 1));
  if (where.excludeItemId !== undefined) conditions.push(eb('items.id', '!=', where.excludeItemId));
  if (where.publishedFrom !== undefined) conditions.push(eb('items.publish_on', '>=', where.publishedFrom));
  if (where.publishedBefore !== undefined)
    conditions.push(eb('items.publish_on', '<', where.publishedBefore));
  for (const { kind, values } of where.terms ?? [])
    conditions.push(
      eb(
        'items.id',
        'in',
        eb
          .selectFrom('item_terms')
          .select('item_terms.item_id')
          .where('item_terms.collection_id', '=', collectionId)
          .where('item_terms.kind', '=', kind)
          .where((t) => termMatches(t, kind, values)),
      ),
    );
  return eb.and(conditions);
}

/** `like` pattern of the categories nested under `path` (`Home/%`), its wildcards escaped. */
const nestedUnder = (path: string) =>
  sql<string>`${`${path.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`} escape '\\'`;

/**
 * A term equal to one of `values`; for categories, one nested under one of them too: as on
 * Squarespace, a product in "Home/Kitchen" is listed under "Home" (docs/backoffice.md "Store pages").
 */
function termMatches(
  t: ExpressionBuilder<CatalogueTables, 'item_terms'>,
  kind: TermKind,
  values: readonly string[],
) {
  const exact = t('item_terms.value', 'in', [...values]);
  if (kind !== 'category') return exact;
  return t.or([exact, ...values.map((v) => t('item_terms.value', 'like', nestedUnder(v)))]);
}

/** How many items of a collection a visitor sees at `now` (the collection's `itemCount`), or match `where`. */
export async function countItems(
  db: CatalogueDb,
  collectionId: string,
  now: number,
  where?: ItemWhere,
): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll().as('count'))
    .where((eb) => matching(eb, collectionId, now, where))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * One item of a collection a visitor sees at `now` by its URL slug, through the (collection_id,
 * url_id) unique index, as content (without live stock: see `withStock`) with its position (for
 * its neighbours).
 */
export async function findItemContent(
  db: CatalogueDb,
  collectionId: string,
  urlId: string,
  now: number,
): Promise<{ item: ItemContent; position: number } | undefined> {
  const row = await db
    .selectFrom('items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where('url_id', '=', urlId)
    .where((eb) => onStorefront(eb, now))
    .executeTakeFirst();
  return row && { item: itemContent(row), position: row.position };
}

/** The items a visitor sees at `now` just before and after `position` in a collection, as content (without live stock). */
export async function neighbours(
  db: CatalogueDb,
  collectionId: string,
  position: number,
  now: number,
): Promise<{ previous: ItemContent | undefined; next: ItemContent | undefined }> {
  const adjacent = (side: '<' | '>') =>
    db
      .selectFrom('items')
      .selectAll()
      .where('collection_id', '=', collectionId)
      .where((eb) => onStorefront(eb, now))
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
  /**
   * `position`: content order; `newest`: by publish time, newest first (chronological collections,
   * and a product list's `?sort=newest`); the others are a product list's `?sort=` (docs/seo.md).
   */
  order: 'position' | 'newest' | ProductSort;
  where?: ItemWhere;
}

/**
 * One page of a collection's items in SQL (LIMIT/OFFSET, or keyset by publish time), as content
 * (without live stock: see `withStock`).
 */
export async function listPageContent(
  db: CatalogueDb,
  collectionId: string,
  page: PageQuery,
  now: number,
): Promise<ItemContent[]> {
  let query = db
    .selectFrom('items')
    .selectAll()
    .where((eb) => matching(eb, collectionId, now, page.where));
  switch (page.order) {
    case 'newest':
      query = query.orderBy('publish_on', 'desc');
      break;
    case 'title':
      query = query.orderBy('title', 'asc');
      break;
    case 'price-asc':
    case 'price-desc':
      query = query.orderBy(lowestPrice, page.order === 'price-asc' ? 'asc' : 'desc');
      break;
  }
  const rows = await query.orderBy('position', 'asc').limit(page.limit).offset(page.offset).execute();
  return rows.map(itemContent);
}

/** Where an events list starts: after the event with this start and id (a cursor's key). */
export type EventKey = readonly [start: number, id: string];

export interface EventsPageQuery {
  /** `upcoming`: not over at `now`, soonest first; `past`: over at `now`, latest first. */
  when: 'upcoming' | 'past';
  now: number;
  after?: EventKey | undefined;
  limit: number;
}

/**
 * One page of an events collection's upcoming or past events, keyset-paged by start date (then id)
 * on the columns content sync keeps (event-dates.ts), as content without live stock.
 */
export async function eventsPageContent(
  db: CatalogueDb,
  collectionId: string,
  page: EventsPageQuery,
): Promise<ItemContent[]> {
  const upcoming = page.when === 'upcoming';
  let query = db
    .selectFrom('items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where((eb) => onStorefront(eb, page.now))
    .where('event_end', upcoming ? '>=' : '<', page.now);
  const after = page.after;
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('event_start', upcoming ? '>' : '<', after[0]),
        eb.and([eb('event_start', '=', after[0]), eb('id', upcoming ? '>' : '<', after[1])]),
      ]),
    );
  const direction = upcoming ? 'asc' : 'desc';
  const rows = await query
    .orderBy('event_start', direction)
    .orderBy('id', direction)
    .limit(page.limit)
    .execute();
  return rows.map(itemContent);
}

/** An events collection's events a visitor sees at `now` starting in [from, to), soonest first, as content. */
export async function eventsStartingContent(
  db: CatalogueDb,
  collectionId: string,
  from: number,
  to: number,
  now: number,
): Promise<ItemContent[]> {
  const rows = await db
    .selectFrom('items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .where((eb) => onStorefront(eb, now))
    .where('event_start', '>=', from)
    .where('event_start', '<', to)
    .orderBy('event_start', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(itemContent);
}

/** The sorts a product list offers (`?sort=`). */
export const PRODUCT_SORTS = ['price-asc', 'price-desc', 'newest', 'title'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * What an item costs at its cheapest: the lowest unit price of its variants (core's
 * `variantUnitPrice`, written by content sync), read through the variants' (item_id, sku) index.
 */
const lowestPrice = (eb: ExpressionBuilder<CatalogueTables, 'items'>) =>
  eb
    .selectFrom('variants')
    .select((v) => v.fn.min<number>('variants.unit_price_cents').as('lowest'))
    .whereRef('variants.item_id', '=', 'items.id');

/**
 * Which of `wanted` (kind and value) some item of the collection a visitor sees at `now` has, as
 * `kind:value` keys: a list filter takes effect only for a value the collection shows.
 */
export async function presentTerms(
  db: CatalogueDb,
  collectionId: string,
  wanted: readonly { kind: TermKind; value: string }[],
  now: number,
): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  const rows = await db
    .selectFrom('item_terms')
    .innerJoin('items', 'items.id', 'item_terms.item_id')
    .select(['item_terms.kind', 'item_terms.value'])
    .distinct()
    .where('item_terms.collection_id', '=', collectionId)
    .where((eb) => onStorefront(eb, now))
    .where((eb) =>
      eb.or(
        wanted.map(({ kind, value }) =>
          eb.and([eb('item_terms.kind', '=', kind), termMatches(eb, kind, [value])]),
        ),
      ),
    )
    .execute();
  const found = new Set(rows.map((row) => `${row.kind}:${row.value}`));
  // A category is present when a product is in it or nested under it.
  for (const { kind, value } of wanted)
    if (kind === 'category' && rows.some((row) => row.kind === kind && row.value.startsWith(`${value}/`)))
      found.add(`${kind}:${value}`);
  return found;
}

/**
 * The author a list filter names, by id or by display name (the first in list order), or undefined
 * when no item of the collection a visitor sees at `now` has it.
 */
export async function findAuthor(
  db: CatalogueDb,
  collectionId: string,
  wanted: string,
  order: PageQuery['order'],
  now: number,
): Promise<{ id: string; displayName: string | null } | undefined> {
  let query = db
    .selectFrom('item_terms')
    .innerJoin('items', 'items.id', 'item_terms.item_id')
    .select(['item_terms.value', 'item_terms.label'])
    .where('item_terms.collection_id', '=', collectionId)
    .where((eb) => onStorefront(eb, now))
    .where('item_terms.kind', '=', 'author')
    .where((eb) => eb.or([eb('item_terms.value', '=', wanted), eb('item_terms.label', '=', wanted)]));
  query =
    order === 'newest'
      ? query.orderBy('items.publish_on', 'desc').orderBy('items.position', 'asc')
      : query.orderBy('items.position', 'asc');
  const row = await query.limit(1).executeTakeFirst();
  return row && { id: row.value, displayName: row.label };
}

/** The distinct categories of the collection's items a visitor sees at `now`, in first-seen content order. */
export async function collectionCategories(
  db: CatalogueDb,
  collectionId: string,
  now: number,
): Promise<string[]> {
  // Each category's first appearance (item position, then its place in the item's list), one row each.
  const firsts = db
    .selectFrom('item_terms')
    .innerJoin('items', 'items.id', 'item_terms.item_id')
    .select([
      'item_terms.value',
      'items.position as item_position',
      'item_terms.position as term_position',
      sql<number>`row_number() over (partition by ${sql.ref('item_terms.value')} order by ${sql.ref('items.position')}, ${sql.ref('item_terms.position')})`.as(
        'seen',
      ),
    ])
    .where('item_terms.collection_id', '=', collectionId)
    .where('item_terms.kind', '=', 'category')
    .where((eb) => onStorefront(eb, now))
    .as('firsts');
  const rows = await db
    .selectFrom(firsts)
    .select('value')
    .where('seen', '=', 1)
    .orderBy('item_position')
    .orderBy('term_position')
    .execute();
  return rows.map((row) => row.value);
}

export async function getItemsByIds(
  db: CatalogueDb,
  ids: readonly string[],
): Promise<Map<string, ItemContent>> {
  return (await itemsWithCollectionUrls(db, ids, Date.now())).items;
}

/** Items by id that a shopper may buy at `now`: a hidden or scheduled one is not among them. */
export async function itemsForSaleByIds(
  db: CatalogueDb,
  ids: readonly string[],
  now: number,
): Promise<Map<string, ItemContent>> {
  const { items, shown } = await itemsWithCollectionUrls(db, ids, now);
  return new Map([...items].filter(([id]) => shown.has(id)));
}

/**
 * Items by id with their variants' live stock, the URL id of each one's collection, and which of
 * them a visitor sees at `now`, in one statement (each statement is a round trip on PostgreSQL, and
 * carts read this on every add): a row per variant, the item's columns repeated on each.
 */
export async function itemsWithCollectionUrls(
  db: CatalogueDb,
  ids: readonly string[],
  now: number,
): Promise<{
  items: Map<string, ItemContent>;
  collectionUrls: Map<string, string>;
  /** The ids among `items` on the storefront at `now` (a hidden or scheduled one is not). */
  shown: Set<string>;
}> {
  if (ids.length === 0) return { items: new Map(), collectionUrls: new Map(), shown: new Set() };
  const rows = await itemsWithUrlsQuery.run(db, { ids: [...new Set(ids)], now });
  const contents = new Map<string, ItemContent>();
  const collectionUrls = new Map<string, string>();
  const shown = new Set<string>();
  const stock: LiveStock[] = [];
  for (const row of rows) {
    if (!contents.has(row.id)) contents.set(row.id, itemContent(row));
    // SQLite answers 1 or 0, PostgreSQL true or false.
    if (Number(row.on_storefront) === 1) shown.add(row.id);
    if (row.collection_url_id !== null) collectionUrls.set(row.collection_id, row.collection_url_id);
    if (row.variant_id !== null)
      stock.push({
        id: row.variant_id,
        item_id: row.id,
        qty_in_stock: Number(row.variant_qty_in_stock),
        unlimited: Number(row.variant_unlimited),
      });
  }
  const items = overlayStock([...contents.values()], stock);
  return { items: new Map(items.map((i) => [i.id, i])), collectionUrls, shown };
}

// Prepared (db/prepared.ts): it runs in every add-to-cart.
const itemsWithUrlsQuery = preparedQuery(
  (db: CatalogueDb, { ids, now }: { ids: readonly string[]; now: number }) =>
    db
      .selectFrom('items')
      .leftJoin('collections', 'collections.id', 'items.collection_id')
      .leftJoin('variants', 'variants.item_id', 'items.id')
      .selectAll('items')
      .select((eb) => [
        'collections.url_id as collection_url_id',
        'variants.id as variant_id',
        'variants.qty_in_stock as variant_qty_in_stock',
        'variants.unlimited as variant_unlimited',
        onStorefront(eb, now).as('on_storefront'),
      ])
      .where('items.id', 'in', ids),
);

/** A row's content (shared parse: copy before changing), with its collection id. */
function itemContent(row: ItemRow): ItemContent {
  return { ...parsedOnce<ItemContent>(`i:${row.id}`, row.data), collectionId: row.collection_id };
}

/** `items` with the live stock of their variants overlaid (one query for all of them). */
export async function withStock(db: CatalogueDb, items: ItemContent[]): Promise<ItemContent[]> {
  const ids = items.filter((i) => (i.structuredContent?.productType ?? null) !== null).map((i) => i.id);
  const variants = ids.length
    ? await db
        .selectFrom('variants')
        .select(['id', 'item_id', 'qty_in_stock', 'unlimited'])
        .where('item_id', 'in', ids)
        .execute()
    : [];
  return overlayStock(items, variants);
}

/** What a page or a cart reads of a variant on every request. */
type LiveStock = Pick<VariantRow, 'id' | 'item_id' | 'qty_in_stock' | 'unlimited'>;

/** `items` with `variants`' stock in place of their content's (content order kept). */
function overlayStock(items: ItemContent[], variants: readonly LiveStock[]): ItemContent[] {
  const byItem = new Map<string, LiveStock[]>();
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

/** The first gift card of the catalogue (in catalogue order), for the gift-card checkout. */
export async function firstGiftCardId(db: CatalogueDb): Promise<string | undefined> {
  const gift = await db
    .selectFrom('items')
    .select('id')
    .where('product_type', '=', ProductType.GIFT_CARD)
    .orderBy('position')
    .executeTakeFirst();
  return gift?.id;
}

/**
 * Products (not pages or posts) whose lower-cased title is `like` the pattern (escaped with `\`;
 * undefined: every product), by title, at most `limit`.
 */
export async function productsTitled(
  db: CatalogueDb,
  pattern: string | undefined,
  limit: number,
): Promise<{ id: string; title: string }[]> {
  let q = db.selectFrom('items').select(['id', 'title']).where('product_type', 'is not', null);
  if (pattern !== undefined)
    q = q.where((eb) => eb(sql`lower(items.title)`, 'like', sql`${pattern} escape '\\'`));
  return q.orderBy('title').orderBy('id').limit(limit).execute();
}

/** Where an item is: its title and the URL ids of its collection and of itself. */
export interface ItemAddress {
  id: string;
  title: string;
  urlId: string;
  collectionUrlId: string;
}

/** The address of each of these items that is still in a collection (one statement). */
export async function itemAddresses(
  db: CatalogueDb,
  ids: readonly string[],
): Promise<Map<string, ItemAddress>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select(['items.id', 'items.title', 'items.url_id', 'collections.url_id as collection_url_id'])
    .where('items.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, title: r.title, urlId: r.url_id, collectionUrlId: r.collection_url_id },
    ]),
  );
}

/** An item's content as stored (without live stock), by id; undefined when there is none. */
export async function storedItemContent(db: CatalogueDb, itemId: string): Promise<ItemContent | undefined> {
  const row = await db.selectFrom('items').select('data').where('id', '=', itemId).executeTakeFirst();
  return row && (JSON.parse(row.data) as ItemContent);
}

/** An item by id with its product type (null: not a product), and a variant by id with its item. */
export async function productAndVariant(
  db: CatalogueDb,
  productId: string,
  variantId: string,
): Promise<{
  product: { id: string; productType: number | null } | undefined;
  variant: { id: string; itemId: string } | undefined;
}> {
  const variant = await db
    .selectFrom('variants')
    .select(['id', 'item_id'])
    .where('id', '=', variantId)
    .executeTakeFirst();
  const product = await db
    .selectFrom('items')
    .select(['id', 'product_type'])
    .where('id', '=', productId)
    .executeTakeFirst();
  return {
    product: product && { id: product.id, productType: product.product_type },
    variant: variant && { id: variant.id, itemId: variant.item_id },
  };
}

/** Every enabled collection's id, URL id, homepage flag and last change, in navigation order. */
export async function collectionAddresses(
  db: CatalogueDb,
): Promise<{ id: string; urlId: string; homepage: boolean; updatedOn: number }[]> {
  const rows = await db
    .selectFrom('collections')
    .select(['id', 'url_id', 'homepage', 'updated_on'])
    .where('enabled', '=', 1)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    urlId: row.url_id,
    homepage: row.homepage === 1,
    updatedOn: Number(row.updated_on),
  }));
}

/** Items of a disabled page: no visitor opens them. */
const inDisabledCollection = (db: CatalogueDb) =>
  db.selectFrom('collections').select('id').where('enabled', '=', 0);

/** How many items of the catalogue a visitor can open at `now` (none of a disabled page), in every collection. */
export async function countAllItems(db: CatalogueDb, now: number): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll().as('count'))
    .where((eb) => onStorefront(eb, now))
    .where('collection_id', 'not in', inDisabledCollection(db))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Where a walk over every item stops: after this item (by collection id, then position). */
export interface ItemWalkKey {
  collectionId: string;
  position: number;
}

/**
 * Every item a visitor can open at `now` (none of a disabled page): its collection, position, URL id and last change, by
 * collection id then position, a batch at a time: after `after` (keyset), skipping `offset` rows
 * first.
 */
export async function itemsInCatalogueOrder(
  db: CatalogueDb,
  after: ItemWalkKey | undefined,
  limit: number,
  offset: number,
  now: number,
): Promise<{ collectionId: string; position: number; urlId: string; updatedOn: number }[]> {
  let query = db
    .selectFrom('items')
    .select(['collection_id', 'position', 'url_id', 'updated_on'])
    .where((eb) => onStorefront(eb, now))
    .where('collection_id', 'not in', inDisabledCollection(db))
    .orderBy('collection_id')
    .orderBy('position');
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('collection_id', '>', after.collectionId),
        eb.and([eb('collection_id', '=', after.collectionId), eb('position', '>', after.position)]),
      ]),
    );
  const rows = await query.limit(limit).offset(offset).execute();
  return rows.map((row) => ({
    collectionId: row.collection_id,
    position: row.position,
    urlId: row.url_id,
    updatedOn: Number(row.updated_on),
  }));
}
