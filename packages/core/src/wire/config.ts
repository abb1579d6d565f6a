/**
 * The back office's HTTP contract (docs/backoffice.md): what `/api/config/…`, the multilingual
 * settings and the staff's restock calls answer, and what the back-office page boots with. The
 * server's handlers return these types and the screens of packages/web/src/config read them, so a
 * field renamed on one side breaks the other's build. Plain types: the browser's bundle carries
 * nothing for them.
 */
import type { SubscriptionState } from '../subscriptions.ts';

/** A page of a keyset-paged list (spec section 7's paging): the rows under `K`, and where the next page starts. */
export type CursorPage<K extends string, T> = { [P in K]: T[] } & {
  hasNextPage: boolean;
  nextPageCursor: string | null;
};

/** What the back-office page knows before its first request (its `config-data` block). */
export interface BackOfficeBoot {
  email: string;
  permissions: string[];
  siteTitle: string;
}

// ------------------------------------------------------------------ dashboard

/** Money per currency, in minor units. */
export type CurrencyAmounts = { currency: string; cents: number }[];

/** A period's figures: each part only for staff allowed to see it. */
export interface DashboardPeriod {
  orders?: number;
  /** Paid orders only: money received. */
  revenue?: CurrencyAmounts;
  /** Orders awaiting payment: owed, not received. */
  unpaid?: CurrencyAmounts;
  visitors?: number;
  conversion?: number | null;
}

export interface LowStockVariant {
  variantId: string;
  productId: string;
  productTitle: string;
  sku: string;
  attributes: Record<string, string>;
  qtyInStock: number;
}

/** `GET /api/config/dashboard`. */
export interface DashboardAnswer {
  today: DashboardPeriod;
  week: DashboardPeriod;
  lowStock?: LowStockVariant[];
  restock?: { waiting: number; readyToSend: number };
}

// ------------------------------------------------------------------ orders

export type FulfilmentState = 'unfulfilled' | 'partial' | 'fulfilled';

/** One order of `GET /api/config/orders`. */
export interface OrderSummary {
  number: number;
  created: number;
  email: string;
  customerName: string;
  status: string;
  fulfilment: FulfilmentState;
  items: number;
  grandTotalCents: number;
  currency: string;
}

export type OrderPage = CursorPage<'orders', OrderSummary>;

/** `GET /api/config/product-choices`: products whose title matches, for the orders' product filter. */
export interface ProductChoice {
  productId: string;
  title: string;
}

export interface ProductChoices {
  products: ProductChoice[];
}

/** A refunded line and how many of it. */
export interface RefundedLine {
  lineId: string;
  quantity: number;
}

/** `GET /api/config/orders/{number}`, and the answer of every action on the order. */
export interface OrderDetail {
  id: string;
  number: number;
  created: number;
  status: string;
  kind: string;
  customer: { email: string; name: string; accountId: string | null };
  address: Record<string, string> | null;
  currency: string;
  totals: {
    subtotalCents: number;
    taxCents: number;
    shippingCents: number;
    discountCents: number;
    grandTotalCents: number;
    refundedCents: number;
    pendingRefundCents: number;
    refundableCents: number;
  };
  payment: { provider: string; reference: string | null; giftCardCents: number };
  giftCards: {
    /** An unpaid order's cards do not exist yet: they are issued on payment. */
    onPayment: boolean;
    cards: { hint: string; initialCents: number; balanceCents: number }[];
  };
  lines: {
    id: string;
    itemId: string;
    variantId: string;
    sku: string;
    title: string;
    attributes: Record<string, string>;
    quantity: number;
    fulfilledQuantity: number;
    refundedQuantity: number;
    takesStock: boolean;
    unitPriceCents: number;
  }[];
  fulfilments: {
    id: string;
    created: number;
    trackingNumber: string | null;
    trackingUrl: string | null;
    lines: RefundedLine[];
  }[];
  refunds: {
    id: string;
    created: number;
    amountCents: number;
    reason: string | null;
    status: string;
    giftCardCents: number;
    providerCents: number;
    lines: RefundedLine[] | null;
    restocked: boolean;
  }[];
  timeline: {
    id: string;
    created: number;
    kind: string;
    by: string | null;
    detail: Record<string, unknown> | null;
  }[];
}

// ------------------------------------------------------------------ gift cards

export type GiftCardState = 'active' | 'spent' | 'voided';

/** A gift card as staff see it: the end of its code only. */
export interface BackOfficeGiftCard {
  id: string;
  hint: string;
  initialCents: number;
  balanceCents: number;
  currency: string;
  orderNumber: number | null;
  recipient: string;
  issued: number;
  state: GiftCardState;
}

export type GiftCardPage = CursorPage<'giftCards', BackOfficeGiftCard>;

export interface GiftCardLedgerEntry {
  id: string;
  created: number;
  reason: string;
  changeCents: number;
  /** The card's balance after this entry. */
  balanceCents: number;
  orderNumber: number | null;
}

/** `GET /api/config/gift-cards/{id}`. */
export interface GiftCardLedgerAnswer {
  giftCard: BackOfficeGiftCard;
  entries: GiftCardLedgerEntry[];
}

// ------------------------------------------------------------------ stock

