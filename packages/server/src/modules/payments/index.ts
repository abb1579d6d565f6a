/**
 * Payments: the provider interface checkout asks (the manual provider and Stripe's), and the record
 * of the provider events acted on. Knows no order: orders call it.
 */
export {
  AWAITING_PAYMENT,
  manualPaymentProvider,
  PAYMENT_FAILED,
  type OrderForPayment,
  type PaymentOutcome,
  type PaymentProvider,
  type SavedCard,
} from './payment.ts';
export {
  ORDER_ID_KEY,
  ORDER_NUMBER_KEY,
  STRIPE_CHECKOUT_ORIGIN,
  stripeClient,
  stripePaymentProvider,
} from './stripe.ts';
export { recordStripeEvent } from './store.ts';
export type { PaymentTables } from './tables.ts';
export { paymentsMigrations } from './migrations.ts';
