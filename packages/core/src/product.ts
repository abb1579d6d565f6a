/**
 * Products (product spec sections 3, 4, 5 and 9). Content and template JSON is parsed once, at the
 * edge, into a `Product` (prices in minor units, stock, options); every rule here takes that type:
 * display state, stock, the visibility of the quantity input and the variants select, variant
 * lookup, unit prices and subscription price text. The server, the template helpers and the browser
 * islands therefore read one shape, with the JSON-T conversion rules applied once by the parser.
 */
import { asArray, asBoolean, asNumber, asString, isObject, path, prop, isTruthy } from './json.ts';
import { type Cents, DEFAULT_CURRENCY, isDecimalString, moneyToCents } from './money.ts';
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

export interface VariantOptionValue {
  readonly optionName: string;
  readonly value: string;
}

/** A subscription price of a variant (the subscription-price markup shows the first one). */
export interface PricingOption {
  readonly price: Cents;
  readonly salePrice: Cents;
  readonly onSale: boolean;
}

export interface ProductVariant {
  readonly id: string;
  readonly sku: string;
  /** Option name to value, e.g. `{ Size: 'M' }`. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly optionValues: readonly VariantOptionValue[];
  readonly price: Cents;
  readonly salePrice: Cents;
  readonly onSale: boolean;
  /** Units in stock; ignored when `unlimited`. */
  readonly qtyInStock: number;
  readonly unlimited: boolean;
  readonly pricingOptions: readonly PricingOption[];
}

export interface SubscriptionPlan {
  readonly billingPeriodValue: number;
  readonly billingPeriodUnit: string;
  /** 0 (or less) for an indefinite subscription. */
  readonly numBillingCycles: number;
}

export interface VariantOption {
  readonly name: string;
  readonly values: readonly string[];
}

/** A product as every rule reads it; plain JSON, so the page context carries it to the browser as is. */
export interface Product {
  readonly id: string;
  readonly collectionId: string | null;
  readonly title: string;
  readonly fullUrl: string;
  /** Anything but 1 to 5 in the content is `UNKNOWN`. */
  readonly productType: ProductType;
  readonly isSubscribable: boolean;
  /** `null` when the plan has no billing period. */
  readonly subscriptionPlan: SubscriptionPlan | null;
  readonly subscriptionOptionId: string | null;
  /**
   * The options to choose from, in `variantOptionOrdering` order, each with its values in the order
   * first seen among the variants. Empty for a product with at most one variant.
   */
  readonly options: readonly VariantOption[];
  readonly variants: readonly ProductVariant[];
  /** Digital products carry their price, sale price and sale flag on the product itself. */
  readonly price: Cents | null;
  readonly salePrice: Cents | null;
  readonly onSale: boolean;
  /** The first variant's currency, else the product's own price's. */
  readonly currency: string;
  readonly useCustomAddButtonText: boolean;
  readonly customAddButtonText: string | null;
  readonly additionalFieldsFormId: string | null;
}

export interface ParsedProduct {
  readonly product: Product;
  /** What the content had that could not be read, by path (`structuredContent.variants.2: not an object`). */
  readonly unread: readonly string[];
}

const strOrNull = (v: unknown): string | null => {
  const s = asString(v);
  return s === '' ? null : s;
};

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A value for an `unread` note (never throws, unlike `JSON.stringify` on odd objects). */
const describe = (v: unknown): string =>
  typeof v === 'string' ? `"${v}"` : typeof v === 'number' || typeof v === 'boolean' ? String(v) : typeof v;

