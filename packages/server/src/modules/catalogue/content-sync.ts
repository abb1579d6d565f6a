import type {
  CollectionContent,
  ItemContent,
  SiteContent,
  VariantContent,
} from '../../platform/site/types.ts';
import { DEFAULT_CURRENCY, moneyToCents, productOf, variantUnitPrice, type Product } from '@storefront/core';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { changeKey, type ChangeKey } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { eventEndOf, eventStartOf } from './event-dates.ts';
import { itemTerms } from './item-terms.ts';
import { recordStockChanges } from './stock.ts';
import {
  itemDocument,
  pageDocument,
  searchIndexIsEmpty,
  writeSearchDocuments,
  type SearchSource,
} from '../search/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';

export interface SyncResult {
  collections: number;
  items: number;
  variants: number;
  /** Variants seen for the first time (their starting stock was inserted). */
  newVariants: number;
  /** Rows inserted or updated because the content differs from the database (0 on a plain restart). */
  writtenRows: number;
  /** Rows removed because the content no longer lists them. */
  removedRows: number;
}

export interface SyncOptions {
  now?: number;
  /**
   * Rows per statement (reads, inserts, deletes). At most 13 columns a row, the default 500 stays far
   * under SQLite's 32,766 variables (this better-sqlite3 build) and PostgreSQL's 65,535 parameters.
   */
  rowsPerStatement?: number;
}

const DEFAULT_ROWS_PER_STATEMENT = 500;

/** The advisory lock's first key: content sync's, per schema (the second key). */
const CONTENT_SYNC_LOCK = 0x5f0c;

type Value = string | number | null;
type Row = Record<string, Value> & { id: string };
type TableName = 'collections' | 'items' | 'variants';
/** The three content tables read and written alike, row by column name. */
type ContentDb = Kysely<Record<TableName, Row>>;
/**
 * A row the content asks for. Its `data` column is the JSON of `json`, made when compared and again
 * when written rather than kept: at 100,000 products, holding every row's text doubles the heap.
 */
interface Wanted {
  fields: Row;
  json: object;
}

/** The columns the content decides (stock and updated_on are not among them). */
const CONTENT_COLUMNS: Record<TableName, readonly string[]> = {
  collections: ['url_id', 'title', 'type_name', 'type', 'homepage', 'position'],
  items: [
    'collection_id',
    'url_id',
    'title',
    'record_type',
    'product_type',
    'position',
    'starred',
    'added_on',
    'publish_on',
    'event_start',
    'event_end',
  ],
  variants: [
    'item_id',
    'sku',
    'position',
    'currency',
    'price_cents',
    'sale_price_cents',
    'on_sale',
    'unit_price_cents',
  ],
};

/** Times the content may leave out: the first load dates the row, and later loads keep that date. */
const DATED_ON_FIRST_LOAD: Record<TableName, readonly string[]> = {
  collections: [],
  items: ['added_on', 'publish_on'],
  variants: [],
};

/**
 * Loads the site's content into the database, idempotently, in one transaction. Each table is read
 * in id order a batch at a time and compared with the content: only rows that differ are written
 * (so a restart with the same content writes nothing), and rows the content no longer lists are
 * removed by id. A variant's stock (qtyInStock, unlimited) is written only when the variant row is
 * new, since the database owns stock afterwards. An item written gets its terms (`item_terms`:
 * categories, tags, author) rewritten with it. Every statement carries a bounded number of rows.
 */
