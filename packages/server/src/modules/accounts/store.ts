/**
 * The accounts store: the only code that reads or writes `accounts` and `account_roles` (addresses,
 * passkeys and one-time tokens have their own stores beside it). Other modules and the platform
 * reach these tables through the module's index.
 */
import { randomUUID } from 'node:crypto';
import type { AccountKind, RoleCode } from '@storefront/core';
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { TablesHandle } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import type { SessionAccounts, SessionQuery } from '../../platform/http/session.ts';
import type { SessionsTable, SessionTables } from '../../platform/http/session-tables.ts';
import type { AccountsTable, AccountTables } from './tables.ts';

type AccountsDb = TablesHandle<AccountTables>;

export type AccountRow = Selectable<AccountsTable>;

export interface NewAccountRow {
  kind: AccountKind;
  email: string;
  emailKey: string;
  name: string;
  passwordHash: string;
  verified: boolean;
  roles?: readonly RoleCode[];
}

/** Creates the account with its roles; undefined when one of that kind already has the address. */
export async function insertAccount(
  db: AccountsDb,
  account: NewAccountRow,
  now: number,
): Promise<string | undefined> {
  const id = randomUUID();
  return writeTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('accounts')
      .values({
        id,
        kind: account.kind,
        email: account.email,
        email_key: account.emailKey,
        name: account.name,
        password_hash: account.passwordHash,
        email_verified_at: account.verified ? now : null,
        created: now,
        updated: now,
      })
      .onConflict((oc) => oc.columns(['kind', 'email_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return undefined;
    for (const role of account.roles ?? [])
      await trx.insertInto('account_roles').values({ account_id: id, role }).execute();
    return id;
  });
}

export const findAccount = (db: AccountsDb, kind: AccountKind, emailKey: string) =>
  db
    .selectFrom('accounts')
    .selectAll()
    .where('kind', '=', kind)
    .where('email_key', '=', emailKey)
    .executeTakeFirst();

export const accountById = (db: AccountsDb, id: string) =>
  db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();

/** Every account, for the users command's list. */
export const allAccounts = (db: AccountsDb) =>
  db.selectFrom('accounts').select(['id', 'kind', 'email']).orderBy('created').execute();

/** The email addresses of the accounts (staff named in the back office's records), by id. */
export async function accountEmails(db: AccountsDb, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** The staff accounts, by name: whom a post may name as its author (the post editor's list). */
export async function staffMembers(db: AccountsDb): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'name', 'email'])
    .where('kind', '=', 'staff')
    .orderBy('name')
    .orderBy('id')
    .limit(1000)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name.trim() || row.email }));
}

/** The account's name and address, or undefined (gone). */
export const accountIdentity = (db: AccountsDb, id: string) =>
  db.selectFrom('accounts').select(['name', 'email']).where('id', '=', id).executeTakeFirst();

/** A customer account's name and address (checkout fills its form in with them). */
export const customerIdentity = (db: AccountsDb, id: string) =>
  db
    .selectFrom('accounts')
    .select(['email', 'name'])
    .where('id', '=', id)
    .where('kind', '=', 'customer')
    .executeTakeFirst();

/**
 * Locks the account's row until the transaction ends: what one customer does on two devices at once
 * (signing in, which merges carts) takes turns.
 */
export async function lockAccountRow(trx: AccountsDb, accountId: string): Promise<void> {
  await trx
    .updateTable('accounts')
    .set({ updated: sql<number>`updated` })
    .where('id', '=', accountId)
    .execute();
}

export async function setPassword(db: AccountsDb, accountId: string, passwordHash: string, now = Date.now()) {
  await db
    .updateTable('accounts')
    .set({ password_hash: passwordHash, updated: now })
    .where('id', '=', accountId)
    .execute();
}

export async function markVerified(db: AccountsDb, accountId: string, now = Date.now()) {
  await db
    .updateTable('accounts')
    .set({ email_verified_at: now, updated: now })
    .where('id', '=', accountId)
    .where('email_verified_at', 'is', null)
    .execute();
}

/** Moves the account to a new, verified address (the caller checked that no other account has it). */
export async function setVerifiedEmail(
  db: AccountsDb,
  accountId: string,
  email: { value: string; key: string },
  now: number,
) {
  await db
    .updateTable('accounts')
    .set({ email: email.value, email_key: email.key, email_verified_at: now, updated: now })
    .where('id', '=', accountId)
    .execute();
}

/** Deletes the account with its one-time tokens, roles and addresses (in the caller's transaction). */
export async function deleteAccountRows(trx: AccountsDb, accountId: string): Promise<void> {
  for (const table of ['account_tokens', 'account_roles', 'addresses'] as const)
    await trx.deleteFrom(table).where('account_id', '=', accountId).execute();
  await trx.deleteFrom('accounts').where('id', '=', accountId).execute();
}

export const rolesOf = async (db: AccountsDb, accountId: string): Promise<number[]> =>
  (await db.selectFrom('account_roles').select('role').where('account_id', '=', accountId).execute()).map(
    (r) => r.role,
  );

/**
 * Takes the TOTP time step as spent when it is later than the last one: one conditional update, so
 * two requests racing with the same code cannot both win.
 */
export async function spendTotpStep(db: AccountsDb, accountId: string, step: number): Promise<boolean> {
  const updated = await db
    .updateTable('accounts')
    .set({ totp_last_step: step })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Keeps a new TOTP secret, not yet asked for (enrolment started). */
export async function setTotpSecret(db: AccountsDb, accountId: string, secret: string, now: number) {
  await db
    .updateTable('accounts')
    .set({ totp_secret: secret, totp_enabled_at: null, totp_last_step: null, updated: now })
    .where('id', '=', accountId)
    .execute();
}

/** From now on sign-in asks for a TOTP code. */
export async function enableTotp(db: AccountsDb, accountId: string, now: number) {
  await db
    .updateTable('accounts')
    .set({ totp_enabled_at: now, updated: now })
    .where('id', '=', accountId)
    .execute();
}

export async function clearTotp(db: AccountsDb, accountId: string, now = Date.now()): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated: now })
    .where('id', '=', accountId)
    .execute();
}

/** The session's read, widened to see the accounts it joins (the platform's query knows only sessions). */
type SessionWithAccounts = SelectQueryBuilder<
  SessionTables & Pick<AccountTables, 'accounts'>,
  'sessions',
  Selectable<SessionsTable>
>;

/** What the platform's session layer asks of the accounts (app.ts hands it to registerSessions). */
export const sessionAccounts: SessionAccounts = {
  // Joined into the session's own statement: a signed-in page reads its person with the session.
  readWithIdentity: (query: SessionQuery) =>
    (query as unknown as SessionWithAccounts)
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .select(['accounts.name', 'accounts.email'])
      .executeTakeFirst(),
  rolesOf,
};
