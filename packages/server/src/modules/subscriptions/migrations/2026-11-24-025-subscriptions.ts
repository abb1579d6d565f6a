import type { Kysely, Migration } from 'kysely';

/**
 * Subscriptions (issue 17): one `subscriptions` row per subscription order, holding what is renewed
 * (item, variant, quantity), for whom, the plan, how many cycles have been ordered, when the next
 * is due (`next_due`: `due_periods` periods after `created`) and when it is next tried (`attempt_at`, later than
 * `next_due` while failures back off). `subscription_renewals` is the claim: its key
 * (subscription, cycle) is written in the renewal order's own transaction, so each cycle becomes
 * at most one order however many instances try at once.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('first_order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('account_id', 'text')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('customer', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('period_value', 'integer', (c) => c.notNull())
      .addColumn('period_unit', 'text', (c) => c.notNull())
      .addColumn('num_cycles', 'integer', (c) => c.notNull())
      .addColumn('cycles_made', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('due_periods', 'integer', (c) => c.notNull())
      .addColumn('next_due', 'bigint', (c) => c.notNull())
      .addColumn('attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('subscriptions_due_idx')
      .on('subscriptions')
      .columns(['state', 'attempt_at'])
      .execute();
    await db.schema
      .createIndex('subscriptions_account_idx')
      .on('subscriptions')
      .columns(['account_id', 'created'])
      .execute();
    await db.schema
      .createTable('subscription_renewals')
      .addColumn('subscription_id', 'text', (c) =>
        c.notNull().references('subscriptions.id').onDelete('cascade'),
      )
      .addColumn('cycle', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('subscription_renewals_pk', ['subscription_id', 'cycle'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('subscription_renewals').ifExists().execute();
    await db.schema.dropTable('subscriptions').ifExists().execute();
  },
};
