import type { ColumnType, Selectable } from 'kysely';
import type { AccountTables } from './modules/accounts/tables.ts';
import type { BackofficeTables } from './backoffice/tables.ts';
import type { CartTables } from './modules/cart/tables.ts';
import type { CommentTables } from './modules/comments/tables.ts';
import type { DiscountTables } from './modules/discounts/tables.ts';
import type { OrderTables } from './modules/orders/tables.ts';
import type { PaymentTables } from './modules/payments/tables.ts';
import type { FormTables } from './modules/forms/tables.ts';
import type { GiftCardTables } from './modules/gift-cards/tables.ts';
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

/** The site-forms and telemetry tables are declared beside their code (forms/tables.ts, telemetry/tables.ts). */
export interface Database
  extends
    FormTables,
    TelemetryTables,
    OrderTables,
    PaymentTables,
    GiftCardTables,
    DiscountTables,
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
    CommentTables,
    CartTables {
  collections: CollectionsTable;
  items: ItemsTable;
  variants: VariantsTable;
  item_terms: ItemTermsTable;
}

export type CollectionRow = Selectable<CollectionsTable>;
export type ItemRow = Selectable<ItemsTable>;
export type VariantRow = Selectable<VariantsTable>;
export type ItemTermRow = Selectable<ItemTermsTable>;
