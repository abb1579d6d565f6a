import type { ColumnType, Selectable } from 'kysely';
import type { AccountTables } from './modules/accounts/tables.ts';
import type { BackofficeTables } from './backoffice/tables.ts';
import type { CatalogueTables } from './modules/catalogue/tables.ts';
import type { CheckoutTables } from './modules/orders/tables.ts';
import type { CommentTables } from './modules/comments/store.ts';
import type { FormTables } from './modules/forms/tables.ts';
import type { IdempotencyTables } from './platform/http/idempotency-tables.ts';
import type { RestockTables } from './modules/restock/tables.ts';
import type { ReviewTables } from './modules/reviews/tables.ts';
import type { SearchTables } from './modules/search/tables.ts';
import type { SiteContentTables } from './modules/content/tables.ts';
import type { SubscriptionTables } from './modules/subscriptions/tables.ts';
import type { TelemetryTables } from './modules/telemetry/tables.ts';

type Millis = ColumnType<number | string, number, number>;

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

export interface RateLimitsTable {
  key: string;
  window_start: Millis;
  count: number;
}

/** The sequence change keys take their versions from: its one row, `latest` (db/change-version.ts). */
export interface ChangeVersionsTable {
  name: 'latest';
  version: ColumnType<number | string, number, number>;
}

/** Each change key's version: the sequence's number when a write last moved it (db/change-version.ts). */
export interface ChangeKeysTable {
  key: string;
  version: ColumnType<number | string, number, number>;
}

/** The site-forms and telemetry tables are declared beside their code (forms/tables.ts, telemetry/tables.ts). */
export interface Database
  extends
    CatalogueTables,
    FormTables,
    TelemetryTables,
    CheckoutTables,
    IdempotencyTables,
    RestockTables,
    AccountTables,
    BackofficeTables,
    SearchTables,
    ReviewTables,
    SiteContentTables,
    SubscriptionTables,
    CommentTables {
  carts: CartsTable;
  cart_entries: CartEntriesTable;
  rate_limits: RateLimitsTable;
  change_versions: ChangeVersionsTable;
  change_keys: ChangeKeysTable;
}

export type CartRow = Selectable<CartsTable>;
