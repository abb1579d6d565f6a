import type { AccountKind } from '@storefront/core';
import type { ColumnType } from 'kysely';

/** Epoch milliseconds (PostgreSQL returns bigint as a string: read them with `Number`). */
type Millis = ColumnType<number | string, number, number>;

/** A signed-in browser's session (session.ts); the account it belongs to is the accounts module's. */
export interface SessionsTable {
  /** SHA-256 (hex) of the cookie's value. */
  id_hash: string;
  account_id: string;
  kind: AccountKind;
  /** SHA-256 (hex) of the session's xsrfToken. */
  xsrf_hash: string;
  /** 1 when "remember me" was ticked (30 days). */
  remember: number;
  created: Millis;
  /** Last request seen (written at most once a minute); idle expiry counts from it. */
  last_seen: Millis;
  idle_ms: Millis;
  /** Absolute expiry. */
  expires_at: Millis;
}

export interface SessionTables {
  sessions: SessionsTable;
}
