/**
 * Cached `Intl` objects: building a formatter costs far more than using one, and store pages format
 * many prices. Keyed by locale and options; bounded so that odd inputs cannot grow it forever.
 */
import { BoundedCache } from '@storefront/jsont/bounded-cache';

const numberFormats = new BoundedCache<string, Intl.NumberFormat>(500);
const pluralRules = new BoundedCache<string, Intl.PluralRules>(100);

/** A cached `Intl.NumberFormat` (throws, like the constructor, on an invalid locale or currency). */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  numberFormats.getOrCreate(
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );

/** A cached `Intl.PluralRules`. */
export const pluralRulesFor = (locale: string, type: Intl.PluralRuleType = 'cardinal'): Intl.PluralRules =>
  pluralRules.getOrCreate(`${locale}|${type}`, () => {
    try {
      return new Intl.PluralRules(locale, { type });
    } catch {
      return new Intl.PluralRules('en', { type });
    }
  });
