/**
 * One-time tokens mailed to an account's owner: a password reset, an email verification (also of
 * a new address), a sign-in code. Stored as a SHA-256 digest, usable once, until a short expiry.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/index.ts';
import { digest } from '../../platform/http/session.ts';
import type { TokenPurpose } from './tables.ts';
import { spendTokenDigest, storeToken } from './token-store.ts';

const MINUTE = 60_000;

/** How long each kind of token works (docs/accounts.md). */
export const TOKEN_LIFETIMES: Readonly<Record<TokenPurpose, number>> = {
  reset: 30 * MINUTE,
  verify: 24 * 60 * MINUTE,
  'sign-in-code': 10 * MINUTE,
};

/** Makes a token for the account; earlier unused tokens of the same purpose stop working. */
export async function issueToken(
  db: Db,
  accountId: string,
  purpose: TokenPurpose,
  data: string | null = null,
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await storeToken(
    db,
    { accountId, purpose, idHash: digest(token), data },
    now,
    now + TOKEN_LIFETIMES[purpose],
  );
  return token;
}

/**
 * Uses the token: one conditional update, so two requests racing with the same token cannot both
 * win. Answers the account and the token's data, or undefined (unknown, used, expired, or made
 * for another purpose).
 */
export async function spendToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  now = Date.now(),
): Promise<{ accountId: string; data: string | null } | undefined> {
  if (!/^[\w-]{43}$/.test(token)) return undefined;
  return spendTokenDigest(db, digest(token), purpose, now);
}
