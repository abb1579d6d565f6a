/**
 * The product editor's reads and writes of the catalogue tables (admin-products.ts decides what to
 * write): a product's row and live stock, the version claim that refuses a stale save, revisions,
 * former addresses, and the back office's product list, keyset-paged on indexed columns.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { ProductType } from '@storefront/core';
import type { CatalogueDb, CatalogueTables, CatalogueTrx, CollectionRow } from './tables.ts';

export interface ProductRow {
  id: string;
  collection_id: string;
  url_id: string;
  title: string;
  position: number;
  data: string;
  version: number;
  updated_on: number;
  updated_by: string | null;
  product_type: number | null;
}

/** A product (an item with a product type) by id. */
export async function productRow(db: CatalogueDb, id: string): Promise<ProductRow | undefined> {
  const row = await db
    .selectFrom('items')
    .select([
      'id',
      'collection_id',
      'url_id',
      'title',
      'position',
      'data',
      'version',
      'updated_on',
      'updated_by',
      'product_type',
    ])
    .where('id', '=', id)
    .where('product_type', 'is not', null)
    .executeTakeFirst();
  return row && { ...row, version: Number(row.version), updated_on: Number(row.updated_on) };
}

/** The live stock of an item's variants, by variant id. */
export async function liveStock(
  db: CatalogueDb,
  itemIds: readonly string[],
): Promise<Map<string, { unlimited: boolean; qty: number }>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('variants')
    .select(['id', 'unlimited', 'qty_in_stock'])
    .where('item_id', 'in', [...itemIds])
    .execute();
  return new Map(rows.map((r) => [r.id, { unlimited: r.unlimited === 1, qty: Number(r.qty_in_stock) }]));
}

/**
 * Holds the item's row for this transaction if it is still at `version` (an UPDATE that changes
 * nothing: a row lock on PostgreSQL, where a save running at the same time waits, then finds the
 * version moved; the write lock on SQLite). False: someone saved since.
 */