export async function syncContent(
  db: Db,
  content: SiteContent,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const now = options.now ?? Date.now();
  const batch = options.rowsPerStatement ?? DEFAULT_ROWS_PER_STATEMENT;
  const wanted = contentRows(content, storeCurrency(content));
  return writeTransaction(db, async (transaction, changes) => {
    // Instances starting together on one PostgreSQL database take turns: the second waits here,
    // then finds the content in place (a transaction-scoped lock: released by commit or rollback).
    if (db.getExecutor().adapter instanceof PostgresAdapter)
      await sql`SELECT pg_advisory_xact_lock(${CONTENT_SYNC_LOCK}, hashtext(current_schema()))`.execute(
        transaction,
      );
    const trx = transaction as unknown as ContentDb;
    const collections = await compare(trx, 'collections', wanted.collections, batch);
    const items = await compare(trx, 'items', wanted.items, batch);
    const variants = await compare(trx, 'variants', wanted.variants, batch);

    // Pages and catalogue reads kept in memory, here and on every other instance, drop what showed
    // these; the owners of removed rows are read before the rows go.
    changes.touch(
      ...changedKeys(wanted, collections, items, variants),
      ...(await removedOwners(transaction, items.removed, variants.removed, batch)),
    );

    // Whatever the content no longer lists goes (carts keep their entries; reads skip the missing).
    // A collection is removed only after its items have moved away, but its URL is freed first, so
    // that a collection the content gives another id (another site in the same database, or a
    // re-created collection) can take it.
    for (const ids of chunks(variants.removed, batch)) {
      await recordRemovedStock(transaction, ids, now);
      await trx.deleteFrom('variants').where('id', 'in', ids).execute();
    }
    for (const ids of chunks(items.removed, batch)) {
      await transaction.deleteFrom('item_terms').where('item_id', 'in', ids).execute();
      await trx.deleteFrom('items').where('id', 'in', ids).execute();
    }
    for (const ids of chunks(collections.removed, batch))
      await trx
        .updateTable('collections')
        .set({ url_id: sql<string>`'removed:' || id` })
        .where('id', 'in', ids)
        .execute();

    await upsert(trx, 'collections', collections.toWrite, now, batch);
    await upsert(trx, 'items', items.toWrite, now, batch);
    await replaceTerms(transaction, items.toWrite, batch);
    await upsert(trx, 'variants', variants.toWrite, now, batch);
    for (const rows of chunks(variants.addedRows, batch))
      await recordStockChanges(
        transaction,
        rows
          .filter((row) => row.fields.unlimited === 0 && Number(row.fields.qty_in_stock) !== 0)
          .map((row) => ({
            variantId: row.fields.id,
            change: Number(row.fields.qty_in_stock),
            reason: 'sync' as const,
            note: 'starting stock from the content',
          })),
        now,
      );
    // A database from before search (or one whose index was emptied) gets every document once.
    const searchEmpty = await searchIndexIsEmpty(transaction);
    await writeSearchDocuments(
      transaction,
      searchSources(
        wanted,
        searchEmpty ? [...wanted.collections.values()] : collections.toWrite,
        items.toWrite,
        now,
      ),
      [...items.removed, ...collections.removed],
      batch,
    );

    for (const ids of chunks(collections.removed, batch))
      await trx.deleteFrom('collections').where('id', 'in', ids).execute();

    const result: SyncResult = {
      collections: wanted.collections.size,
      items: wanted.items.size,
      variants: wanted.variants.size,
      newVariants: variants.added,
      writtenRows: collections.toWrite.length + items.toWrite.length + variants.toWrite.length,
      removedRows: collections.removed.length + items.removed.length + variants.removed.length,
    };
    return result;
  });
}

/**
 * The keys of the collections whose content, items or variants were written (those of removed
 * rows aside): a collection's key covers its items, so a sync of a large catalogue moves a few keys.
 */
function changedKeys(
  wanted: ReturnType<typeof contentRows>,
  collections: Comparison,
  items: Comparison,
  variants: Comparison,
): Set<ChangeKey> {
  const keys = new Set<ChangeKey>();
  if (collections.toWrite.length + collections.removed.length > 0) keys.add(changeKey.navigation);
  for (const row of collections.toWrite) keys.add(changeKey.collection(String(row.fields.id)));
  for (const id of collections.removed) keys.add(changeKey.collection(id));
  const ofItem = (itemId: string) => {
    const collectionId = wanted.items.get(itemId)?.fields.collection_id;
    if (collectionId !== undefined) keys.add(changeKey.collection(String(collectionId)));
  };
  for (const row of items.toWrite) ofItem(String(row.fields.id));
  for (const row of variants.toWrite) ofItem(String(row.fields.item_id));
  return keys;
}

/** The keys of the collections holding items and variants about to be removed, as the database has them. */
async function removedOwners(
  trx: Db,
  itemIds: string[],
  variantIds: string[],
  batch: number,
): Promise<Set<ChangeKey>> {
  const keys = new Set<ChangeKey>();
  for (const ids of chunks(itemIds, batch))
    for (const row of await trx
      .selectFrom('items')
      .select('collection_id')
      .distinct()
      .where('id', 'in', ids)
      .execute())
      keys.add(changeKey.collection(row.collection_id));
  for (const ids of chunks(variantIds, batch))
    for (const row of await trx
      .selectFrom('variants')
      .innerJoin('items', 'items.id', 'variants.item_id')
      .select('items.collection_id')
      .distinct()
      .where('variants.id', 'in', ids)
      .execute())
      keys.add(changeKey.collection(row.collection_id));
  return keys;
}

