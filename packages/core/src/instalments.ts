/**
 * The instalment notice (spec sections 3, 5, 9): which provider brand a locale gets, the
 * per-item context the page carries in a data attribute, and what the notice says for a price.
 * The range rule itself is `instalmentNotice` in rules.ts.
 */
import { asBoolean, asNumber, asString, isObject } from './json.ts';
import { type LocalizedStrings, message } from './messages.ts';
import { formatMoney } from './money.ts';
import { INSTALMENT_COUNT, instalmentNotice } from './rules.ts';
import type { ProductType } from './product.ts';

/** Spec section 3: the instalment context per item (`data-instalment-context`). */
export interface InstalmentContext {
  afterPayAvailable: boolean;
  /** Cents: the price must be above this… */
  afterPayMin: number;
  /** …and not above this. */
  afterPayMax: number;
  /** A language tag, `en` or `en-US`. */
  shopperLanguage: string;
  /** ISO 3166 country of the merchant's payment account. */
  stripeAccountCountry: string;
}

/** Reads the data attribute's JSON; `undefined` when it is not an instalment context. */
export const parseInstalmentContext = (raw: unknown): InstalmentContext | undefined => {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  if (!isObject(value) || value.afterPayMin === undefined || value.afterPayMax === undefined)
    return undefined;
  const min = asNumber(value.afterPayMin);
  const max = asNumber(value.afterPayMax);
  if (!Number.isFinite(min) || !Number.isFinite(max)) return undefined;
  return {
    afterPayAvailable: asBoolean(value.afterPayAvailable),
    afterPayMin: min,
    afterPayMax: max,
    shopperLanguage: asString(value.shopperLanguage),
    stripeAccountCountry: asString(value.stripeAccountCountry).toUpperCase(),
  };
};

/** The two brands of spec section 9: one provider, known by another name in Great Britain. */
export type InstalmentBrand = 'Afterpay' | 'Clearpay';

/** Languages per account country (spec section 9); `null`: any language. */
const LOCALES: Readonly<Record<string, { brand: InstalmentBrand; languages: readonly string[] | null }>> = {
  US: { brand: 'Afterpay', languages: ['en'] },
  CA: { brand: 'Afterpay', languages: ['en', 'fr'] },
  AU: { brand: 'Afterpay', languages: null },
  NZ: { brand: 'Afterpay', languages: null },
  GB: { brand: 'Clearpay', languages: null },
};

/** The brand for an account country and shopper language, or `undefined` where none is offered. */
export const instalmentBrand = (country: string, language: string): InstalmentBrand | undefined => {
  const entry = LOCALES[country.toUpperCase()];
  if (!entry) return undefined;
  const lang = language.toLowerCase().split(/[-_]/)[0] ?? '';
  if (entry.languages && !entry.languages.includes(lang)) return undefined;
  return entry.brand;
};

export type InstalmentView =
  | { kind: 'none' }
  | {
      kind: 'in-range' | 'out-of-range';
      brand: InstalmentBrand;
      /** The notice's line. */
      text: string;
      /** Each payment, formatted (in range only: empty otherwise). */
      payment: string;
    };

/**
 * What the notice shows for a product of `productType` at `priceCents`: nothing (not physical, not
 * available, no brand for the locale), the payments, or the out-of-range message.
 */
export const instalmentView = (
  productType: ProductType,
  priceCents: number,
  context: InstalmentContext,
  currency: string,
  localizedStrings?: LocalizedStrings,
): InstalmentView => {
  if (!context.afterPayAvailable) return { kind: 'none' };
  const brand = instalmentBrand(context.stripeAccountCountry, context.shopperLanguage);
  if (!brand) return { kind: 'none' };
  const kind = instalmentNotice({ productType }, priceCents, {
    minCents: context.afterPayMin,
    maxCents: context.afterPayMax,
  });
  if (kind === 'none') return { kind };
  if (kind === 'out-of-range')
    return {
      kind,
      brand,
      payment: '',
      text: message(
        'instalments.out-of-range',
        {
          min: formatMoney(context.afterPayMin, currency),
          max: formatMoney(context.afterPayMax, currency),
          brand,
          count: INSTALMENT_COUNT,
        },
        localizedStrings,
      ),
    };
  const payment = formatMoney(Math.ceil(priceCents / INSTALMENT_COUNT), currency);
  return {
    kind,
    brand,
    payment,
    text: message('instalments.in-range', { count: INSTALMENT_COUNT, payment, brand }, localizedStrings),
  };
};
