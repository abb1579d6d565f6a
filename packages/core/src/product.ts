/**
 * Products (product spec sections 3, 4, 5 and 9): types, display state, stock, the visibility of the
 * quantity input and the variants select, variant lookup, unit prices and subscription price text.
 * Functions take the item JSON as loaded from content or the template context and read it with the
 * JSON-T conversion rules, so a helper and the cart agree on every answer.
 */
import { asArray, asBoolean, asNumber, asString, isObject, path, prop, isTruthy } from './json.ts';
import { type Cents, compareDecimal, moneyToCents, readMoney } from './money.ts';
import { type LocalizedStrings, interpolate, messageTemplate } from './messages.ts';

export const ProductType = {
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
  PAYWALL: 5,
  UNKNOWN: -1,
} as const;
export type ProductType = (typeof ProductType)[keyof typeof ProductType];

export interface MoneyJson {
  value?: string | number;
  currency?: string;
}

export interface VariantOptionValue {
  optionName?: string;
  value?: string;
}

export interface PricingOption {
  id?: string;
  priceMoney?: MoneyJson;
  salePriceMoney?: MoneyJson;
  onSale?: boolean;
}

export interface Variant {
  id?: string;
  sku?: string;
  attributes?: Record<string, string>;
  optionValues?: VariantOptionValue[];
  price?: number;
  salePrice?: number;
  priceMoney?: MoneyJson;
  salePriceMoney?: MoneyJson;
  onSale?: boolean;
  qtyInStock?: number;
  unlimited?: boolean;
  pricingOptions?: PricingOption[];
}

export interface SubscriptionPlan {
  billingPeriod?: { value?: number; unit?: 'WEEK' | 'MONTH' | 'YEAR' | string };
  numBillingCycles?: number;
}

export interface StructuredContent {
  productType?: number | string;
  variants?: Variant[];
  variantOptionOrdering?: string[];
  isSubscribable?: boolean | string;
  subscriptionPlan?: SubscriptionPlan;
  productSubscriptionOptions?: { id?: string }[];
  priceMoney?: MoneyJson;
  salePriceMoney?: MoneyJson;
  onSale?: boolean;
  useCustomAddButtonText?: boolean;
  customAddButtonText?: string;
  additionalFieldsFormId?: string;
  additionalFieldsForm?: unknown;
  audioAssetUrl?: string;
}

/** A product item as content and templates carry it. Extra fields are allowed. */
export interface ProductItem {
  id?: string;
  collectionId?: string;
  title?: string;
  fullUrl?: string;
  assetUrl?: string;
  structuredContent?: StructuredContent;
  [key: string]: unknown;
}

/** The product type of an item; anything but 1 to 5 is `UNKNOWN`. */
export const productTypeOf = (item: unknown): ProductType => {
  const n = asNumber(path(item, 'structuredContent', 'productType'));
  switch (n) {
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
      return n;
    default:
      return ProductType.UNKNOWN;
  }
};

export const variantsOf = (item: unknown): readonly Variant[] =>
  asArray(path(item, 'structuredContent', 'variants')).filter(isObject) as Variant[];

const isPhysicalOrService = (t: ProductType) => t === ProductType.PHYSICAL || t === ProductType.SERVICE;

/** Only physical and service products can be subscribed to. */
export const isSubscribable = (item: unknown): boolean =>
  asBoolean(path(item, 'structuredContent', 'isSubscribable'));

/**
 * Sold out: a physical or service product where no variant is unlimited or has stock above 0.
 * Digital products and gift cards never are; an unknown type always is (paywall included).
 */
export const isSoldOut = (item: unknown): boolean => {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return false;
  if (!isPhysicalOrService(type)) return true;
  return !variantsOf(item).some((v) => isTruthy(v.unlimited) || asNumber(v.qtyInStock) > 0);
};

/** On sale: any variant on sale (physical, service); the product's flag (digital); never gift cards. */
export const isOnSale = (item: unknown): boolean => {
  const type = productTypeOf(item);
  if (isPhysicalOrService(type)) return variantsOf(item).some((v) => isTruthy(v.onSale));
  if (type === ProductType.DIGITAL) return isTruthy(path(item, 'structuredContent', 'onSale'));
  return false;
};

export type DisplayState = 'sold-out' | 'on-sale' | 'normal';

/** Sold out wins over on sale. */
export const displayStateOf = (item: unknown): DisplayState =>
  isSoldOut(item) ? 'sold-out' : isOnSale(item) ? 'on-sale' : 'normal';

