import type { Kysely, Migration } from 'kysely';

/**
 * The back office's records (issue 15): the mail outbox listed newest first (all, or of one status),
 * and the stock ledger filtered by reason. Released: frozen. Portable types only.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('mail_outbox_created_idx')
      .on('mail_outbox')
      .columns(['created', 'id'])
      .execute();
    await db.schema
      .createIndex('mail_outbox_status_idx')
      .on('mail_outbox')
      .columns(['status', 'created', 'id'])
      .execute();
    await db.schema
      .createIndex('stock_ledger_reason_idx')
      .on('stock_ledger')
      .columns(['reason', 'created', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const index of ['stock_ledger_reason_idx', 'mail_outbox_status_idx', 'mail_outbox_created_idx'])
      await db.schema.dropIndex(index).ifExists().execute();
  },
};
