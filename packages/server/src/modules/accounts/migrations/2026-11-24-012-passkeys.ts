import type { Kysely, Migration } from 'kysely';

/**
 * Beyond passwords (issue 14): passkeys (WebAuthn credentials) of customers and staff, the
 * challenges handed out for them (single use, short-lived, in the database so that any instance
 * can check the answer), and a staff member's TOTP second factor on the account.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('passkeys')
      // The credential id (base64url) the authenticator answers with.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull())
      .addColumn('transports', 'text')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('last_used', 'bigint')
      .execute();
    await db.schema.createIndex('passkeys_account_idx').on('passkeys').column('account_id').execute();

    await db.schema
      .createTable('passkey_challenges')
      .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema.alterTable('accounts').addColumn('totp_secret', 'text').execute();
    await db.schema.alterTable('accounts').addColumn('totp_enabled_at', 'bigint').execute();
    await db.schema.alterTable('accounts').addColumn('totp_last_step', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['totp_last_step', 'totp_enabled_at', 'totp_secret'])
      await db.schema.alterTable('accounts').dropColumn(column).execute();
    await db.schema.dropTable('passkey_challenges').ifExists().execute();
    await db.schema.dropTable('passkeys').ifExists().execute();
  },
};
