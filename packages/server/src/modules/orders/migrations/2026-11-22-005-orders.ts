import type { Kysely, Migration } from 'kysely';

/**
 * Orders and their lines, the order-number counter (issue 5, checkout).
 * Released: frozen. Portable types only, and no import of the current row types: this is the
 * schema as it was shipped, whatever the tables look like later.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_number', 'integer', (c) => c.notNull().unique())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull())
      .addColumn('address', 'text')
      .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
      .addColumn('tax_cents', 'integer', (c) => c.notNull())
      .addColumn('shipping_cents', 'integer', (c) => c.notNull())
      .addColumn('discount_cents', 'integer', (c) => c.notNull())
      .addColumn('grand_total_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payment_provider', 'text', (c) => c.notNull())
      .addColumn('payment_reference', 'text')
      .addColumn('cart_id', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('extra', 'text')
      .execute();
    await db.schema.createIndex('orders_cart_idx').on('orders').column('cart_id').execute();

    await db.schema
      .createTable('order_lines')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
      .addColumn('product_type', 'integer', (c) => c.notNull())
      .addColumn('attributes', 'text', (c) => c.notNull())
      .addColumn('additional_fields', 'text')
      .addColumn('download_url', 'text')
      .execute();
    await db.schema
      .createIndex('order_lines_order_idx')
      .on('order_lines')
      .columns(['order_id', 'position'])
      .execute();

    await db.schema
      .createTable('order_counter')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute();
    await db
      .insertInto('order_counter' as never)
      .values({ id: 'orders', value: 0 } as never)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['order_counter', 'order_lines', 'orders'])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
