import type { Migration } from 'kysely';
import { migration as discountRedemptions } from './migrations/2026-11-24-020-discount-redemptions.ts';

/** The migrations of the discounts module's tables, by the name Kysely records (never rename one). */
export const discountsMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-24-020-discount-redemptions': discountRedemptions,
};
