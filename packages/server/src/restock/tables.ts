import type { ColumnType, Kysely, Migration } from 'kysely';

/**
 * Restock sign-ups (issue 6, spec sections 2, 3, 7): one row per email and variant. Times are epoch
 * milliseconds (PostgreSQL returns bigint as a string: read them with `Number`).
 */
type Millis = ColumnType<number | string, number, number>;

export interface RestockSignUpsTable {
  id: string;
  product_id: string;
  variant_id: string;
  /** The address as the visitor typed it (trimmed). */
  email: string;
  /** The address lower-cased: what makes a sign-up unique per variant. */
  email_key: string;
  /** 1 when the visitor ticked the mailing-list box (on this or a later sign-up). */
  join_mailing_list: number;
  created: Millis;
  /** Set when the restock notice was sent (the owner's send calls). */
  notified_at: Millis | null;
  client_ip: string;
}

export interface RestockTables {
  restock_signups: RestockSignUpsTable;
}

export const restockMigration: Migration = {
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
