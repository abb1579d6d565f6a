/**
 * Money (product spec sections 3 and 9): currencies, exact conversions between minor units (cents)
 * and decimal strings, and display through `Intl.NumberFormat`. Amounts never pass through binary
 * floating point: decimal strings are shifted as text and handed to `Intl` as strings.
 */
import { shiftDecimal } from '@storefront/jsont/decimal';
import { numberFormat } from './intl.ts';
import { type Result, err, ok } from './result.ts';
import { asString, isObject } from './json.ts';

export interface Currency {
  readonly code: string;
  readonly currencyName: string;
  readonly fractionDigits: number;
  readonly numericCode: string;
}

/** ISO 4217 numeric codes of the supported currencies, in the spec's order. */
const NUMERIC_CODES: ReadonlyArray<readonly [string, string]> = [
  ['EUR', '978'],
  ['USD', '840'],
  ['AUD', '036'],
  ['NOK', '578'],
  ['CAD', '124'],
  ['NZD', '554'],
  ['DKK', '208'],
  ['GBP', '826'],
  ['HKD', '344'],
  ['CHF', '756'],
  ['MXN', '484'],
  ['SGD', '702'],
  ['SEK', '752'],
  ['CZK', '203'],
  ['ILS', '376'],
  ['PHP', '608'],
  ['RUB', '643'],
  ['PLN', '985'],
  ['THB', '764'],
  ['MYR', '458'],
  ['ARS', '032'],
  ['BRL', '986'],
  ['COP', '170'],
  ['IDR', '360'],
  ['INR', '356'],
  ['JPY', '392'],
  ['ZAR', '710'],
];

export const DEFAULT_CURRENCY = 'USD';

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });

/** The supported currencies; every one has 2 fraction digits except JPY with 0. */
export const CURRENCIES: Readonly<Record<string, Currency>> = Object.freeze(
  Object.fromEntries(
    NUMERIC_CODES.map(([code, numericCode]) => [
      code,
      Object.freeze({
        code,
        currencyName: currencyNames.of(code) ?? code,
        fractionDigits: code === 'JPY' ? 0 : 2,
        numericCode,
      }),
    ]),
  ),
);

export const isSupportedCurrency = (code: string): boolean => Object.hasOwn(CURRENCIES, code);

/** Fraction digits of a currency: the spec's table, else what `Intl` knows, else 2. */
export const fractionDigitsOf = (code: string): number => {
  const known = CURRENCIES[code];
  if (known) return known.fractionDigits;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits as number;
  } catch {
    return 2;
  }
};

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

interface ParsedDecimal {
  negative: boolean;
  int: string;
  frac: string;
}

const parseDecimalString = (value: string): ParsedDecimal | undefined => {
  const m = DECIMAL.exec(value.trim());
  if (!m) return undefined;
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  if (int === '' && frac === '') return undefined;
  return { negative: m[1] === '-', int, frac };
};

const normalizeDecimal = (negative: boolean, int: string, frac: string): string => {
  const i = int.replace(/^0+(?=\d)/, '') || '0';
  const f = frac.replace(/0+$/, '');
  const body = f ? `${i}.${f}` : i;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
};

/** Is `value` a plain decimal string (`12`, `-3.50`, `.5`)? */
export const isDecimalString = (value: string): boolean => parseDecimalString(value) !== undefined;

/**
 * Moves the decimal point of a decimal string, exactly (`movePoint('65.46', 2)` is `6546`,
 * `movePoint('1234', -2)` is `12.34`). Invalid input gives `0`.
 */
export const movePoint = (value: string, places: number): string => {
  const trimmed = value.trim();
  if (!isDecimalString(trimmed)) return '0';
  const d = parseDecimalString(shiftDecimal(trimmed, places)) as ParsedDecimal;
  return normalizeDecimal(d.negative, d.int, d.frac);
};

/**
 * A decimal string in a currency -> integer minor units, rounding half away from zero beyond the
 * currency's fraction digits (`'12.50'` USD -> 1250, `'1200'` JPY -> 1200).
 */
