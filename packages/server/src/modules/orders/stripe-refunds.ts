/**
 * Stripe's events about our refunds (issue 27), as its API reference documents them: `refund.*`
 * carry the Refund (its `status`: `succeeded`, `failed` or `canceled` settle it; `pending` and
 * `requires_action` wait), `charge.refunded` the Charge (its `refunds` list when the API version
 * includes it, else its cumulative `amount_refunded`). A refund is found by the id Stripe gave it,
 * or by our id in its metadata when the event races the write of Stripe's answer. Settling is
 * conditional on `pending` (db/refunds.ts), so two events about one refund settle it once.
 */
import type { Transaction } from 'kysely';
import type Stripe from 'stripe';
import {
  providerRefundOf,
  refundsOfPayment,
  REFUND_ID_KEY,
  REFUND_ORDER_ID_KEY,
  setProviderRefundId,
  settleRefund,
} from './refund-store.ts';
import type { OrderTables } from './tables.ts';

type Trx = Transaction<OrderTables>;

export type RefundEventOutcome = 'refunded' | 'refund-failed' | 'ignored';

function refundOf(event: Stripe.Event): Stripe.Refund | undefined {
  const object = event.data.object as { object?: string };
  return object.object === 'refund' ? (object as Stripe.Refund) : undefined;
}

function chargeOf(event: Stripe.Event): Stripe.Charge | undefined {
  const object = event.data.object as { object?: string };
  return event.type === 'charge.refunded' && object.object === 'charge'
    ? (object as Stripe.Charge)
    : undefined;
}

export const isRefundEvent = (event: Stripe.Event): boolean =>
  refundOf(event) !== undefined || chargeOf(event) !== undefined;

/** The order an event is about, for the event's record. */
export function refundEventOrderId(event: Stripe.Event): string | null {
  return (refundOf(event) ?? chargeOf(event))?.metadata?.[REFUND_ORDER_ID_KEY] ?? null;
}

export async function applyRefundEvent(trx: Trx, event: Stripe.Event): Promise<RefundEventOutcome> {
  const refund = refundOf(event);
  if (refund) return applyStripeRefund(trx, refund);
  const charge = chargeOf(event);
  if (!charge) return 'ignored';
  const listed = charge.refunds?.data;
  if (listed && listed.length > 0) {
    let outcome: RefundEventOutcome = 'ignored';
    for (const each of listed) {
      const settled = await applyStripeRefund(trx, each);
      if (settled !== 'ignored') outcome = settled;
    }
    return outcome;
  }
  return settleByAmountRefunded(trx, charge);
}

async function applyStripeRefund(trx: Trx, refund: Stripe.Refund): Promise<RefundEventOutcome> {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : undefined;
  if (!status) return 'ignored';
  const ourId = refund.metadata?.[REFUND_ID_KEY];
  const row = await providerRefundOf(trx, 'stripe', refund.id, ourId);
  // Signed, but not the refund we asked for (another amount): left for staff to look at.
  if (!row || row.provider_cents !== refund.amount) return 'ignored';
  if (row.provider_refund_id === null) await setProviderRefundId(trx, row.id, refund.id);
  const settled = await settleRefund(trx, row.id, status, {
    provider: 'stripe',
    stripeRefund: refund.id,
    ...(status === 'failed' && refund.failure_reason ? { problem: refund.failure_reason } : {}),
  });
  if (!settled) return 'ignored';
  return status === 'succeeded' ? 'refunded' : 'refund-failed';
}

/**
 * A `charge.refunded` without its refunds listed: `amount_refunded` is everything refunded on the
 * charge so far, so our refunds on its PaymentIntent, oldest first, are done while they fit in it.
 */
async function settleByAmountRefunded(trx: Trx, charge: Stripe.Charge): Promise<RefundEventOutcome> {
  const intent =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return 'ignored';
  const refunds = await refundsOfPayment(trx, 'stripe', intent);
  let accounted = 0;
  let outcome: RefundEventOutcome = 'ignored';
  for (const r of refunds) {
    accounted += r.provider_cents;
    if (accounted > charge.amount_refunded) break;
    if (r.status !== 'pending') continue;
    if (await settleRefund(trx, r.id, 'succeeded', { provider: 'stripe', charge: charge.id }))
      outcome = 'refunded';
  }
  return outcome;
}
