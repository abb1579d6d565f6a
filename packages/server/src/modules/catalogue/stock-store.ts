import { randomUUID } from 'node:crypto';
import { lineNeeds, ProductType } from '@storefront/core';
import { sql, type ExpressionBuilder } from 'kysely';
import type { CatalogueDb, CatalogueTables, CatalogueTrx } from './tables.ts';

/**
 * Stock changes: each is one conditional UPDATE, run inside the caller's transaction, so two
 * shoppers can never both take the last unit (the database decides, not a read-then-write).
 * Checkout reserves with `takeStock` and compensates with `returnStock` when a later step fails.
 * Every change of a limited variant's stock goes into the permanent stock ledger (`stock_ledger`)
 * in the same transaction, with its reason and who or what made it (`recordStockChanges`).
 */

/**
 * Why stock changed: staff's reasons, a cancelled order, a placed order, the content's first import
 * ('sync'), and an explicit import (`npm run content -- import`, or a product CSV) that set it.
 */
export const LEDGER_REASONS = [
  'received',
  'correction',
  'damaged',
  'returned',
  'other',
  'cancellation',
  'order',
  'sync',
  'import',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

export interface StockChangeEntry {
  variantId: string;
  /** Units added (positive) or taken (negative). */
  change: number;
  reason: LedgerReason;
  /** The order, for order and cancellation entries. */
  refId?: string | null;
  /** The account that made the change (staff, or the customer who ordered); null: the shop itself. */
  actorId?: string | null;
  note?: string | null;
}

/** Writes ledger entries (run inside the transaction that changed the stock). */
export async function recordStockChanges(
  db: CatalogueDb,
  entries: readonly StockChangeEntry[],
  now = Date.now(),
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('stock_ledger')
    .values(
      entries.map((e) => ({
        id: randomUUID(),
        created: now,
        variant_id: e.variantId,
        change: e.change,
        reason: e.reason,
        ref_id: e.refId ?? null,
        actor_id: e.actorId ?? null,
        note: e.note ?? null,
      })),
    )
    .execute();
}

/**
 * The one order in which transactions lock variant rows (taking or returning stock): by id, in
 * code-unit order (not the database's collation, which differs between SQLite and PostgreSQL).
 * Transactions that lock rows in one order may wait for each other but never deadlock.
 */
export const stockLockOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Takes `quantity` units of a variant; false (and nothing changed) when there are not enough.
 * Given the order taking them, a limited variant's change is written to the ledger (reason `order`).
 */
export async function takeStock(
  trx: CatalogueTrx,
  variantId: string,
  quantity: number,
  order?: { orderId: string; actorId: string | null },
): Promise<boolean> {
  if (!Number.isInteger(quantity) || quantity <= 0)
    throw new RangeError(`takeStock: quantity must be a positive integer, got ${quantity}`);
  const taken = await trx
    .updateTable('variants')
    .set((eb) => ({
      qty_in_stock: eb
        .case()
        .when('unlimited', '=', 1)
        .then(eb.ref('qty_in_stock'))
        .else(eb('qty_in_stock', '-', quantity))
        .end(),
    }))
    .where('id', '=', variantId)
    .where((eb) => eb.or([eb('unlimited', '=', 1), eb('qty_in_stock', '>=', quantity)]))
    .returning('unlimited')
    .executeTakeFirst();
  if (!taken) return false;
  if (order && taken.unlimited === 0)
    await recordStockChanges(trx, [
      { variantId, change: -quantity, reason: 'order', refId: order.orderId, actorId: order.actorId },
    ]);
  return true;
}

/**
 * Gives back units taken by `takeStock` (the compensation of a failed checkout step, a cancelled
 * order). Given why, a limited variant's change is written to the ledger.
 */
export async function returnStock(
  trx: CatalogueTrx,
  variantId: string,
  quantity: number,
  why?: Omit<StockChangeEntry, 'variantId' | 'change'>,
): Promise<void> {
  if (!Number.isInteger(quantity) || quantity <= 0)
    throw new RangeError(`returnStock: quantity must be a positive integer, got ${quantity}`);
  const returned = await trx
    .updateTable('variants')
    .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '+', quantity) }))
    .where('id', '=', variantId)
    .where('unlimited', '=', 0)
    .executeTakeFirst();
  if (why && Number(returned.numUpdatedRows) === 1)
    await recordStockChanges(trx, [{ ...why, variantId, change: quantity }]);
}

/** An order line as far as giving back its stock goes (the orders module reads them). */
export interface OrderStockLine {
  variant_id: string;
  quantity: number;
  product_type: number;
}

