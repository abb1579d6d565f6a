import type { Migration } from 'kysely';
import { migration as comments } from './migrations/2026-11-24-023-comments.ts';

/** The migrations of the comments module's tables, by the name Kysely records (never rename one). */
export const commentsMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-24-023-comments': comments,
};
