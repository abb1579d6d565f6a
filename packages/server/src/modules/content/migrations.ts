import type { Migration } from 'kysely';
import { migration as siteHeaderFooterLanguages } from './migrations/2026-11-24-017-site-header-footer-languages.ts';

/** The migrations of the content module's tables, by the name Kysely records (never rename one). */
export const contentMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-24-017-site-header-footer-languages': siteHeaderFooterLanguages,
};
