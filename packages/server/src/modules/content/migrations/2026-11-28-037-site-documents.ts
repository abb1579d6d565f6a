import type { Kysely, Migration } from 'kysely';

/**
 * The database becomes the source of truth for content (issue 30). `site_documents` holds the site
 * folder's documents other than collections, one row per file of `content/` ('website.json',
 * 'navigation.json', 'commerce.json', 'comments.json', 'forms/<name>.json'), each as its JSON.
 * `content_import_files` records what the last import read: each file's SHA-256, so that a start
 * can tell the operator that `content/` has changed since. No row at all: nothing imported yet.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('site_documents')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('updated_on', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('content_import_files')
      .addColumn('path', 'text', (c) => c.primaryKey())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('imported_on', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('content_import_files').ifExists().execute();
    await db.schema.dropTable('site_documents').ifExists().execute();
  },
};
