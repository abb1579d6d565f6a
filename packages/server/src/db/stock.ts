import type { Transaction } from 'kysely';
import type { Db } from './index.ts';
import type { Database } from './schema.ts';

/**
 * Stock changes: each is one conditional UPDATE, run inside the caller's transaction, so two
 * shoppers can never both take the last unit (the database decides, not a read-then-write).
 * Checkout reserves with `takeStock` and compensates with `returnStock` when a later step fails.
 */

/** Takes `quantity` units of a variant; false (and nothing changed) when there are not enough. */
export async function takeStock(
  trx: Transaction<Database>,
  variantId: string,
  quantity: number,
): Promise<boolean> {
  if (!Number.isInteger(quantity) || quantity <= 0)
    throw new RangeError(`takeStock: quantity must be a positive integer, got ${quantity}`);
  const result = await trx
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
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back units taken by `takeStock` (the compensation of a failed checkout step). */
export async function returnStock(
  trx: Transaction<Database>,
  variantId: string,
  quantity: number,
): Promise<void> {
  if (!Number.isInteger(quantity) || quantity <= 0)
    throw new RangeError(`returnStock: quantity must be a positive integer, got ${quantity}`);
  await trx
    .updateTable('variants')
    .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '+', quantity) }))
    .where('id', '=', variantId)
    .where('unlimited', '=', 0)
    .execute();
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

/** A variant's attributes ("Size": "M") from its stored data. */
export function variantAttributes(data: string): Record<string, string> {
  return (JSON.parse(data) as { attributes?: Record<string, string> }).attributes ?? {};
}
