import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../database.ts';

/** The order's history line (the back office timeline): made by the shop, not a staff member. */
export async function orderEvent(
  trx: Transaction<Database>,
  orderId: string,
  kind: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({
      id: randomUUID(),
      order_id: orderId,
      created: Date.now(),
      kind,
      actor_id: null,
      actor_email: null,
      detail: JSON.stringify(detail),
    })
    .execute();
}
