/**
 * The only code touching the discount tables: how often each code was used, in all and per
 * customer, and which order used which code. Claims and releases run in the order's transaction.
 */
import type { TablesHandle } from '../../platform/db/index.ts';
import type { DiscountCode, DiscountUsage } from '@storefront/core';
import type { Transaction } from 'kysely';
import type { DiscountTables } from './tables.ts';

/** How often `code` was used so far, in all and by `customer` (when known). */
export async function discountUsage(
  db: TablesHandle<DiscountTables>,
  code: string,
  customer?: string,
): Promise<DiscountUsage> {
  const all = await db
    .selectFrom('discount_usage')
    .select('used')
    .where('code', '=', code)
    .executeTakeFirst();
  const mine = customer
    ? await db
        .selectFrom('discount_customer_usage')
        .select('used')
        .where('code', '=', code)
        .where('customer', '=', customer)
        .executeTakeFirst()
    : undefined;
  return { used: Number(all?.used ?? 0), usedByCustomer: Number(mine?.used ?? 0) };
}

/**
 * Claims one use of `code` for an order, inside the order's transaction: each counter row is
 * created at 0 if missing, then raised by a conditional update (`used < limit`). Concurrent orders
 * queue on the row (PostgreSQL re-reads it after the lock; SQLite has one writer), so exactly the
 * limit succeed. Answers which limit refused, or undefined when the use is claimed.
 */
export async function claimDiscount(
  trx: Transaction<DiscountTables>,
  code: DiscountCode,
  customer: string,
): Promise<'discount.exhausted' | 'discount.customer-limit' | undefined> {
  await trx
    .insertInto('discount_usage')
    .values({ code: code.code, used: 0 })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  let raise = trx
    .updateTable('discount_usage')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('code', '=', code.code);
  if (code.usageLimit !== null) raise = raise.where('used', '<', code.usageLimit);
  if (Number((await raise.executeTakeFirst()).numUpdatedRows) !== 1) return 'discount.exhausted';

  await trx
    .insertInto('discount_customer_usage')
    .values({ code: code.code, customer, used: 0 })
    .onConflict((oc) => oc.columns(['code', 'customer']).doNothing())
    .execute();
  let mine = trx
    .updateTable('discount_customer_usage')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('code', '=', code.code)
    .where('customer', '=', customer);
  if (code.perCustomerLimit !== null) mine = mine.where('used', '<', code.perCustomerLimit);
  if (Number((await mine.executeTakeFirst()).numUpdatedRows) !== 1) return 'discount.customer-limit';
  return undefined;
}

export interface Redemption {
  orderId: string;
  code: string;
  customer: string;
  discountCents: number;
  created: number;
}

/** Records that the order used the code, for how much (what a cancel or refund releases). */
export async function recordRedemption(
  trx: Transaction<DiscountTables>,
  redemption: Redemption,
): Promise<void> {
  await trx
    .insertInto('discount_redemptions')
    .values({
      order_id: redemption.orderId,
      code: redemption.code,
      customer: redemption.customer,
      discount_cents: redemption.discountCents,
      created: redemption.created,
    })
    .execute();
}

/** The discount code uses the order claimed count no more: the code may be used again. */
export async function releaseDiscounts(trx: Transaction<DiscountTables>, orderId: string): Promise<void> {
  const redeemed = await trx
    .selectFrom('discount_redemptions')
    .select(['code', 'customer'])
    .where('order_id', '=', orderId)
    .execute();
  for (const { code, customer } of redeemed) {
    await trx
      .updateTable('discount_usage')
      .set((eb) => ({ used: eb('used', '-', 1) }))
      .where('code', '=', code)
      .where('used', '>', 0)
      .execute();
    await trx
      .updateTable('discount_customer_usage')
      .set((eb) => ({ used: eb('used', '-', 1) }))
      .where('code', '=', code)
      .where('customer', '=', customer)
      .where('used', '>', 0)
      .execute();
  }
  await trx.deleteFrom('discount_redemptions').where('order_id', '=', orderId).execute();
}
