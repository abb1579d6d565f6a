import type {
  CollectionContent,
  ItemContent,
  SiteContent,
  VariantContent,
} from '../../platform/site/types.ts';
import { moneyToCents, productOf, variantUnitPrice, type Product } from '@storefront/core';
import { PostgresAdapter, sql } from 'kysely';
import { changeKey, type ChangeKey } from '../../platform/db/change-version.ts';
import type { Db, Trx } from '../../platform/db/index.ts';
import { storeCurrencyOf } from '../../platform/site/loader.ts';
import { eventEndOf, eventStartOf } from './event-dates.ts';
import { recordStockChanges } from './stock-store.ts';
import {
  itemDocument,
  pageDocument,
  searchIndexIsEmpty,
  writeSearchDocuments,
  type SearchSource,
} from '../search/index.ts';
import {
  chunks,
  compare,
  removeCollections,
  removedOwners,
  removeUnlisted,
  replaceTerms,
  setStockFromContent,
  stockDifferences,
  upsert,
  type Comparison,
  type Row,
  type Wanted,
} from './sync-store.ts';
import { writeTransaction, type UnitChanges } from '../../platform/db/transaction.ts';

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
  /** What changed, by name, for an import's report. */
  changes: CatalogueChanges;
}

/** Rows by name: a collection's urlId, an item's `collection/item` path, a variant's `item sku`; removed ones by id. */
export interface RowChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

export interface CatalogueChanges {
  collections: RowChanges;
  items: RowChanges;
  variants: RowChanges;
  /** Known variants whose stock an explicit import set from the content (`item sku`). */
  stockSet: string[];
}

export interface SyncOptions {
  now?: number;
  /**
   * Rows per statement (reads, inserts, deletes). At most 13 columns a row, the default 500 stays far
   * under SQLite's 32,766 variables (this better-sqlite3 build) and PostgreSQL's 65,535 parameters.
   */
  rowsPerStatement?: number;
  /**
   * An explicit import (`npm run content -- import`): known variants' stock is set from the content
   * too, each change in the stock ledger (reason 'import'). Otherwise the database keeps the stock
   * it owns and only new variants take the content's.
   */
  stockFromContent?: boolean;
}

const DEFAULT_ROWS_PER_STATEMENT = 500;

/** The advisory lock's first key: content sync's, per schema (the second key). */
const CONTENT_SYNC_LOCK = 0x5f0c;

/**
 * Instances starting together on one PostgreSQL database take turns at loading content: the second
 * waits here, then finds the content in place (a transaction-scoped lock: released by commit or
 * rollback). SQLite has one writer at a time already.
 */
export async function takeContentTurn(db: Db, trx: Trx): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`SELECT pg_advisory_xact_lock(${CONTENT_SYNC_LOCK}, hashtext(current_schema()))`.execute(trx);
}

/** Loads the site's content into the database in one transaction of its own (syncCatalogue). */
export async function syncContent(
  db: Db,
  content: SiteContent,
  options: SyncOptions = {},
): Promise<SyncResult> {
  return writeTransaction(db, async (transaction, changes) => {
    await takeContentTurn(db, transaction);
    return syncCatalogue(transaction, changes, content, options);
  });
}

/**
 * Loads the site's content into the catalogue tables, idempotently, inside the caller's
 * transaction. Each table is read in id order a batch at a time and compared with the content:
 * only rows that differ are written (so a restart with the same content writes nothing), and rows
 * the content no longer lists are removed by id. A variant's stock (qtyInStock, unlimited) is
 * written only when the variant row is new, since the database owns stock afterwards, unless
 * `stockFromContent`. An item written gets its terms (`item_terms`: categories, tags, author)
 * rewritten with it. Every statement carries a bounded number of rows.
 */
