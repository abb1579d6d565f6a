/** The cart module's API (issue 28): what the app and other modules may use of it. */
export {
  cloneAsAnonymousCart,
  mergeIntoCustomerCart,
  releaseAccountCarts,
  setCartCookie,
  type CartNotice,
} from './customer-cart.ts';
