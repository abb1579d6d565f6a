import type { ColumnType } from 'kysely';

/**
 * The site's header and footer and its languages (issue 15; migration
 * 2026-11-24-017-site-header-footer-languages). Times are epoch milliseconds (PostgreSQL returns
 * bigint as a string: read them with `Number`).
 */
type Millis = ColumnType<number | string, number, number>;

/** One row per language: '' is every language's; a BCP 47 tag, that language's own (later). */
export interface SiteHeaderFooterTable {
  language: string;
  /** JSON: the header (sitecontent/header-footer.ts). */
  header: string;
  /** JSON: the footer. */
  footer: string;
  updated: Millis;
  /** The staff member's address who saved it. */
  updated_by: string | null;
}

/** The enabled languages; none: the content's own language alone. */
export interface SiteLanguagesTable {
  tag: string;
  is_default: number;
  position: number;
}

/**
 * The site folder's documents other than collections (migration 2026-11-28-037-site-documents):
 * one row per file of `content/`, named by its path there ('website.json', 'forms/contact.json').
 */
export interface SiteDocumentsTable {
  name: string;
  /** The file's JSON. */
  data: string;
  /** Moves by one with each change of `data`. */
  version: number;
  updated_on: Millis;
  /** Who saved it last in the back office (their email); null: an import (migration 2026-11-28-047). */
  updated_by: string | null;
}

/** Each save of a site document in the back office (migration 2026-11-28-047-document-revisions). */
export interface SiteDocumentRevisionsTable {
  id: string;
  /** The document's name ('website.json'). */
  name: string;
  version: number;
  saved_on: Millis;
  saved_by: string | null;
  /** The document as that save left it (JSON). */
  data: string;
  /** What changed against the version before (JSON array of strings). */
  changes: string;
}

/** What the last import read: one row per file of `content/` (media aside), by its path there. */
export interface ContentImportFilesTable {
  path: string;
  sha256: string;
  imported_on: Millis;
}

export interface SiteContentTables {
  site_header_footer: SiteHeaderFooterTable;
  site_languages: SiteLanguagesTable;
  site_documents: SiteDocumentsTable;
  site_document_revisions: SiteDocumentRevisionsTable;
  content_import_files: ContentImportFilesTable;
}
