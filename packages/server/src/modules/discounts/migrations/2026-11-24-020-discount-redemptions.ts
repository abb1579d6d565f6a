import type { Kysely, Migration } from 'kysely';

/**
 * Discount code usage (issue 17), claimed in the order's own transaction: `discount_usage` counts
 * a code's orders and `discount_customer_usage` one customer's (by email, lower case); each is
 * raised by a conditional update (`used < limit`) that concurrent orders queue on, so no more than
 * the limit ever succeed. `discount_redemptions` records which order used which code for how much.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('discount_usage')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('discount_customer_usage')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('customer', 'text', (c) => c.notNull())
      .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('discount_customer_usage_pk', ['code', 'customer'])
      .execute();
    await db.schema
      .createTable('discount_redemptions')
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('customer', 'text', (c) => c.notNull())
      .addColumn('discount_cents', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('discount_redemptions_pk', ['order_id', 'code'])
      .execute();
    await db.schema
      .createIndex('discount_redemptions_code_idx')
      .on('discount_redemptions')
      .column('code')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('discount_redemptions').ifExists().execute();
    await db.schema.dropTable('discount_customer_usage').ifExists().execute();
    await db.schema.dropTable('discount_usage').ifExists().execute();
  },
};
