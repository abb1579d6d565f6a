/**
 * The page context: the JSON the server embeds in `<script id="storefront-context"
 * type="application/json">` for the browser islands (docs/interfaces.md), and the per-product data
 * in it. A product page needs no extra request before it is interactive.
 */
import { asBoolean, asNumber, asString, isObject, path, isTruthy } from './json.ts';
import { moneyToCents } from './money.ts';
import type { ConfirmedCheckoutOrder } from './tracking/commerce.ts';
import {
  type ProductType,
  type VariantOption,
  isOnSale,
  isSoldOut,
  isSubscribable,
  productTypeOf,
  totalStock,
  variantOptionsOf,
  variantsOf,
} from './product.ts';

/** Spec section 2 page-type codes. */
export const PageType = {
  COLLECTION: 1,
  PAGE: 2,
  SPLASH_PAGE: 3,
  ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  POPUP_OVERLAY: 104,
  PROTECTED_CONTENT: 105,
  MEMBER_AREA_ACCESS_DENIED: 106,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  CONTRIBUTION_CONFIRMED: 204,
  CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  ORDER_RECEIVED: 207,
  MEMBERSHIP_CONFIRMED: 208,
  REVIEWS_REQUEST: 209,
  NEWSLETTER_UNSUBSCRIBE: 300,
  COMMERCE_EMAIL_PREVIEW: 301,
} as const;

/** Spec section 3: merchandising context per product id. */
export interface MerchandisingContext {
  scarcityEnabled?: boolean;
  scarcityTemplateViews?: { attributes?: Record<string, string>; qtyInStock?: number }[];
  scarcityText?: string;
  scarcityShownByDefault?: boolean;
  customSoldOutText?: string;
  restockNotificationViews?: {
    variantId?: string;
    attributes?: Record<string, string>;
    [k: string]: unknown;
  }[];
  restockNotificationMessages?: {
    buttonText?: string;
    CTAText?: string;
    placeholderText?: string;
    mailingListDescription?: string;
    successText?: string;
  };
  mailingListSignUpEnabled?: boolean;
  mailingListOptInByDefault?: boolean;
}

/** One variant as the browser needs it: prices in minor units and live stock. */
export interface VariantForBrowser {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  optionValues: { optionName: string; value: string }[];
  currency: string;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  /** Units in stock; ignored when `unlimited`. */
  qtyInStock: number;
  unlimited: boolean;
}

export interface ProductForBrowser {
  id: string;
  collectionId: string | null;
  title: string;
  fullUrl: string;
  productType: ProductType;
  isSubscribable: boolean;
  soldOut: boolean;
  onSale: boolean;
  /** `null` when unlimited (or digital, gift card). */
  totalStock: number | null;
  options: VariantOption[];
  variants: VariantForBrowser[];
  /** Digital products carry their price on the product. */
  priceCents: number | null;
  salePriceCents: number | null;
  currency: string;
  useCustomAddButtonText: boolean;
  customAddButtonText: string | null;
  additionalFieldsFormId: string | null;
  subscriptionOptionId: string | null;
}

export interface PageContext {
  pageType: number;
  path: string;
  websiteId: string;
  collectionId: string | null;
  itemId: string | null;
  storeCurrency: string;
  authenticated: boolean;
  products: Record<string, ProductForBrowser>;
  merchandising: Record<string, MerchandisingContext>;
  localizedStrings: Record<string, string>;
  storeSettings: { multipleQuantityAllowedForServices: boolean; expressCheckout: boolean };
  /** On the order-confirmation page (202) only: the order, for the purchase analytics events. */
  confirmedOrder?: ConfirmedCheckoutOrder;
}

const strOrNull = (v: unknown): string | null => {
  const s = asString(v);
  return s === '' ? null : s;
};

/** Builds the browser's view of a product item (content JSON with live stock). */
export const productForBrowser = (item: unknown): ProductForBrowser => {
  const sc = path(item, 'structuredContent');
  const type = productTypeOf(item);
  const variants: VariantForBrowser[] = variantsOf(item).map((v) => {
    const price = moneyToCents(v.priceMoney);
    const sale = moneyToCents(v.salePriceMoney);
    const attributes: Record<string, string> = {};
    if (isObject(v.attributes))
      for (const [k, val] of Object.entries(v.attributes)) attributes[k] = asString(val);
    return {
      id: asString(v.id),
      sku: asString(v.sku),
      attributes,
      optionValues: (Array.isArray(v.optionValues) ? v.optionValues : []).map((o) => ({
        optionName: asString(o?.optionName),
        value: asString(o?.value),
      })),
      currency: price.currency,
      priceCents: price.cents,
      salePriceCents: sale.cents,
      onSale: isTruthy(v.onSale),
      qtyInStock: asNumber(v.qtyInStock) || 0,
      unlimited: isTruthy(v.unlimited),
    };
  });
  const digitalPrice = path(sc, 'priceMoney');
  const digitalSale = path(sc, 'salePriceMoney');
  const stock = totalStock(item);
  const first = variants[0];
  return {
    id: asString(path(item, 'id')),
    collectionId: strOrNull(path(item, 'collectionId')),
    title: asString(path(item, 'title')),
    fullUrl: asString(path(item, 'fullUrl')),
    productType: type,
    isSubscribable: isSubscribable(item),
    soldOut: isSoldOut(item),
    onSale: isOnSale(item),
    totalStock: Number.isFinite(stock) ? stock : null,
    options: variantOptionsOf(item),
    variants,
    priceCents: digitalPrice === undefined ? null : moneyToCents(digitalPrice).cents,
    salePriceCents: digitalSale === undefined ? null : moneyToCents(digitalSale).cents,
    currency: first?.currency ?? moneyToCents(digitalPrice).currency,
    useCustomAddButtonText: asBoolean(path(sc, 'useCustomAddButtonText')),
    customAddButtonText: strOrNull(path(sc, 'customAddButtonText')),
    additionalFieldsFormId: strOrNull(path(sc, 'additionalFieldsFormId')),
    subscriptionOptionId: strOrNull(path(sc, 'productSubscriptionOptions', '0', 'id')),
  };
};