/** A product has variants to choose from: not digital and more than one variant. */
export const hasVariants = (item: unknown): boolean =>
  productTypeOf(item) !== ProductType.DIGITAL && variantsOf(item).length > 1;

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Variants differ in sale flag, price or (when on sale) sale price (physical, service, gift card). */
export const hasVariedPrices = (item: unknown): boolean => {
  const type = productTypeOf(item);
  if (!isPhysicalOrService(type) && type !== ProductType.GIFT_CARD) return false;
  const [first, ...rest] = variantsOf(item);
  if (!first) return false;
  return rest.some(
    (v) =>
      !sameJson(v.onSale, first.onSale) ||
      (isTruthy(first.onSale) && !sameJson(v.salePrice, first.salePrice)) ||
      !sameJson(v.price, first.price),
  );
};

/** Total stock over variants; unlimited (or a digital product, gift card) is `Infinity`. */
export const totalStock = (item: unknown): number => {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return Infinity;
  let total = 0;
  for (const v of variantsOf(item)) {
    if (isTruthy(v.unlimited)) return Infinity;
    total += asNumber(v.qtyInStock) || 0;
  }
  return total;
};

/** Stock left for one variant: `Infinity` when unlimited (and for digital products and gift cards). */
export const variantStock = (item: unknown, variant: Variant): number => {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return Infinity;
  if (isTruthy(variant.unlimited)) return Infinity;
  return asNumber(variant.qtyInStock) || 0;
};

export interface StoreSettings {
  multipleQuantityAllowedForServices?: boolean;
}

/** `multipleQuantityAllowedForServices`, true when absent. */
export const multipleQuantityAllowedForServices = (storeSettings: unknown): boolean => {
  const v = prop(storeSettings, 'multipleQuantityAllowedForServices');
  return v === null || v === undefined ? true : asBoolean(v);
};

/**
 * The quantity input shows for physical products, or services when multiple quantity is allowed,
 * only when not subscribable and total stock exceeds 1; never for digital products or gift cards.
 */
export const showsQuantityInput = (item: unknown, storeSettings?: unknown): boolean => {
  const type = productTypeOf(item);
  const allowed =
    type === ProductType.PHYSICAL ||
    (type === ProductType.SERVICE && multipleQuantityAllowedForServices(storeSettings));
  return allowed && !isSubscribable(item) && totalStock(item) > 1;
};

/** The variants select shows only when a product has more than one variant. */
export const showsVariantsSelect = (item: unknown): boolean => variantsOf(item).length > 1;

export interface VariantOption {
  readonly name: string;
  readonly values: readonly string[];
}

/**
 * The options to choose from, in `variantOptionOrdering` order, each with its values in the order
 * first seen among the variants. Empty for a product with at most one variant.
 */
