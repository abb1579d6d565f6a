import type { ColumnType, Kysely, Migration } from 'kysely';

/**
 * Orders (issue 5). Portable column types only: money in minor units of `currency`, times in epoch
 * milliseconds (PostgreSQL returns bigint as a string: read them with `Number`).
 */
type Millis = ColumnType<number | string, number, number>;

export interface OrdersTable {
  id: string;
  /** The shopper's order number (1, 2, 3...), from `order_counter`. */
  order_number: number;
  created: Millis;
  email: string;
  customer_name: string;
  /** JSON address (core `Address`), or null when nothing ships. */
  address: string | null;
  subtotal_cents: number;
  tax_cents: number;
  shipping_cents: number;
  discount_cents: number;
  grand_total_cents: number;
  currency: string;
  /** 'awaiting-payment' (the manual provider), 'paid', 'cancelled'. */
  status: string;
  payment_provider: string;
  payment_reference: string | null;
  /** The cart it was placed from; null for express checkout of one item. */
  cart_id: string | null;
  /** 'cart', 'express', 'subscription' or 'gift-card'. */
  kind: string;
  /** JSON: subscription plan / gift card recipient and message, or null. */
  extra: string | null;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  position: number;
  item_id: string;
  variant_id: string;
  sku: string;
  title: string;
  quantity: number;
  unit_price_cents: number;
  product_type: number;
  /** JSON: the variant's attributes, for the confirmation ("Size: M"). */
  attributes: string;
  additional_fields: string | null;
  /** Digital products: where the buyer downloads it. */
  download_url: string | null;
}

/** One row: the last order number handed out (a row lock hands numbers out without gaps or repeats). */
export interface OrderCounterTable {
  id: string;
  value: number;
}

export interface CheckoutTables {
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_counter: OrderCounterTable;
}

export const checkoutMigration: Migration = {
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
