import type { ColumnType } from 'kysely';

/**
 * Accounts, sessions and one-time tokens (issue 14). Times are epoch milliseconds (PostgreSQL
 * returns bigint as a string: read them with `Number`). Secrets are never stored: sessions and
 * tokens are kept as SHA-256 digests of what the browser or the mail holds, passwords as scrypt
 * hashes (passwords.ts).
 */
type Millis = ColumnType<number | string, number, number>;

export type AccountKind = 'customer' | 'staff';

export interface AccountsTable {
  id: string;
  kind: AccountKind;
  /** The address as the person typed it (trimmed). */
  email: string;
  /** The address lower-cased: unique per kind, what sign-in looks up. */
  email_key: string;
  name: string;
  /** `scrypt$N$r$p$salt$hash` (passwords.ts). */
  password_hash: string;
  email_verified_at: Millis | null;
  created: Millis;
  updated: Millis;
}

/** A staff account's contributor roles (spec section 6 codes; roles.ts). */
export interface AccountRolesTable {
  account_id: string;
  role: number;
}

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

export type TokenPurpose = 'reset' | 'verify' | 'sign-in-code';

export interface AccountTokensTable {
  /** SHA-256 (hex) of the token as mailed. */
  id_hash: string;
  account_id: string;
  purpose: TokenPurpose;
  /** For a verify token that changes the address: the new address. */
  data: string | null;
  created: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

export interface AddressesTable {
  id: string;
  account_id: string;
  position: number;
  is_default: number;
  /** JSON address (core `Address`). */
  address: string;
  created: Millis;
}

export interface AccountTables {
  accounts: AccountsTable;
  account_roles: AccountRolesTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  addresses: AddressesTable;
}
