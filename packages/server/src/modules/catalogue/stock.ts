import { randomUUID } from 'node:crypto';
import { lineNeeds, ProductType } from '@storefront/core';
import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Db } from '../../platform/db/index.ts';
import type { Database } from '../../database.ts';

/**
 * Stock changes: each is one conditional UPDATE, run inside the caller's transaction, so two
 * shoppers can never both take the last unit (the database decides, not a read-then-write).
 * Checkout reserves with `takeStock` and compensates with `returnStock` when a later step fails.
 * Every change of a limited variant's stock goes into the permanent stock ledger (`stock_ledger`)
 * in the same transaction, with its reason and who or what made it (`recordStockChanges`).
 */

/** Why stock changed: staff's reasons, a cancelled order, a placed order, the content's sync. */
export const LEDGER_REASONS = [
  'received',
  'correction',
  'damaged',
  'returned',
  'other',
  'cancellation',
  'order',
  'sync',
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
  db: Db,
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
  trx: Transaction<Database>,
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
  trx: Transaction<Database>,
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

/**
 * Gives back what placing order `orderId` took from stock: only the lines of a product type that
 * takes stock (core's `lineNeeds`), so digital and gift card lines, which took none, raise nothing.
 * Variants are locked in `stockLockOrder`, as checkout takes them: a cancel and a checkout of the
 * same variants never each hold a row the other waits for.
 */
export async function returnOrderStock(
  trx: Transaction<Database>,
  orderId: string,
  lines: readonly { variant_id: string; quantity: number; product_type: number }[],
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
export function variantsWithStock(db: Db) {
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
    ]);
}

/**
 * Core's `isVariantAvailable` as a condition on a variant joined to its item, for lists the
 * database filters and counts: digital products and gift cards always, physical products and
 * services with stock (or unlimited), nothing else.
 */
export const variantAvailableSql = (eb: ExpressionBuilder<Database, 'variants' | 'items'>) =>
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
