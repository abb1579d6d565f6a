/**
 * Cached `Intl` objects: building a formatter costs far more than using one, and store pages format
 * many prices. Keyed by locale and options; bounded so that odd inputs cannot grow it forever.
 */
const MAX_ENTRIES = 500;

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

const remember = <T>(cache: Map<string, T>, key: string, make: () => T): T => {
  let v = cache.get(key);
  if (v === undefined) {
    v = make();
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, v);
  }
  return v;
};

/** A cached `Intl.NumberFormat` (throws, like the constructor, on an invalid locale or currency). */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  remember(
    numberFormats,
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );

/** A cached `Intl.PluralRules`. */
export const pluralRulesFor = (locale: string, type: Intl.PluralRuleType = 'cardinal'): Intl.PluralRules =>
  remember(pluralRules, `${locale}|${type}`, () => {
    try {
      return new Intl.PluralRules(locale, { type });
    } catch {
      return new Intl.PluralRules('en', { type });
    }
  });
