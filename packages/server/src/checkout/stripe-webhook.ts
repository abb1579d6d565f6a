/**
 * `POST /api/commerce/stripe/webhook`: Stripe's events about our Checkout Sessions (docs/payments.md).
 * The body is read raw (this route's own content-type parser) because the signature covers its
 * exact bytes; `stripe.webhooks.constructEvent` refuses a wrong or stale signature (400
 * `stripe-signature-invalid`). Each event is acted on in one transaction that first records its id
 * in `stripe_events`: a replay, or a second delivery racing the first, finds the id taken and
 * changes nothing. The order changes only from `awaiting-payment`, so a paid order is never failed
 * and an expired session gives its stock, its discount code's use and what a gift card paid back
 * exactly once (and voids the gift cards the unpaid order bought).
 */
import { randomUUID } from 'node:crypto';
import { lineNeeds } from '@storefront/core';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type Stripe from 'stripe';
import { restoreGiftCards, voidGiftCardsOfOrder } from '../db/gift-cards.ts';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { returnStock } from '../db/stock.ts';
import { apiError } from '../http/errors.ts';
import { AWAITING_PAYMENT } from './payment.ts';
import { ORDER_ID_KEY } from './stripe.ts';

export const STRIPE_WEBHOOK_PATH = '/api/commerce/stripe/webhook';

export interface StripeWebhookOptions {
  stripe: Stripe;
  webhookSecret: string;
}

/** What an event did: `duplicate` when its id was seen before. */
export type EventOutcome = 'paid' | 'released' | 'ignored' | 'duplicate';

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
    const outcome = await applyStripeEvent(db, event);
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
    reply.header('cache-control', 'no-store');
    return { received: true, outcome };
  });
}

/** Acts on one verified event, once per event id. */
export async function applyStripeEvent(db: Db, event: Stripe.Event): Promise<EventOutcome> {
  const session = sessionOf(event);
  const orderId = session?.metadata?.[ORDER_ID_KEY] ?? null;
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('stripe_events')
      .values({ event_id: event.id, type: event.type, order_id: orderId, received: Date.now() })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!recorded) return 'duplicate';
    if (!session || !orderId) return 'ignored';
    switch (event.type) {
      // Only the session created for the order acts on it: its amount is what was due when it was
      // made (the total less any gift card), so the session id is checked rather than an amount.
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        // A delayed method completes unpaid and succeeds later: only money received marks it paid.
        return session.payment_status === 'paid' ? markPaid(trx, orderId, session) : 'ignored';
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed':
        return release(trx, orderId, session, event.type);
      default:
        return 'ignored';
    }
  });
}

function sessionOf(event: Stripe.Event): Stripe.Checkout.Session | undefined {
  const object = event.data.object as { object?: string };
  return object.object === 'checkout.session' ? (object as Stripe.Checkout.Session) : undefined;
}

async function markPaid(
  trx: Transaction<Database>,
  orderId: string,
  session: Stripe.Checkout.Session,
): Promise<EventOutcome> {
  const order = await trx
    .selectFrom('orders')
    .select('currency')
    .where('id', '=', orderId)
    .where('payment_reference', '=', session.id)
    .executeTakeFirst();
  if (!order || session.currency?.toLowerCase() !== order.currency.toLowerCase()) return 'ignored';
  const paymentIntent =
    typeof session.payment_intent === 'string'
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  // The order keeps the session id as its reference; the payment intent (refunds) goes in its history.
  const changed = await trx
    .updateTable('orders')
    .set({ status: 'paid' })
    .where('id', '=', orderId)
    .where('status', '=', AWAITING_PAYMENT)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) return 'ignored';
  await orderEvent(trx, orderId, 'paid', { provider: 'stripe', session: session.id, paymentIntent });
  return 'paid';
}

/** The session ended unpaid: the order is cancelled and its stock given back, from awaiting payment only. */
async function release(
  trx: Transaction<Database>,
  orderId: string,
  session: Stripe.Checkout.Session,
  why: string,
): Promise<EventOutcome> {
  const changed = await trx
    .updateTable('orders')
    .set({ status: 'cancelled' })
    .where('id', '=', orderId)
    .where('payment_reference', '=', session.id)
    .where('status', '=', AWAITING_PAYMENT)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) return 'ignored';
  const lines = await trx
    .selectFrom('order_lines')
    .select(['variant_id', 'quantity', 'product_type'])
    .where('order_id', '=', orderId)
    .execute();
  // Only what placing the order took goes back (digital lines took none).
  for (const line of lines.filter((l) => lineNeeds(l.product_type).takesStock))
    await returnStock(trx, line.variant_id, line.quantity, {
      reason: 'cancellation',
      refId: orderId,
      actorId: null,
      note: why,
    });
  await releaseDiscounts(trx, orderId);
  // What a gift card paid goes back on it; the cards this unpaid order bought no longer pay.
  const giftCardCents = await restoreGiftCards(trx, orderId);
  await voidGiftCardsOfOrder(trx, orderId, 'void-rest');
  await orderEvent(trx, orderId, 'cancelled', {
    provider: 'stripe',
    reason: why,
    wasPaid: false,
    ...(giftCardCents > 0 ? { giftCardCents } : {}),
  });
  return 'released';
}

/** The discount code uses the order claimed count no more: the code may be used again. */
async function releaseDiscounts(trx: Transaction<Database>, orderId: string): Promise<void> {
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

/** The order's history line (the back office timeline): made by the shop, not a staff member. */
async function orderEvent(
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
