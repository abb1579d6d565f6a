/**
 * The one-time tokens' store: the only code that reads or writes `account_tokens` (reset, verify
 * and sign-in-code tokens; tokens.ts and one-time-code.ts say what they are for).
 */
import type { TablesHandle } from '../../platform/db/index.ts';
import type { AccountTables, TokenPurpose } from './tables.ts';

type TokensDb = TablesHandle<AccountTables>;

/** Keeps the digest of a mailed secret as the account's one token of the purpose. */
export async function storeToken(
  db: TokensDb,
  token: { accountId: string; purpose: TokenPurpose; idHash: string; data: string | null },
  now: number,
  expiresAt: number,
): Promise<void> {
  await forgetTokens(db, token.accountId, token.purpose);
  await db
    .insertInto('account_tokens')
    .values({
      id_hash: token.idHash,
      account_id: token.accountId,
      purpose: token.purpose,
      data: token.data,
      created: now,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
}

/** The account's tokens of the purpose stop working. */
export async function forgetTokens(db: TokensDb, accountId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .deleteFrom('account_tokens')
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .execute();
}

/**
 * Uses the token with this digest: one conditional update, so two requests racing with the same
 * token cannot both win. Answers its account and data, or undefined (unknown, used, expired, or
 * made for another purpose).
 */
export async function spendTokenDigest(
  db: TokensDb,
  idHash: string,
  purpose: TokenPurpose,
  now: number,
): Promise<{ accountId: string; data: string | null } | undefined> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('id_hash', '=', idHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['account_id', 'data'])
    .executeTakeFirst();
  return row ? { accountId: row.account_id, data: row.data } : undefined;
}

/** The account whose unused, unexpired token of the purpose carries this data, if any. */
export async function accountIdOfTokenData(
  db: TokensDb,
  data: string,
  purpose: TokenPurpose,
  now: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .select('account_id')
    .where('data', '=', data)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.account_id;
}
