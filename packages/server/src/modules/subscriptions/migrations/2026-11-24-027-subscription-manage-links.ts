import type { Kysely, Migration } from 'kysely';

/**
 * Subscriptions' manage links (issue 17): a guest manages their subscription through a link whose
 * token (32 random bytes) only the confirmation page and mail hold; the row keeps its SHA-256
 * digest. Null for subscriptions started before this migration (they have no link).
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('subscriptions').addColumn('manage_digest', 'text').execute();
    await db.schema
      .createIndex('subscriptions_manage_digest_idx')
      .on('subscriptions')
      .column('manage_digest')
      .unique()
      .execute();
  },
};
