/**
 * Content sync's reads and writes of the catalogue tables (content-sync.ts decides what to write):
 * each statement carries at most `batch` rows.
 */
import { sql, type Kysely } from 'kysely';
import { changeKey, type ChangeKey } from '../../platform/db/change-version.ts';
import type { ItemContent } from '../../platform/site/types.ts';
import { itemTerms } from './item-terms.ts';
import { recordStockChanges } from './stock-store.ts';
import type { CatalogueDb, CatalogueTrx } from './tables.ts';

type Value = string | number | null;
export type Row = Record<string, Value> & { id: string };
export type TableName = 'collections' | 'items' | 'variants';
/** The three content tables read and written alike, row by column name. */
type ContentDb = Kysely<Record<TableName, Row>>;
/**
 * A row the content asks for. Its `data` column is the JSON of `json`, made when compared and again
 * when written rather than kept: at 100,000 products, holding every row's text doubles the heap.
 */
export interface Wanted {
  fields: Row;
  json: object;
}

/** The columns the content decides (stock and updated_on are not among them). */
const CONTENT_COLUMNS: Record<TableName, readonly string[]> = {
  collections: ['url_id', 'title', 'type_name', 'type', 'homepage', 'position', 'enabled'],
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

/** The keys of the collections holding items and variants about to be removed, as the database has them. */
export async function removedOwners(
  trx: CatalogueDb,
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

export interface Comparison {
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
export async function compare(
  db: CatalogueDb,
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
    let query = (db as unknown as ContentDb)
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
async function recordRemovedStock(db: CatalogueDb, ids: string[], now: number): Promise<void> {
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
export async function upsert(
  db: CatalogueDb,
  table: TableName,
  rows: Wanted[],
  now: number,
  batch: number,
): Promise<void> {
  const items = table === 'items';
  const versioned = items || table === 'collections';
  const updated = [
    ...CONTENT_COLUMNS[table],
    'data',
    ...(table === 'variants' ? [] : ['updated_on']),
    ...(items ? ['hidden'] : []),
    ...(versioned ? ['updated_by'] : []),
  ];
  const dated = DATED_ON_FIRST_LOAD[table];
  const stamped = ({ fields, json }: Wanted): Row => {
    const out: Row = {
      ...fields,
      data: JSON.stringify(json),
      ...(table === 'variants' ? {} : { updated_on: now }),
      // Who saved is the editor's to say (product-store.ts); an import is nobody's.
      ...(items ? { hidden: (json as ItemContent).isHidden === true ? 1 : 0 } : {}),
      ...(versioned ? { updated_by: fields.updated_by ?? null } : {}),
    };
    for (const c of dated) out[c] ??= now;
    return out;
  };
  // Each content column takes the value the insert proposed (SQL's `excluded` row); an item's or
  // a page's version moves with every write, so an editor open on the old one gets 409 on its save.
  const fromProposed = {
    ...Object.fromEntries(updated.map((c) => [c, sql.ref(`excluded.${c}`)])),
    ...(items ? { version: sql`items.version + 1` } : {}),
    // A write of a page moves its record's and its layout's versions; an import names no editor.
    ...(table === 'collections'
      ? {
          version: sql`collections.version + 1`,
          content_version: sql`collections.content_version + 1`,
          content_updated_by: null,
        }
      : {}),
  };
  for (const values of chunks(rows, batch)) {
    await (db as unknown as ContentDb)
      .insertInto(table)
      .values(values.map(stamped))
      .onConflict((oc) => oc.column('id').doUpdateSet(fromProposed as unknown as Partial<Row>))
      .execute();
  }
}

/** The terms (categories, tags, author) of the items written, in place of the ones they had. */
export async function replaceTerms(trx: CatalogueTrx, items: Wanted[], batch: number): Promise<void> {
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
 * Removes variants and items the content no longer lists (their stock leaving is written to the
 * ledger, items' terms go with them), and frees the URLs of collections about to be removed, so
 * that a collection the content gives another id can take its URL.
 */
export async function removeUnlisted(
  trx: CatalogueTrx,
  removed: { collections: string[]; items: string[]; variants: string[] },
  now: number,
  batch: number,
): Promise<void> {
  for (const ids of chunks(removed.variants, batch)) {
    await recordRemovedStock(trx, ids, now);
    await trx.deleteFrom('variants').where('id', 'in', ids).execute();
  }
  for (const ids of chunks(removed.items, batch)) {
    await trx.deleteFrom('item_terms').where('item_id', 'in', ids).execute();
    await trx.deleteFrom('items').where('id', 'in', ids).execute();
  }
  for (const ids of chunks(removed.collections, batch))
    await trx
      .updateTable('collections')
      .set({ url_id: sql<string>`'removed:' || id` })
      .where('id', 'in', ids)
      .execute();
}

/** Removes collections (their items have moved away or gone). */
export async function removeCollections(trx: CatalogueTrx, ids: string[], batch: number): Promise<void> {
  for (const chunk of chunks(ids, batch)) {
    for (const revisions of ['page_revisions', 'collection_revisions', 'page_content_revisions'] as const)
      await trx.deleteFrom(revisions).where('collection_id', 'in', chunk).execute();
    await trx.deleteFrom('collections').where('id', 'in', chunk).execute();
  }
}

export interface StockFromContent {
  variantId: string;
  unlimited: number;
  qtyInStock: number;
  /** Units the ledger records (a limited stock counts, an unlimited one does not). */
  change: number;
}

/** The variants among `rows` (known ones) whose stock differs from what the content gives. */
export async function stockDifferences(
  db: CatalogueDb,
  rows: Wanted[],
  batch: number,
): Promise<StockFromContent[]> {
  const out: StockFromContent[] = [];
  for (const chunk of chunks(rows, batch)) {
    const stored = new Map(
      (
        await db
          .selectFrom('variants')
          .select(['id', 'unlimited', 'qty_in_stock'])
          .where(
            'id',
            'in',
            chunk.map((row) => row.fields.id),
          )
          .execute()
      ).map((row) => [row.id, row]),
    );
    for (const { fields } of chunk) {
      const now = stored.get(fields.id);
      if (!now) continue;
      const unlimited = Number(fields.unlimited);
      const qtyInStock = Number(fields.qty_in_stock);
      if (Number(now.unlimited) === unlimited && Number(now.qty_in_stock) === qtyInStock) continue;
      const counted = (u: number, q: number) => (u === 1 ? 0 : q);
      out.push({
        variantId: fields.id,
        unlimited,
        qtyInStock,
        change: counted(unlimited, qtyInStock) - counted(Number(now.unlimited), Number(now.qty_in_stock)),
      });
    }
  }
  return out;
}

/** Sets each variant's stock to the content's, and writes what changed to the ledger (reason 'import'). */
export async function setStockFromContent(
  trx: CatalogueTrx,
  entries: StockFromContent[],
  now: number,
): Promise<void> {
  for (const entry of entries)
    await trx
      .updateTable('variants')
      .set({ unlimited: entry.unlimited, qty_in_stock: entry.qtyInStock })
      .where('id', '=', entry.variantId)
      .execute();
  await recordStockChanges(
    trx,
    entries
      .filter((entry) => entry.change !== 0)
      .map((entry) => ({
        variantId: entry.variantId,
        change: entry.change,
        reason: 'import' as const,
        note: 'stock set by an import of the content',
      })),
    now,
  );
}

export function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
