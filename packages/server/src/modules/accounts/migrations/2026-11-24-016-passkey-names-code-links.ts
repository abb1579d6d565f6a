import type { Kysely, Migration } from 'kysely';

/**
 * Issue 14: a passkey's name, shown where the owner lists and removes their passkeys (null for one
 * registered without a name: the page names it by the day it was added); and an index finding a
 * mailed sign-in code by the opaque token of its link, kept as a digest in `account_tokens.data`.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('passkeys').addColumn('name', 'text').execute();
    await db.schema
      .createIndex('account_tokens_purpose_data_idx')
      .on('account_tokens')
      .columns(['purpose', 'data'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('account_tokens_purpose_data_idx').ifExists().execute();
    await db.schema.alterTable('passkeys').dropColumn('name').execute();
  },
};
