/**
 * Commerce formatters and predicates (spec/jsont.md sections 11.5, 14, 15; product spec sections 2,
 * 4, 5, 9). Every rule comes from the domain modules; these functions only read the template JSON,
 * build a view model and lay it out.
 */
import { currencyFormatOptions, currencyOptions } from '@storefront/jsont/i18n';
import { formatIcuMessage } from '@storefront/jsont/message';
import { asArray, asNumber, asString, escapeHtmlAttr, isObject, path, prop, isTruthy } from '../json.ts';
import { type MessageCode, MESSAGES } from '../messages.ts';
import { CART_URL, cartCountText, sumQuantities } from '../cart.ts';
import {
  type Cents,
  currencyForLocale,
  isDecimalString,
  minorToDecimal,
  movePoint,
  readMoney,
} from '../money.ts';
import {
  type PricingOption,
  type Product,
  ProductType,
  addToCartLabel,
  fromPrice,
  hasVariants,
  hasVariedPrices,
  displayStateOf,
  isOnSale,
  isSoldOut,
  lowestPricedVariant,
  normalPrice,
  parseVariant,
  productOf,
  salePrice,
  showsQuantityInput,
  subscriptionPricePattern,
  variantDescriptor,
} from '../product.ts';
import { numberFormat } from '../intl.ts';
import type { FormatterImpl, PredicateImpl, RenderContext } from './api.ts';
import * as T from './templates.ts';
import { attr, emit, fieldOrScope, jsonAttr, localized, localizedStringsOf, noLocale } from './util.ts';

// ---------------------------------------------------------------------------------------------
// Money inside commerce markup (spec/jsont.md 14.3)

type NumericString = `${number}`;

/**
 * One amount of a price block: in the legacy mode `<span class="sqs-money-native">1,234.50</span>`
 * (en-US grouping, two decimals, no symbol); with `featureFlags.useCLDRMoneyFormat` the render
 * locale's currency format for the money's own currency.
 */
export const moneyString = (money: unknown, args: readonly string[], ctx: RenderContext): string => {
  const { value, currency } = readMoney(money);
  return decimalMoneyString(value, currency, args, ctx);
};

/** A product's price (absent is 0 USD, as the reference prints it) as `moneyString` lays it out. */
const priceString = (price: Cents | undefined, args: readonly string[], ctx: RenderContext): string =>
  price
    ? decimalMoneyString(minorToDecimal(price.cents, price.currency), price.currency, args, ctx)
    : moneyString(undefined, args, ctx);

const decimalMoneyString = (
  value: string,
  currency: string,
  args: readonly string[],
  ctx: RenderContext,
): string => {
  if (isTruthy(ctx.lookup('featureFlags.useCLDRMoneyFormat'))) {
    if (noLocale(ctx)) return '';
    try {
      // The `money` formatter's arguments, but prices round half up (away from zero), not half even.
      const options = currencyFormatOptions(currency, currencyOptions(args), 'half-up');
      return numberFormat(ctx.locale, options).format(movePoint(value, 0) as NumericString);
    } catch {
      return '';
    }
  }
  const formatted = legacyMoneyFormat().format(movePoint(value, 0) as NumericString);
  return `<span class="sqs-money-native">${formatted}</span>`;
};

