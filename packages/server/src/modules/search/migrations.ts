import type { Migration } from 'kysely';
import { migration as search } from './migrations/2026-11-24-013-search.ts';

/** The migrations of the search module's tables, by the name Kysely records (never rename one). */
export const searchMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-24-013-search': search,
};