interface Comparison {
  /** New or changed rows, in content order. */
  toWrite: Wanted[];
  /** How many of `toWrite` the database does not have yet. */
  added: number;
  /** Those rows. */
  addedRows: Wanted[];
  /** Ids in the database that the content no longer lists. */
  removed: string[];
}

/** Reads the table in id order, `batch` rows at a time, and sorts the content's rows into what to write. */
async function compare(
  trx: ContentDb,
  table: TableName,
  wanted: Map<string, Wanted>,
  batch: number,
): Promise<Comparison> {
  const columns = CONTENT_COLUMNS[table];
  const same = new Set<string>();
  const existing = new Set<string>();
  const removed: string[] = [];
  let after: string | undefined;
  for (;;) {
    let query = trx
      .selectFrom(table)
      .select(['id', 'data', ...columns] as 'id'[])
      .orderBy('id')
      .limit(batch);
    if (after !== undefined) query = query.where('id', '>', after);
    const rows = (await query.execute()) as Row[];
    for (const stored of rows) {
      const row = wanted.get(stored.id)?.fields;
      if (!row) removed.push(stored.id);
      else {
        existing.add(stored.id);
        for (const c of DATED_ON_FIRST_LOAD[table]) if (row[c] === null) row[c] = Number(stored[c]);
        // PostgreSQL returns bigint columns as strings: compare as text.
        if (
          columns.every((c) => String(stored[c]) === String(row[c])) &&
          stored.data === JSON.stringify((wanted.get(stored.id) as Wanted).json)
        )
          same.add(stored.id);
      }
    }
    if (rows.length < batch) break;
    after = (rows[rows.length - 1] as Row).id;
  }
  const toWrite = [...wanted.values()].filter((row) => !same.has(row.fields.id));
  const addedRows = toWrite.filter((row) => !existing.has(row.fields.id));
  return { toWrite, added: addedRows.length, addedRows, removed };
}

/** The stock of limited variants the content no longer lists leaves with them: the ledger says so. */
async function recordRemovedStock(db: Db, ids: string[], now: number): Promise<void> {
  const gone = await db
    .selectFrom('variants')
    .select(['id', 'sku', 'qty_in_stock'])
    .where('id', 'in', ids)
    .where('unlimited', '=', 0)
    .where('qty_in_stock', '!=', 0)
    .execute();
  await recordStockChanges(
    db,
    gone.map((v) => ({
      variantId: v.id,
      change: -Number(v.qty_in_stock),
      reason: 'sync' as const,
      note: `variant ${v.sku} removed from the content`,
    })),
    now,
  );
}

/** Inserts new rows and updates the content columns of known ones (never a variant's stock). */
async function upsert(
  trx: ContentDb,
  table: TableName,
  rows: Wanted[],
  now: number,
  batch: number,
): Promise<void> {
  const updated = [...CONTENT_COLUMNS[table], 'data', ...(table === 'variants' ? [] : ['updated_on'])];
  const dated = DATED_ON_FIRST_LOAD[table];
  const stamped = ({ fields, json }: Wanted): Row => {
    const out: Row = {
      ...fields,
      data: JSON.stringify(json),
      ...(table === 'variants' ? {} : { updated_on: now }),
    };
    for (const c of dated) out[c] ??= now;
    return out;
  };
  // Each content column takes the value the insert proposed (SQL's `excluded` row).
  const fromProposed = Object.fromEntries(updated.map((c) => [c, sql.ref(`excluded.${c}`)]));
  for (const values of chunks(rows, batch)) {
    await trx
      .insertInto(table)
      .values(values.map(stamped))
      .onConflict((oc) => oc.column('id').doUpdateSet(fromProposed as unknown as Partial<Row>))
      .execute();
  }
}

/** The terms (categories, tags, author) of the items written, in place of the ones they had. */
async function replaceTerms(trx: Db, items: Wanted[], batch: number): Promise<void> {
  for (const written of chunks(items, batch)) {
    await trx
      .deleteFrom('item_terms')
      .where(
        'item_id',
        'in',
        written.map((item) => item.fields.id),
      )
      .execute();
    const terms = written.flatMap(({ fields, json }) =>
      itemTerms(json as ItemContent, String(fields.collection_id)),
    );
    for (const rows of chunks(terms, batch)) await trx.insertInto('item_terms').values(rows).execute();
  }
}

