import type { Kysely, Migration } from 'kysely';

/**
 * A store page's former URL slugs (issue 30): a slug changed in the back office keeps answering, with
 * a 301 to the page's address now, so links and search results pointing at the old one still land.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('collection_redirects')
      .addColumn('old_url_id', 'text', (c) => c.primaryKey())
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('collection_redirects_collection_idx')
      .on('collection_redirects')
      .column('collection_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('collection_redirects').ifExists().execute();
  },
};
