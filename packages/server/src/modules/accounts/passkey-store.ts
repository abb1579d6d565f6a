/**
 * The passkeys' store: the only code that reads or writes `passkeys` and `passkey_challenges`
 * (passkeys.ts runs the WebAuthn ceremonies around it).
 */
import type { AccountKind } from '@storefront/core';
import type { TablesHandle } from '../../platform/db/index.ts';
import type { AccountTables, PasskeyChallengesTable } from './tables.ts';

type PasskeysDb = TablesHandle<AccountTables>;
type ChallengePurpose = PasskeyChallengesTable['purpose'];

export const passkeysOf = (db: PasskeysDb, accountId: string) =>
  db
    .selectFrom('passkeys')
    .select(['id', 'name', 'transports', 'created', 'last_used'])
    .where('account_id', '=', accountId)
    .orderBy('created')
    .execute();

/** Removes one of the account's own passkeys; false when it has none of that id. */
export async function deletePasskey(db: PasskeysDb, accountId: string, id: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) === 1;
}

/** Keeps a challenge handed out, after dropping those nobody answered in time. */
export async function keepChallenge(
  db: PasskeysDb,
  challenge: { hash: string; purpose: ChallengePurpose; kind: AccountKind; accountId: string | null },
  now: number,
  expiresAt: number,
): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: challenge.hash,
      purpose: challenge.purpose,
      kind: challenge.kind,
      account_id: challenge.accountId,
      expires_at: expiresAt,
    })
    .execute();
}

/** Spends a live challenge of this purpose (and account); false when there is none. */
export async function spendChallenge(
  db: PasskeysDb,
  challenge: { hash: string; purpose: ChallengePurpose; kind: AccountKind; accountId: string | null },
  now: number,
): Promise<boolean> {
  let query = db
    .deleteFrom('passkey_challenges')
    .where('challenge_hash', '=', challenge.hash)
    .where('purpose', '=', challenge.purpose)
    .where('kind', '=', challenge.kind)
    .where('expires_at', '>', now);
  if (challenge.accountId) query = query.where('account_id', '=', challenge.accountId);
  return (await query.returning('challenge_hash').executeTakeFirst()) !== undefined;
}

export async function insertPasskey(
  db: PasskeysDb,
  passkey: {
    id: string;
    accountId: string;
    publicKey: string;
    counter: number;
    transports: string | null;
    name: string | null;
  },
  now: number,
): Promise<void> {
  await db
    .insertInto('passkeys')
    .values({
      id: passkey.id,
      account_id: passkey.accountId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
      created: now,
      last_used: null,
      name: passkey.name,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The passkey of that id held by an account of the kind, with its owner. */
export const passkeyForSignIn = (db: PasskeysDb, id: string, kind: AccountKind) =>
  db
    .selectFrom('passkeys')
    .innerJoin('accounts', 'accounts.id', 'passkeys.account_id')
    .select(['passkeys.id', 'passkeys.public_key', 'passkeys.counter', 'passkeys.transports'])
    .select('accounts.id as account_id')
    .where('passkeys.id', '=', id)
    .where('accounts.kind', '=', kind)
    .executeTakeFirst();

export async function recordPasskeyUse(
  db: PasskeysDb,
  id: string,
  counter: number,
  now: number,
): Promise<void> {
  await db.updateTable('passkeys').set({ counter, last_used: now }).where('id', '=', id).execute();
}
