import type { Kysely, Migration } from 'kysely';

/**
 * Restock sign-ups, one per email and variant (issue 6).
 * Released: frozen. Portable types only, and no import of the current row types: this is the
 * schema as it was shipped, whatever the tables look like later.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('restock_signups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_key', 'text', (c) => c.notNull())
      .addColumn('join_mailing_list', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('notified_at', 'bigint')
      .addColumn('client_ip', 'text', (c) => c.notNull())
      .addUniqueConstraint('restock_signups_variant_email_unique', ['product_id', 'variant_id', 'email_key'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('restock_signups').ifExists().execute();
  },
};
