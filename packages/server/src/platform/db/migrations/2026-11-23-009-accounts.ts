import type { Kysely, Migration } from 'kysely';

/**
 * Accounts (issue 14): customers and staff, staff roles (spec section 6), server-side sessions,
 * one-time tokens (password reset, email verification, sign-in code), customers' addresses, and
 * the link from an order to the account that placed it.
 * Released: frozen. Portable types only, and no import of the current row types: this is the
 * schema as it was shipped, whatever the tables look like later.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_key', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('email_verified_at', 'bigint')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('accounts_kind_email_unique', ['kind', 'email_key'])
      .execute();

    await db.schema
      .createTable('account_roles')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('role', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('account_roles_pk', ['account_id', 'role'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('xsrf_hash', 'text', (c) => c.notNull())
      .addColumn('remember', 'integer', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('last_seen', 'bigint', (c) => c.notNull())
      .addColumn('idle_ms', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();

    await db.schema
      .createTable('account_tokens')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('data', 'text')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('account_tokens_account_idx')
      .on('account_tokens')
      .columns(['account_id', 'purpose'])
      .execute();

    await db.schema
      .createTable('addresses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('addresses_account_idx').on('addresses').column('account_id').execute();

    await db.schema.alterTable('orders').addColumn('account_id', 'text').execute();
    await db.schema.createIndex('orders_account_idx').on('orders').column('account_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('orders_account_idx').ifExists().execute();
    await db.schema.alterTable('orders').dropColumn('account_id').execute();
    for (const table of ['addresses', 'account_tokens', 'sessions', 'account_roles', 'accounts'])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
