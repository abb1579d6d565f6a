/**
 * Card payments through Stripe Checkout Sessions (docs/payments.md). Placing an order stores it
 * awaiting payment with its stock taken, as with the manual provider; `begin` then creates a
 * Checkout Session for its grand total and sends the shopper to Stripe's hosted page. A
 * subscription's session also saves the card (and a Stripe customer) for its renewals, which are
 * charged off-session with a PaymentIntent instead. Nothing here marks an order paid: only a
 * signed webhook does (stripe-webhook.ts); a card declined at once fails the renewal.
 */
import Stripe from 'stripe';
import type { StripeSettings } from '../../config.ts';
import {
  AWAITING_PAYMENT,
  PAYMENT_FAILED,
  type OrderForPayment,
  type PaymentOutcome,
  type PaymentProvider,
} from './payment.ts';

/** The SDK client for our settings; `apiBase` points it at another origin (the tests' local server). */
export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    telemetry: false,
    // The order is already stored: a failed call leaves it awaiting payment instead of waiting long.
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}

/** The order id and number a session carries back in its webhook events. */
/** Where Stripe's hosted Checkout pages live: the checkout form redirects the shopper there. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';
export const ORDER_ID_KEY = 'orderId';
export const ORDER_NUMBER_KEY = 'orderNumber';

export function stripePaymentProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async begin(order, origin) {
      if (order.kind === 'renewal') return chargeSavedCard(stripe, order);
      const saveCard = order.kind === 'subscription';
      const confirmation = `${origin}/checkout/order-confirmed/${encodeURIComponent(order.id)}`;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: String(order.orderNumber),
          customer_email: order.email,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                // Our amounts are already integer minor units, as Stripe's `unit_amount` is.
                unit_amount: order.grandTotalCents,
                product_data: { name: `Order #${order.orderNumber}` },
              },
            },
          ],
          metadata: { [ORDER_ID_KEY]: order.id, [ORDER_NUMBER_KEY]: String(order.orderNumber) },
          payment_intent_data: {
            metadata: { [ORDER_ID_KEY]: order.id },
            // A subscription's card is kept (on a customer made for it) to pay its renewals.
            ...(saveCard ? { setup_future_usage: 'off_session' as const } : {}),
          },
          ...(saveCard ? { customer_creation: 'always' as const } : {}),
          success_url: confirmation,
          cancel_url: confirmation,
        },
        // One session per order, even when this call is retried.
        { idempotencyKey: `order-${order.id}` },
      );
      return {
        status: AWAITING_PAYMENT,
        reference: session.id,
        ...(session.url ? { paymentUrl: session.url } : {}),
      };
    },
  };
}

/**
 * A renewal is charged with the card its subscription's first payment saved, the customer away
 * (`off_session`), confirmed at once. The order number is the idempotency key: a retried call
 * answers the same intent, never a second charge. Only the `payment_intent.*` webhook marks the
 * order paid; a card declined at once (Stripe answers 402 with the failed intent) fails the renewal.
 */
async function chargeSavedCard(stripe: Stripe, order: OrderForPayment): Promise<PaymentOutcome> {
  if (!order.savedCard)
    return { status: PAYMENT_FAILED, reference: null, failure: 'No card was saved for this subscription.' };
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: order.grandTotalCents,
        currency: order.currency.toLowerCase(),
        customer: order.savedCard.customer,
        payment_method: order.savedCard.paymentMethod,
        off_session: true,
        confirm: true,
        description: `Order #${order.orderNumber}`,
        metadata: { [ORDER_ID_KEY]: order.id, [ORDER_NUMBER_KEY]: String(order.orderNumber) },
      },
      { idempotencyKey: `renewal-${order.orderNumber}` },
    );
    return { status: AWAITING_PAYMENT, reference: intent.id };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
    return { status: PAYMENT_FAILED, reference: error.payment_intent?.id ?? null, failure: error.message };
  }
}
