import type { Kysely, Migration } from 'kysely';

/**
 * Gift cards (issue 17): `gift_cards` holds each card's code (normalised, unique), what it was
 * bought for and what is left; `balance_cents` only ever changes by a conditional update inside the
 * order's (or the cancellation's) transaction, and every change is a `gift_card_ledger` row.
 * `send_at`/`mail_id`: the recipient's mail is queued once its day has come.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('gift_cards')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('initial_cents', 'integer', (c) => c.notNull())
      .addColumn('balance_cents', 'integer', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('message', 'text')
      .addColumn('send_at', 'bigint', (c) => c.notNull())
      .addColumn('mail_id', 'text')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('gift_cards_order_idx').on('gift_cards').column('order_id').execute();
    await db.schema
      .createIndex('gift_cards_due_idx')
      .on('gift_cards')
      .columns(['mail_id', 'send_at'])
      .execute();
    await db.schema
      .createTable('gift_card_ledger')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull().references('gift_cards.code').onDelete('cascade'))
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('change_cents', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('gift_card_ledger_code_idx')
      .on('gift_card_ledger')
      .columns(['code', 'created'])
      .execute();
    await db.schema
      .createIndex('gift_card_ledger_order_idx')
      .on('gift_card_ledger')
      .column('order_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('gift_card_ledger').ifExists().execute();
    await db.schema.dropTable('gift_cards').ifExists().execute();
  },
};
