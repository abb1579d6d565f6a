/**
 * Cart rules (product spec sections 2, 3, 5 and 9): add-to-cart validation with the spec's refusals,
 * quantity changes, totals from entries, and the count and labels of the cart pill and widget.
 * Used by the server (authoritative) and by the browser (to answer before the round trip).
 */
import { pluralRulesFor } from './intl.ts';
import { type Result, err, ok } from './result.ts';
import { type LocalizedStrings, type MessageCode, joinWithAnd, message } from './messages.ts';
import {
  type ChosenAttributes,
  type Product,
  type ProductVariant,
  ProductType,
  findVariant,
  unselectedOptions,
  variantStock,
} from './product.ts';
import { asNumber, isObject } from './json.ts';
import { DEFAULT_CURRENCY, centsToMoney, type DecimalMoney } from './money.ts';

export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 9999;
/** The pill and widget show `100+` above this count. */
export const CART_COUNT_CAP = 100;
/** Lightbox (spec sections 4 and 9): top margin when taller than the window, else centred. */
export const LIGHTBOX_TOP_MARGIN_PX = 50;
/** Lightbox: how long a resize must settle before the lightbox is placed again. */
export const LIGHTBOX_RESIZE_DELAY_MS = 100;
/** Lightbox: open and close animation. */
export const LIGHTBOX_ANIMATION_MS = 300;

const refuse = <T>(
  code: MessageCode,
  localizedStrings?: LocalizedStrings,
  params?: Record<string, string | number>,
) => err<T>(code, message(code, params, localizedStrings));

/**
 * Parses a quantity typed by a shopper or sent by a client: a number or a numeric string.
 * `Quantity must be a number.` / `Quantity must be a whole number.`
 */
export const parseQuantity = (raw: unknown, localizedStrings?: LocalizedStrings): Result<number> => {
  let n: number;
  if (typeof raw === 'number') n = raw;
  else if (
    typeof raw === 'string' &&
    raw.trim() !== '' &&
    /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(raw.trim())
  )
    n = Number(raw.trim());
  else return refuse('cart.add.quantity-not-number', localizedStrings);
  if (!Number.isFinite(n)) return refuse('cart.add.quantity-not-number', localizedStrings);
  if (!Number.isInteger(n)) return refuse('cart.add.quantity-not-whole', localizedStrings);
  return ok(n);
};

export interface AddToCartRequest {
  /** The product, with live stock. */
  readonly product: Product;
  /** Chosen option values by option name (ignored for single-variant products). */
  readonly chosen?: ChosenAttributes;
  /** Or the variant's id, when the client already resolved it. */
  readonly variantId?: string;
  /** The quantity as typed; default 1. */
  readonly quantity?: unknown;
  /** How many units of the variant the cart already holds; none when absent. */
  readonly quantityInCart?: (variant: ProductVariant) => number;
  readonly localizedStrings?: LocalizedStrings;
}

export interface AddToCartOk {
  readonly variant: ProductVariant;
  readonly quantity: number;
}

/**
 * Checks an add-to-cart request, in this order: product type, unselected options (or a gift card
 * without a denomination), quantity, the chosen variant, then stock counting what the cart holds.
 */
export const validateAddToCart = (req: AddToCartRequest): Result<AddToCartOk> => {
  const ls = req.localizedStrings;
  const { product } = req;
  const type = product.productType;
  if (type === ProductType.UNKNOWN || type === ProductType.PAYWALL) {
    return refuse('cart.add.product-unavailable', ls);
  }
  let variant: ProductVariant | undefined;
  if (req.variantId !== undefined && req.variantId !== '') {
    variant = product.variants.find((v) => v.id === req.variantId);
    if (!variant) return refuse('cart.add.variant-unavailable', ls);
  } else {
    const chosen = req.chosen ?? {};
    const missing = unselectedOptions(product, chosen);
    if (missing.length > 0) {
      if (type === ProductType.GIFT_CARD) return refuse('cart.add.gift-card-denomination', ls);
      return refuse('cart.add.select-option', ls, { option: joinWithAnd(missing) });
    }
    variant = findVariant(product, chosen);
  }

  const q = parseQuantity(req.quantity ?? 1, ls);
  if (!q.ok) return q;
  if (q.value < QUANTITY_MIN || q.value > QUANTITY_MAX) {
    return refuse('cart.add.quantity-out-of-range', ls, { min: QUANTITY_MIN, max: QUANTITY_MAX });
  }

  if (!variant) return refuse('cart.add.variant-unavailable', ls);

  const held = req.quantityInCart?.(variant) ?? 0;
  if (held + q.value > variantStock(product, variant)) return refuse('cart.add.not-enough-stock', ls);
  return ok({ variant, quantity: q.value });
};