/** A variant of `GET /api/config/stock`. */
export interface StockVariant {
  variantId: string;
  productId: string;
  productTitle: string;
  sku: string;
  attributes: Record<string, string>;
  unlimited: boolean;
  qtyInStock: number;
}

export type StockPage = CursorPage<'variants', StockVariant>;

/** An entry of `GET /api/config/stock/ledger`. */
export interface StockLedgerEntry {
  id: string;
  created: number;
  variantId: string;
  sku: string | null;
  productTitle: string | null;
  change: number;
  reason: string;
  orderId: string | null;
  note: string | null;
  by: string | null;
}

export type StockLedgerPage = CursorPage<'entries', StockLedgerEntry>;

/** `POST /api/config/stock/{variantId}`: the level now. */
export interface StockChangeAnswer {
  variantId: string;
  qtyInStock: number;
}

// ------------------------------------------------------------------ form submissions

export interface FormSummary {
  formId: string;
  name: string;
  /** Submissions received (spam left out). */
  submissions: number;
  lastSubmitted: number | null;
}

/** `GET /api/config/forms`. */
export interface FormsAnswer {
  forms: FormSummary[];
}

export interface Submission {
  id: string;
  created: number;
  status: string;
  pagePath: string | null;
  answers: { fieldId: string; title: string; answer: string }[];
}

/** `GET /api/config/forms/{formId}/submissions`. */
export type SubmissionPage = CursorPage<'submissions', Submission> & {
  formId: string;
  name: string;
  fields: { id: string; title: string }[];
};

/** One submission, and the answer of marking it. */
export type SubmissionAnswer = Submission & { formId: string };

/** The answer of deleting one for good. */
export interface SubmissionDeleted {
  deleted: string;
}

// ------------------------------------------------------------------ the outbox

export interface OutboxMail {
  id: string;
  created: number;
  kind: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  error: string | null;
  sentAt: number | null;
}

export type OutboxPage = CursorPage<'mails', OutboxMail>;

// ------------------------------------------------------------------ moderation

export type CommentState = 'pending' | 'approved' | 'spam' | 'deleted';

/** A comment as staff moderate it: no address, no visitor key. */
export interface ModeratedComment {
  id: string;
  itemId: string;
  itemTitle: string | null;
  itemUrl: string | null;
  parentId: string | null;
  authorName: string;
  byStaff: boolean;
  body: string;
  state: CommentState;
  created: number;
  moderatedAt: number | null;
  moderatedBy: string | null;
}

export type ModeratedCommentPage = CursorPage<'comments', ModeratedComment>;

export type ReviewState = 'pending' | 'approved' | 'rejected';

export interface ModeratedReview {
  id: string;
  state: ReviewState;
  created: number;
  itemId: string;
  productTitle: string;
  rating: number;
  title: string;
  body: string;
  customerName: string;
  email: string;
  orderId: string;
  moderatedAt: number | null;
}

export type ModeratedReviewPage = CursorPage<'reviews', ModeratedReview>;

// ------------------------------------------------------------------ subscriptions

export type { SubscriptionState };

/** A subscription as pages and the JSON API show it to its customer (and a template's context). */
export interface SubscriptionView {
  id: string;
  title: string;
  itemId: string;
  sku: string;
  quantity: number;
  state: SubscriptionState;
  billingPeriod: { value: number; unit: string };
  numBillingCycles: number;
  cyclesMade: number;
  /** Epoch ms of the next renewal; null when none will come (cancelled, ended, failed). */
  nextRenewal: number | null;
  /** Its day on the calendar of the subscription's time zone (`YYYY-MM-DD`), as shoppers are told it. */
  nextRenewalDay: string | null;
  created: number;
}

/** A subscription as staff see it: what its customer sees, with who it is for and how renewals went. */
export interface StaffSubscription extends SubscriptionView {
  customer: { email: string; name: string };
  failures: number;
  lastError: string | null;
  firstOrderNumber: number | null;
}

export type StaffSubscriptionPage = CursorPage<'subscriptions', StaffSubscription>;

/** The answer of pausing, resuming or cancelling one. */
export interface StaffSubscriptionAnswer {
  subscription: StaffSubscription;
}

// ------------------------------------------------------------------ restock (staff)

/** `POST …/notifications/restock/send`: how many mails were queued. */
export interface RestockSendAnswer {
  sent: number;
}

/** `POST …/notifications/restock/send/all`: in all, and per variant. */
export interface RestockSendAllAnswer extends RestockSendAnswer {
  results: { productId: string; variantId: string; sent: number }[];
}

// ------------------------------------------------------------------ languages

export interface Language {
  tag: string;
  name: string;
}

/** `GET /api/multilingual/settings`, and the answer of `PUT /api/multilingual/languages`. */
export interface LanguageSettingsAnswer {
  defaultLanguage: string;
  languages: (Language & { isDefault: boolean })[];
  availableLanguages: Language[];
}

/** `GET /api/multilingual/status`. */
export interface LanguageStatusAnswer {
  multilingual: boolean;
  defaultLanguage: string;
  languages: (Language & {
    isDefault: boolean;
    /** Where its pages live. */
    path: string;
    /** Whether the template (or the content) has its strings; otherwise they are en-US's. */
    localizedStrings: 'translated' | 'fallback';
    /** Content in other languages is not edited yet: every language shows the content's own. */
    content: 'original' | 'untranslated';
  })[];
}
