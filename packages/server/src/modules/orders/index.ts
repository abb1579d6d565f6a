/**
 * Orders and checkout: placing an order (cart, express, subscription, gift card, renewal), paying
 * it (the payment provider's answer and Stripe's webhook), staff's actions and refunds, and the
 * reads other modules make of orders. Other code uses orders only through this file.
 */
export { checkoutRoutes, renewalPlacer, type CheckoutOptions, type RenewalOrder } from './routes.ts';
export { stripeWebhookRoutes, STRIPE_WEBHOOK_PATH } from './stripe-webhook.ts';
export { handOutPaidOrder } from './on-payment.ts';
export { confirmationMailNow } from './mail.ts';
export { downloadLinks, withSignedDownloads, type DownloadLinks } from './download-links.ts';
export { CHECKOUT_CSS, giftCardBalancePage, orderSummaryHtml } from './pages.ts';
export {
  addNote,
  cancel,
  cancelBody,
  fulfil,
  fulfilBody,
  markPaid,
  markPaidBody,
  noteBody,
  orderDetail,
  resendConfirmation,
  type Actor,
  type ShopIdentity,
} from './admin-actions.ts';
export { listOrders, orderFilter, orderListQuery, ordersCsv } from './admin-orders.ts';
export { refund, refundBody } from './refunds.ts';
export {
  accountOrder,
  accountOrderRows,
  accountOrders,
  awaitsPayment,
  eventDetails,
  forgetAccountOrders,
  isPaid,
  orderContact,
  orderLines,
  orderNumbersOf,
  readOrder,
  salesSince,
  type OrderSummary,
} from './store.ts';
export {
  anyOrder,
  orderEventDetail,
  orderNumbersByIds,
  orderToReview,
  failedRenewalOrderIds,
} from './store.ts';
export type { OrderTables } from './tables.ts';
export { ordersMigrations } from './migrations.ts';
export { orderAdminRoutes, type OrderAdminOptions } from './admin-routes.ts';
