import type { Migration, MigrationProvider } from 'kysely';
import { migration as catalogueAndCarts } from './migrations/2026-11-22-001-catalogue-and-carts.ts';
import { migration as siteForms } from './migrations/2026-11-22-002-site-forms.ts';
import { migration as telemetry } from './migrations/2026-11-22-003-telemetry.ts';
import { migration as idempotency } from './migrations/2026-11-22-004-idempotency.ts';
import { migration as orders } from './migrations/2026-11-22-005-orders.ts';
import { migration as restock } from './migrations/2026-11-22-006-restock.ts';
import { migration as cataloguePageIndexes } from './migrations/2026-11-23-007-catalogue-page-indexes.ts';
import { migration as itemTerms } from './migrations/2026-11-23-008-item-terms.ts';
import { migration as accounts } from './migrations/2026-11-23-009-accounts.ts';
import { migration as changeVersions } from './migrations/2026-11-23-010-change-versions.ts';
import { migration as accountOrders } from './migrations/2026-11-24-011-account-orders.ts';
import { migration as passkeys } from './migrations/2026-11-24-012-passkeys.ts';
import { migration as search } from './migrations/2026-11-24-013-search.ts';
import { migration as backoffice } from './migrations/2026-11-24-014-backoffice.ts';
import { migration as collectionSort } from './migrations/2026-11-24-015-collection-sort.ts';
import { migration as passkeyNamesCodeLinks } from './migrations/2026-11-24-016-passkey-names-code-links.ts';
import { migration as siteHeaderFooterLanguages } from './migrations/2026-11-24-017-site-header-footer-languages.ts';
import { migration as backofficeRecords } from './migrations/2026-11-24-018-backoffice-records.ts';
import { migration as cartPricing } from './migrations/2026-11-24-019-cart-pricing.ts';
import { migration as discountRedemptions } from './migrations/2026-11-24-020-discount-redemptions.ts';
import { migration as giftCards } from './migrations/2026-11-24-021-gift-cards.ts';
import { migration as stripeEvents } from './migrations/2026-11-24-022-stripe-events.ts';
import { migration as comments } from './migrations/2026-11-24-023-comments.ts';
import { migration as eventDates } from './migrations/2026-11-24-024-event-dates.ts';
import { migration as subscriptions } from './migrations/2026-11-24-025-subscriptions.ts';
import { migration as reviews } from './migrations/2026-11-24-026-reviews.ts';
import { migration as subscriptionManageLinks } from './migrations/2026-11-24-027-subscription-manage-links.ts';
import { migration as savedCards } from './migrations/2026-11-24-028-saved-cards.ts';
import { migration as idempotencyLeases } from './migrations/2026-11-27-029-idempotency-leases.ts';
import { migration as providerRefunds } from './migrations/2026-11-27-033-provider-refunds.ts';
import { migration as unitPricesAndBillingZones } from './migrations/2026-11-27-035-unit-prices-and-billing-zones.ts';
import { migration as changeKeys } from './migrations/2026-11-27-036-change-keys.ts';

/**
 * The one set of migrations, for SQLite and PostgreSQL alike (portable types only), each a frozen
 * file in migrations/ named as it is registered. Kysely records these names in existing databases:
 * never rename or edit a released one; add a new file with the next date-stamped name.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22-001-catalogue-and-carts': catalogueAndCarts,
  '2026-11-22-002-site-forms': siteForms,
  '2026-11-22-003-telemetry': telemetry,
  '2026-11-22-004-idempotency': idempotency,
  '2026-11-22-005-orders': orders,
  '2026-11-22-006-restock': restock,
  '2026-11-23-007-catalogue-page-indexes': cataloguePageIndexes,
  '2026-11-23-008-item-terms': itemTerms,
  '2026-11-23-009-accounts': accounts,
  '2026-11-23-010-change-versions': changeVersions,
  '2026-11-24-011-account-orders': accountOrders,
  '2026-11-24-012-passkeys': passkeys,
  '2026-11-24-013-search': search,
  '2026-11-24-014-backoffice': backoffice,
  '2026-11-24-015-collection-sort': collectionSort,
  '2026-11-24-016-passkey-names-code-links': passkeyNamesCodeLinks,
  '2026-11-24-017-site-header-footer-languages': siteHeaderFooterLanguages,
  '2026-11-24-018-backoffice-records': backofficeRecords,
  '2026-11-24-019-cart-pricing': cartPricing,
  '2026-11-24-020-discount-redemptions': discountRedemptions,
  '2026-11-24-021-gift-cards': giftCards,
  '2026-11-24-022-stripe-events': stripeEvents,
  '2026-11-24-023-comments': comments,
  '2026-11-24-024-event-dates': eventDates,
  '2026-11-24-025-subscriptions': subscriptions,
  '2026-11-24-026-reviews': reviews,
  '2026-11-24-027-subscription-manage-links': subscriptionManageLinks,
  '2026-11-24-028-saved-cards': savedCards,
  '2026-11-27-029-idempotency-leases': idempotencyLeases,
  '2026-11-27-033-provider-refunds': providerRefunds,
  '2026-11-27-035-unit-prices-and-billing-zones': unitPricesAndBillingZones,
  '2026-11-27-036-change-keys': changeKeys,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