export const decimalToMinor = (value: string, currency: string = DEFAULT_CURRENCY): Result<number> => {
  const d = parseDecimalString(value);
  if (!d) return err('money.invalid-amount', `'${value}' is not a decimal amount.`);
  const digitsCount = fractionDigitsOf(currency);
  const shifted = parseDecimalString(movePoint(value, digitsCount));
  if (!shifted) return err('money.invalid-amount', `'${value}' is not a decimal amount.`);
  let n = Number(shifted.int || '0');
  if (shifted.frac !== '' && shifted.frac.charCodeAt(0) >= 53 /* '5' */) n += 1;
  if (!Number.isSafeInteger(n)) return err('money.out-of-range', `'${value}' is too large.`);
  return ok(shifted.negative && n !== 0 ? -n : n);
};

/** Integer minor units -> the decimal string with the currency's fraction digits (`1250` -> `12.50`). */
export const minorToDecimal = (minor: number, currency: string = DEFAULT_CURRENCY): string => {
  const digits = fractionDigitsOf(currency);
  const negative = minor < 0;
  const abs = String(Math.trunc(Math.abs(minor))).padStart(digits + 1, '0');
  const int = abs.slice(0, abs.length - digits);
  const frac = abs.slice(abs.length - digits);
  return `${negative ? '-' : ''}${int}${digits > 0 ? `.${frac}` : ''}`;
};

/** Money as the product data has it (`{ value, currency }`) or as the cart has it (`{ decimalValue, currencyCode }`). */
export interface MoneyValue {
  readonly value?: string | number;
  readonly currency?: string;
}
export interface DecimalMoney {
  readonly decimalValue: string;
  readonly currencyCode: string;
}

/** An amount with its currency, in minor units. */
export interface Cents {
  readonly cents: number;
  readonly currency: string;
}

/** Reads the decimal amount and currency of either money shape; an empty price is 0 USD. */
export const readMoney = (money: unknown): { value: string; currency: string } => {
  if (!isObject(money)) return { value: '0', currency: DEFAULT_CURRENCY };
  const rawValue = money.value ?? money.decimalValue;
  const value = asString(rawValue).trim();
  const currency = asString(money.currency ?? money.currencyCode).trim() || DEFAULT_CURRENCY;
  return { value: value && isDecimalString(value) ? value : '0', currency };
};

/** Either money shape -> minor units in its currency; an empty or invalid price is 0 USD. */
export const moneyToCents = (money: unknown): Cents => {
  const { value, currency } = readMoney(money);
  const r = decimalToMinor(value, currency);
  return { cents: r.ok ? r.value : 0, currency };
};

/** Minor units -> the cart's money shape. */
export const centsToMoney = (cents: number, currency: string = DEFAULT_CURRENCY): DecimalMoney => ({
  decimalValue: minorToDecimal(cents, currency),
  currencyCode: currency,
});

const ZERO_DECIMAL: ParsedDecimal = { negative: false, int: '0', frac: '' };

const decimalSign = (d: ParsedDecimal): number => (/[1-9]/.test(d.int + d.frac) ? (d.negative ? -1 : 1) : 0);

/** Compares two decimal strings exactly: -1, 0 or 1. */
export const compareDecimal = (a: string, b: string): number => {
  // Not a decimal counts as zero (as `movePoint` reads it); leading and trailing zeros are handled below.
  const x = parseDecimalString(a) ?? ZERO_DECIMAL;
  const y = parseDecimalString(b) ?? ZERO_DECIMAL;
  const sx = decimalSign(x);
  const sy = decimalSign(y);
  if (sx !== sy) return sx < sy ? -1 : 1;
  const len = Math.max(x.frac.length, y.frac.length);
  const ax = (x.int.replace(/^0+/, '') + x.frac.padEnd(len, '0')).replace(/^0+/, '');
  const ay = (y.int.replace(/^0+/, '') + y.frac.padEnd(len, '0')).replace(/^0+/, '');
  let c = ax.length === ay.length ? (ax < ay ? -1 : ax > ay ? 1 : 0) : ax.length < ay.length ? -1 : 1;
  if (sx < 0) c = -c;
  return c;
};

export interface MoneyFormatOptions {
  /** BCP 47 locale; default `en-US`, which applies the spec's symbol rules. */
  readonly locale?: string;
  /** Drop the fraction when it is zero (`$12` rather than `$12.00`). */
  readonly trimCents?: boolean;
  /** Thousands grouping (default true). */
  readonly useGrouping?: boolean;
  /** The number only, without a currency symbol. */
  readonly valueOnly?: boolean;
}

