/**
 * The product CSV's reads and writes of the catalogue tables (product-csv-import.ts decides what to
 * write): built on content sync's primitives (upsert, replaceTerms, the stock ledger, search's
 * documents), for the imported products only; nothing else is ever removed.
 */
import type { Pace } from '../../platform/jobs/pacer.ts';
import { sql } from 'kysely';
import { changeKey, type ChangeKey } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import type { CollectionContent, ItemContent } from '../../platform/site/types.ts';
import { itemDocument, writeSearchDocuments } from '../search/index.ts';
import { recordStockChanges, type StockChangeEntry } from './stock-store.ts';
import { chunks, removeUnlisted, replaceTerms, upsert, type Wanted } from './sync-store.ts';
import type { CatalogueDb } from './tables.ts';

export interface StorePageRow {
  id: string;
  url_id: string;
  title: string;
  data: string;
}

/** The products collections (store pages), in navigation order. */
export function storePages(db: CatalogueDb): Promise<StorePageRow[]> {
  return db
    .selectFrom('collections')
    .select(['id', 'url_id', 'title', 'data'])
    .where('type_name', '=', 'products')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export interface StoredItem {
  id: string;
  collection_id: string;
  url_id: string;
  title: string;
  record_type: number;
  position: number;
  added_on: number | string;
  publish_on: number | string;
  data: string;
}

export interface StoredVariant {
  id: string;
  item_id: string;
  sku: string;
  position: number;
  currency: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: number;
  unit_price_cents: number;
  unlimited: number;
  qty_in_stock: number;
  data: string;
}

const ITEM_COLUMNS = [
  'id',
  'collection_id',
  'url_id',
  'title',
  'record_type',
  'position',
  'added_on',
  'publish_on',
  'data',
] as const;
const VARIANT_COLUMNS = [
  'id',
  'item_id',
  'sku',
  'position',
  'currency',
  'price_cents',
  'sale_price_cents',
  'on_sale',
  'unit_price_cents',
  'unlimited',
  'qty_in_stock',
  'data',
] as const;

/** Items by id (any kind: a Product ID naming a page's item is refused by the caller). */
export async function itemsById(db: CatalogueDb, ids: string[], batch: number): Promise<StoredItem[]> {
  const out: StoredItem[] = [];
  for (const part of chunks(ids, batch))
    out.push(...(await db.selectFrom('items').select(ITEM_COLUMNS).where('id', 'in', part).execute()));
  return out;
}

/** Products by URL slug (Shopify's Handle), the first store page's first. */
export async function productsBySlug(db: CatalogueDb, slugs: string[], batch: number): Promise<StoredItem[]> {
  const out: StoredItem[] = [];
  for (const part of chunks(slugs, batch))
    out.push(
      ...(await db
        .selectFrom('items')
        .select(ITEM_COLUMNS)
        .where('url_id', 'in', part)
        .where('record_type', '=', 11)
        .orderBy('id')
        .execute()),
    );
  return out;
}

/** Items of a collection holding any of these slugs (to refuse a URL another product has). */
export async function slugHolders(
  db: CatalogueDb,
  slugs: { collectionId: string; slug: string }[],
  batch: number,
): Promise<{ id: string; collection_id: string; url_id: string; title: string }[]> {
  const out: { id: string; collection_id: string; url_id: string; title: string }[] = [];
  for (const part of chunks(slugs, batch))
    out.push(
      ...(await db
        .selectFrom('items')
        .select(['id', 'collection_id', 'url_id', 'title'])
        .where((eb) =>
          eb.or(
            part.map(({ collectionId, slug }) =>
              eb.and([eb('collection_id', '=', collectionId), eb('url_id', '=', slug)]),
            ),
          ),
        )
        .execute()),
    );
  return out;
}

export async function variantsOfItems(
  db: CatalogueDb,
  itemIds: string[],
  batch: number,
): Promise<StoredVariant[]> {
  const out: StoredVariant[] = [];
  for (const part of chunks(itemIds, batch))
    out.push(
      ...(await db
        .selectFrom('variants')
        .select(VARIANT_COLUMNS)
        .where('item_id', 'in', part)
        .orderBy('item_id')
        .orderBy('position')
        .execute()),
    );
  return out;
}

/** Of these variant ids, those the database has, with their product. */
export async function variantOwners(
  db: CatalogueDb,
  ids: string[],
  batch: number,
): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const part of chunks(ids, batch))
    for (const row of await db
      .selectFrom('variants')
      .select(['id', 'item_id'])
      .where('id', 'in', part)
      .execute())
      owners.set(row.id, row.item_id);
  return owners;
}

