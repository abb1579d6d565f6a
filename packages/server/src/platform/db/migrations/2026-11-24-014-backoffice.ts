import type { Kysely, Migration } from 'kysely';

/**
 * The back office (issue 15): what staff do to an order, kept apart from the order the shopper
 * placed. `order_events` is the timeline (who did what, when); a fulfilment ships some quantity of
 * some lines, with an optional tracking number and link; a refund is a record of money given back.
 * `stock_ledger` is the store-wide, permanent record of every stock change made here.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_email', 'text')
      .addColumn('detail', 'text')
      .execute();
    await db.schema
      .createIndex('order_events_order_idx')
      .on('order_events')
      .columns(['order_id', 'created'])
      .execute();

    await db.schema
      .createTable('order_fulfilments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('tracking_number', 'text')
      .addColumn('tracking_url', 'text')
      .execute();
    await db.schema
      .createIndex('order_fulfilments_order_idx')
      .on('order_fulfilments')
      .column('order_id')
      .execute();
    await db.schema
      .createTable('order_fulfilment_lines')
      .addColumn('fulfilment_id', 'text', (c) =>
        c.notNull().references('order_fulfilments.id').onDelete('cascade'),
      )
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('line_id', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_fulfilment_lines_pk', ['fulfilment_id', 'line_id'])
      .execute();
    await db.schema
      .createIndex('order_fulfilment_lines_order_idx')
      .on('order_fulfilment_lines')
      .column('order_id')
      .execute();

    await db.schema
      .createTable('order_refunds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text')
      .execute();
    await db.schema.createIndex('order_refunds_order_idx').on('order_refunds').column('order_id').execute();

    // The list's default order and its date filter; search by address.
    await db.schema.createIndex('orders_created_idx').on('orders').columns(['created', 'id']).execute();
    await db.schema.createIndex('orders_email_idx').on('orders').column('email').execute();
    await db.schema
      .createIndex('order_lines_item_idx')
      .on('order_lines')
      .columns(['item_id', 'order_id'])
      .execute();

    await db.schema
      .createTable('stock_ledger')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('change', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('ref_id', 'text')
      .addColumn('actor_id', 'text')
      .addColumn('note', 'text')
      .execute();
    await db.schema
      .createIndex('stock_ledger_variant_idx')
      .on('stock_ledger')
      .columns(['variant_id', 'created'])
      .execute();
    await db.schema.createIndex('stock_ledger_created_idx').on('stock_ledger').column('created').execute();

    // Restock groups are listed and sent per variant, waiting sign-ups first.
    await db.schema
      .createIndex('restock_signups_group_idx')
      .on('restock_signups')
      .columns(['product_id', 'variant_id', 'notified_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('restock_signups_group_idx').ifExists().execute();
    for (const index of ['orders_created_idx', 'orders_email_idx', 'order_lines_item_idx'])
      await db.schema.dropIndex(index).ifExists().execute();
    for (const table of [
      'stock_ledger',
      'order_refunds',
      'order_fulfilment_lines',
      'order_fulfilments',
      'order_events',
    ])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
