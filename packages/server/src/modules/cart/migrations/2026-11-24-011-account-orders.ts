import type { Kysely, Migration } from 'kysely';

/**
 * The cart follows the customer (issue 14): a cart may belong to a customer account, so that a
 * second signed-in device finds it. Orders got their `account_id` (nullable, indexed) in 009.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('carts').addColumn('account_id', 'text').execute();
    await db.schema
      .createIndex('carts_account_idx')
      .on('carts')
      .columns(['account_id', 'is_purchased'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('carts_account_idx').ifExists().execute();
    await db.schema.alterTable('carts').dropColumn('account_id').execute();
  },
};
