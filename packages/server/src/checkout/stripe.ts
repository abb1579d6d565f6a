/**
 * Card payments through Stripe Checkout Sessions (docs/payments.md). Placing an order stores it
 * awaiting payment with its stock taken, as with the manual provider; `begin` then creates a
 * Checkout Session for its grand total and sends the shopper to Stripe's hosted page. Nothing here
 * marks an order paid: only a signed webhook does (stripe-webhook.ts).
 */
import Stripe from 'stripe';
import type { StripeSettings } from '../config.ts';
import { AWAITING_PAYMENT, type PaymentProvider } from './payment.ts';

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
export const ORDER_ID_KEY = 'orderId';
export const ORDER_NUMBER_KEY = 'orderNumber';

export function stripePaymentProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async begin(order, siteUrl) {
      const confirmation = `${siteUrl}/checkout/order-confirmed/${encodeURIComponent(order.id)}`;
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
          payment_intent_data: { metadata: { [ORDER_ID_KEY]: order.id } },
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
