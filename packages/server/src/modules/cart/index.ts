export {
  emptyCart,
  findCart,
  readCart,
  type CartEntry,
  type CartSettings,
  type ShoppingCart,
} from './cart.ts';
export { applyCoupon, setShippingLocation, setShippingOption } from './cart-choices.ts';
export {
  cloneAsAnonymousCart,
  mergeIntoCustomerCart,
  setCartCookie,
  type CartNotice,
  type MergedCart,
} from './customer-cart.ts';
export {
  cartChoices,
  customerKey,
  loadCommercePricing,
  NO_PRICING,
  pricingLines,
  type CommercePricing,
  type Shopper,
} from './pricing.ts';
export { commerceRoutes, type CommerceOptions } from './routes.ts';
export type { Checked } from './rules.ts';
export { cartEntryRows, lockCartForPurchase, markCartPurchased, releaseCustomerCarts } from './store.ts';
export type { CartEntryRow, CartRow, CartTables } from './tables.ts';
export { cartMigrations } from './migrations.ts';
