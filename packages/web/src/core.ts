/**
 * The parts of `@storefront/core` the browser uses, imported by module so the bundle carries only
 * the domain rules (not the template helpers the server registers into the engine).
 */
export { type LocalizedStrings, message } from '@storefront/core/messages';
export type { Result } from '@storefront/core/result';
export {
  decimalToMinor,
  formatMoney,
  fractionDigitsOf,
  minorToDecimal,
  paidForLines,
} from '@storefront/core/money';
export { ProductType } from '@storefront/core/product';
export {
  type Product,
  type ProductVariant,
  addToCartLabel,
  availableOptionValues,
  findVariant,
  hasStock,
  isVariantAvailable,
  isVariantOnSale,
  variantDescriptor,
  variantUnitPrice,
} from '@storefront/core/product';
export {
  type AddToCartOk,
  CART_COUNT_CAP,
  CART_URL,
  LIGHTBOX_ANIMATION_MS,
  LIGHTBOX_RESIZE_DELAY_MS,
  LIGHTBOX_TOP_MARGIN_PX,
  QUANTITY_MAX,
  QUANTITY_MIN,
  cartCountText,
  cartPillText,
  cartPillVisible,
  cartWidgetLabel,
  parseQuantity,
  validateAddToCart,
  validateQuantityChange,
} from '@storefront/core/cart';
export { type PageContext, PageType } from '@storefront/core/page-context';
export {
  type SubscriptionAction,
  type SubscriptionState,
  subscriptionActionsOf,
} from '@storefront/core/subscriptions';
