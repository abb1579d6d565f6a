/**
 * `POST /api/commerce/stripe/webhook`: Stripe's events about our Checkout Sessions and our
 * renewals' PaymentIntents (docs/payments.md).
 * The body is read raw (this route's own content-type parser) because the signature covers its
 * exact bytes; `stripe.webhooks.constructEvent` refuses a wrong or stale signature (400
 * `stripe-signature-invalid`). Each event is acted on in one transaction that first records its id
 * in `stripe_events`: a replay, or a second delivery racing the first, finds the id taken and
 * changes nothing. The order changes only from `awaiting-payment`, so a paid order is never failed
 * and an expired session gives its stock, its discount code's use and what a gift card paid back
 * exactly once (and voids the gift cards the unpaid order bought).
 */
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Db, Trx } from '../../platform/db/index.ts';
import { saveRenewalCard } from '../subscriptions/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { apiError } from '../../platform/http/errors.ts';
import { readOrder, orderEvent, moveOrderStatus, orderPaymentFacts } from './store.ts';
import { amountDueCents, type GiftCardMailContext } from '../gift-cards/index.ts';
import { handOutPaidOrder } from './on-payment.ts';
import { AWAITING_PAYMENT, ORDER_ID_KEY, recordStripeEvent } from '../payments/index.ts';
import { releaseUnpaidOrder } from './release.ts';
import {
  applyRefundEvent,
  isRefundEvent,
  refundEventOrderId,
  type RefundEventOutcome,
} from './stripe-refunds.ts';

export const STRIPE_WEBHOOK_PATH = '/api/commerce/stripe/webhook';

export interface StripeWebhookOptions {
  stripe: Stripe;
  webhookSecret: string;
}

/** What a paid order hands out (issue 27), and the mails it queued, to deliver after the commit. */
export interface PaidHandOut {
  mail: GiftCardMailContext;
  mailIds: string[];
}

/** What an event did: `duplicate` when its id was seen before; `card-saved` for a subscription's first payment. */
export type EventOutcome = 'paid' | 'released' | 'card-saved' | 'ignored' | 'duplicate' | RefundEventOutcome;

export async function stripeWebhookRoutes(
  app: FastifyInstance,
  options: StripeWebhookOptions,
): Promise<void> {
  const { db } = app.database;
  // Scoped to this plugin: every other JSON route keeps the parsed body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    const body = request.body;
    if (typeof signature !== 'string' || !Buffer.isBuffer(body)) throw apiError('stripe-signature-invalid');
    let event: Stripe.Event;
    try {
      event = options.stripe.webhooks.constructEvent(body, signature, options.webhookSecret);
    } catch {
      throw apiError('stripe-signature-invalid');
    }
    // The gift cards a paid order issues (issue 27) are mailed from the site the event came to.
    const handOut: PaidHandOut = { mail: request.site, mailIds: [] };
    const outcome = await applyStripeEvent(db, event, handOut);
    for (const id of handOut.mailIds) app.mailer.deliverLater(id);
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
    reply.header('cache-control', 'no-store');
    return { received: true, outcome };
  });
}

/** Acts on one verified event, once per event id. */
export async function applyStripeEvent(
  db: Db,
  event: Stripe.Event,
  handOut: PaidHandOut,
): Promise<EventOutcome> {
  const session = sessionOf(event);
  const intent = intentOf(event);
  const orderId = (session ?? intent)?.metadata?.[ORDER_ID_KEY] ?? refundEventOrderId(event);
  return writeTransaction(db, async (trx) => {
    const recorded = await recordStripeEvent(trx, {
      eventId: event.id,
      type: event.type,
      orderId,
      received: Date.now(),
    });
    if (!recorded) return 'duplicate';
    if (isRefundEvent(event)) return applyRefundEvent(trx, event);
    if (intent && orderId) return applyIntentEvent(trx, orderId, intent, event.type, handOut);
    if (!session || !orderId) return 'ignored';
    switch (event.type) {
      // Only the session created for the order acts on it: its amount is what was due when it was
      // made (the total less any gift card), so the session id is checked rather than an amount.
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        // A delayed method completes unpaid and succeeds later: only money received marks it paid.
        return session.payment_status === 'paid' ? markPaid(trx, orderId, session, handOut) : 'ignored';
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed':
        return (await releaseUnpaidOrder(trx, orderId, {
          status: 'cancelled',
          // An order that lost its reference is released by the session made for it all the same.
          ...((await sessionOfLostReference(trx, orderId, session))
            ? { newReference: session.id }
            : { reference: session.id }),
          provider: 'stripe',
          reason: event.type,
        }))
          ? 'released'
          : 'ignored';
      default:
        return 'ignored';
    }
  });
}

