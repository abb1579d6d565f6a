import type { Kysely, Migration } from 'kysely';

/**
 * An item's event start and end (issue 16: events lists page by start date in SQL). Start dates live
 * in the item's content, so content sync keeps these columns (db/event-dates.ts): `event_start` is
 * `startDate` (0 without one), `event_end` is `endDate`, or the start for an event without an end.
 * The default 0 differs from every dated event, so the first sync after this migration rewrites the
 * rows that need a date. Released: frozen. Portable types only.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('items')
      .addColumn('event_start', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('items')
      .addColumn('event_end', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('items_collection_event_start_idx')
      .on('items')
      .columns(['collection_id', 'event_start', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('items_collection_event_start_idx').ifExists().execute();
    await db.schema.alterTable('items').dropColumn('event_end').execute();
    await db.schema.alterTable('items').dropColumn('event_start').execute();
  },
};
