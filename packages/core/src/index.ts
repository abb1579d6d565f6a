/**
 * @storefront/core: the platform's isomorphic domain (Node and browser) and its template helpers.
 * Every rule that both the server and the browser apply lives here once. See packages/core/README.md.
 */

// Errors as values.
export { type CoreError, type Result, ok, err } from './result.ts';

// Every user-facing string by stable code; site `localizedStrings` override them.
export {
  type LocalizedStrings,
  type MessageCode,
  MESSAGES,
  message,
  messageTemplate,
  interpolate,
  joinWithAnd,
} from './messages.ts';

// File sizes: limits in MB of 1,000,000 bytes, shown in units of 1024 (spec section 9).
export { BYTES_PER_MB, formatFileSize, megabytesToBytes } from './file-size.ts';

// Money: currencies, exact cents <-> decimal strings, display.
export {
  type Cents,
  type Currency,
  type DecimalMoney,
  type MoneyFormatOptions,
  type MoneyValue,
  CURRENCIES,
  DEFAULT_CURRENCY,
  centsToMoney,
  compareDecimal,
  currencyForLocale,
  decimalToMinor,
  formatDecimalMoney,
  formatMoney,
  paidForLines,
  fractionDigitsOf,
  isDecimalString,
  isSupportedCurrency,
  minorToDecimal,
  moneyToCents,
  movePoint,
  readMoney,
} from './money.ts';

// Products: the parsed product, display state, stock, visibility of store pieces, variants, prices, subscriptions.
export {
  type BillingUnit,
  type ChosenAttributes,
  type DisplayState,
  type ParsedProduct,
  type PricingOption,
  type Product,
  type ProductVariant,
  type StoreSettings,
  type SubscriptionPlan,
  type SubscriptionTerms,
  type VariantOption,
  type VariantOptionValue,
  ProductType,
  addToCartLabel,
  availableOptionValues,
  defaultSubscriptionPattern,
  displayStateOf,
  findVariant,
  findVariantBySku,
  fromPrice,
  hasStock,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  isVariantAvailable,
  isVariantOnSale,
  lowestPricedVariant,
  lowestUnitPrice,
  multipleQuantityAllowedForServices,
  normalPrice,
  parseProduct,
  parseVariant,
  productOf,
  salePrice,
  showsQuantityInput,
  showsVariantsSelect,
  subscriptionPriceKey,
  subscriptionPricePattern,
  subscriptionPriceText,
  subscriptionTerms,
  totalStock,
  unselectedOptions,
  variantDescriptor,
  variantIdOf,
  variantStock,
  variantUnitPrice,
} from './product.ts';

// Cart: add-to-cart and quantity validation, totals, pill and widget texts.
export {
  type AddToCartOk,
  type AddToCartRequest,
  type CartEntryForTotals,
  type CartTotals,
  CART_COUNT_CAP,
  CART_URL,
  QUANTITY_MAX,
  QUANTITY_MIN,
  cartCountText,
  cartItemWord,
  cartPillText,
  cartPillVisible,
  cartTotals,
  cartWidgetLabel,
  parseQuantity,
  sumQuantities,
  validateAddToCart,
  validateQuantityChange,
} from './cart.ts';

// Checkout: what each line needs, order totals, the minimum subtotal, customer fields.
export {
  type Address,
  type Customer,
  type CustomerInput,
  type CustomerResult,
  type LineNeeds,
  type OrderLineForTotals,
  type OrderNeeds,
  type OrderTotals,
  REQUIRED_ADDRESS_PARTS,
  checkMinimumSubtotal,
  lineNeeds,
  minimumSubtotalCents,
  orderNeeds,
  orderTotals,
  validateCustomer,
} from './checkout.ts';

// Restock sign-up, checkout minimum, instalment notice.
export {
  type InstalmentNotice,
  INSTALMENT_COUNT,
  instalmentNotice,
  validateCaptchaDone,
  validateCheckoutMinimum,
  validateRestockEmail,
} from './rules.ts';
export {
  type InstalmentBrand,
  type InstalmentContext,
  type InstalmentView,
  instalmentBrand,
  instalmentView,
  parseInstalmentContext,
} from './instalments.ts';

// Content: images, alt text, item classes, comments, colours.
export {
  type ItemClassScope,
  ALT_TEXT_BODY_LIMIT,
  IMAGE_BLOCK_TYPE,
  IMAGE_WIDTHS,
  STORE_ITEM_RECORD_TYPE,
  altTextOf,
  colorWeight,
  commentCountText,
  commentsShown,
  focalPointOf,
  hexColorToInt,
  humanizeDuration,
  isHtmlEmpty,
  itemClasses,
  removeTags,
  slugify,
  splitDimensions,
  srcsetOf,
  thumbnailSizeForWidth,
  websiteColor,
} from './content.ts';

// The page context the server embeds for the browser islands.
export { type MerchandisingContext, type PageContext, PageType } from './page-context.ts';

// Site forms: definitions, field types, validation shared by the browser and the server.
export {
  type FieldErrors,
  type FieldPart,
  type FieldType,
  type FieldValue,
  type FormDefinition,
  type FormField,
  type FormValues,
  type PublicFormDefinition,
  FIELD_TYPES,
  LIKERT_ANSWERS,
  MULTI_PART_TYPES,
  answerText,
  SINGLE_VALUE_TYPES,
  characterCount,
  isEmptyAnswer,
  isValidEmail,
  parseFormDefinition,
  parseFormField,
  partsOf,
  publicFormDefinition,
  shapeProblem,
  summaryFields,
  validateField,
  validateForm,
} from './forms/index.ts';

// The template helpers, as one jsont plugin.
export { platformPlugin } from './platform-plugin.ts';
export { moneyString } from './helpers/commerce.ts';
export { HELPER_INLINE_SCRIPTS } from './helpers/templates.ts';

// Reading loose JSON with the JSON-T rules; the HTML escaper (quotes included) the server uses everywhere.
export {
  asArray,
  asBoolean,
  asNumber,
  asString,
  escapeHtmlAttr,
  isObject,
  path as jsonPath,
  isTruthy,
} from './json.ts';

// First-party telemetry rules (issue 8): visit cookies, tracking exclusions, the error reporter,
// performance flags and records, commerce event payloads.
export * from './tracking/index.ts';
export {
  type AccountKind,
  ROLES,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  type RoleName,
  type RoleCode,
  type Permission,
  isRoleCode,
  parseRole,
  hasPermission,
  onlyViewer,
} from './roles.ts';

// Discount codes, shipping and tax (issue 17; docs/commerce.md).
export * from './pricing/index.ts';
