import type { Migration } from 'kysely';
import { migration as stripeEvents } from './migrations/2026-11-24-022-stripe-events.ts';

/** The migrations of the payments module's tables, by the name Kysely records (never rename one). */
export const paymentsMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-24-022-stripe-events': stripeEvents,
};
