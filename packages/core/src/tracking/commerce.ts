/**
 * Commerce analytics events (spec sections 3 and 7): add to cart, view product, product page visit,
 * view cart, remove from cart, checkout confirmed and purchase, reviews vitals anchor click and
 * reviews tab click, with the fields of section 3. Money
 * is held in cents and reported divided by 100 with two decimals.
 */
import { decimalToMinor } from '../money.ts';

export const CommerceEvent = {
  ADD_TO_CART: 'add_to_cart',
  VIEW_PRODUCT: 'view_product',
  PRODUCT_PAGE_VISIT: 'product_page_visit',
  VIEW_CART: 'view_cart',
  REMOVE_FROM_CART: 'remove_from_cart',
  CHECKOUT_CONFIRMED: 'checkout_confirmed',
  PURCHASE: 'purchase',
  /** The product page's rating summary, a link down to its reviews, clicked (issue 17). */
  REVIEWS_VITALS_ANCHOR_CLICK: 'reviews_vitals_anchor_click',
  /** The product page's reviews tab opened or closed (issue 17). */
  REVIEWS_TAB_CLICK: 'reviews_tab_click',
} as const;
export type CommerceEventName = (typeof CommerceEvent)[keyof typeof CommerceEvent];
export const COMMERCE_EVENT_NAMES: readonly CommerceEventName[] = Object.values(CommerceEvent);

/** Cents to the analytics amount: divided by 100, two decimals ('12.50'). */
export function analyticsAmount(cents: number): string {
  if (!Number.isFinite(cents)) return '0.00';
  const negative = cents < 0;
  const whole = Math.round(Math.abs(cents));
  const text = `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
  return negative && whole !== 0 ? `-${text}` : text;
}

export interface CommerceEventFields {
  website_id: string;
  page_id: string;
  cart_id: string;
  item_id: string;
  item_type: string;
  item_title: string;
  item_price: string;
  currency_code: string;
  item_quantity: number;
  num_items_in_cart: number;
  cart_value: string;
  product_types_list: string[];
  purchase_type_list: string[];
  item_variant_object: Record<string, string>;
}

export interface CommerceItemInput {
  id: string;
  productType?: number | string;
  title?: string;
  unitPriceCents?: number;
  quantity?: number;
  attributes?: Record<string, string>;
  sku?: string;
}

export interface CommerceCartInput {
  id?: string;
  totalQuantity?: number;
  subtotalCents?: number;
  entries?: { productType?: number | string; purchaseType?: string }[];
}

const PRODUCT_TYPE_NAMES: Record<string, string> = {
  '1': 'PHYSICAL',
  '2': 'DIGITAL',
  '3': 'SERVICE',
  '4': 'GIFT_CARD',
  '5': 'PAYWALL',
};
export const productTypeName = (t: number | string | undefined): string =>
  t === undefined ? '' : (PRODUCT_TYPE_NAMES[String(t)] ?? String(t));

/** The section 3 fields of one commerce event. */
export function commerceEventFields(input: {
  websiteId: string;
  pageId?: string | null;
  currency: string;
  item?: CommerceItemInput;
  cart?: CommerceCartInput;
}): CommerceEventFields {
  const item = input.item;
  const cart = input.cart;
  const unique = (xs: string[]) => [...new Set(xs.filter((x) => x !== ''))];
  return {
    website_id: input.websiteId,
    page_id: input.pageId ?? '',
    cart_id: cart?.id ?? '',
    item_id: item?.id ?? '',
    item_type: productTypeName(item?.productType),
    item_title: item?.title ?? '',
    item_price: analyticsAmount(item?.unitPriceCents ?? 0),
    currency_code: input.currency,
    item_quantity: item?.quantity ?? 0,
    num_items_in_cart: cart?.totalQuantity ?? 0,
    cart_value: analyticsAmount(cart?.subtotalCents ?? 0),
    product_types_list: unique((cart?.entries ?? []).map((e) => productTypeName(e.productType))),
    purchase_type_list: unique((cart?.entries ?? []).map((e) => e.purchaseType ?? 'ONE_TIME')),
    item_variant_object: { ...(item?.attributes ?? {}), ...(item?.sku ? { sku: item.sku } : {}) },
  };
}

/** A decimal money value as spec section 3 writes it (`decimalValue` read when present). */
export interface DecimalValue {
  decimalValue: string;
  currencyCode?: string;
}

/**
 * Spec section 3, "Confirmed-checkout order": what the order-confirmation page (page type 202)
 * carries in its page context, for the checkout-confirmed and purchase events.
 */
export interface ConfirmedCheckoutOrder {
  id: string;
  purchasedCartId: string | null;
  testMode: boolean;
  websiteId: string;
  items: {
    sku: string;
    productName: string;
    quantity: number;
    unitPrice: DecimalValue;
    /** Ours, beside the spec's fields: the line's product type (for product_types_list). */
    productType?: number | string;
  }[];
  grandTotal: DecimalValue;
  shippingTotal?: DecimalValue;
  taxTotal?: DecimalValue;
}

const decimalCents = (value: DecimalValue | undefined, currency: string): number => {
  const minor = value ? decimalToMinor(value.decimalValue, value.currencyCode ?? currency) : undefined;
  return minor?.ok ? minor.value : 0;
};

/** The cart fields of the checkout-confirmed and purchase events for a confirmed order. */
export function confirmedOrderCart(order: ConfirmedCheckoutOrder, currency: string): CommerceCartInput {
  return {
    id: order.purchasedCartId ?? order.id,
    totalQuantity: order.items.reduce((n, i) => n + i.quantity, 0),
    subtotalCents: decimalCents(order.grandTotal, currency),
    entries: order.items.map((i) => ({ productType: i.productType })),
  };
}

/** Spec section 8: the analytics sender's messages. */
export const ANALYTICS_MESSAGES = {
  noPayload: 'no payload',
  httpStatus: (status: number) => `Error tracking event: HTTP Status ${status}`,
  storageUnavailable: 'Unable access local/session storage.',
} as const;

/** Spec section 7: the JSON sender succeeds on HTTP 200 or 202. */
export const isTrackingSuccess = (status: number): boolean => status === 200 || status === 202;