export async function claimVersion(trx: CatalogueTrx, id: string, version: number): Promise<boolean> {
  const result = await trx
    .updateTable('items')
    .set({ version: sql<number>`version` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether another item of the collection has this URL id. */
export async function slugTaken(
  db: CatalogueDb,
  collectionId: string,
  urlId: string,
  exceptItemId: string | undefined,
): Promise<boolean> {
  let q = db
    .selectFrom('items')
    .select('id')
    .where('collection_id', '=', collectionId)
    .where('url_id', '=', urlId);
  if (exceptItemId !== undefined) q = q.where('id', '!=', exceptItemId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface StorePage {
  id: string;
  title: string;
  urlId: string;
  data: string;
}

/** A products collection (a store page) by id. */
export async function storePage(db: CatalogueDb, id: string): Promise<StorePage | undefined> {
  const row = await db
    .selectFrom('collections')
    .select(['id', 'title', 'url_id', 'data', 'type_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && row.type_name === 'products'
    ? { id: row.id, title: row.title, urlId: row.url_id, data: row.data }
    : undefined;
}

/** A collection's row by id. */
export async function collectionRow(db: CatalogueDb, id: string): Promise<CollectionRow | undefined> {
  return db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An item's version now. */
export async function itemVersion(db: CatalogueDb, id: string): Promise<number> {
  const row = await db.selectFrom('items').select('version').where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row.version);
}

/** The position after the last item of a collection. */
export async function nextPosition(db: CatalogueDb, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/** Sets a variant's stock (the caller writes the ledger). */
export async function setVariantStock(
  trx: CatalogueTrx,
  variantId: string,
  stock: { unlimited: boolean; qty: number },
): Promise<void> {
  await trx
    .updateTable('variants')
    .set({ unlimited: stock.unlimited ? 1 : 0, qty_in_stock: stock.qty })
    .where('id', '=', variantId)
    .execute();
}

/** Marks the item as saved by `by` (the shared upsert leaves who saved to the caller). */
export async function setSavedBy(trx: CatalogueTrx, id: string, by: string | null): Promise<number> {
  const row = await trx
    .updateTable('items')
    .set({ updated_by: by })
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

export interface RevisionRow {
  id: string;
  version: number;
  saved_on: number;
  saved_by: string | null;
  product: string;
  changes: string;
}

export async function addRevision(
  trx: CatalogueTrx,
  revision: RevisionRow & { item_id: string },
): Promise<void> {
  await trx.insertInto('item_revisions').values(revision).execute();
}

/** An item's revisions, newest first (at most `limit`). */
export async function revisionsOf(db: CatalogueDb, itemId: string, limit: number): Promise<RevisionRow[]> {
  const rows = await db
    .selectFrom('item_revisions')
    .select(['id', 'version', 'saved_on', 'saved_by', 'product', 'changes'])
    .where('item_id', '=', itemId)
    .orderBy('version', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, version: Number(r.version), saved_on: Number(r.saved_on) }));
}

export async function revisionOf(
  db: CatalogueDb,
  itemId: string,
  revisionId: string,
): Promise<RevisionRow | undefined> {
  const row = await db
    .selectFrom('item_revisions')
    .select(['id', 'version', 'saved_on', 'saved_by', 'product', 'changes'])
    .where('item_id', '=', itemId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  return row && { ...row, version: Number(row.version), saved_on: Number(row.saved_on) };
}

/** The item's former address answers for it from now on; its new address is no one's former one. */
export async function moveAddress(
  trx: CatalogueTrx,
  from: { collectionId: string; urlId: string },
  to: { collectionId: string; urlId: string },
  itemId: string,
  now: number,
): Promise<void> {
  await forgetAddress(trx, to);
  await trx
    .insertInto('item_redirects')
    .values({ collection_id: from.collectionId, url_id: from.urlId, item_id: itemId, created: now })
    .onConflict((oc) =>
      oc.columns(['collection_id', 'url_id']).doUpdateSet({ item_id: itemId, created: now }),
    )
    .execute();
}

/** A URL taken by an item again is no longer a redirect. */
export async function forgetAddress(
  trx: CatalogueTrx,
  address: { collectionId: string; urlId: string },
): Promise<void> {
  await trx
    .deleteFrom('item_redirects')
    .where('collection_id', '=', address.collectionId)
    .where('url_id', '=', address.urlId)
    .execute();
}

export async function forgetItemAddresses(trx: CatalogueTrx, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length)
    await trx
      .deleteFrom('item_redirects')
      .where('item_id', 'in', [...itemIds])
      .execute();
}

/** Where an item that was at this address is now (its collection's and its own URL ids). */
export async function movedItem(
  db: CatalogueDb,
  collectionId: string,
  urlId: string,
): Promise<{ itemId: string; collectionId: string; urlId: string } | undefined> {
  const row = await db
    .selectFrom('item_redirects')
    .innerJoin('items', 'items.id', 'item_redirects.item_id')
    .select(['items.id', 'items.collection_id', 'items.url_id'])
    .where('item_redirects.collection_id', '=', collectionId)
    .where('item_redirects.url_id', '=', urlId)
    .executeTakeFirst();
  return row && { itemId: row.id, collectionId: row.collection_id, urlId: row.url_id };
}

// ------------------------------------------------------------------ the list

/** At or below this many units (and above none), a limited product is low on stock. */
export const LOW_STOCK_UNITS = 5;

export type ListSort = 'title' | 'updated' | 'price' | 'position';

export interface ListFilter {
  /** `like` pattern (lower-cased, escaped with `\`) of the title or a SKU. */
  pattern?: string | undefined;
  productType?: number | undefined;
  visibility?: 'visible' | 'hidden' | 'scheduled' | undefined;
  stock?: 'in-stock' | 'low' | 'out-of-stock' | undefined;
  collectionId?: string | undefined;
  category?: string | undefined;
  now: number;
}

export interface ListQuery extends ListFilter {
  sort: ListSort;
  descending: boolean;
  /** The last row's sort key: [value, id] (position: [collection id, position, id]). */
  after?: readonly (string | number)[] | undefined;
  limit: number;
}

type ItemsEb = ExpressionBuilder<CatalogueTables, 'items'>;

const STOCKED_TYPES = [ProductType.PHYSICAL, ProductType.SERVICE];

function filtered(eb: ItemsEb, f: ListFilter): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [
    f.productType === undefined
      ? eb('items.product_type', 'is not', null)
      : eb('items.product_type', '=', f.productType),
  ];
  if (f.collectionId !== undefined) all.push(eb('items.collection_id', '=', f.collectionId));
  if (f.pattern !== undefined) {
    const like = sql`${f.pattern} escape '\\'`;
    all.push(
      eb.or([
        eb(sql`lower(items.title)`, 'like', like),
        eb(
          'items.id',
          'in',
          eb
            .selectFrom('variants')
            .select('variants.item_id')
            .where(sql`lower(variants.sku)`, 'like', like),
        ),
      ]),
    );
  }
  if (f.category !== undefined)
    all.push(
      eb(
        'items.id',
        'in',
        eb
          .selectFrom('item_terms')
          .select('item_terms.item_id')
          .where('item_terms.kind', '=', 'category')
          .where('item_terms.value', '=', f.category),
      ),
    );
  if (f.visibility === 'hidden') all.push(eb('items.hidden', '=', 1));
  else if (f.visibility === 'scheduled')
    all.push(eb.and([eb('items.hidden', '=', 0), eb('items.publish_on', '>', f.now)]));
  else if (f.visibility === 'visible')
    all.push(eb.and([eb('items.hidden', '=', 0), eb('items.publish_on', '<=', f.now)]));
  if (f.stock !== undefined) {
    const unlimited = eb.exists(
      eb
        .selectFrom('variants as s')
        .select('s.id')
        .whereRef('s.item_id', '=', 'items.id')
        .where('s.unlimited', '=', 1),
    );
    const units = sql<number>`coalesce((select sum(s.qty_in_stock) from variants s where s.item_id = items.id), 0)`;
    const stocked = eb('items.product_type', 'in', STOCKED_TYPES);
    const out = eb.and([stocked, eb.not(unlimited), eb(units, '<=', 0)]);
    const low = eb.and([stocked, eb.not(unlimited), eb(units, '>', 0), eb(units, '<=', LOW_STOCK_UNITS)]);
    all.push(f.stock === 'out-of-stock' ? out : f.stock === 'low' ? low : eb.not(eb.or([out, low])));
  }
  return eb.and(all);
}

export interface ListedRow {
  id: string;
  title: string;
  collection_id: string;
  collection_title: string;
  position: number;
  product_type: number | null;
  hidden: number;
  publish_on: number;
  updated_on: number;
  data: string;
  from_price: number;
}

/** One page of the product list (`limit` rows), after the cursor's row in the sort asked for. */
export async function listProductRows(db: CatalogueDb, q: ListQuery): Promise<ListedRow[]> {
  const direction = q.descending ? 'desc' : 'asc';
  const beyond = q.descending ? '<' : '>';
  let query = db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select([
      'items.id',
      'items.title',
      'items.collection_id',
      'collections.title as collection_title',
      'items.position',
      'items.product_type',
      'items.hidden',
      'items.publish_on',
      'items.updated_on',
      'items.data',
      'items.from_price_cents as from_price',
    ])
    .where((eb) => filtered(eb, q));
  const after = q.after;
  switch (q.sort) {
    case 'title':
    case 'updated':
    case 'price': {
      const column =
        q.sort === 'title'
          ? 'items.title'
          : q.sort === 'updated'
            ? 'items.updated_on'
            : 'items.from_price_cents';
      // A row value comparison, which both databases answer from the (column, id) index.
      if (after)
        query = query.where((eb) =>
          eb(eb.refTuple(column, 'items.id'), beyond, eb.tuple(after[0] as never, after[1] as string)),
        );
      query = query.orderBy(column, direction).orderBy('items.id', direction);
      break;
    }
    case 'position':
      if (after)
        query = query.where((eb) =>
          eb(
            eb.refTuple('items.collection_id', 'items.position'),
            '>',
            eb.tuple(after[0] as string, after[1] as number),
          ),
        );
      query = query.orderBy('items.collection_id').orderBy('items.position');
      break;
  }
  const rows = await query.limit(q.limit).execute();
  return rows.map((r) => ({
    ...r,
    position: Number(r.position),
    publish_on: Number(r.publish_on),
    updated_on: Number(r.updated_on),
    from_price: Number(r.from_price),
  }));
}

/** How many products the filter matches. */
export async function countProducts(db: CatalogueDb, f: ListFilter): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll().as('count'))
    .where((eb) => filtered(eb, f))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Per item: variants, on sale, units (null when any is unlimited). */
export async function variantTotals(
  db: CatalogueDb,
  itemIds: readonly string[],
): Promise<Map<string, { count: number; onSale: boolean; units: number | null }>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('variants')
    .select((eb) => [
      'item_id',
      eb.fn.countAll().as('count'),
      eb.fn.max('on_sale').as('on_sale'),
      eb.fn.max('unlimited').as('unlimited'),
      eb.fn.sum('qty_in_stock').as('units'),
    ])
    .where('item_id', 'in', [...itemIds])
    .groupBy('item_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.item_id,
      {
        count: Number(r.count),
        onSale: Number(r.on_sale) === 1,
        units: Number(r.unlimited) === 1 ? null : Number(r.units ?? 0),
      },
    ]),
  );
}

/** Whether the store has at least one product (a currency change then asks to be confirmed). */
export async function anyProduct(db: CatalogueDb): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .select('id')
    .where('product_type', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
