import type { Migration } from 'kysely';
import { migration as restock } from './migrations/2026-11-22-006-restock.ts';

/** The migrations of the restock module's tables, by the name Kysely records (never rename one). */
export const restockMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-22-006-restock': restock,
};
