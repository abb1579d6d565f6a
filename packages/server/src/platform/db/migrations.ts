import type { Migration } from 'kysely';
import { migration as catalogueAndCarts } from './migrations/2026-11-22-001-catalogue-and-carts.ts';
import { migration as siteForms } from './migrations/2026-11-22-002-site-forms.ts';
import { migration as idempotency } from './migrations/2026-11-22-004-idempotency.ts';
import { migration as accounts } from './migrations/2026-11-23-009-accounts.ts';
import { migration as changeVersions } from './migrations/2026-11-23-010-change-versions.ts';
import { migration as backoffice } from './migrations/2026-11-24-014-backoffice.ts';
import { migration as backofficeRecords } from './migrations/2026-11-24-018-backoffice-records.ts';
import { migration as idempotencyLeases } from './migrations/2026-11-27-029-idempotency-leases.ts';
import { migration as unitPricesAndBillingZones } from './migrations/2026-11-27-035-unit-prices-and-billing-zones.ts';
import { migration as changeKeys } from './migrations/2026-11-27-036-change-keys.ts';

/**
 * The platform's migrations (its own tables: idempotency keys, change versions and keys) and the
 * shared history: migrations written before modules owned their tables, each creating or changing
 * tables of several modules. A module's own migrations live in `modules/<m>/migrations/`; the app
 * gathers them all (src/database.ts). Kysely records each name in the database: never rename or
 * edit a released migration; add a new file with the next date-stamped name, in the folder of the
 * module whose tables it changes.
 */
export const PLATFORM_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '2026-11-22-001-catalogue-and-carts': catalogueAndCarts,
  '2026-11-22-002-site-forms': siteForms,
  '2026-11-22-004-idempotency': idempotency,
  '2026-11-23-009-accounts': accounts,
  '2026-11-23-010-change-versions': changeVersions,
  '2026-11-24-014-backoffice': backoffice,
  '2026-11-24-018-backoffice-records': backofficeRecords,
  '2026-11-27-029-idempotency-leases': idempotencyLeases,
  '2026-11-27-035-unit-prices-and-billing-zones': unitPricesAndBillingZones,
  '2026-11-27-036-change-keys': changeKeys,
};