/**
 * Gives back what placing order `orderId` took from stock, given its lines: only the lines of a
 * product type that takes stock (core's `lineNeeds`), so digital and gift card lines, which took
 * none, raise nothing. Variants are locked in `stockLockOrder`, as checkout takes them: a cancel and
 * a checkout of the same variants never each hold a row the other waits for.
 */
export async function returnOrderStock(
  trx: CatalogueTrx,
  orderId: string,
  lines: readonly OrderStockLine[],
  why: { actorId: string | null; note: string | null },
): Promise<void> {
  const taking = lines.filter((l) => lineNeeds(l.product_type).takesStock);
  for (const line of taking.sort((x, y) => stockLockOrder(x.variant_id, y.variant_id)))
    await returnStock(trx, line.variant_id, line.quantity, {
      reason: 'cancellation',
      refId: orderId,
      ...why,
    });
}

/** Variants joined to their item, with what a stock view shows of each (SKU, stock, stored data, title). */
function variantsWithStock(db: CatalogueDb) {
  return db
    .selectFrom('variants')
    .innerJoin('items', 'items.id', 'variants.item_id')
    .select([
      'variants.id',
      'variants.sku',
      'variants.unlimited',
      'variants.qty_in_stock',
      'variants.data',
      'items.title',
      'items.id as item_id',
    ]);
}

/** A variant as a stock view shows it: its product's id and title, its SKU, stock and stored data. */
export type VariantStockRow = Awaited<ReturnType<ReturnType<typeof variantsWithStock>['execute']>>[number];

/** The variants of these ids with their stock and product title (one statement). */
export async function variantsStock(db: CatalogueDb, ids: readonly string[]): Promise<VariantStockRow[]> {
  if (ids.length === 0) return [];
  return variantsWithStock(db)
    .where('variants.id', 'in', [...new Set(ids)])
    .execute();
}

/** The limited variants of products with at most `threshold` units, fewest first, then by product title. */
export async function lowStockVariants(
  db: CatalogueDb,
  threshold: number,
  limit: number,
): Promise<VariantStockRow[]> {
  return variantsWithStock(db)
    .where('items.product_type', 'is not', null)
    .where('variants.unlimited', '=', 0)
    .where('variants.qty_in_stock', '<=', threshold)
    .orderBy('variants.qty_in_stock')
    .orderBy('items.title')
    .orderBy('variants.id')
    .limit(limit)
    .execute();
}

/** Which of these variants a shopper can buy now (core's `isVariantAvailable`), a statement per 500 ids. */
export async function availableVariantIds(db: CatalogueDb, ids: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  const available = new Set<string>();
  for (let i = 0; i < unique.length; i += IDS_PER_STATEMENT) {
    const rows = await db
      .selectFrom('variants')
      .innerJoin('items', 'items.id', 'variants.item_id')
      .select('variants.id')
      .where('variants.id', 'in', unique.slice(i, i + IDS_PER_STATEMENT))
      .where(variantAvailableSql)
      .execute();
    for (const row of rows) available.add(row.id);
  }
  return available;
}

/** Ids per `in (...)` list: far under SQLite's and PostgreSQL's limits on parameters. */
const IDS_PER_STATEMENT = 500;

/** Where a page of the stock list starts: after this product title and variant id. */
export interface StockPageQuery {
  /** Text in the product title or the SKU (any case). */
  text?: string | undefined;
  /** `low`: limited and at most `lowStock` units; `sold-out`: not available. */
  filter?: 'low' | 'sold-out' | undefined;
  lowStock: number;
  after?: readonly [title: string, variantId: string] | undefined;
  limit: number;
}