export async function syncCatalogue(
  transaction: Trx,
  changes: UnitChanges,
  content: SiteContent,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const now = options.now ?? Date.now();
  const batch = options.rowsPerStatement ?? DEFAULT_ROWS_PER_STATEMENT;
  const wanted = contentRows(content, storeCurrency(content));
  const collections = await compare(transaction, 'collections', wanted.collections, batch);
  const items = await compare(transaction, 'items', wanted.items, batch);
  const variants = await compare(transaction, 'variants', wanted.variants, batch);

  // Pages and catalogue reads kept in memory, here and on every other instance, drop what showed
  // these; the owners of removed rows are read before the rows go.
  changes.touch(
    ...changedKeys(wanted, collections, items, variants),
    ...(await removedOwners(transaction, items.removed, variants.removed, batch)),
  );

  const addedVariants = new Set(variants.addedRows);
  const stockSet = options.stockFromContent
    ? await stockDifferences(
        transaction,
        [...wanted.variants.values()].filter((row) => !addedVariants.has(row)),
        batch,
      )
    : [];

  // Whatever the content no longer lists goes (carts keep their entries; reads skip the missing).
  // A collection is removed only after its items have moved away, but its URL is freed first, so
  // that a collection the content gives another id (another site in the same database, or a
  // re-created collection) can take it.
  await removeUnlisted(
    transaction,
    { collections: collections.removed, items: items.removed, variants: variants.removed },
    now,
    batch,
  );

  await upsert(transaction, 'collections', collections.toWrite, now, batch);
  await upsert(transaction, 'items', items.toWrite, now, batch);
  await replaceTerms(transaction, items.toWrite, batch);
  await upsert(transaction, 'variants', variants.toWrite, now, batch);
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
  await setStockFromContent(transaction, stockSet, now);
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

  await removeCollections(transaction, collections.removed, batch);

  const names = rowNames(wanted);
  return {
    collections: wanted.collections.size,
    items: wanted.items.size,
    variants: wanted.variants.size,
    newVariants: variants.added,
    writtenRows: collections.toWrite.length + items.toWrite.length + variants.toWrite.length,
    removedRows: collections.removed.length + items.removed.length + variants.removed.length,
    changes: {
      collections: rowChanges(collections, names),
      items: rowChanges(items, names),
      variants: rowChanges(variants, names),
      stockSet: stockSet.map((entry) => names.get(entry.variantId) ?? entry.variantId),
    },
  };
}

function rowChanges(comparison: Comparison, names: Map<string, string>): RowChanges {
  const name = (row: Wanted) => names.get(row.fields.id) ?? row.fields.id;
  const added = new Set(comparison.addedRows);
  return {
    added: comparison.addedRows.map(name),
    changed: comparison.toWrite.filter((row) => !added.has(row)).map(name),
    removed: comparison.removed,
  };
}

/** Each wanted row's name for a report: `shop`, `shop/linen-shirt`, `linen-shirt SKU-1`. */
function rowNames(wanted: ReturnType<typeof contentRows>): Map<string, string> {
  const names = new Map<string, string>();
  for (const { fields } of wanted.collections.values()) names.set(fields.id, String(fields.url_id));
  for (const { fields } of wanted.items.values())
    names.set(fields.id, `${names.get(String(fields.collection_id)) ?? ''}/${String(fields.url_id)}`);
  for (const { fields } of wanted.variants.values())
    names.set(fields.id, `${names.get(String(fields.item_id)) ?? ''} ${String(fields.sku)}`);
  return names;
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
  // A disabled page and its items are found by no search: their documents go.
  const shown = (collection: CollectionContent | undefined) => collection && collection.enabled !== false;
  for (const { fields, json } of collectionsWritten)
    yield {
      id: fields.id,
      document: () =>
        shown(json as CollectionContent) ? pageDocument(json as CollectionContent, now) : undefined,
    };
  for (const { fields, json } of wanted.items.values()) {
    const collectionId = String(fields.collection_id);
    if (!itemIds.has(fields.id) && !collectionIds.has(collectionId)) continue;
    yield {
      id: fields.id,
      document: () => {
        const collection = collectionOf(collectionId);
        return collection && shown(collection)
          ? itemDocument(collection, json as ItemContent, Number(fields.publish_on ?? now))
          : undefined;
      },
    };
  }
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
      enabled: collection.enabled === false ? 0 : 1,
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
  return storeCurrencyOf(content.websiteSettings);
}
