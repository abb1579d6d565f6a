import type { Kysely, Migration } from 'kysely';

/**
 * Store pages carry a version like products (issue 30 Build 5): a change made on an older one is
 * refused, and who saved last is kept; each save keeps a revision that can be restored.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('collections')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('collections').addColumn('updated_by', 'text').execute();
    await db.schema
      .createTable('collection_revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('saved_on', 'bigint', (c) => c.notNull())
      .addColumn('saved_by', 'text')
      /** The page after this save: title, slug, page size, categories and product order (JSON). */
      .addColumn('page', 'text', (c) => c.notNull())
      /** What changed against the version before, readable strings (JSON array). */
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('collection_revisions_collection_idx')
      .on('collection_revisions')
      .columns(['collection_id', 'version'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('collection_revisions').ifExists().execute();
    await db.schema.alterTable('collections').dropColumn('updated_by').execute();
    await db.schema.alterTable('collections').dropColumn('version').execute();
  },
};
