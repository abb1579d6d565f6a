import type { Kysely, Migration } from 'kysely';

/**
 * A product list sorted by title (`?sort=title`, issue 18) reads a collection's items in title
 * order from an index instead of sorting the whole collection for each page.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('items_collection_title_idx')
      .on('items')
      .columns(['collection_id', 'title', 'position'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('items_collection_title_idx').ifExists().execute();
  },
};
