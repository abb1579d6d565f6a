import type { Kysely, Migration } from 'kysely';

/**
 * Idempotency keys that tell the truth under faults (issue 29): a key in progress names the
 * request holding it (`owner`) and how long that request's claim lasts (`lease_until`, epoch ms,
 * renewed while it runs), so a key whose process died is taken over within seconds instead of
 * answering "in progress" until it expires.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('idempotency_keys').addColumn('owner', 'text').execute();
    await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('idempotency_keys').dropColumn('lease_until').execute();
    await db.schema.alterTable('idempotency_keys').dropColumn('owner').execute();
  },
};
