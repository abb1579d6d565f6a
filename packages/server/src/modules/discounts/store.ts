import type { Transaction } from 'kysely';
import type { Database } from '../../database.ts';

/** The discount code uses the order claimed count no more: the code may be used again. */
export async function releaseDiscounts(trx: Transaction<Database>, orderId: string): Promise<void> {
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