export const variantOptionsOf = (item: unknown): VariantOption[] => {
  const variants = variantsOf(item);
  if (variants.length <= 1) return [];
  const ordering = asArray(path(item, 'structuredContent', 'variantOptionOrdering'));
  const options = ordering.map((n) => ({ name: asString(n), values: [] as string[] }));
  for (const v of variants) {
    if (!isObject(v.attributes)) continue;
    for (const [field, raw] of Object.entries(v.attributes)) {
      const option = options.find((o) => o.name === field);
      const value = asString(raw);
      if (option && !option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
};

/** Chosen option values by option name; `undefined`, null or '' means not chosen. */
export type ChosenAttributes = Readonly<Record<string, string | null | undefined>>;

/** The option names still to choose, in display order. */
export const unselectedOptions = (item: unknown, chosen: ChosenAttributes): string[] =>
  variantOptionsOf(item)
    .map((o) => o.name)
    .filter((name) => {
      const v = chosen[name];
      return v === undefined || v === null || v === '';
    });

/**
 * The variant matching the chosen attributes exactly (every attribute of the variant equal to the
 * chosen value). A product with a single variant gives it whatever is chosen.
 */
export const findVariant = (item: unknown, chosen: ChosenAttributes): Variant | undefined => {
  const variants = variantsOf(item);
  if (variants.length === 1) return variants[0];
  return variants.find((v) => {
    const attrs = isObject(v.attributes) ? v.attributes : {};
    const keys = Object.keys(attrs);
    return keys.length > 0 && keys.every((k) => asString(attrs[k]) === (chosen[k] ?? undefined));
  });
};

export const findVariantBySku = (item: unknown, sku: string): Variant | undefined =>
  variantsOf(item).find((v) => asString(v.sku) === sku || asString(v.id) === sku);

/**
 * What one unit of a variant costs, in minor units of its currency: the sale price when the variant
 * is on sale. Digital products carry the price on the product itself.
 */
export const variantUnitPrice = (item: unknown, variant: Variant | undefined): Cents => {
  if (productTypeOf(item) === ProductType.DIGITAL) {
    const sc = path(item, 'structuredContent');
    const onSale = isTruthy(prop(sc, 'onSale'));
    const money = onSale ? prop(sc, 'salePriceMoney') : prop(sc, 'priceMoney');
    if (money !== undefined) return moneyToCents(money);
  }
  if (!variant) return moneyToCents(undefined);
  return moneyToCents(isTruthy(variant.onSale) ? variant.salePriceMoney : variant.priceMoney);
};

/** A variant's effective price money (sale when on sale). */
const effectiveMoney = (v: Variant): unknown => (isTruthy(v.onSale) ? v.salePriceMoney : v.priceMoney);

/**
 * The lowest effective price among variants (physical, service, gift card; first wins ties); a
 * digital product's own price; else 0 USD. Returns the money JSON as found.
 */
export const fromPriceMoney = (item: unknown): unknown => {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL) return path(item, 'structuredContent', 'priceMoney');
  if (!isPhysicalOrService(type) && type !== ProductType.GIFT_CARD) return undefined;
  const [first, ...rest] = variantsOf(item);
  if (!first) return undefined;
  let best = effectiveMoney(first);
  for (const v of rest) {
    const m = effectiveMoney(v);
    if (compareDecimal(readMoney(m).value, readMoney(best).value) < 0) best = m;
  }
  return best;
};

/** The highest regular price among variants; a digital product's own price; else 0 USD. */
export const normalPriceMoney = (item: unknown): unknown => {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL) return path(item, 'structuredContent', 'priceMoney');
  if (!isPhysicalOrService(type) && type !== ProductType.GIFT_CARD) return undefined;
  const [first, ...rest] = variantsOf(item);
  if (!first) return undefined;
  let best: unknown = first.priceMoney;
  for (const v of rest) {
    if (compareDecimal(readMoney(v.priceMoney).value, readMoney(best).value) > 0) best = v.priceMoney;
  }
  return best;
};

/** The lowest sale price among on-sale variants (physical, service); a digital product's sale price; else 0 USD. */
export const salePriceMoney = (item: unknown): unknown => {
  const type = productTypeOf(item);
  if (type === ProductType.DIGITAL) return path(item, 'structuredContent', 'salePriceMoney');
  if (!isPhysicalOrService(type)) return undefined;
  let best: unknown = undefined;
  for (const v of variantsOf(item)) {
    if (!isTruthy(v.onSale)) continue;
    if (best === undefined || compareDecimal(readMoney(v.salePriceMoney).value, readMoney(best).value) < 0) {
      best = v.salePriceMoney;
    }
  }
  return best;
};

export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';

export interface SubscriptionTerms {
  /** Billing every `billingPeriodValue` units. */
  readonly billingPeriodValue: number;
  readonly billingPeriodUnit: string;
  /** 0 for an indefinite subscription. */
  readonly duration: number;
  readonly durationUnit: string;
  readonly indefinite: boolean;
}

const PER_YEAR: Readonly<Record<string, number>> = { WEEK: 52, MONTH: 12 };

/**
 * The terms of a product's subscription plan, with a duration that is a whole number of years
 * (52 weeks, 12 months) expressed in years. `undefined` when the plan has no billing period.
 */
export const subscriptionTerms = (item: unknown): SubscriptionTerms | undefined => {
  const period = path(item, 'structuredContent', 'subscriptionPlan', 'billingPeriod');
  if (period === undefined || period === null) return undefined;
  const value = asNumber(prop(period, 'value'));
  const unit = asString(prop(period, 'unit'));
  const cycles = asNumber(path(item, 'structuredContent', 'subscriptionPlan', 'numBillingCycles')) || 0;
  let duration = value * cycles;
  let durationUnit = unit;
  const perYear = PER_YEAR[unit];
  if (duration > 0 && perYear && duration % perYear === 0) {
    duration /= perYear;
    durationUnit = 'YEAR';
  }
  return {
    billingPeriodValue: value,
    billingPeriodUnit: unit,
    duration,
    durationUnit,
    indefinite: cycles <= 0,
  };
};

const capitalizeFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

/** The `localizedStrings` key of a subscription price text (the reference's naming). */
export const subscriptionPriceKey = (terms: SubscriptionTerms, multiplePrices: boolean): string => {
  let key =
    `productPrice__${multiplePrices ? 'multiplePrices' : 'singlePrice'}__` +
    `${terms.billingPeriodValue === 1 ? '1' : 'n'}${capitalizeFirst(terms.billingPeriodUnit)}ly__`;
  key +=
    terms.duration === 0
      ? 'indefinite'
      : `limited__${terms.duration === 1 ? '1' : 'n'}${capitalizeFirst(terms.durationUnit)}s`;
  return key;
};

/**
 * The English pattern of a subscription price (spec section 9):
 * `[from ]{price} every [{billingPeriodValue} ]week[s][ for {duration} week[s]]`.
 */
export const defaultSubscriptionPattern = (terms: SubscriptionTerms, multiplePrices: boolean): string => {
  const plural = terms.billingPeriodValue > 1;
  let s =
    (multiplePrices ? 'from ' : '') +
    '{price} every ' +
    (plural ? '{billingPeriodValue} ' : '') +
    terms.billingPeriodUnit.toLowerCase() +
    (plural ? 's' : '');
  if (!terms.indefinite) {
    s += ` for {duration} ${terms.durationUnit.toLowerCase()}${terms.duration === 1 ? '' : 's'}`;
  }
  return s;
};

/**
 * The subscription price pattern for a product: the site's localized string for its terms, else the
 * English default; `Unavailable` (or `productPriceUnavailable`) when the plan has no billing period.
 */
export const subscriptionPricePattern = (
  item: unknown,
  localizedStrings?: LocalizedStrings,
): { pattern: string; terms: SubscriptionTerms | undefined } => {
  const terms = subscriptionTerms(item);
  if (!terms) {
    return { pattern: messageTemplate('product.price-unavailable', localizedStrings), terms };
  }
  const multiple = hasVariedPrices(item);
  const own = localizedStrings?.[subscriptionPriceKey(terms, multiple)];
  return { pattern: typeof own === 'string' ? own : defaultSubscriptionPattern(terms, multiple), terms };
};

/** The subscription price text with `{price}` filled in (already formatted), e.g. `$10.00 every 2 weeks for 1 year`. */
export const subscriptionPriceText = (
  item: unknown,
  formattedPrice: string,
  localizedStrings?: LocalizedStrings,
): string => {
  const { pattern, terms } = subscriptionPricePattern(item, localizedStrings);
  return interpolate(pattern, {
    price: formattedPrice,
    fromPrice: formattedPrice,
    billingPeriodValue: terms?.billingPeriodValue ?? '',
    duration: terms?.duration ?? '',
  });
};

/** A variant's option values joined with ` / ` (`Large / Red`). */
export const variantDescriptor = (variant: unknown): string =>
  asArray(prop(variant, 'optionValues'))
    .map((o) => asString(prop(o, 'value')))
    .join(' / ');

/**
 * The add-to-cart button's label: the custom text when the product uses one, else `Subscribe` for
 * subscribable products, else `Add To Cart` (each overridable through `localizedStrings`). Reads
 * the flags by template truthiness, as the markup helper does.
 */
export const addToCartLabel = (item: unknown, localizedStrings?: LocalizedStrings): string => {
  const sc = path(item, 'structuredContent');
  const custom = prop(sc, 'customAddButtonText');
  if (isTruthy(prop(sc, 'useCustomAddButtonText')) && isTruthy(custom)) return asString(custom);
  if (isTruthy(prop(sc, 'isSubscribable'))) return messageTemplate('product.subscribe', localizedStrings);
  return messageTemplate('product.add-to-cart', localizedStrings);
};

/**
 * Which values of each option can still be bought, given the other chosen options: a value is
 * available when some variant with it, matching every other chosen option, has stock (or is
 * unlimited). Used by the variants island to mark sold-out choices.
 */
export const availableOptionValues = (
  item: unknown,
  chosen: ChosenAttributes = {},
): Record<string, string[]> => {
  const options = variantOptionsOf(item);
  const variants = variantsOf(item);
  const out: Record<string, string[]> = {};
  for (const option of options) {
    out[option.name] = option.values.filter((value) =>
      variants.some((v) => {
        const attrs = isObject(v.attributes) ? v.attributes : {};
        if (asString(attrs[option.name]) !== value) return false;
        for (const other of options) {
          if (other.name === option.name) continue;
          const c = chosen[other.name];
          if (c !== undefined && c !== null && c !== '' && asString(attrs[other.name]) !== c) return false;
        }
        return variantStock(item, v) > 0;
      }),
    );
  }
  return out;
};