let legacyMoney: Intl.NumberFormat | undefined;
/** The legacy (non-CLDR) money text: en-US grouping, two decimals; one formatter for every price. */
const legacyMoneyFormat = (): Intl.NumberFormat =>
  (legacyMoney ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** The legacy cents string of a price (`65.46` -> `6546`); absent is 0. */
const legacyCents = (price: Cents | undefined): string => String(price?.cents ?? 0);

// ---------------------------------------------------------------------------------------------
// Formatters

const addToCartBtn: FormatterImpl = (item, _args, ctx) => {
  const sc = fieldOrScope(item, 'structuredContent', ctx);
  const fieldsFormId = prop(sc, 'additionalFieldsFormId');
  const fieldsForm = prop(sc, 'additionalFieldsForm');
  const isSub = prop(sc, 'isSubscribable');
  const options = prop(sc, 'productSubscriptionOptions');
  const optionsCount = Array.isArray(options)
    ? options.length
    : isObject(options)
      ? Object.keys(options).length
      : 0;
  const useForm = isTruthy(fieldsFormId) && isTruthy(fieldsForm);
  const label = escapeHtmlAttr(
    addToCartLabel(
      productOf(sc === prop(item, 'structuredContent') ? item : { structuredContent: sc }),
      localizedStringsOf(ctx),
    ),
  );
  return ctx.renderTemplate(T.ADD_TO_CART_BTN, {
    useForm,
    collectionId: attr(fieldOrScope(item, 'collectionId', ctx)),
    id: attr(fieldOrScope(item, 'id', ctx)),
    productType: attr(prop(sc, 'productType')),
    useCustom: attr(prop(sc, 'useCustomAddButtonText')),
    isSubscription: isTruthy(isSub) ? attr(isSub) : '',
    label,
    form: useForm ? jsonAttr(fieldsForm) : '',
    subscriptionOptionId: optionsCount > 0 && isTruthy(isSub) ? attr(path(options, '0', 'id')) : '',
  });
};

const quantityInput: FormatterImpl = (item, _args, ctx) => {
  if (!showsQuantityInput(productOf(item), ctx.lookup('websiteSettings.storeSettings'))) return undefined;
  return ctx.renderTemplate(T.QUANTITY_INPUT, {
    id: attr(fieldOrScope(item, 'id', ctx)),
    label: escapeHtmlAttr(localized(ctx, 'product.quantity-label')),
  });
};

const variantsSelect: FormatterImpl = (item, _args, ctx) => {
  const { options, productType } = productOf(item);
  if (options.length === 0) return undefined;
  const giftCard = productType === ProductType.GIFT_CARD;
  const selectPattern = giftCard
    ? localized(ctx, 'product.gift-card-select')
    : localized(ctx, 'product.variant-select');
  const displayPattern = giftCard ? localized(ctx, 'product.gift-card-value') : '{name}';
  const sc = prop(item, 'structuredContent');
  const isSub = prop(sc, 'isSubscribable');
  return ctx.renderTemplate(T.VARIANTS_SELECT, {
    itemId: attr(prop(item, 'id')),
    variants: jsonAttr(prop(sc, 'variants')),
    subscribable: isTruthy(isSub),
    plan: jsonAttr(prop(sc, 'subscriptionPlan')),
    options: options.map((o) => {
      const selectText = formatIcuMessage(selectPattern, { variantName: o.name }, ctx.locale);
      return {
        name: escapeHtmlAttr(o.name),
        title: escapeHtmlAttr(formatIcuMessage(displayPattern, { name: o.name }, ctx.locale)),
        // The reference leaves the aria-label unescaped (jsont-specs f-variants-select-5).
        selectLabel: selectText,
        selectText: escapeHtmlAttr(selectText),
        values: o.values.map((v) => escapeHtmlAttr(v)),
      };
    }),
  });
};

const productCheckout: FormatterImpl = (item, args, ctx) =>
  emit(variantsSelect(item, args, ctx)) +
  emit(quantityInput(item, args, ctx)) +
  emit(addToCartBtn(item, args, ctx));

interface PriceView {
  hasFrom: boolean;
  fromLine: string;
  hasSale: boolean;
  saleLine: string;
  hasNormal: boolean;
  normalLine: string;
  saleLabel: string;
  originalLabel: string;
}

const priceView = (ctx: RenderContext): PriceView => ({
  hasFrom: false,
  fromLine: '',
  hasSale: false,
  saleLine: '',
  hasNormal: false,
  normalLine: '',
  saleLabel: escapeHtmlAttr(localized(ctx, 'product.sale-price-label')),
  originalLabel: escapeHtmlAttr(localized(ctx, 'product.original-price-label')),
});

const productPrice: FormatterImpl = (item, args, ctx) => {
  const view = priceView(ctx);
  const product = productOf(item);
  const type = product.productType;
  const price = (p: Cents | undefined) => priceString(p, args, ctx);
  const msg = (pattern: string, text: string, extra: Record<string, unknown> = {}) =>
    formatIcuMessage(pattern, { price: text, ...extra }, ctx.locale);
  if (product.isSubscribable) {
    const { pattern, terms } = subscriptionPricePattern(product, localizedStringsOf(ctx));
    if (!terms) {
      view.hasFrom = true;
      view.fromLine = msg(pattern, 'true', { fromPrice: 'true' });
    } else {
      const extra = { billingPeriodValue: terms.billingPeriodValue, duration: terms.duration };
      if (hasVariedPrices(product)) {
        const from = price(fromPrice(product));
        view.hasFrom = true;
        view.fromLine = msg(pattern, from, { ...extra, fromPrice: from });
      }
      if (isOnSale(product)) {
        view.hasSale = true;
        view.saleLine = msg(pattern, price(salePrice(product)), extra);
      }
      view.hasNormal = true;
      view.normalLine = msg(pattern, price(normalPrice(product)), extra);
    }
  } else if (type !== ProductType.UNKNOWN && type !== ProductType.PAYWALL) {
    if (hasVariedPrices(product)) {
      const from = price(fromPrice(product));
      view.hasFrom = true;
      view.fromLine = msg(localized(ctx, 'product.price-from'), from, {
        fromPrice: from,
      });
    }
    if (isOnSale(product)) {
      view.hasSale = true;
      view.saleLine = price(salePrice(product));
    }
    view.hasNormal = true;
    view.normalLine = price(normalPrice(product));
  }
  return ctx.renderTemplate(T.PRODUCT_PRICE, view);
};

/** The pricing options of the variant with the lowest effective price (physical, service). */
const pricingOptionsOfLowestVariant = (product: Product): readonly PricingOption[] => {
  const type = product.productType;
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return [];
  return lowestPricedVariant(product)?.pricingOptions ?? [];
};

const subscriptionPrice: FormatterImpl = (item, args, ctx) => {
  const view = priceView(ctx);
  const product = productOf(item);
  const first = pricingOptionsOfLowestVariant(product)[0];
  if (first !== undefined) {
    if (hasVariedPrices(product)) {
      const from = priceString(first.onSale ? first.salePrice : first.price, args, ctx);
      view.hasFrom = true;
      view.fromLine = formatIcuMessage(localized(ctx, 'product.price-from'), {
        fromPrice: from,
      });
    }
    if (first.onSale) {
      view.hasSale = true;
      view.saleLine = priceString(first.salePrice, args, ctx);
    }
    view.hasNormal = true;
    view.normalLine = priceString(first.price, args, ctx);
  }
  return ctx.renderTemplate(T.SUBSCRIPTION_PRICE, view);
};

const productStatus: FormatterImpl = (item, _args, ctx) => {
  const id = asString(prop(item, 'id'));
  const custom = id ? asString(path(ctx.lookup('productMerchandisingContext'), id, 'customSoldOutText')) : '';
  switch (displayStateOf(productOf(item))) {
    case 'sold-out':
      return `<div class="product-mark sold-out">${escapeHtmlAttr(custom || localized(ctx, 'product.sold-out'))}</div>`;
    case 'on-sale':
      return `<div class="product-mark sale">${localized(ctx, 'product.sale')}</div>`;
    case 'normal':
      return undefined;
  }
};

const productQuickView: FormatterImpl = (item, args, ctx) => {
  const id = asString(prop(item, 'id'));
  let group = args[0] ?? '';
  const own = prop(item, group);
  if (own !== undefined) group = asString(own);
  else {
    const scoped = ctx.lookup(group);
    if (scoped !== undefined) group = asString(scoped);
  }
  const text = ctx.lookup('localizedStrings.productQuickViewText');
  return (
    `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${id}" data-group="${group}">` +
    `${text === undefined ? 'Quick View' : asString(text)}</span>`
  );
};

const merchandisingOf = (item: unknown, ctx: RenderContext): unknown =>
  path(ctx.lookup('productMerchandisingContext'), asString(prop(item, 'id')));

const productScarcity: FormatterImpl = (item, _args, ctx) => {
  const merch = merchandisingOf(item, ctx);
  if (!isObject(merch) || !isTruthy(merch.scarcityEnabled)) return undefined;
  const text = asString(merch.scarcityText);
  return ctx.renderTemplate(T.PRODUCT_SCARCITY, {
    views: asArray(merch.scarcityTemplateViews).map((v) => {
      const attributes = prop(v, 'attributes');
      return {
        attributes: isTruthy(attributes) ? jsonAttr(attributes) : '',
        text: escapeHtmlAttr(formatIcuMessage(text, { qtyInStock: prop(v, 'qtyInStock') }, ctx.locale)),
      };
    }),
  });
};

const productRestockNotification: FormatterImpl = (item, _args, ctx) => {
  const merch = merchandisingOf(item, ctx);
  const messages = prop(merch, 'restockNotificationMessages');
  return ctx.renderTemplate(T.PRODUCT_RESTOCK_NOTIFICATION, {
    productId: emit(prop(item, 'id')),
    cta: escapeHtmlAttr(emit(prop(messages, 'CTAText'))),
    placeholder: escapeHtmlAttr(emit(prop(messages, 'placeholderText'))),
    button: escapeHtmlAttr(emit(prop(messages, 'buttonText'))),
    mailingList: isTruthy(prop(merch, 'mailingListSignUpEnabled')),
    optIn: isTruthy(prop(merch, 'mailingListOptInByDefault')),
    mailingListDescription: escapeHtmlAttr(emit(prop(messages, 'mailingListDescription'))),
    captcha: isTruthy(ctx.lookup('website.captchaSettings.siteKey')),
    views: asArray(prop(merch, 'restockNotificationViews')).map((v) => ({
      variantId: emit(prop(v, 'variantId')),
      hidden: isTruthy(prop(v, 'hiddenByDefault')),
    })),
  });
};

const cartQuantity: FormatterImpl = (cart) =>
  `<span class="sqs-cart-quantity">${cartCountText(sumQuantities(asArray(prop(cart, 'entries'))))}</span>`;

/** The product spec wins over the reference here: the cart subtotal, formatted (as the Java engine does). */
const cartSubtotal: FormatterImpl = (cart) => {
  const currency = asString(path(cart, 'subtotalAmount', 'currencyCode')) || 'USD';
  const cents = Math.trunc(asNumber(prop(cart, 'subtotalCents')) || 0);
  const amount = numberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(movePoint(minorToDecimal(cents, currency), 0) as NumericString);
  return `<span class="sqs-cart-subtotal"><span class="sqs-money-native">${amount}</span></span>`;
};

/** Runs a locale-dependent format; an invalid locale gives an empty string rather than an error. */
const inLocale = (ctx: RenderContext, format: () => string): string => {
  if (noLocale(ctx)) return '';
  try {
    return format();
  } catch {
    return '';
  }
};

const bookkeeperMoneyFormat: FormatterImpl = (value, _args, ctx) =>
  inLocale(ctx, () => {
    const raw = asString(value).trim();
    const amount = movePoint(isDecimalString(raw) ? raw : '0', -2) as NumericString;
    return numberFormat(ctx.locale, { style: 'currency', currency: currencyForLocale(ctx.locale) }).format(
      amount,
    );
  });

const percentageFormat: FormatterImpl = (value, args, ctx) =>
  inLocale(ctx, () => {
    const raw = asString(value).trim();
    const amount = movePoint(isDecimalString(raw) ? raw : '0', 0) as NumericString;
    return numberFormat(ctx.locale, {
      minimumFractionDigits: args.includes('trim') ? 0 : 2,
      maximumFractionDigits: 3,
    }).format(amount);
  });

const LIKERT_CODES: ReadonlyArray<readonly [string, MessageCode]> = [
  ['-2', 'likert.strongly-disagree'],
  ['-1', 'likert.disagree'],
  ['0', 'likert.neutral'],
  ['1', 'likert.agree'],
  ['2', 'likert.strongly-agree'],
];

/** Likert answers -2..2 as labels (site strings when they are strings); key 0 is the fallback. */
const likertRows = (values: unknown, ctx: RenderContext) => {
  const ls = localizedStringsOf(ctx);
  const map = new Map<string, string>();
  for (const [k, code] of LIKERT_CODES) {
    // Any string the site gives counts, even an empty one (as in the reference).
    const own = ls?.[MESSAGES[code].localizedKey ?? code];
    map.set(k, typeof own === 'string' ? own : MESSAGES[code].text);
  }
  if (!isObject(values)) return [];
  return Object.entries(values).map(([question, answer]) => ({
    question,
    answer: map.get(emit(answer)) || (map.get('0') as string),
  }));
};

const summaryValue = (field: unknown, ctx: RenderContext): string => {
  const type = asString(prop(field, 'type'));
  const values = prop(field, 'values');
  const template = T.SUMMARY_VALUE[type];
  if (template === undefined) return emit(prop(field, 'value'));
  const v = (k: string) => emit(prop(values, k));
  switch (type) {
    case 'checkbox':
      return ctx.renderTemplate(template, {
        joined: isTruthy(values) ? asArray(values).map(emit).join(', ') : '',
        single: emit(prop(field, 'value')),
      });
    case 'likert':
      return ctx.renderTemplate(template, { rows: likertRows(values, ctx) });
    case 'time':
      return ctx.renderTemplate(template, {
        Hour: v('Hour') || '00',
        Minute: v('Minute') || '00',
        Second: v('Second') || '00',
        Ampm: v('Ampm'),
      });
    default: {
      const keys = [
        'Line1',
        'Line2',
        'City',
        'State',
        'Zip',
        'Country',
        'Month',
        'Day',
        'Year',
        'First',
        'Last',
      ];
      const view: Record<string, string> = {};
      for (const k of [...keys, 'Areacode', 'Prefix', 'Line']) view[k] = v(k);
      return ctx.renderTemplate(template, view);
    }
  }
};

const summaryFormField: FormatterImpl = (field, _args, ctx) => {
  const value = summaryValue(field, ctx);
  const noAnswer = asString(ctx.lookup('localizedStrings.productSummaryFormNoAnswerText')).trim();
  return ctx.renderTemplate(T.SUMMARY_FORM_FIELD, {
    rawTitle: emit(prop(field, 'rawTitle')),
    value: value !== '' ? value : noAnswer === '' ? MESSAGES['form.no-answer'].text : noAnswer,
  });
};

export const COMMERCE_FORMATTERS: Readonly<Record<string, FormatterImpl>> = {
  'add-to-cart-btn': addToCartBtn,
  'bookkeeper-money-format': bookkeeperMoneyFormat,
  'cart-quantity': cartQuantity,
  'cart-subtotal': cartSubtotal,
  'cart-url': () => CART_URL,
  'from-price': (item) => legacyCents(fromPrice(productOf(item))),
  'normal-price': (item) => legacyCents(normalPrice(productOf(item))),
  'sale-price': (item) => legacyCents(salePrice(productOf(item))),
  'percentage-format': percentageFormat,
  'product-checkout': productCheckout,
  'product-price': productPrice,
  'product-quick-view': productQuickView,
  'product-restock-notification': productRestockNotification,
  'product-scarcity': productScarcity,
  'product-status': productStatus,
  'quantity-input': quantityInput,
  'subscription-price': subscriptionPrice,
  'summary-form-field': summaryFormField,
  'variant-descriptor': (variant) => variantDescriptor(parseVariant(variant)),
  'variants-select': variantsSelect,
};

export const COMMERCE_PREDICATES: Readonly<Record<string, PredicateImpl>> = {
  'has-variants?': (_args, ctx) => hasVariants(productOf(ctx.node)),
  'on-sale?': (_args, ctx) => isOnSale(productOf(ctx.node)),
  'sold-out?': (_args, ctx) => isSoldOut(productOf(ctx.node)),
  'varied-prices?': (_args, ctx) => hasVariedPrices(productOf(ctx.node)),
};