/** Variants of products with their stock, by product title then variant id. */
export async function stockPage(db: CatalogueDb, query: StockPageQuery): Promise<VariantStockRow[]> {
  let q = variantsWithStock(db).where('items.product_type', 'is not', null);
  if (query.text) {
    const pattern = `%${query.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(items.title)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(variants.sku)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  if (query.filter === 'sold-out') q = q.where((eb) => eb.not(variantAvailableSql(eb)));
  if (query.filter === 'low')
    q = q.where('variants.unlimited', '=', 0).where('variants.qty_in_stock', '<=', query.lowStock);
  const after = query.after;
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('items.title', '>', after[0]),
        eb.and([eb('items.title', '=', after[0]), eb('variants.id', '>', after[1])]),
      ]),
    );
  return q.orderBy('items.title').orderBy('variants.id').limit(query.limit).execute();
}

/** A variant's stock, or undefined when there is no such variant. */
export async function variantLevel(
  db: CatalogueDb,
  variantId: string,
): Promise<{ unlimited: boolean; qtyInStock: number } | undefined> {
  const row = await db
    .selectFrom('variants')
    .select(['unlimited', 'qty_in_stock'])
    .where('id', '=', variantId)
    .executeTakeFirst();
  return row && stockOfRow(row);
}

/** Adds `units` (negative: takes) to a limited variant's stock unless that would go below zero; false: nothing changed. */
export async function adjustStock(trx: CatalogueTrx, variantId: string, units: number): Promise<boolean> {
  const updated = await trx
    .updateTable('variants')
    .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '+', units) }))
    .where('id', '=', variantId)
    .where('unlimited', '=', 0)
    .where((eb) => eb(eb('qty_in_stock', '+', units), '>=', 0))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Sets a limited variant's stock to `target` if it is still `expected`; false: nothing changed. */
export async function setStockIfUnchanged(
  trx: CatalogueTrx,
  variantId: string,
  target: number,
  expected: number,
): Promise<boolean> {
  const updated = await trx
    .updateTable('variants')
    .set({ qty_in_stock: target })
    .where('id', '=', variantId)
    .where('unlimited', '=', 0)
    .where('qty_in_stock', '=', expected)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Which ledger entries a page shows (times in epoch milliseconds). */
export interface LedgerSelection {
  variantId?: string | undefined;
  reason?: LedgerReason | undefined;
  /** Entries at or after this time. */
  from?: number | undefined;
  /** Entries strictly before this time. */
  before?: number | undefined;
}

/** Where the next page starts: the last entry's (created, id), newest first. */
export interface LedgerPosition {
  created: number | string;
  id: string;
}

/** A page of the stock ledger, newest first, with each entry's SKU and product title (when still there). */
export function ledgerPage(
  db: CatalogueDb,
  selection: LedgerSelection,
  after: LedgerPosition | undefined,
  limit: number,
) {
  let q = db
    .selectFrom('stock_ledger')
    .leftJoin('variants', 'variants.id', 'stock_ledger.variant_id')
    .leftJoin('items', 'items.id', 'variants.item_id')
    .select([
      'variants.sku',
      'items.title',
      'stock_ledger.id',
      'stock_ledger.created',
      'stock_ledger.variant_id',
      'stock_ledger.change',
      'stock_ledger.reason',
      'stock_ledger.ref_id',
      'stock_ledger.note',
      'stock_ledger.actor_id',
    ]);
  if (selection.variantId) q = q.where('stock_ledger.variant_id', '=', selection.variantId);
  if (selection.reason) q = q.where('stock_ledger.reason', '=', selection.reason);
  if (selection.from !== undefined) q = q.where('stock_ledger.created', '>=', selection.from);
  if (selection.before !== undefined) q = q.where('stock_ledger.created', '<', selection.before);
  if (after)
    q = q.where((eb) =>
      eb(
        eb.refTuple('stock_ledger.created', 'stock_ledger.id'),
        '<',
        eb.tuple(Number(after.created), after.id),
      ),
    );
  return q.orderBy('stock_ledger.created', 'desc').orderBy('stock_ledger.id', 'desc').limit(limit).execute();
}

/**
 * Core's `isVariantAvailable` as a condition on a variant joined to its item, for lists the
 * database filters and counts: digital products and gift cards always, physical products and
 * services with stock (or unlimited), nothing else.
 */
export const variantAvailableSql = (eb: ExpressionBuilder<CatalogueTables, 'variants' | 'items'>) =>
  eb.or([
    eb('items.product_type', 'in', [ProductType.DIGITAL, ProductType.GIFT_CARD]),
    eb.and([
      eb('items.product_type', 'in', [ProductType.PHYSICAL, ProductType.SERVICE]),
      eb.or([eb('variants.unlimited', '=', 1), eb('variants.qty_in_stock', '>', 0)]),
    ]),
  ]);

/** A variant row's stock as core's rules read it (`hasStock`). */
export const stockOfRow = (row: { unlimited: number; qty_in_stock: number | string }) => ({
  unlimited: row.unlimited === 1,
  qtyInStock: Number(row.qty_in_stock),
});

/** A variant's attributes ("Size": "M") from its stored data. */
export function variantAttributes(data: string): Record<string, string> {
  return (JSON.parse(data) as { attributes?: Record<string, string> }).attributes ?? {};
}

/** The live stock of every variant of a product, in content order; undefined when there is no such product. */
export async function productStock(
  db: CatalogueDb,
  itemId: string,
): Promise<{ variantId: string; sku: string; unlimited: boolean; qtyInStock: number }[] | undefined> {
  const item = await db
    .selectFrom('items')
    .select('id')
    .where('id', '=', itemId)
    .where('product_type', 'is not', null)
    .executeTakeFirst();
  if (!item) return undefined;
  const rows = await db
    .selectFrom('variants')
    .select(['id', 'sku', 'unlimited', 'qty_in_stock'])
    .where('item_id', '=', itemId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ variantId: r.id, sku: r.sku, ...stockOfRow(r) }));
}
