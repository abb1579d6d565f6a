/**
 * The site's pricing (issue 17; docs/commerce.md): its discount codes, shipping zones and tax
 * rules from `commerce.json` (a document the database keeps), read once at start like the rest of the content (the
 * database owns only what changes: a cart's choices and the codes' usage). Here too: the cart's
 * lines as core's pricing reads them, the cart's stored choices, and the usage of a code as the
 * shopper meets it (the discounts module keeps the usage, and claims it in the order's transaction).
 */
import {
  EMPTY_PRICING,
  parsePricingConfig,
  type DiscountCode,
  type DiscountUsage,
  type PricingConfig,
  type PricingLine,
  type ShippingLocation,
} from '@storefront/core';
import type { Db } from '../../platform/db/index.ts';
import type { CartRow } from './tables.ts';
import { discountUsage } from '../discounts/index.ts';
import type { SiteContent } from '../../platform/site/types.ts';

export interface CommercePricing {
  readonly config: PricingConfig;
  /** Item id -> its collection's id (for codes scoped to collections). */
  readonly collectionOf: ReadonlyMap<string, string>;
  /** `itemId sku` -> one unit's shipping weight in grams. */
  readonly gramsOf: ReadonlyMap<string, number>;
}

export const NO_PRICING: CommercePricing = {
  config: EMPTY_PRICING,
  collectionOf: new Map(),
  gramsOf: new Map(),
};

const GRAMS_PER_UNIT: Readonly<Record<string, number>> = {
  g: 1,
  gram: 1,
  kg: 1000,
  kilogram: 1000,
  lb: 453.59237,
  pound: 453.59237,
  oz: 28.349523125,
  ounce: 28.349523125,
};

/** A variant's `shippingWeight`: grams as a number, or `{ value, unit }` (g, kg, lb, oz); 0 when absent. */
export const weightInGrams = (raw: unknown): number => {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw > 0 ? Math.round(raw) : 0;
  if (!raw || typeof raw !== 'object') return 0;
  const { value, unit } = raw as { value?: unknown; unit?: unknown };
  const factor = GRAMS_PER_UNIT[String(unit ?? 'g').toLowerCase()];
  const n = Number(value);
  return factor && Number.isFinite(n) && n > 0 ? Math.round(n * factor) : 0;
};

/**
 * The site's `commerce.json` as the database keeps it (none: no codes, no shipping rates, no tax); a
 * bad one stops the start with where it is wrong.
 */
export function loadCommercePricing(
  commerce: unknown,
  content: SiteContent,
  currency: string,
): CommercePricing {
  let config = EMPTY_PRICING;
  if (commerce !== undefined) {
    const parsed = parsePricingConfig(commerce, currency);
    if (!parsed.ok) throw new Error(`content/commerce.json: ${parsed.error.message}`);
    config = parsed.value;
  }
  const collectionOf = new Map<string, string>();
  const gramsOf = new Map<string, number>();
  for (const collection of content.collections)
    for (const item of collection.items ?? []) {
      collectionOf.set(item.id, collection.id);
      for (const v of item.structuredContent?.variants ?? []) {
        const grams = weightInGrams(v.shippingWeight);
        if (grams > 0) gramsOf.set(`${item.id} ${String(v.sku)}`, grams);
      }
    }
  return { config, collectionOf, gramsOf };
}

/** What pricing needs of the cart's (or order's) lines. */
export interface LineForPricing {
  itemId: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  productType: number | null;
}

export const pricingLines = (lines: readonly LineForPricing[], pricing: CommercePricing): PricingLine[] =>
  lines.map((l) => ({
    itemId: l.itemId,
    collectionId: pricing.collectionOf.get(l.itemId) ?? null,
    productType: Number(l.productType ?? 0),
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    weightGrams: pricing.gramsOf.get(`${l.itemId} ${l.sku}`) ?? 0,
  }));

/** The pricing columns a new cart starts with. */
export const NO_PRICING_CHOICES = { coupon_code: null, shipping_location: null, shipping_option: null };

export interface CartChoices {
  couponCodes: string[];
  location: ShippingLocation | null;
  shippingOptionId: string | null;
}

export function cartChoices(cart: CartRow | undefined): CartChoices {
  let location: ShippingLocation | null = null;
  if (cart?.shipping_location) {
    try {
      location = JSON.parse(cart.shipping_location) as ShippingLocation;
    } catch {
      location = null;
    }
  }
  return {
    couponCodes: cart?.coupon_code ? [cart.coupon_code] : [],
    location,
    shippingOptionId: cart?.shipping_option ?? null,
  };
}

/** The customer a per-customer limit counts: the order's email, lower case. */
export const customerKey = (email: string): string => email.trim().toLowerCase();

/** Who is shopping, when signed in: a customer's email, as the session read it. */
export interface Shopper {
  email: string;
}

/** The usage of `code` as `shopper` (when signed in) would meet it at checkout. */
export const shopperUsage = (
  db: Db,
  code: DiscountCode,
  shopper: Shopper | undefined,
): Promise<DiscountUsage> =>
  discountUsage(
    db,
    code.code,
    shopper && code.perCustomerLimit !== null ? customerKey(shopper.email) : undefined,
  );