/**
 * A PaymentIntent's outcome. A renewal's off-session charge (stripe.ts) is paid or failed only by
 * these events; its intent id is stored just after the charge is answered, so an event racing that
 * write matches the renewal order still without a reference. The first subscription payment's
 * intent (made by its Checkout Session, which the session events pay) saves its customer and card.
 */
async function applyIntentEvent(
  trx: Trx,
  orderId: string,
  intent: Stripe.PaymentIntent,
  type: string,
  handOut: PaidHandOut,
): Promise<EventOutcome> {
  const order = await orderPaymentFacts(trx, orderId);
  if (!order) return 'ignored';
  const customer = idOf(intent.customer);
  const paymentMethod = idOf(intent.payment_method);
  if (order.kind === 'subscription') {
    if (type !== 'payment_intent.succeeded' || !customer || !paymentMethod) return 'ignored';
    return (await saveRenewalCard(trx, orderId, { customer, paymentMethod })) ? 'card-saved' : 'ignored';
  }
  const ours =
    order.kind === 'renewal' && (order.payment_reference === intent.id || order.payment_reference === null);
  if (!ours) return 'ignored';
  if (type === 'payment_intent.succeeded') {
    if (intent.currency.toLowerCase() !== order.currency.toLowerCase()) return 'ignored';
    const paid = await moveOrderStatus(trx, orderId, {
      from: AWAITING_PAYMENT,
      status: 'paid',
      reference: intent.id,
    });
    if (!paid) return 'ignored';
    await orderEvent(trx, orderId, 'paid', { provider: 'stripe', paymentIntent: intent.id });
    await handOutOnPaid(trx, orderId, handOut);
    return 'paid';
  }
  if (type === 'payment_intent.payment_failed')
    return (await releaseUnpaidOrder(trx, orderId, {
      status: 'payment-failed',
      newReference: intent.id,
      provider: 'stripe',
      reason: intent.last_payment_error?.message ?? type,
    }))
      ? 'released'
      : 'ignored';
  return 'ignored';
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

function intentOf(event: Stripe.Event): Stripe.PaymentIntent | undefined {
  const object = event.data.object as { object?: string };
  return object.object === 'payment_intent' ? (object as Stripe.PaymentIntent) : undefined;
}

function sessionOf(event: Stripe.Event): Stripe.Checkout.Session | undefined {
  const object = event.data.object as { object?: string };
  return object.object === 'checkout.session' ? (object as Stripe.Checkout.Session) : undefined;
}

/**
 * The session pays the order it was made for: the one whose reference it is, or, when recording
 * that reference was lost (a fault after the order's commit, a process that died before it), the
 * order its metadata names, if no other session is recorded for it and it asked for exactly what
 * was due; the reference is recorded then.
 */
async function markPaid(
  trx: Trx,
  orderId: string,
  session: Stripe.Checkout.Session,
  handOut: PaidHandOut,
): Promise<EventOutcome> {
  const order = await orderPaymentFacts(trx, orderId);
  if (!order || session.currency?.toLowerCase() !== order.currency.toLowerCase()) return 'ignored';
  const referenceLost = await sessionOfLostReference(trx, orderId, session);
  if (order.payment_reference !== session.id && !referenceLost) return 'ignored';
  const paymentIntent =
    typeof session.payment_intent === 'string'
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  // The order keeps the session id as its reference; the payment intent (refunds) goes in its history.
  const paid = await moveOrderStatus(trx, orderId, {
    from: AWAITING_PAYMENT,
    status: 'paid',
    reference: session.id,
    whereReference: referenceLost ? null : session.id,
  });
  if (!paid) return 'ignored';
  await orderEvent(trx, orderId, 'paid', {
    provider: 'stripe',
    session: session.id,
    paymentIntent,
    ...(referenceLost ? { referenceRecovered: true } : {}),
  });
  await handOutOnPaid(trx, orderId, handOut);
  return 'paid';
}

/**
 * Whether the session is the one made for a Stripe order that never recorded it: the order has no
 * reference, and the session's currency and total are the order's and what it left to pay (its
 * total less any gift card).
 */
async function sessionOfLostReference(
  trx: Trx,
  orderId: string,
  session: Stripe.Checkout.Session,
): Promise<boolean> {
  const order = await readOrder(trx, orderId);
  return (
    order !== undefined &&
    order.paymentReference === null &&
    order.paymentProvider === 'stripe' &&
    session.currency?.toLowerCase() === order.currency.toLowerCase() &&
    session.amount_total === amountDueCents(order)
  );
}

/** Issue 27: the order's gift cards are issued in the transaction that marks it paid. */
async function handOutOnPaid(trx: Trx, orderId: string, handOut: PaidHandOut) {
  handOut.mailIds.push(...(await handOutPaidOrder(trx, orderId, handOut.mail)));
}
