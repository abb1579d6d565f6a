import type { Migration } from 'kysely';
import { migration as reviews } from './migrations/2026-11-24-026-reviews.ts';

/** The migrations of the reviews module's tables, by the name Kysely records (never rename one). */
export const reviewsMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-24-026-reviews': reviews,
};
