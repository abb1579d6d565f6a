import type { Insertable, Kysely, Transaction } from 'kysely';
import { orderEvent } from './store.ts';
import type { OrderRefundsTable, OrderTables } from './tables.ts';

type Trx = Transaction<OrderTables>;

/**
 * A refund's parts (issue 27): what went back onto gift cards is given back at once; the provider's
 * part (Stripe, or staff by hand with the manual provider) is `pending` until the provider's signed
 * webhook says `succeeded` or `failed`. Shared by the back office (which makes refunds) and the
 * Stripe webhook (which settles them).
 */
/** The metadata keys of a provider's refund: our order and our refund, so a racing webhook finds it. */
export const REFUND_ORDER_ID_KEY = 'orderId';
export const REFUND_ID_KEY = 'refundId';

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export interface RefundFigures {
  status: string;
  amount_cents: number;
  gift_card_cents: number;
  provider_cents: number;
  lines: string | null;
}

export interface RefundLine {
  lineId: string;
  quantity: number;
}

/** What a refund's failed provider part does not give back. */
const failedPart = (r: RefundFigures) => (r.status === 'failed' ? r.provider_cents : 0);

/**
 * `committedCents`: what no later refund may take again (every refund but a failed provider part);
 * `refundedCents`: what has reached the customer (a pending provider part not yet);
 * `pendingCents`: what the provider has not confirmed yet.
 */
export function refundTotals(refunds: readonly RefundFigures[]) {
  let committedCents = 0;
  let refundedCents = 0;
  let pendingCents = 0;
  for (const r of refunds) {
    committedCents += r.amount_cents - failedPart(r);
    if (r.status === 'succeeded') refundedCents += r.amount_cents;
    else refundedCents += r.amount_cents - r.provider_cents;
    if (r.status === 'pending') pendingCents += r.provider_cents;
  }
  return { committedCents, refundedCents, pendingCents };
}

/** The quantity of each line refunded by refunds that did not fail. */
export function refundedQuantities(refunds: readonly RefundFigures[]): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const r of refunds) {
    if (r.status === 'failed' || !r.lines) continue;
    for (const line of JSON.parse(r.lines) as RefundLine[])
      quantities.set(line.lineId, (quantities.get(line.lineId) ?? 0) + line.quantity);
  }
  return quantities;
}

/** A paid order everything of which has reached the customer again becomes `refunded`. */
export async function markOrderRefundedWhenFull(trx: Trx, orderId: string): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select(['status', 'grand_total_cents'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || order.status !== 'paid') return;
  const refunds = await refundFiguresOf(trx, orderId);
  if (refundTotals(refunds).refundedCents < order.grand_total_cents) return;
  await trx
    .updateTable('orders')
    .set({ status: 'refunded' })
    .where('id', '=', orderId)
    .where('status', '=', 'paid')
    .execute();
}

/**
 * The provider's verdict on a pending refund, once: the update is conditional on `pending`, so a
 * replayed or second event (`charge.refunded` and `refund.updated` both tell) changes nothing.
 * True when this call settled it.
 */
export async function settleRefund(
  trx: Trx,
  refundId: string,
  status: Exclude<RefundStatus, 'pending'>,
  detail: Record<string, unknown>,
): Promise<boolean> {
  const refund = await trx
    .selectFrom('order_refunds')
    .select(['order_id', 'amount_cents', 'provider_cents'])
    .where('id', '=', refundId)
    .executeTakeFirst();
  if (!refund) return false;
  const changed = await trx
    .updateTable('order_refunds')
    .set({ status })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) return false;
  await orderEvent(trx, refund.order_id, status === 'succeeded' ? 'refunded' : 'refund-failed', {
    refundId,
    amountCents: refund.amount_cents,
    providerCents: refund.provider_cents,
    ...detail,
  });
  if (status === 'succeeded') await markOrderRefundedWhenFull(trx, refund.order_id);
  return true;
}

/** The figures of every refund of the order. */
export function refundFiguresOf(db: Kysely<OrderTables> | Trx, orderId: string): Promise<RefundFigures[]> {
  return db
    .selectFrom('order_refunds')
    .select(['status', 'amount_cents', 'gift_card_cents', 'provider_cents', 'lines'])
    .where('order_id', '=', orderId)
    .execute();
}

export async function insertRefund(trx: Trx, refund: Insertable<OrderRefundsTable>): Promise<void> {
  await trx.insertInto('order_refunds').values(refund).execute();
}

/** Marks a pending refund's provider part failed; true when this call did. */
export async function failPendingRefund(trx: Trx, refundId: string): Promise<boolean> {
  const failed = await trx
    .updateTable('order_refunds')
    .set({ status: 'failed' })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(failed.numUpdatedRows) === 1;
}

/** Keeps the provider's id of the refund it made. */
export async function setProviderRefundId(
  trx: Trx,
  refundId: string,
  providerRefundId: string,
): Promise<void> {
  await trx
    .updateTable('order_refunds')
    .set({ provider_refund_id: providerRefundId })
    .where('id', '=', refundId)
    .execute();
}

/**
 * The refund a provider's refund settles: the one with its id, or ours it names (`ourId`, from its
 * metadata) that has no provider id yet.
 */
export function providerRefundOf(
  trx: Trx,
  provider: string,
  providerRefundId: string,
  ourId: string | undefined,
) {
  return trx
    .selectFrom('order_refunds')
    .select(['id', 'provider_refund_id', 'provider_cents'])
    .where((eb) =>
      eb.or([
        eb('provider_refund_id', '=', providerRefundId),
        ...(ourId ? [eb.and([eb('id', '=', ourId), eb('provider_refund_id', 'is', null)])] : []),
      ]),
    )
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/** The provider's refunds on one payment that did not fail, oldest first. */
export function refundsOfPayment(trx: Trx, provider: string, paymentId: string) {
  return trx
    .selectFrom('order_refunds')
    .select(['id', 'status', 'provider_cents'])
    .where('provider_payment_id', '=', paymentId)
    .where('provider', '=', provider)
    .where('status', '!=', 'failed')
    .orderBy('created')
    .orderBy('id')
    .execute();
}
