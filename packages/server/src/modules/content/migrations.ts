import type { Migration } from 'kysely';
import { migration as siteHeaderFooterLanguages } from './migrations/2026-11-24-017-site-header-footer-languages.ts';
import { migration as siteDocuments } from './migrations/2026-11-28-037-site-documents.ts';
import { migration as documentRevisions } from './migrations/2026-11-28-047-document-revisions.ts';
import { migration as navigationEditor } from './migrations/2026-11-28-048-navigation-editor.ts';

/** The migrations of the content module's tables, by the name Kysely records (never rename one). */
export const contentMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-24-017-site-header-footer-languages': siteHeaderFooterLanguages,
  '2026-11-28-037-site-documents': siteDocuments,
  '2026-11-28-047-document-revisions': documentRevisions,
  '2026-11-28-048-navigation-editor': navigationEditor,
};
