/** Pricing beyond the subtotal (issue 17; docs/commerce.md): discount codes, shipping, tax. */
export { WHOLE_BASIS_POINTS, includedPartOf, percentOf } from './amounts.ts';
export {
  type DiscountCode,
  type DiscountKind,
  type PickupLocation,
  type PricingConfig,
  type ShippingRate,
  type ShippingZone,
  type TaxRule,
  EMPTY_PRICING,
  parsePricingConfig,
} from './config.ts';
export { type PricingLine, isMerchandise, lineCents } from './lines.ts';
export {
  type AppliedDiscount,
  type DiscountContext,
  type DiscountUsage,
  applyDiscountCode,
  eligibleLines,
  findDiscountCode,
  normalizeCode,
} from './discounts.ts';
export {
  type ShippingLocation,
  type ShippingOption,
  parcelGrams,
  rateCents,
  requiresShipping,
  selectShippingOption,
  shippingOptions,
  zoneFor,
} from './shipping.ts';
export { type AppliedTaxRule, applyTaxRules, taxRulesFor } from './tax.ts';
export {
  type InvalidCoupon,
  type Pricing,
  type PricingInput,
  priceCart,
  shippingLocationOf,
} from './cart-pricing.ts';
