/**
 * The cart and checkout HTTP contract (docs/interfaces.md, spec sections 3, 7 and 8): what the server
 * answers and what the browser reads, written once. Plain types, so the browser's bundle carries
 * nothing for them; the server's zod schemas are checked against the request bodies here.
 */
import type { Customer } from './checkout.ts';
import type {
  AppliedDiscount,
  AppliedTaxRule,
  InvalidCoupon,
  ShippingLocation,
  ShippingOption,
} from './pricing/index.ts';

/** A price as the content and the API carry it (a decimal string in the currency's minor unit). */
export interface WireMoney {
  currency: string;
  value: string;
}

/** A total as the API answers it. */
export interface WireAmount {
  decimalValue: string;
  currencyCode: string;
}

export interface WireOptionValue {
  optionName: string;
  value: string;
}

/** One line of the cart. */
export interface CartEntry {
  id: string;
  itemId: string;
  quantity: number;
  chosenVariant: {
    sku: string;
    attributes: Record<string, string>;
    optionValues: WireOptionValue[];
    priceMoney: WireMoney;
    salePriceMoney: WireMoney;
    onSale: boolean;
  };
  /** The additional-fields form answers, a JSON string. */
  additionalFields: string | null;
  unitPriceCents: number;
  item: { title: string; fullUrl: string; assetUrl: string | null; productType: number | null };
}

/** The shopping cart (`GET /api/commerce/shopping-cart` and every cart write's `shoppingCart`). */
export interface ShoppingCart {
  id: string;
  websiteId: string;
  orderId: string | null;
  created: number;
  isPurchased: boolean;
  entries: CartEntry[];
  /** Empty until the address is known (`shippingLocation`), and when nothing ships. */
  shippingOptions: ShippingOption[];
  selectedShippingOption: ShippingOption | null;
  shippingLocation: ShippingLocation | null;
  applicableTaxRules: AppliedTaxRule[];
  /** The codes on the cart as typed; each is in `validCoupons` or in `invalidCoupons` (with why). */
  coupons: string[];
  validCoupons: AppliedDiscount[];
  invalidCoupons: InvalidCoupon[];
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  subtotalAmount: WireAmount;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
}

// ------------------------------------------------------------------ requests

/** `POST /api/commerce/shopping-cart/entries`. */
export interface AddEntryRequest {
  itemId: string;
  sku?: string | null;
  /** Absent means 1; sent loose on purpose (core's rules word the refusal). */
  quantity?: unknown;
  /** The additional-fields form answers, a JSON string. */
  additionalFields?: string | null;
}

/** `PUT /api/commerce/shopping-cart/entries/{entryId}/quantity` (0 removes the entry). */
export interface QuantityRequest {
  /** Loose for the same reason as `AddEntryRequest`'s; absent is refused. */
  quantity: unknown;
}

/** `PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields`. */
export interface UpdateFieldsRequest {
  itemId?: string;
  sku?: string | null;
  additionalFields: string | null;
}

/** `POST /api/3/commerce/cart/subscription`. */
export interface SubscriptionRequest {
  itemId: string;
  sku?: string | null;
  qty?: unknown;
  additionalFields?: string | null;
}

/** `POST /api/commerce/shopping-cart/coupons` (the cart holds one code: a new one replaces it). */
export interface ApplyCouponRequest {
  code: string;
}

/** `PUT /api/commerce/shopping-cart/shipping-location`: where the estimate is for. */
export interface ShippingLocationRequest {
  /** ISO 3166-1 alpha-2 (`US`). */
  country: string;
  region?: string;
  postalCode?: string;
}

/** `PUT /api/commerce/shopping-cart/shipping-option`: one of the cart's `shippingOptions`. */
export interface ShippingOptionRequest {
  optionId: string;
}

// ------------------------------------------------------------------ answers

export interface AddEntryAnswer {
  shoppingCart: ShoppingCart;
  newlyAdded: CartEntry | null;
}

/** The answer of a quantity change or a removal. */
export interface CartAnswer {
  shoppingCart: ShoppingCart;
}

export interface UpdateFieldsAnswer {
  shoppingCart: ShoppingCart;
  updatedEntry: CartEntry | null;
}

export interface SubscriptionAnswer {
  cartToken: string;
}

/** One line of a placed order. */
export interface OrderLine {
  id: string;
  itemId: string;
  sku: string;
  title: string;
  quantity: number;
  unitPriceCents: number;
  productType: number;
  attributes: Record<string, string>;
  additionalFields: string | null;
  downloadUrl: string | null;
}

