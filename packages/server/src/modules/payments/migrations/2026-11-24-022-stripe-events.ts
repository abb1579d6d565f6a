import type { Kysely, Migration } from 'kysely';

/**
 * Stripe webhook events already acted on (issue 17): the event id is the primary key, inserted in
 * the same transaction as the order change it caused, so a replayed or concurrently redelivered
 * event finds its id taken and changes nothing. Released: frozen. Portable types only.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('stripe_events')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('received', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('stripe_events').ifExists().execute();
  },
};
