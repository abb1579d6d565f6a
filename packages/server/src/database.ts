/**
 * The install's database as a whole, for what composes the modules (the app, the users command,
 * tests): every table, and every migration. Each module and platform part declares its own tables
 * in its `tables.ts` and touches them only through its store, typed to those tables alone; a
 * module's migrations live in its `migrations/`. No module or platform file imports this one.
 */
import type { Migration } from 'kysely';
import type { AccountTables } from './modules/accounts/tables.ts';
import type { CartTables } from './modules/cart/tables.ts';
import type { CatalogueTables } from './modules/catalogue/tables.ts';
import type { CommentTables } from './modules/comments/tables.ts';
import type { DiscountTables } from './modules/discounts/tables.ts';
import type { FormTables } from './modules/forms/tables.ts';
import type { GiftCardTables } from './modules/gift-cards/tables.ts';
import type { MediaTables } from './modules/media/tables.ts';
import type { OrderTables } from './modules/orders/tables.ts';
import type { PaymentTables } from './modules/payments/tables.ts';
import type { RestockTables } from './modules/restock/tables.ts';
import type { ReviewTables } from './modules/reviews/tables.ts';
import type { SearchTables } from './modules/search/tables.ts';
import type { SiteContentTables } from './modules/content/tables.ts';
import type { SubscriptionTables } from './modules/subscriptions/tables.ts';
import type { TelemetryTables } from './modules/telemetry/tables.ts';
import type { ChangeTables } from './platform/db/change-tables.ts';
import type { CaptchaTables } from './platform/http/captcha-tables.ts';
import type { IdempotencyTables } from './platform/http/idempotency-tables.ts';
import type { RateLimitTables } from './platform/http/rate-limit-tables.ts';
import type { SessionTables } from './platform/http/session-tables.ts';
import type { MailTables } from './platform/mail/tables.ts';

import { accountsMigrations } from './modules/accounts/index.ts';
import { cartMigrations } from './modules/cart/index.ts';
import { catalogueMigrations } from './modules/catalogue/index.ts';
import { commentsMigrations } from './modules/comments/index.ts';
import { contentMigrations } from './modules/content/index.ts';
import { discountsMigrations } from './modules/discounts/index.ts';
import { giftCardsMigrations } from './modules/gift-cards/index.ts';
import { mediaMigrations } from './modules/media/index.ts';
import { ordersMigrations } from './modules/orders/index.ts';
import { paymentsMigrations } from './modules/payments/index.ts';
import { restockMigrations } from './modules/restock/index.ts';
import { reviewsMigrations } from './modules/reviews/index.ts';
import { searchMigrations } from './modules/search/index.ts';
import { subscriptionsMigrations } from './modules/subscriptions/index.ts';
import { telemetryMigrations } from './modules/telemetry/index.ts';
import {
  openDatabase as openWithMigrations,
  type DatabaseHandle,
  type OpenConfig,
  type OpenOptions,
} from './platform/db/index.ts';
import { PLATFORM_MIGRATIONS } from './platform/db/migrations.ts';

export interface Database
  extends
    AccountTables,
    CartTables,
    CatalogueTables,
    CommentTables,
    DiscountTables,
    FormTables,
    GiftCardTables,
    MediaTables,
    OrderTables,
    PaymentTables,
    RestockTables,
    ReviewTables,
    SearchTables,
    SiteContentTables,
    SubscriptionTables,
    TelemetryTables,
    ChangeTables,
    CaptchaTables,
    IdempotencyTables,
    RateLimitTables,
    SessionTables,
    MailTables {}

/** Every migration: the platform's and the shared history's, then each module's (Kysely runs them by name). */
export const MIGRATIONS: Readonly<Record<string, Migration>> = gather([
  PLATFORM_MIGRATIONS,
  accountsMigrations,
  cartMigrations,
  catalogueMigrations,
  commentsMigrations,
  contentMigrations,
  discountsMigrations,
  giftCardsMigrations,
  mediaMigrations,
  ordersMigrations,
  paymentsMigrations,
  restockMigrations,
  reviewsMigrations,
  searchMigrations,
  subscriptionsMigrations,
  telemetryMigrations,
]);

function gather(sets: readonly Readonly<Record<string, Migration>>[]): Record<string, Migration> {
  const all: Record<string, Migration> = {};
  for (const set of sets)
    for (const [name, migration] of Object.entries(set)) {
      if (name in all) throw new Error(`Two migrations are named ${name}: rename the newer one`);
      all[name] = migration;
    }
  return all;
}

/** Opens the install's database and brings it to the latest migration (platform/db's openDatabase). */
export function openDatabase(
  config: OpenConfig,
  options: Omit<OpenOptions, 'migrations'> = {},
): Promise<DatabaseHandle> {
  return openWithMigrations(config, { ...options, migrations: MIGRATIONS });
}