/**
 * What search rebuilds: the items written, the items of collections written (their URLs may have
 * changed) and the page collections written.
 */
function* searchSources(
  wanted: ReturnType<typeof contentRows>,
  collectionsWritten: Wanted[],
  itemsWritten: Wanted[],
  now: number,
): Generator<SearchSource> {
  const collectionIds = new Set(collectionsWritten.map((c) => c.fields.id));
  const itemIds = new Set(itemsWritten.map((i) => i.fields.id));
  const collectionOf = (id: string) => wanted.collections.get(id)?.json as CollectionContent | undefined;
  for (const { fields, json } of collectionsWritten)
    yield { id: fields.id, document: () => pageDocument(json as CollectionContent, now) };
  for (const { fields, json } of wanted.items.values()) {
    const collectionId = String(fields.collection_id);
    if (!itemIds.has(fields.id) && !collectionIds.has(collectionId)) continue;
    yield {
      id: fields.id,
      document: () => {
        const collection = collectionOf(collectionId);
        return collection
          ? itemDocument(collection, json as ItemContent, Number(fields.publish_on ?? now))
          : undefined;
      },
    };
  }
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The rows the content asks for, by id, in content order. */
function contentRows(content: SiteContent, currency: string) {
  const collections = new Map<string, Wanted>();
  const items = new Map<string, Wanted>();
  const variants = new Map<string, Wanted>();
  for (const [position, collection] of content.collections.entries()) {
    const { items: collectionItems = [], ...rest } = collection as CollectionContent;
    const fields: Row = {
      id: collection.id,
      url_id: collection.urlId,
      title: collection.title,
      type_name: collection.typeName,
      type: collection.type ?? 1,
      homepage: collection.homepage ? 1 : 0,
      position,
    };
    collections.set(collection.id, { fields, json: rest });
    for (const [itemPosition, item] of collectionItems.entries()) {
      items.set(item.id, itemRow(collection, item as ItemContent, itemPosition));
      const product = productOf(item);
      for (const [variantPosition, variant] of (item.structuredContent?.variants ?? []).entries())
        variants.set(variant.id, variantRow(product, variant, variantPosition, currency));
    }
  }
  return { collections, items, variants };
}

function itemRow(collection: CollectionContent, item: ItemContent, position: number): Wanted {
  // An item without addedOn is dated by its first load; later loads keep the date it got.
  const added = typeof item.addedOn === 'number' ? item.addedOn : null;
  const fields: Row = {
    id: item.id,
    collection_id: collection.id,
    url_id: item.urlId,
    title: item.title,
    record_type: item.recordType ?? (item.structuredContent?.variants ? 11 : 1),
    product_type: item.structuredContent?.productType ?? null,
    position,
    starred: item.starred ? 1 : 0,
    added_on: added,
    publish_on: typeof item.publishOn === 'number' ? item.publishOn : added,
    event_start: eventStartOf(item),
    event_end: eventEndOf(item),
  };
  return { fields, json: item };
}

function variantRow(
  product: Product,
  variant: VariantContent,
  position: number,
  storeCurrencyCode: string,
): Wanted {
  const fields: Row = {
    id: variant.id,
    item_id: product.id,
    sku: variant.sku,
    position,
    currency: variant.priceMoney?.currency ?? storeCurrencyCode,
    price_cents: variant.priceMoney ? moneyToCents(variant.priceMoney).cents : (variant.price ?? 0),
    sale_price_cents: variant.salePriceMoney
      ? moneyToCents(variant.salePriceMoney).cents
      : (variant.salePrice ?? 0),
    on_sale: variant.onSale ? 1 : 0,
    unit_price_cents: variantUnitPrice(
      product,
      product.variants.find((v) => v.id === variant.id),
    ).cents,
    unlimited: variant.unlimited ? 1 : 0,
    qty_in_stock: variant.qtyInStock ?? 0,
  };
  return { fields, json: variant };
}

export function storeCurrency(content: SiteContent): string {
  const settings = content.websiteSettings.storeSettings as
    { selectedCurrency?: string; defaultCurrency?: string } | undefined;
  return settings?.selectedCurrency ?? settings?.defaultCurrency ?? DEFAULT_CURRENCY;
}
