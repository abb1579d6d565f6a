import type { Kysely, Migration } from 'kysely';

/**
 * Every save of a page's layout in the back office (issue 31): its blocks after the save and what
 * changed, restorable. Posts keep theirs in `item_revisions`, as products do.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('page_content_revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('saved_on', 'bigint', (c) => c.notNull())
      .addColumn('saved_by', 'text')
      /** The layout's blocks after this save (JSON array). */
      .addColumn('blocks', 'text', (c) => c.notNull())
      /** What changed against the version before, readable strings (JSON array). */
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('page_content_revisions_collection_idx')
      .on('page_content_revisions')
      .columns(['collection_id', 'version'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('page_content_revisions').ifExists().execute();
  },
};
