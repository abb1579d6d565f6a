/** The orders module's API (issue 28): what the app and other modules may use of it. */
export { CHECKOUT_CSS, orderSummaryHtml } from './pages.ts';
export {
  accountOrder,
  accountOrderRows,
  accountOrders,
  forgetAccountOrders,
  isPaid,
  type OrderSummary,
} from './store.ts';
