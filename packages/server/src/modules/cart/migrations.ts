import type { Migration } from 'kysely';
import { migration as accountOrders } from './migrations/2026-11-24-011-account-orders.ts';
import { migration as cartPricing } from './migrations/2026-11-24-019-cart-pricing.ts';

/** The migrations of the cart module's tables, by the name Kysely records (never rename one). */
export const cartMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-24-011-account-orders': accountOrders,
  '2026-11-24-019-cart-pricing': cartPricing,
};
