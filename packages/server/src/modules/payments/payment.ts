/**
 * Payment goes through a provider (DESIGN.md "Checkout"). An order is stored first, in its own
 * transaction, with status `awaiting-payment`; the provider is asked afterwards and its answer
 * recorded on the order. The default provider takes no money: the order stays awaiting manual
 * payment (the owner collects it and marks the order paid). Stripe (stripe.ts) sends the shopper to
 * its hosted page and confirms the order by a signed webhook (stripe-webhook.ts).
 */

export interface OrderForPayment {
  id: string;
  orderNumber: number;
  email: string;
  grandTotalCents: number;
  currency: string;
  /** 'subscription' (its card is saved for renewals), 'renewal' (charged with that card), or another. */
  kind?: string;
  /** A renewal's saved card (Stripe's customer and payment method), when its first payment saved one. */
  savedCard?: SavedCard;
}

export interface SavedCard {
  customer: string;
  paymentMethod: string;
}

export interface PaymentOutcome {
  /** The order's status after the provider: 'awaiting-payment', 'paid' or 'payment-failed'. */
  status: string;
  /** The provider's reference for the payment, if it has one. */
  reference: string | null;
  /** Where the shopper pays (a hosted payment page), for providers that take the money elsewhere. */
  paymentUrl?: string;
  /** Why the payment failed at once (a declined card), with status 'payment-failed'. */
  failure?: string;
}

export interface PaymentProvider {
  /** Stored on the order (`payment_provider`). */
  readonly name: string;
  /** Starts the payment of a stored order. May throw: the order stays awaiting payment. */
  begin(order: OrderForPayment, origin: string): Promise<PaymentOutcome>;
}

export const AWAITING_PAYMENT = 'awaiting-payment';
/** A renewal whose card was declined: released like an expired session, and retried by the scheduler. */
export const PAYMENT_FAILED = 'payment-failed';

/** The default provider: records the order as awaiting manual payment. */
export const manualPaymentProvider: PaymentProvider = {
  name: 'manual',
  async begin(order) {
    return { status: AWAITING_PAYMENT, reference: `manual-${order.orderNumber}` };
  },
};
