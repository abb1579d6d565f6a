/** The payments' table (tables.ts): the provider events acted on, so that a replay changes nothing. */
import type { Transaction } from 'kysely';
import type { PaymentTables } from './tables.ts';

/**
 * Records a Stripe event as acted on, in the caller's transaction; false when it was already
 * (a replay), and the caller then acts on nothing.
 */
export async function recordStripeEvent(
  trx: Transaction<PaymentTables>,
  event: { eventId: string; type: string; orderId: string | null; received: number },
): Promise<boolean> {
  const recorded = await trx
    .insertInto('stripe_events')
    .values({ event_id: event.eventId, type: event.type, order_id: event.orderId, received: event.received })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return recorded !== undefined;
}
