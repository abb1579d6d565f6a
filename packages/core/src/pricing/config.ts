/**
 * The pricing configuration of a site (docs/commerce.md): discount codes, shipping zones and
 * pickup, tax rules. Written by the owner as JSON (`content/commerce.json`) with money as decimal
 * strings in the store currency and rates as percent strings; parsed here once into minor units and
 * basis points, so that every rule after it works on integers only.
 */
import { z } from 'zod';
import { decimalToMinor, movePoint } from '../money.ts';
import { type Result, err, ok } from '../result.ts';

export type DiscountKind = 'percentage' | 'fixed' | 'free-shipping';

export interface DiscountCode {
  /** Upper case; shoppers' codes are compared case-insensitively. */
  readonly code: string;
  readonly kind: DiscountKind;
  /** `percentage`: the rate, in basis points (1250 = 12.5 %). */
  readonly basisPoints: number;
  /** `fixed`: the amount off, in minor units. */
  readonly amountCents: number;
  readonly minimumSubtotalCents: number;
  /** Epoch milliseconds; the code is valid from `startsAt` (inclusive) to `endsAt` (exclusive). */
  readonly startsAt: number | null;
  readonly endsAt: number | null;
  /** Orders that may use it in all; null is unlimited. */
  readonly usageLimit: number | null;
  /** Orders one customer (by email) may use it on; null is unlimited. */
  readonly perCustomerLimit: number | null;
  /** Only these products / the products of these collections; both empty means every product. */
  readonly itemIds: readonly string[];
  readonly collectionIds: readonly string[];
}

export type ShippingRate =
  | { readonly kind: 'flat'; readonly id: string; readonly name: string; readonly amountCents: number }
  | {
      readonly kind: 'weight';
      readonly id: string;
      readonly name: string;
      /** Ascending by `upToGrams`; the first bracket that holds the parcel's weight prices it. */
      readonly brackets: readonly { readonly upToGrams: number; readonly amountCents: number }[];
    }
  | {
      readonly kind: 'free-over';
      readonly id: string;
      readonly name: string;
      /** Free when the subtotal after discounts reaches this; `amountCents` below it. */
      readonly thresholdCents: number;
      readonly amountCents: number;
    };

export interface ShippingZone {
  readonly id: string;
  readonly name: string;
  /** ISO 3166-1 alpha-2 codes, upper case; `*` is every country. */
  readonly countries: readonly string[];
  /** Region codes within those countries (upper case); empty is every region. */
  readonly regions: readonly string[];
  readonly rates: readonly ShippingRate[];
}

export interface PickupLocation {
  readonly id: string;
  readonly name: string;
}

export interface TaxRule {
  readonly id: string;
  readonly name: string;
  readonly country: string;
  /** Empty: the whole country. */
  readonly region: string;
  readonly basisPoints: number;
}

export interface PricingConfig {
  readonly discountCodes: readonly DiscountCode[];
  /** Checked in order: the first zone that holds the address prices it. */
  readonly shippingZones: readonly ShippingZone[];
  readonly pickup: readonly PickupLocation[];
  readonly taxRules: readonly TaxRule[];
  /** Catalogue prices already include tax (the tax is shown, not added). */
  readonly pricesIncludeTax: boolean;
  /** Shipping is taxed with the goods. */
  readonly taxShipping: boolean;
}

export const EMPTY_PRICING: PricingConfig = Object.freeze({
  discountCodes: [],
  shippingZones: [],
  pickup: [],
  taxRules: [],
  pricesIncludeTax: false,
  taxShipping: false,
});

const decimal = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'must be a decimal string such as "10.00"');
const percent = z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percent string such as "12.5"');
const id = z.string().min(1).max(100);
const code2 = z
  .string()
  .regex(/^([A-Za-z]{2}|\*)$/, 'must be a two-letter country code or *')
  .transform((s) => s.toUpperCase());
const date = z.iso.datetime({ offset: true });

const discountSchema = z
  .object({
    code: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, - or _')
      .transform((s) => s.toUpperCase()),
    kind: z.enum(['percentage', 'fixed', 'free-shipping']),
    percent: percent.optional(),
    amount: decimal.optional(),
    minimumSubtotal: decimal.optional(),
    startsAt: date.optional(),
    endsAt: date.optional(),
    usageLimit: z.number().int().min(1).optional(),
    perCustomerLimit: z.number().int().min(1).optional(),
    productIds: z.array(id).optional(),
    collectionIds: z.array(id).optional(),
  })
  .strict()
  .refine((d) => d.kind !== 'percentage' || d.percent !== undefined, 'a percentage code needs "percent"')
  .refine((d) => d.kind !== 'fixed' || d.amount !== undefined, 'a fixed code needs "amount"');

const rateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('flat'), id, name: id, amount: decimal }).strict(),
  z
    .object({
      kind: z.literal('weight'),
      id,
      name: id,
      brackets: z.array(z.object({ upToGrams: z.number().int().min(0), amount: decimal }).strict()).min(1),
    })
    .strict(),
  z.object({ kind: z.literal('free-over'), id, name: id, threshold: decimal, amount: decimal }).strict(),
]);

export const pricingSchema = z
  .object({
    discountCodes: z.array(discountSchema).default([]),
    shipping: z
      .object({
        zones: z
          .array(
            z
              .object({
                id,
                name: id,
                countries: z.array(code2).min(1),
                regions: z.array(z.string().min(1).max(10)).optional(),
                rates: z.array(rateSchema).min(1),
              })
              .strict(),
          )
          .default([]),
        pickup: z.array(z.object({ id, name: id }).strict()).default([]),
      })
      .strict()
      .default({ zones: [], pickup: [] }),
    tax: z
      .object({
        pricesIncludeTax: z.boolean().default(false),
        taxShipping: z.boolean().default(false),
        rules: z
          .array(
            z
              .object({ id, name: id, country: code2, region: z.string().max(10).optional(), rate: percent })
              .strict(),
          )
          .default([]),
      })
      .strict()
      .default({ pricesIncludeTax: false, taxShipping: false, rules: [] }),
  })
  .strict();

/** Minor units of a decimal string the schema already checked. */
const minor = (value: string, currency: string): number => {
  const r = decimalToMinor(value, currency);
  return r.ok ? r.value : 0;
};
const basisPoints = (value: string): number => Number(movePoint(value, 2));
const time = (iso: string | undefined): number | null => (iso === undefined ? null : Date.parse(iso));

/** Parses the owner's JSON; a problem names where it is (`discountCodes.0.percent: ...`). */
export const parsePricingConfig = (raw: unknown, currency: string): Result<PricingConfig> => {
  const parsed = pricingSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err('pricing.invalid-config', `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  const c = parsed.data;
  const codes = new Set<string>();
  for (const d of c.discountCodes) {
    if (codes.has(d.code)) return err('pricing.invalid-config', `discountCodes: ${d.code} is defined twice`);
    codes.add(d.code);
  }
  const m = (value: string) => minor(value, currency);
  return ok({
    discountCodes: c.discountCodes.map((d) => ({
      code: d.code,
      kind: d.kind,
      basisPoints: d.percent === undefined ? 0 : Math.min(basisPoints(d.percent), 10_000),
      amountCents: d.amount === undefined ? 0 : m(d.amount),
      minimumSubtotalCents: d.minimumSubtotal === undefined ? 0 : m(d.minimumSubtotal),
      startsAt: time(d.startsAt),
      endsAt: time(d.endsAt),
      usageLimit: d.usageLimit ?? null,
      perCustomerLimit: d.perCustomerLimit ?? null,
      itemIds: d.productIds ?? [],
      collectionIds: d.collectionIds ?? [],
    })),
    shippingZones: c.shipping.zones.map((z) => ({
      id: z.id,
      name: z.name,
      countries: z.countries,
      regions: (z.regions ?? []).map((r) => r.toUpperCase()),
      rates: z.rates.map((r): ShippingRate => {
        if (r.kind === 'flat') return { kind: 'flat', id: r.id, name: r.name, amountCents: m(r.amount) };
        if (r.kind === 'weight')
          return {
            kind: 'weight',
            id: r.id,
            name: r.name,
            brackets: r.brackets
              .map((b) => ({ upToGrams: b.upToGrams, amountCents: m(b.amount) }))
              .sort((a, b) => a.upToGrams - b.upToGrams),
          };
        return {
          kind: 'free-over',
          id: r.id,
          name: r.name,
          thresholdCents: m(r.threshold),
          amountCents: m(r.amount),
        };
      }),
    })),
    pickup: c.shipping.pickup,
    taxRules: c.tax.rules.map((t) => ({
      id: t.id,
      name: t.name,
      country: t.country,
      region: (t.region ?? '').toUpperCase(),
      basisPoints: basisPoints(t.rate),
    })),
    pricesIncludeTax: c.tax.pricesIncludeTax,
    taxShipping: c.tax.taxShipping,
  });
};
