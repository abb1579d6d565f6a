import type { AccountKind } from '@storefront/core';
import type { ColumnType } from 'kysely';

/**
 * Accounts, their roles, addresses, passkeys and one-time tokens (issue 14; sessions are the
 * platform's: platform/http/session-tables.ts). Times are epoch milliseconds (PostgreSQL
 * returns bigint as a string: read them with `Number`). Secrets are never stored: sessions and
 * tokens are kept as SHA-256 digests of what the browser or the mail holds, passwords as scrypt
 * hashes (passwords.ts).
 */
type Millis = ColumnType<number | string, number, number>;

export type { AccountKind };

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
  /** A staff member's TOTP secret (base32; totp.ts), set while enrolling. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the TOTP enrolment was confirmed with a code: from then on sign-in asks for one. */
  totp_enabled_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** The last TOTP time step accepted: a code works once. */
  totp_last_step: ColumnType<number | string | null, number | null | undefined, number | null>;
}

/** A staff account's contributor roles (spec section 6 codes; core/roles.ts). */
export interface AccountRolesTable {
  account_id: string;
  role: number;
}

export type TokenPurpose = 'reset' | 'verify' | 'sign-in-code';

export interface AccountTokensTable {
  /** SHA-256 (hex) of the token as mailed. */
  id_hash: string;
  account_id: string;
  purpose: TokenPurpose;
  /**
   * For a verify token that changes the address: the new address. For a sign-in code: the SHA-256
   * of its mailed link's opaque token (one-time-code.ts).
   */
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

/** A WebAuthn credential (passkeys.ts). */
export interface PasskeysTable {
  /** The credential id (base64url). */
  id: string;
  account_id: string;
  /** The COSE public key (base64url). */
  public_key: string;
  /** The authenticator's signature counter (0 for those that keep none). */
  counter: Millis;
  /** JSON array of the authenticator's transports, or null. */
  transports: string | null;
  created: Millis;
  last_used: Millis | null;
  /** What the owner called it (migration 016), or null. */
  name: string | null;
}

/** A WebAuthn challenge handed out and not yet answered (passkeys.ts). */
export interface PasskeyChallengesTable {
  /** SHA-256 (hex) of the challenge (base64url). */
  challenge_hash: string;
  purpose: 'register' | 'sign-in';
  kind: AccountKind;
  /** Who registers (null for a sign-in: the passkey tells who). */
  account_id: string | null;
  expires_at: Millis;
}

export interface AccountTables {
  accounts: AccountsTable;
  account_roles: AccountRolesTable;
  account_tokens: AccountTokensTable;
  addresses: AddressesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
}
