import type { Kysely, Migration } from 'kysely';

/**
 * Indexes for pages that read only what they show (issue 20): a chronological collection's pages
 * by publish time (keyset), and a collection's featured items by position.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('items_collection_publish_idx')
      .on('items')
      .columns(['collection_id', 'publish_on', 'position'])
      .execute();
    await db.schema
      .createIndex('items_collection_starred_idx')
      .on('items')
      .columns(['collection_id', 'starred', 'position'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('items_collection_starred_idx').ifExists().execute();
    await db.schema.dropIndex('items_collection_publish_idx').ifExists().execute();
  },
};
