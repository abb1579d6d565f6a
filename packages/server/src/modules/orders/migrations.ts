import type { Migration } from 'kysely';
import { migration as orders } from './migrations/2026-11-22-005-orders.ts';
import { migration as providerRefunds } from './migrations/2026-11-27-033-provider-refunds.ts';

/** The migrations of the orders module's tables, by the name Kysely records (never rename one). */
export const ordersMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-22-005-orders': orders,
  '2026-11-27-033-provider-refunds': providerRefunds,
};
