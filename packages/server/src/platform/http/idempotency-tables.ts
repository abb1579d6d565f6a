import type { ColumnType } from 'kysely';

/**
 * Idempotency keys (issue 5): one row per (scope, key), claimed by an insert before the handler
 * runs; `status` stays null while the first request is still being answered.
 */
export interface IdempotencyKeysTable {
  /** The caller's scope joined with a hash of the client (see `idempotent`). */
  scope: string;
  key: string;
  /** SHA-256 (hex) of method, path and canonical body. */
  fingerprint: string;
  status: number | null;
  /** The stored answer as JSON text, null while in progress. */
  body: string | null;
  /** JSON array of the cookies the first answer set (`AnswerCookie`), or null. */
  cookies: string | null;
  /** Epoch milliseconds (PostgreSQL returns bigint as a string: read with `Number`). */
  created: ColumnType<number | string, number, number>;
  /** The request holding the key while it runs (issue 29); null on rows from before. */
  owner: string | null;
  /** Epoch ms until which the owner's claim lasts unless renewed; a lapsed claim may be taken over. */
  lease_until: ColumnType<number | string | null, number | null, number | null>;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
}
