/**
 * A cart's or order's money beyond its subtotal (spec section 3's cart fields): discount codes,
 * shipping options and cost, tax rules and tax, and the grand total. Pure and shared: the server
 * answers the cart and stores the order with it; the browser could show the same.
 *
 *   grandTotal = subtotal − discount + shipping + (prices include tax ? 0 : tax)
 */
import type { LocalizedStrings } from '../messages.ts';
import type { PricingConfig } from './config.ts';
import {
  type AppliedDiscount,
  type DiscountUsage,
  applyDiscountCode,
  findDiscountCode,
} from './discounts.ts';
import { type PricingLine, isMerchandise, sumCents } from './lines.ts';
import {
  type ShippingLocation,
  type ShippingOption,
  requiresShipping,
  selectShippingOption,
  shippingOptions,
} from './shipping.ts';
import { type AppliedTaxRule, applyTaxRules, taxRulesFor } from './tax.ts';

export interface InvalidCoupon {
  readonly code: string;
  /** The refusal's stable code (`discount.expired`, ...). */
  readonly reason: string;
  readonly message: string;
}

export interface PricingInput {
  readonly lines: readonly PricingLine[];
  readonly config: PricingConfig;
  readonly currency: string;
  /** The codes on the cart, as the shopper typed them. */
  readonly couponCodes: readonly string[];
  readonly location: ShippingLocation | null;
  readonly chosenShippingOptionId: string | null;
  readonly now: number;
  /** Usage of a code so far (the cart reads it; the order's transaction claims it). */
  readonly usageOf?: (code: string) => DiscountUsage | undefined;
  readonly localizedStrings?: LocalizedStrings;
}

export interface Pricing {
  readonly subtotalCents: number;
  readonly discountCents: number;
  readonly shippingCostCents: number;
  readonly taxCents: number;
  readonly grandTotalCents: number;
  readonly coupons: readonly string[];
  readonly validCoupons: readonly AppliedDiscount[];
  readonly invalidCoupons: readonly InvalidCoupon[];
  readonly shippingOptions: readonly ShippingOption[];
  readonly selectedShippingOption: ShippingOption | null;
  readonly shippingLocation: ShippingLocation | null;
  readonly applicableTaxRules: readonly AppliedTaxRule[];
  readonly pricesIncludeTax: boolean;
  readonly requiresShipping: boolean;
}

export const priceCart = (input: PricingInput): Pricing => {
  const { lines, config, currency } = input;
  const subtotalCents = sumCents(lines);
  const merchandiseCents = sumCents(lines.filter(isMerchandise));
  const validCoupons: AppliedDiscount[] = [];
  const invalidCoupons: InvalidCoupon[] = [];
  for (const raw of input.couponCodes) {
    const definition = findDiscountCode(config.discountCodes, raw);
    const applied = applyDiscountCode(definition, raw, {
      lines,
      now: input.now,
      currency,
      ...(definition && input.usageOf ? { usage: input.usageOf(definition.code) } : {}),
      ...(input.localizedStrings ? { localizedStrings: input.localizedStrings } : {}),
    });
    if (applied.ok) validCoupons.push(applied.value);
    else invalidCoupons.push({ code: raw, reason: applied.error.code, message: applied.error.message });
  }
  const merchandiseDiscountCents = Math.min(
    merchandiseCents,
    validCoupons.reduce((n, c) => n + c.discountCents, 0),
  );
  const merchandiseAfterDiscount = merchandiseCents - merchandiseDiscountCents;

  const options = shippingOptions(config, lines, input.location, merchandiseAfterDiscount);
  const selected = selectShippingOption(options, input.chosenShippingOptionId);
  const shippingCostCents = selected?.amountCents ?? 0;
  // A free-shipping code takes the shipping off as its discount, so that `discountCents` is all the
  // codes save and grandTotal = subtotal − discount + shipping holds with the shipping's real price.
  const freeShippingCode = validCoupons.findIndex((c) => c.freeShipping);
  const shippingSavedCents = freeShippingCode >= 0 ? shippingCostCents : 0;
  if (freeShippingCode >= 0)
    validCoupons[freeShippingCode] = {
      ...validCoupons[freeShippingCode]!,
      discountCents: shippingSavedCents,
    };
  const discountCents = merchandiseDiscountCents + shippingSavedCents;

  const taxable =
    merchandiseAfterDiscount + (config.taxShipping ? shippingCostCents - shippingSavedCents : 0);
  const applicableTaxRules = applyTaxRules(
    taxRulesFor(config.taxRules, input.location),
    taxable,
    config.pricesIncludeTax,
  );
  const taxCents = applicableTaxRules.reduce((n, r) => n + r.taxCents, 0);
  return {
    subtotalCents,
    discountCents,
    shippingCostCents,
    taxCents,
    grandTotalCents:
      subtotalCents - discountCents + shippingCostCents + (config.pricesIncludeTax ? 0 : taxCents),
    coupons: [...input.couponCodes],
    validCoupons,
    invalidCoupons,
    shippingOptions: options,
    selectedShippingOption: selected,
    shippingLocation: input.location,
    applicableTaxRules,
    pricesIncludeTax: config.pricesIncludeTax,
    requiresShipping: requiresShipping(lines),
  };
};

/** A location from what a shopper or an address gives; undefined when the country is not a two-letter code. */
export const shippingLocationOf = (raw: {
  country?: string | undefined;
  region?: string | undefined;
  postalCode?: string | undefined;
}): ShippingLocation | undefined => {
  const country = (raw.country ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) return undefined;
  return {
    country,
    region: (raw.region ?? '').trim().toUpperCase(),
    postalCode: (raw.postalCode ?? '').trim(),
  };
};
