/**
 * The page context: the JSON the server embeds in `<script id="storefront-context"
 * type="application/json">` for the browser islands (docs/interfaces.md), and the per-product data
 * in it. A product page needs no extra request before it is interactive.
 */
import type { ConfirmedCheckoutOrder } from './tracking/commerce.ts';
import type { Product } from './product.ts';

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

export interface PageContext {
  pageType: number;
  path: string;
  websiteId: string;
  collectionId: string | null;
  itemId: string | null;
  storeCurrency: string;
  authenticated: boolean;
  /** The signed-in customer's account id (spec section 6: performance data), when `authenticated`. */
  memberId?: string;
  /** Every product the page shows, parsed by core's `parseProduct` (with live stock). */
  products: Record<string, Product>;
  merchandising: Record<string, MerchandisingContext>;
  localizedStrings: Record<string, string>;
  storeSettings: { multipleQuantityAllowedForServices: boolean; expressCheckout: boolean };
  /** On the order-confirmation page (202) only: the order, for the purchase analytics events. */
  confirmedOrder?: ConfirmedCheckoutOrder;
}