/** The product type code: numbers and numeric strings 1 to 5. */
const readProductType = (raw: unknown): ProductType => {
  const n = asNumber(raw);
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

/** Reads prices as `moneyToCents` does (absent or unreadable is 0 USD), noting what it could not read. */
const priceReader =
  (unread: string[]) =>
  (money: unknown, at: string): Cents => {
    if (money !== undefined && money !== null) {
      const value = asString(prop(money, 'value') ?? prop(money, 'decimalValue')).trim();
      if (!isObject(money) || !isDecimalString(value)) unread.push(`${at}: not a price`);
    }
    return moneyToCents(money);
  };

/** Reads one variant of the content (a JSON object). */
export const parseVariant = (raw: unknown, at = 'variant', unread: string[] = []): ProductVariant => {
  const readPrice = priceReader(unread);
  /** Content without the money objects carries the older price fields, in minor units of the default currency. */
  const readVariantPrice = (money: unknown, listed: unknown, moneyAt: string): Cents => {
    const cents = numberOrNull(listed);
    return money === undefined && cents !== null
      ? { cents, currency: DEFAULT_CURRENCY }
      : readPrice(money, moneyAt);
  };
  const attributes: Record<string, string> = {};
  const rawAttributes = prop(raw, 'attributes');
  if (isObject(rawAttributes))
    for (const [k, v] of Object.entries(rawAttributes)) attributes[k] = asString(v);
  else if (rawAttributes !== undefined) unread.push(`${at}.attributes: not an object`);
  const listedOptionValues = asArray(prop(raw, 'optionValues')).map((o) => ({
    optionName: asString(prop(o, 'optionName')),
    value: asString(prop(o, 'value')),
  }));
  // Content may name a variant's options in either field: each completes the other, so the picker
  // finds the variant and the cart line describes it whichever one the merchant wrote.
  for (const { optionName, value } of listedOptionValues)
    if (optionName !== '' && !(optionName in attributes)) attributes[optionName] = value;
  const optionValues =
    listedOptionValues.length > 0
      ? listedOptionValues
      : Object.entries(attributes).map(([optionName, value]) => ({ optionName, value }));
  const stock = prop(raw, 'qtyInStock');
  if (stock !== undefined && !Number.isFinite(asNumber(stock))) unread.push(`${at}.qtyInStock: not a number`);
  return {
    id: asString(prop(raw, 'id')),
    sku: asString(prop(raw, 'sku')),
    attributes,
    optionValues,
    price: readVariantPrice(prop(raw, 'priceMoney'), prop(raw, 'price'), `${at}.priceMoney`),
    salePrice: readVariantPrice(prop(raw, 'salePriceMoney'), prop(raw, 'salePrice'), `${at}.salePriceMoney`),
    onSale: isTruthy(prop(raw, 'onSale')),
    qtyInStock: asNumber(stock) || 0,
    unlimited: isTruthy(prop(raw, 'unlimited')),
    pricingOptions: asArray(prop(raw, 'pricingOptions')).map((o, i) => ({
      price: readPrice(prop(o, 'priceMoney'), `${at}.pricingOptions.${i}.priceMoney`),
      salePrice: readPrice(prop(o, 'salePriceMoney'), `${at}.pricingOptions.${i}.salePriceMoney`),
      onSale: isTruthy(prop(o, 'onSale')),
    })),
  };
};

/**
 * The option names in the order the variants first name them: the ordering of content that has
 * options but no `variantOptionOrdering` (the README's own format), so its picker still shows.
 */
export const deriveOptionOrdering = (variants: readonly ProductVariant[]): string[] => {
  const names: string[] = [];
  for (const v of variants)
    for (const name of [...v.optionValues.map((o) => o.optionName), ...Object.keys(v.attributes)])
      if (name !== '' && !names.includes(name)) names.push(name);
  return names;
};

const optionsOf = (ordering: readonly unknown[], variants: readonly ProductVariant[]): VariantOption[] => {
  if (variants.length <= 1) return [];
  const names = ordering.length > 0 ? ordering.map((n) => asString(n)) : deriveOptionOrdering(variants);
  const options = names.map((name) => ({ name, values: [] as string[] }));
  for (const v of variants) {
    for (const [field, value] of Object.entries(v.attributes)) {
      const option = options.find((o) => o.name === field);
      if (option && !option.values.includes(value)) option.values.push(value);
    }
  }
  return options;
};

const readPlan = (plan: unknown): SubscriptionPlan | null => {
  const period = prop(plan, 'billingPeriod');
  if (period === undefined || period === null) return null;
  return {
    billingPeriodValue: asNumber(prop(period, 'value')),
    billingPeriodUnit: asString(prop(period, 'unit')),
    numBillingCycles: asNumber(prop(plan, 'numBillingCycles')) || 0,
  };
};

/**
 * Parses a product item (content JSON with live stock, or a template's item) into a `Product`. Never
 * throws: what it cannot read takes the value the JSON-T conversions give it (0, '', false, 0 USD)
 * and is listed in `unread`.
 */
export const parseProduct = (item: unknown): ParsedProduct => {
  const unread: string[] = [];
  if (!isObject(item)) unread.push('item: not an object');
  const sc = prop(item, 'structuredContent');
  if (!isObject(sc)) unread.push('structuredContent: not an object');
  const rawType = prop(sc, 'productType');
  const productType = readProductType(rawType);
  if (productType === ProductType.UNKNOWN && rawType !== undefined)
    unread.push(`structuredContent.productType: ${describe(rawType)} is not a product type`);
  const rawVariants = prop(sc, 'variants');
  if (rawVariants !== undefined && !Array.isArray(rawVariants))
    unread.push('structuredContent.variants: not a list');
  const variants: ProductVariant[] = [];
  asArray(rawVariants).forEach((v, i) => {
    const at = `structuredContent.variants.${i}`;
    if (isObject(v)) variants.push(parseVariant(v, at, unread));
    else unread.push(`${at}: not an object`);
  });
  const readPrice = priceReader(unread);
  const ownPrice = prop(sc, 'priceMoney');
  const ownSalePrice = prop(sc, 'salePriceMoney');
  const price = ownPrice === undefined ? null : readPrice(ownPrice, 'structuredContent.priceMoney');
  const salePrice =
    ownSalePrice === undefined ? null : readPrice(ownSalePrice, 'structuredContent.salePriceMoney');
  const product: Product = {
    id: asString(prop(item, 'id')),
    collectionId: strOrNull(prop(item, 'collectionId')),
    title: asString(prop(item, 'title')),
    fullUrl: asString(prop(item, 'fullUrl')),
    productType,
    isSubscribable: asBoolean(prop(sc, 'isSubscribable')),
    subscriptionPlan: readPlan(prop(sc, 'subscriptionPlan')),
    subscriptionOptionId: strOrNull(path(sc, 'productSubscriptionOptions', '0', 'id')),
    options: optionsOf(asArray(prop(sc, 'variantOptionOrdering')), variants),
    variants,
    price,
    salePrice,
    onSale: isTruthy(prop(sc, 'onSale')),
    currency: variants[0]?.price.currency ?? price?.currency ?? DEFAULT_CURRENCY,
    useCustomAddButtonText: asBoolean(prop(sc, 'useCustomAddButtonText')),
    customAddButtonText: strOrNull(prop(sc, 'customAddButtonText')),
    additionalFieldsFormId: strOrNull(prop(sc, 'additionalFieldsFormId')),
  };
  return { product, unread };
};

const parsedItems = new WeakMap<object, Product>();

/**
 * The product of an item object, parsed once per object: a page's helpers read the same item many
 * times. Items are not changed after they are loaded (live stock comes as a new object).
 */
export const productOf = (item: unknown): Product => {
  if (!isObject(item)) return parseProduct(item).product;
  let product = parsedItems.get(item);
  if (!product) {
    product = parseProduct(item).product;
    parsedItems.set(item, product);
  }
  return product;
};

// ---------------------------------------------------------------------------------------------
// Rules

const isPhysicalOrService = (t: ProductType) => t === ProductType.PHYSICAL || t === ProductType.SERVICE;

/** Units a variant has left to sell: unlimited, or stock above 0. */
export const hasStock = (variant: Pick<ProductVariant, 'unlimited' | 'qtyInStock'>): boolean =>
  variant.unlimited || variant.qtyInStock > 0;

/**
 * A variant can be bought: always for digital products and gift cards, with stock for physical
 * products and services, never for an unknown type (paywall included).
 */
export const isVariantAvailable = (product: Product, variant: ProductVariant): boolean => {
  const type = product.productType;
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return true;
  return isPhysicalOrService(type) && hasStock(variant);
};

/**
 * Sold out: a physical or service product where no variant is unlimited or has stock above 0.
 * Digital products and gift cards never are; an unknown type always is (paywall included).
 */
export const isSoldOut = (product: Product): boolean => {
  const type = product.productType;
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return false;
  return !product.variants.some((v) => isVariantAvailable(product, v));
};

/**
 * A variant sells at its sale price: the product's flag for a digital product, never for a gift
 * card, else the variant's own flag.
 */
export const isVariantOnSale = (product: Product, variant: ProductVariant): boolean => {
  const type = product.productType;
  if (type === ProductType.DIGITAL) return product.onSale;
  if (type === ProductType.GIFT_CARD) return false;
  return variant.onSale;
};

/** On sale: any variant on sale (physical, service); the product's flag (digital); never gift cards. */
export const isOnSale = (product: Product): boolean => {
  const type = product.productType;
  if (isPhysicalOrService(type)) return product.variants.some((v) => isVariantOnSale(product, v));
  if (type === ProductType.DIGITAL) return product.onSale;
  return false;
};

export type DisplayState = 'sold-out' | 'on-sale' | 'normal';

/** Sold out wins over on sale. */
export const displayStateOf = (product: Product): DisplayState =>
  isSoldOut(product) ? 'sold-out' : isOnSale(product) ? 'on-sale' : 'normal';

/** A product has variants to choose from: not digital and more than one variant. */
export const hasVariants = (product: Product): boolean =>
  product.productType !== ProductType.DIGITAL && product.variants.length > 1;

const samePrice = (a: Cents, b: Cents) => a.cents === b.cents && a.currency === b.currency;

/**
 * Variants differ in sale flag, price or (when on sale) sale price (physical, service, gift card).
 * Prices are the parsed ones: `priceMoney` and `salePriceMoney`, the legacy cents only without them.
 */
export const hasVariedPrices = (product: Product): boolean => {
  const type = product.productType;
  if (!isPhysicalOrService(type) && type !== ProductType.GIFT_CARD) return false;
  const [first, ...rest] = product.variants;
  if (!first) return false;
  return rest.some(
    (v) =>
      v.onSale !== first.onSale ||
      (first.onSale && !samePrice(v.salePrice, first.salePrice)) ||
      !samePrice(v.price, first.price),
  );
};

/** Total stock over variants; unlimited (or a digital product, gift card) is `Infinity`. */
export const totalStock = (product: Product): number => {
  const type = product.productType;
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return Infinity;
  let total = 0;
  for (const v of product.variants) {
    if (v.unlimited) return Infinity;
    total += v.qtyInStock;
  }
  return total;
};

/** Stock left for one variant: `Infinity` when unlimited (and for digital products and gift cards). */
export const variantStock = (product: Product, variant: ProductVariant): number => {
  const type = product.productType;
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return Infinity;
  if (variant.unlimited) return Infinity;
  return variant.qtyInStock;
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
export const showsQuantityInput = (product: Product, storeSettings?: unknown): boolean => {
  const type = product.productType;
  const allowed =
    type === ProductType.PHYSICAL ||
    (type === ProductType.SERVICE && multipleQuantityAllowedForServices(storeSettings));
  return allowed && !product.isSubscribable && totalStock(product) > 1;
};

/** The variants select shows only when a product has more than one variant. */
export const showsVariantsSelect = (product: Product): boolean => product.variants.length > 1;

/** Chosen option values by option name; `undefined`, null or '' means not chosen. */
export type ChosenAttributes = Readonly<Record<string, string | null | undefined>>;

/** The option names still to choose, in display order. */
export const unselectedOptions = (product: Product, chosen: ChosenAttributes): string[] =>
  product.options
    .map((o) => o.name)
    .filter((name) => {
      const v = chosen[name];
      return v === undefined || v === null || v === '';
    });

/**
 * The variant matching the chosen attributes exactly (every attribute of the variant equal to the
 * chosen value). A product with a single variant gives it whatever is chosen.
 */
export const findVariant = (product: Product, chosen: ChosenAttributes): ProductVariant | undefined => {
  const { variants } = product;
  if (variants.length === 1) return variants[0];
  return variants.find((v) => {
    const keys = Object.keys(v.attributes);
    return keys.length > 0 && keys.every((k) => v.attributes[k] === (chosen[k] ?? undefined));
  });
};

/** The variant with this SKU, or else this id (clients send either as `sku`). */
export const findVariantBySku = (product: Product, sku: string): ProductVariant | undefined =>
  product.variants.find((v) => v.sku === sku || v.id === sku);

/**
 * The id of the variant a client names by SKU or id (the HTTP API's `sku` field carries either).
 * A name that matches no variant is returned as it is, for `validateAddToCart` to refuse.
 */
export const variantIdOf = (product: Product, skuOrId: string | null | undefined): string | undefined =>
  skuOrId ? (findVariantBySku(product, skuOrId)?.id ?? skuOrId) : undefined;

/** An absent price: 0 in the default currency, as `moneyToCents` reads nothing. */
const NO_PRICE: Cents = { cents: 0, currency: DEFAULT_CURRENCY };

/**
 * What one unit of a variant costs, in minor units of its currency: the sale price while it is on
 * sale (`isVariantOnSale`). Digital products carry the price on the product itself.
 */
export const variantUnitPrice = (product: Product, variant: ProductVariant | undefined): Cents => {
  if (product.productType === ProductType.DIGITAL) {
    const own = product.onSale ? product.salePrice : product.price;
    if (own !== null) return own;
  }
  if (!variant) return NO_PRICE;
  return isVariantOnSale(product, variant) ? variant.salePrice : variant.price;
};

/**
 * What a shopper pays for one unit at the cheapest: the lowest `variantUnitPrice` over the
 * variants (a digital product's own price); undefined for a product with nothing to price.
 */
export const lowestUnitPrice = (product: Product): Cents | undefined => {
  if (product.productType === ProductType.DIGITAL && product.price !== null)
    return variantUnitPrice(product, product.variants[0]);
  let best: Cents | undefined = undefined;
  for (const v of product.variants) {
    const price = variantUnitPrice(product, v);
    if (best === undefined || price.cents < best.cents) best = price;
  }
  return best;
};

/**
 * The variant with the lowest unit price (physical, service, gift card; first wins ties), or
 * undefined for other types and products without variants.
 */
export const lowestPricedVariant = (product: Product): ProductVariant | undefined => {
  const type = product.productType;
  if (!isPhysicalOrService(type) && type !== ProductType.GIFT_CARD) return undefined;
  const [first, ...rest] = product.variants;
  if (!first) return undefined;
  const unitPrice = (v: ProductVariant) => variantUnitPrice(product, v).cents;
  let best = first;
  for (const v of rest) if (unitPrice(v) < unitPrice(best)) best = v;
  return best;
};

/** The lowest effective price among variants (see `lowestPricedVariant`); a digital product's own price. */
export const fromPrice = (product: Product): Cents | undefined => {
  if (product.productType === ProductType.DIGITAL) return product.price ?? undefined;
  const lowest = lowestPricedVariant(product);
  return lowest && variantUnitPrice(product, lowest);
};

/** The highest regular price among variants; a digital product's own price. */
export const normalPrice = (product: Product): Cents | undefined => {
  const type = product.productType;
  if (type === ProductType.DIGITAL) return product.price ?? undefined;
  if (!isPhysicalOrService(type) && type !== ProductType.GIFT_CARD) return undefined;
  const [first, ...rest] = product.variants;
  if (!first) return undefined;
  let best = first.price;
  for (const v of rest) if (v.price.cents > best.cents) best = v.price;
  return best;
};

/** The lowest sale price among on-sale variants (physical, service); a digital product's sale price. */
export const salePrice = (product: Product): Cents | undefined => {
  const type = product.productType;
  if (type === ProductType.DIGITAL) return product.salePrice ?? undefined;
  if (!isPhysicalOrService(type)) return undefined;
  let best: Cents | undefined = undefined;
  for (const v of product.variants) {
    if (v.onSale && (best === undefined || v.salePrice.cents < best.cents)) best = v.salePrice;
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
export const subscriptionTerms = (product: Product): SubscriptionTerms | undefined => {
  const plan = product.subscriptionPlan;
  if (!plan) return undefined;
  const { billingPeriodValue: value, billingPeriodUnit: unit, numBillingCycles: cycles } = plan;
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
  product: Product,
  localizedStrings?: LocalizedStrings,
): { pattern: string; terms: SubscriptionTerms | undefined } => {
  const terms = subscriptionTerms(product);
  if (!terms) {
    return { pattern: messageTemplate('product.price-unavailable', localizedStrings), terms };
  }
  const multiple = hasVariedPrices(product);
  const own = localizedStrings?.[subscriptionPriceKey(terms, multiple)];
  return { pattern: typeof own === 'string' ? own : defaultSubscriptionPattern(terms, multiple), terms };
};

/** The subscription price text with `{price}` filled in (already formatted), e.g. `$10.00 every 2 weeks for 1 year`. */
export const subscriptionPriceText = (
  product: Product,
  formattedPrice: string,
  localizedStrings?: LocalizedStrings,
): string => {
  const { pattern, terms } = subscriptionPricePattern(product, localizedStrings);
  return interpolate(pattern, {
    price: formattedPrice,
    fromPrice: formattedPrice,
    billingPeriodValue: terms?.billingPeriodValue ?? '',
    duration: terms?.duration ?? '',
  });
};

/** A variant's option values joined with ` / ` (`Large / Red`). */
export const variantDescriptor = (variant: Pick<ProductVariant, 'optionValues'>): string =>
  variant.optionValues.map((o) => o.value).join(' / ');

/**
 * The add-to-cart button's label: the custom text when the product uses one, else `Subscribe` for
 * subscribable products, else `Add To Cart` (each overridable through `localizedStrings`).
 */
export const addToCartLabel = (product: Product, localizedStrings?: LocalizedStrings): string => {
  if (product.useCustomAddButtonText && product.customAddButtonText !== null)
    return product.customAddButtonText;
  if (product.isSubscribable) return messageTemplate('product.subscribe', localizedStrings);
  return messageTemplate('product.add-to-cart', localizedStrings);
};

/**
 * Which values of each option can still be bought, given the other chosen options: a value is
 * available when some variant with it, matching every other chosen option, has stock (or is
 * unlimited). Used by the variants island to mark sold-out choices.
 */
export const availableOptionValues = (
  product: Product,
  chosen: ChosenAttributes = {},
): Record<string, string[]> => {
  const { options, variants } = product;
  const out: Record<string, string[]> = {};
  for (const option of options) {
    out[option.name] = option.values.filter((value) =>
      variants.some((v) => {
        if ((v.attributes[option.name] ?? '') !== value) return false;
        for (const other of options) {
          if (other.name === option.name) continue;
          const c = chosen[other.name];
          if (c !== undefined && c !== null && c !== '' && (v.attributes[other.name] ?? '') !== c)
            return false;
        }
        return variantStock(product, v) > 0;
      }),
    );
  }
  return out;
};
