import type { ColumnType, Selectable } from 'kysely';
import type { AccountTables } from './modules/accounts/tables.ts';
import type { BackofficeTables } from './backoffice/tables.ts';
import type { CheckoutTables } from './modules/orders/tables.ts';
import type { CommentTables } from './modules/comments/store.ts';
import type { FormTables } from './modules/forms/tables.ts';
import type { IdempotencyTables } from './platform/http/idempotency-tables.ts';
import type { RateLimitTables } from './platform/http/rate-limit-tables.ts';
import type { CaptchaTables } from './platform/http/captcha-tables.ts';
import type { SessionTables } from './platform/http/session-tables.ts';
import type { ChangeTables } from './platform/db/change-tables.ts';
import type { MailTables } from './platform/mail/tables.ts';
import type { RestockTables } from './modules/restock/tables.ts';
import type { ReviewTables } from './modules/reviews/tables.ts';
import type { SearchTables } from './modules/search/tables.ts';
import type { SiteContentTables } from './modules/content/tables.ts';
import type { SubscriptionTables } from './modules/subscriptions/tables.ts';
import type { TelemetryTables } from './modules/telemetry/tables.ts';

/**
 * Row types. Portable column types only (text, integer, bigint): booleans are 0/1 integers and
 * times are epoch milliseconds (PostgreSQL returns bigint as a string: read them with `Number`).
 */
type Millis = ColumnType<number | string, number, number>;

export interface CollectionsTable {
  id: string;
  url_id: string;
  title: string;
  type_name: string;
  type: number;
  homepage: number;
  position: number;
  /** The collection's content JSON (without its items). */
  data: string;
  updated_on: Millis;
}

export interface ItemsTable {
  id: string;
  collection_id: string;
  url_id: string;
  title: string;
  record_type: number;
  /** structuredContent.productType for store items, null otherwise. */
  product_type: number | null;
  position: number;
  starred: number;
  added_on: Millis;
  publish_on: Millis;
  /** The content's `startDate` (0 without one), kept by content sync (db/event-dates.ts). */
  event_start: ColumnType<number | string, number | undefined, number>;
  /** The content's `endDate`, else its start. */
  event_end: ColumnType<number | string, number | undefined, number>;
  /** The item's content JSON (variants' live stock is in `variants`). */
  data: string;
  updated_on: Millis;
}

/** An item's categories, tags and author (display name in `label`), kept by content sync for filters. */
export interface ItemTermsTable {
  item_id: string;
  collection_id: string;
  kind: 'category' | 'tag' | 'author';
  /** The term's index in the item's list (first-seen order of a collection's categories). */
  position: number;
  value: string;
  label: string | null;
}

export interface VariantsTable {
  id: string;
  item_id: string;
  sku: string;
  position: number;
  currency: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: number;
  /** What one unit costs a shopper (core's `variantUnitPrice`), for sorting by price in SQL. */
  unit_price_cents: number;
  /** Stock: owned by the database once inserted (content gives the starting values only). */
  unlimited: number;
  qty_in_stock: number;
  /** The variant's content JSON (attributes, optionValues, sizes...). */
  data: string;
}

export interface CartsTable {
  id: string;
  token: string;
  website_id: string;
  created: Millis;
  updated: Millis;
  is_purchased: number;
  order_id: string | null;
  /** The customer whose cart it is (one open cart per customer; accounts/customer-cart.ts). */
  account_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The discount code on the cart, as typed (issue 17; commerce/pricing.ts). */
  coupon_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON `{ country, region, postalCode }`: where the shipping and tax estimate is for. */
  shipping_location: ColumnType<string | null, string | null | undefined, string | null>;
  /** The chosen shipping option's id. */
  shipping_option: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CartEntriesTable {
  id: string;
  cart_id: string;
  item_id: string;
  variant_id: string;
  sku: string;
  quantity: number;
  /** The additionalFields JSON string as sent, or null. */
  additional_fields: string | null;
  created: Millis;
  /** Order of the entry in its cart (max + 1 when added). */
  position: number;
}

/** The site-forms and telemetry tables are declared beside their code (forms/tables.ts, telemetry/tables.ts). */
export interface Database
  extends
    FormTables,
    TelemetryTables,
    CheckoutTables,
    IdempotencyTables,
    RateLimitTables,
    ChangeTables,
    MailTables,
    CaptchaTables,
    SessionTables,
    RestockTables,
    AccountTables,
    BackofficeTables,
    SearchTables,
    ReviewTables,
    SiteContentTables,
    SubscriptionTables,
    CommentTables {
  collections: CollectionsTable;
  items: ItemsTable;
  variants: VariantsTable;
  item_terms: ItemTermsTable;
  carts: CartsTable;
  cart_entries: CartEntriesTable;
}

export type CollectionRow = Selectable<CollectionsTable>;
export type ItemRow = Selectable<ItemsTable>;
export type VariantRow = Selectable<VariantsTable>;
export type ItemTermRow = Selectable<ItemTermsTable>;
export type CartRow = Selectable<CartsTable>;
