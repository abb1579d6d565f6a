/**
 * Every table of the install, for what composes the modules: the app, migrations' checks and tests.
 * Each module and platform part declares its own tables in its `tables.ts` and touches them only
 * through its store, typed to those tables alone; no module or platform file imports this one.
 */
import type { AccountTables } from './modules/accounts/tables.ts';
import type { CartTables } from './modules/cart/tables.ts';
import type { CatalogueTables } from './modules/catalogue/tables.ts';
import type { CommentTables } from './modules/comments/tables.ts';
import type { DiscountTables } from './modules/discounts/tables.ts';
import type { FormTables } from './modules/forms/tables.ts';
import type { GiftCardTables } from './modules/gift-cards/tables.ts';
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

export interface Database
  extends
    AccountTables,
    CartTables,
    CatalogueTables,
    CommentTables,
    DiscountTables,
    FormTables,
    GiftCardTables,
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