/** The highest item position of each collection (new products go after it). */
export async function lastPositions(db: CatalogueDb, collectionIds: string[]): Promise<Map<string, number>> {
  if (collectionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .select(['collection_id', (eb) => eb.fn.max('position').as('last')])
    .where('collection_id', 'in', collectionIds)
    .groupBy('collection_id')
    .execute();
  return new Map(rows.map((r) => [r.collection_id, Number(r.last)]));
}

/** A variant whose stock the file sets (the ledger gets the difference). */
export interface StockSetting {
  variantId: string;
  unlimited: boolean;
  qtyInStock: number;
  /** The level before, null when it was unlimited or the variant is new. */
  before: number | null;
  sku: string;
  /** A variant the import inserts: its stock comes with the insert, only the ledger is written. */
  isNew: boolean;
}

export interface ImportWrite {
  items: Wanted[];
  variants: Wanted[];
  /** Variants of the imported products that the file no longer lists. */
  removedVariants: string[];
  stock: StockSetting[];
  /** Collections (by id) the written items are on, with their content, for search and invalidation. */
  collections: Map<string, CollectionContent>;
  /** Collections items left (moved to another store page). */
  leftCollections: string[];
}

/**
 * Writes the import in one transaction, `batch` rows a statement; the event loop gets a turn between
 * batches, and `onProgress` hears how many products are written.
 */
export async function writeImport(
  db: Db,
  write: ImportWrite,
  now: number,
  batch: number,
  onProgress: (written: number) => void,
  pace: Pace,
): Promise<void> {
  // Made before the transaction: on SQLite, every other request's query waits while it runs.
  const documents = write.items.map(({ fields, json }) => {
    const collection = write.collections.get(String(fields.collection_id));
    const document = collection
      ? itemDocument(collection, json as ItemContent, Number(fields.publish_on ?? now))
      : undefined;
    return { id: fields.id, document: () => document };
  });
  await writeTransaction(db, async (trx, changes) => {
    // A collection's key covers its items (as content sync): a large import moves a few keys.
    const keys = new Set<ChangeKey>();
    for (const id of [...write.collections.keys(), ...write.leftCollections])
      keys.add(changeKey.collection(id));
    changes.touch(...keys);

    await removeUnlisted(trx, { collections: [], items: [], variants: write.removedVariants }, now, batch);
    let written = 0;
    for (const items of chunks(write.items, batch)) {
      await upsert(trx, 'items', items, now, batch);
      await replaceTerms(trx, items, batch);
      written += items.length;
      onProgress(written);
      await pace();
    }
    for (const variants of chunks(write.variants, batch)) {
      await upsert(trx, 'variants', variants, now, batch);
      await pace();
    }
    for (const settings of chunks(write.stock, batch)) {
      await setStock(
        trx,
        settings.filter((s) => !s.isNew),
      );
      await recordStockChanges(trx, ledgerEntries(settings), now);
    }
    await writeSearchDocuments(trx, documents, [], batch);
  });
}

function ledgerEntries(settings: StockSetting[]): StockChangeEntry[] {
  return settings
    .filter((s) => !s.unlimited && s.qtyInStock !== (s.before ?? 0))
    .map((s) => ({
      variantId: s.variantId,
      change: s.qtyInStock - (s.before ?? 0),
      reason: 'import' as const,
      note: `stock of ${s.sku || s.variantId} from a product CSV`,
    }));
}

/** One UPDATE for a batch of variants' stock, from a VALUES list (SQLite 3.33+ and PostgreSQL). */
async function setStock(db: CatalogueDb, settings: StockSetting[]): Promise<void> {
  if (settings.length === 0) return;
  const values = sql.join(
    settings.map(
      (s) => sql`(${s.variantId}, CAST(${s.qtyInStock} AS integer), CAST(${s.unlimited ? 1 : 0} AS integer))`,
    ),
  );
  await sql`WITH wanted(id, qty, unl) AS (VALUES ${values})
    UPDATE variants SET qty_in_stock = wanted.qty, unlimited = wanted.unl
    FROM wanted WHERE variants.id = wanted.id`.execute(db);
}

// ------------------------------------------------------------------ export

export interface ExportItemRow {
  id: string;
  data: string;
  storePage: string;
  collectionId: string;
  position: number;
}

/**
 * Products after `after`, `size` at a time, by store page and their order on it (keyset: each page
 * one indexed query), so that a file imported into an empty shop exports again in the same order.
 */
export function productsAfter(
  db: CatalogueDb,
  after: ExportItemRow | undefined,
  size: number,
): Promise<ExportItemRow[]> {
  let query = db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select([
      'items.id as id',
      'items.data as data',
      'items.collection_id as collectionId',
      'items.position as position',
      'collections.url_id as storePage',
    ])
    .where('items.record_type', '=', 11)
    .where('collections.type_name', '=', 'products')
    .orderBy('items.collection_id')
    .orderBy('items.position')
    .orderBy('items.id')
    .limit(size);
  if (after !== undefined)
    query = query.where((eb) =>
      eb.or([
        eb('items.collection_id', '>', after.collectionId),
        eb.and([
          eb('items.collection_id', '=', after.collectionId),
          eb('items.position', '>', after.position),
        ]),
        eb.and([
          eb('items.collection_id', '=', after.collectionId),
          eb('items.position', '=', after.position),
          eb('items.id', '>', after.id),
        ]),
      ]),
    );
  return query.execute();
}
