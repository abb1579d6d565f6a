import type { Kysely, Migration } from 'kysely';

/**
 * Product reviews (issue 17): `review_requests` holds the mailed link's token (its SHA-256 digest
 * only), when it expires and when it was used; `reviews` one row per order line (a verified buyer
 * reviews what they received, once), waiting in `pending` until staff approve or reject it.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('review_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_digest', 'text', (c) => c.notNull().unique())
      .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema
      .createTable('reviews')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('line_id', 'text', (c) => c.notNull().unique())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('product_title', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('moderated_at', 'bigint')
      .addColumn('moderated_by', 'text')
      .execute();
    await db.schema
      .createIndex('reviews_item_state_idx')
      .on('reviews')
      .columns(['item_id', 'state', 'created'])
      .execute();
    await db.schema
      .createIndex('reviews_state_idx')
      .on('reviews')
      .columns(['state', 'created', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reviews').ifExists().execute();
    await db.schema.dropTable('review_requests').ifExists().execute();
  },
};