/**
 * Checks a new quantity for a cart entry: 0 removes it; otherwise a whole number up to 9999 and no
 * more than the variant's stock (`Infinity` when unlimited).
 */
export const validateQuantityChange = (
  raw: unknown,
  stock: number,
  localizedStrings?: LocalizedStrings,
): Result<number> => {
  const q = parseQuantity(raw, localizedStrings);
  if (!q.ok) return q;
  if (q.value === 0) return ok(0);
  if (q.value < 0 || q.value > QUANTITY_MAX) {
    return refuse('cart.add.quantity-out-of-range', localizedStrings, { min: 0, max: QUANTITY_MAX });
  }
  if (q.value > stock) return refuse('cart.add.not-enough-stock', localizedStrings);
  return ok(q.value);
};

/** What totals need of an entry (the cart entry of docs/interfaces.md has all of it). */
export interface CartEntryForTotals {
  readonly quantity: number;
  readonly unitPriceCents: number;
  readonly item: { readonly productType: number | string };
}

export interface CartTotals {
  readonly subtotalCents: number;
  readonly subtotalAmount: DecimalMoney;
  readonly totalQuantity: number;
  /** Some entry is a digital product. */
  readonly hasDigital: boolean;
  /** The cart is not empty and every entry is a digital product. */
  readonly purelyDigital: boolean;
  /** Some entry is a physical product. */
  readonly requiresShipping: boolean;
}

/** The number of units over entries (each entry's `quantity`, read as a number). */
export const sumQuantities = (entries: readonly unknown[]): number =>
  entries.reduce<number>((n, e) => {
    const q = isObject(e) ? asNumber(e.quantity) : 0;
    return n + (Number.isFinite(q) ? q : 0);
  }, 0);

/** Totals of a cart from its entries, in minor units of the store currency. */
export const cartTotals = (
  entries: readonly CartEntryForTotals[],
  currency = DEFAULT_CURRENCY,
): CartTotals => {
  let subtotalCents = 0;
  let digital = 0;
  let physical = 0;
  for (const e of entries) {
    subtotalCents += e.unitPriceCents * e.quantity;
    const t = Number(e.item.productType);
    if (t === ProductType.DIGITAL) digital++;
    if (t === ProductType.PHYSICAL) physical++;
  }
  const totalQuantity = sumQuantities(entries);
  return {
    subtotalCents,
    subtotalAmount: centsToMoney(subtotalCents, currency),
    totalQuantity,
    hasDigital: digital > 0,
    purelyDigital: entries.length > 0 && digital === entries.length,
    requiresShipping: physical > 0,
  };
};

/** The count the pill and the widget show: `100+` above 100. */
export const cartCountText = (count: number, localizedStrings?: LocalizedStrings): string =>
  count > CART_COUNT_CAP ? message('cart.count-over-cap', {}, localizedStrings) : String(count);

/** `item` or `items` for a count, by the locale's plural rules. */
export const cartItemWord = (count: number, locale = 'en-US', localizedStrings?: LocalizedStrings): string =>
  pluralRulesFor(locale).select(count) === 'one'
    ? message('cart.item', {}, localizedStrings)
    : message('cart.items', {}, localizedStrings);

/** The pill's text: `1 item`, `2 items`, `100+ items`. */
export const cartPillText = (count: number, locale = 'en-US', localizedStrings?: LocalizedStrings): string =>
  `${cartCountText(count, localizedStrings)} ${cartItemWord(count, locale, localizedStrings)}`;

/** The pill is hidden when the cart holds nothing. */
export const cartPillVisible = (count: number): boolean => count > 0;

/**
 * The widget's screen-reader label: `One item in cart`, `{n} items in cart`, `More than 100 items
 * in cart` above 100; `Cart` when there is no count to read (`count` undefined).
 */
export const cartWidgetLabel = (count: number | undefined, localizedStrings?: LocalizedStrings): string => {
  if (count === undefined) return message('cart.widget.label-empty', {}, localizedStrings);
  if (count > CART_COUNT_CAP) return message('cart.widget.label-over-cap', {}, localizedStrings);
  if (count === 1) return message('cart.widget.label-one', {}, localizedStrings);
  return message('cart.widget.label-many', { n: count }, localizedStrings);
};

/** The cart link helper's path. */
export const CART_URL = '/cart';