/** A placed order as the API answers it (docs/interfaces.md "Checkout"). */
export interface Order {
  id: string;
  orderNumber: number;
  created: number;
  status: string;
  kind: string;
  email: string;
  customerName: string;
  address: Customer['address'];
  currency: string;
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  discountCents: number;
  grandTotalCents: number;
  grandTotal: WireAmount;
  paymentProvider: string;
  paymentReference: string | null;
  cartId: string | null;
  extra: Record<string, unknown> | null;
  lines: OrderLine[];
}

/** `POST /api/commerce/orders`: the order placed and the page confirming it. */
export interface OrderAnswer {
  order: Order;
  confirmationUrl: string;
}

// ------------------------------------------------------------------ restock notifications (staff)

/** One product variant's restock sign-ups, as the staff's list of groups answers it. */
export interface SignUpGroup {
  productId: string;
  variantId: string;
  productTitle: string;
  sku: string;
  /** The variant's attributes ("Size": "M"). */
  attributes: Record<string, string>;
  /** Sign-ups not mailed yet. */
  waiting: number;
  sent: number;
  inStock: boolean;
  /** Waiting sign-ups whose variant is back in stock. */
  readyToSend: boolean;
}

// ------------------------------------------------------------------ the page context

/** Each product of the page context, as the islands receive and use it: core's parsed product. */
export type { Product, ProductVariant } from './product.ts';

// ------------------------------------------------------------------ refusals

/** Every refusal: a stable code and the shopper's message. */
export interface Refusal {
  code: string;
  message: string;
}

/** A refusal naming the fields at fault (checkout forms): field id to message. */
export interface FieldRefusal extends Refusal {
  field?: string;
  errors?: Record<string, string>;
}

/** A mutating call whose crumb did not match (403, spec section 8); the cart's calls also say why. */
export interface CrumbFailure extends Partial<Refusal> {
  crumbFail: true;
}

export type RefusalBody = Refusal | FieldRefusal | CrumbFailure;

// ------------------------------------------------------------------ site header and footer

/** The social services a footer link may name (docs/site-content.md). */
export const SOCIAL_SERVICES = [
  'instagram',
  'facebook',
  'x',
  'pinterest',
  'tiktok',
  'youtube',
  'linkedin',
  'mastodon',
  'threads',
  'bluesky',
] as const;
export type SocialService = (typeof SOCIAL_SERVICES)[number];

/** `PUT /api/site-header-footer`'s body, and what pages see as `siteHeaderFooter`. */
export interface SiteHeaderFooter {
  header: {
    announcementText: string;
    announcementUrl: string;
  };
  footer: { text: string; socialLinks: { service: SocialService; url: string }[] };
}

/** `GET /api/site-header-footer`: `updated` null when never saved. */
export interface SavedSiteHeaderFooter extends SiteHeaderFooter {
  updated: number | null;
  updatedBy: string | null;
}

/** The owner's figures for a range (`GET /config/analytics.json`): `[from, to)` in epoch ms. */
export interface TelemetrySummary {
  from: number;
  to: number;
  visits: number;
  visitors: number;
  pageViews: number;
  /** Page views per UTC day, 'YYYY-MM-DD' -> count, every day of the range. */
  pageViewsByDay: { day: string; count: number }[];
  topPages: { path: string; count: number }[];
  configViews: number;
  buttonClicks: { target: string; count: number }[];
  funnel: { step: string; events: number; carts: number }[];
  errors: { message: string; count: number; lastSeen: number; stack: string; url: string }[];
  performance: { pageType: number | null; records: number; p75: Record<string, number | null> }[];
}

/** A comment as pages and the visitor API show it: no address, no visitor key. */
export interface CommentView {
  id: string;
  parentId: string | null;
  authorName: string;
  body: string;
  /** Epoch milliseconds. */
  createdOn: number;
  /** Written by a staff member. */
  byStaff: boolean;
  /** The visitor's own comment, not yet approved. */
  awaitingApproval: boolean;
  replies: CommentView[];
}

// ------------------------------------------------------------------ cookies, headers, back office

export * from './wire/catalogue.ts';
export * from './wire/content.ts';
export * from './wire/config.ts';
export * from './wire/http.ts';
export * from './wire/navigation.ts';
export * from './wire/settings.ts';
export * from './wire/pages.ts';
export * from './wire/forms.ts';