const SYMBOL_AFTER: Readonly<Record<string, string>> = { DKK: 'kr', NOK: 'kr', SEK: 'kr' };

type NumericString = `${number}`;

/**
 * Formats a decimal amount string in a currency. Under `en-US` (the default) the spec's symbol rules
 * apply: `$`, `€`, `£`, `¥`, `A$`, `CA$`, `HK$` before the value, `₪ ` with a space, and `kr`
 * after the value for DKK, NOK and SEK. Other locales get `Intl`'s own currency format.
 */
export const formatDecimalMoney = (
  value: string,
  currency: string = DEFAULT_CURRENCY,
  options: MoneyFormatOptions = {},
): string => {
  const locale = options.locale ?? 'en-US';
  const digits = fractionDigitsOf(currency);
  const amount = (isDecimalString(value) ? movePoint(value, 0) : '0') as NumericString;
  const fraction = options.trimCents && !amount.includes('.') ? 0 : digits;
  const useGrouping = options.useGrouping ?? true;
  const base = { minimumFractionDigits: fraction, maximumFractionDigits: fraction, useGrouping };
  if (options.valueOnly) return numberFormat(locale, base).format(amount);
  const englishRules = locale === 'en-US' || locale === 'en';
  const after = SYMBOL_AFTER[currency];
  if (englishRules && after) {
    return `${numberFormat(locale, base).format(amount)} ${after}`;
  }
  let nf: Intl.NumberFormat;
  try {
    nf = numberFormat(locale, { ...base, style: 'currency', currency });
  } catch {
    return numberFormat(locale, base).format(amount);
  }
  if (englishRules && currency === 'ILS') {
    return nf
      .formatToParts(amount)
      .map((p) => (p.type === 'currency' ? `${p.value} ` : p.value))
      .join('');
  }
  return nf.format(amount);
};

/** Formats minor units in a currency for display (spec section 9), e.g. `formatMoney(123450, 'USD')` -> `$1,234.50`. */
export const formatMoney = (
  cents: number,
  currency: string = DEFAULT_CURRENCY,
  options: MoneyFormatOptions = {},
): string => formatDecimalMoney(minorToDecimal(cents, currency), currency, options);

/** The currency of a region, among the supported currencies (else USD): for `bookkeeper-money-format`. */
const REGION_CURRENCY: Readonly<Record<string, string>> = (() => {
  const byCurrency: Record<string, string> = {
    EUR: 'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK AD MC SM VA ME XK',
    USD: 'US PR GU VI MP AS UM EC SV PA TL FM MH PW BQ TC VG IO',
    AUD: 'AU CX CC HM KI NF NR TV',
    NOK: 'NO SJ BV',
    CAD: 'CA',
    NZD: 'NZ CK NU PN TK',
    DKK: 'DK FO GL',
    GBP: 'GB IM JE GG',
    HKD: 'HK',
    CHF: 'CH LI',
    MXN: 'MX',
    SGD: 'SG',
    SEK: 'SE',
    CZK: 'CZ',
    ILS: 'IL PS',
    PHP: 'PH',
    RUB: 'RU',
    PLN: 'PL',
    THB: 'TH',
    MYR: 'MY',
    ARS: 'AR',
    BRL: 'BR',
    COP: 'CO',
    IDR: 'ID',
    INR: 'IN BT',
    JPY: 'JP',
    ZAR: 'ZA LS NA',
  };
  const out: Record<string, string> = {};
  for (const [currency, regions] of Object.entries(byCurrency))
    for (const r of regions.split(' ')) out[r] = currency;
  return out;
})();

/** The currency used in a locale's region (`en-US` -> USD, `de-DE` -> EUR, `ja` -> JPY); USD when unknown. */
export const currencyForLocale = (locale: string): string => {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  return (region && REGION_CURRENCY[region]) || DEFAULT_CURRENCY;
};

/**
 * What was paid for some of an order's lines (a refund by line, issue 27): their price less their
 * share of the order's discount, in the order's minor units.
 */
export function paidForLines(
  lines: readonly { unitPriceCents: number; quantity: number }[],
  order: { subtotalCents: number; discountCents: number },
): number {
  const priceCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  if (order.discountCents <= 0 || order.subtotalCents <= 0) return priceCents;
  const paidShare = Math.max(0, order.subtotalCents - order.discountCents) / order.subtotalCents;
  return Math.round(priceCents * paidShare);
}
