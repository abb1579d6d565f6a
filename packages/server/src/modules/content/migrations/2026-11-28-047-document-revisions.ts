import type { Kysely, Migration } from 'kysely';

/**
 * Site documents edited in the back office (issue 31): `site_documents` says who saved a document
 * last (null: an import), and `site_document_revisions` keeps each save of any document (the site
 * settings' `website.json`, the navigation's `navigation.json`, ...) with who, when and what
 * changed, so that staff can restore one. Released: frozen. Portable types only, and no import of
 * the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('site_documents').addColumn('updated_by', 'text').execute();
    await db.schema
      .createTable('site_document_revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('saved_on', 'bigint', (c) => c.notNull())
      .addColumn('saved_by', 'text')
      /** The document as this save left it (JSON). */
      .addColumn('data', 'text', (c) => c.notNull())
      /** What changed against the version before, readable strings (JSON array). */
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('site_document_revisions_name_idx')
      .on('site_document_revisions')
      .columns(['name', 'version'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('site_document_revisions').ifExists().execute();
    await db.schema.alterTable('site_documents').dropColumn('updated_by').execute();
  },
};
