/**
 * The saved addresses' store (issue 14): the only code that reads or writes `addresses`.
 * addresses.ts checks an address before it is saved.
 */
import { randomUUID } from 'node:crypto';
import type { Address } from '@storefront/core';
import type { TablesHandle } from '../../platform/db/index.ts';
import { apiError } from '../../platform/http/errors.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import type { AccountTables } from './tables.ts';

type AddressesDb = TablesHandle<AccountTables>;

/** Enough for home, work and a few gifts; a bound on what one account may store. */
export const MAX_ADDRESSES = 20;

export interface SavedAddress {
  id: string;
  isDefault: boolean;
  address: Address;
}

export async function listAddresses(db: AddressesDb, accountId: string): Promise<SavedAddress[]> {
  const rows = await db
    .selectFrom('addresses')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    isDefault: r.is_default === 1,
    address: JSON.parse(r.address) as Address,
  }));
}

/**
 * Adds (no `id`) or replaces an address; the first one, or one saved with `makeDefault`, becomes
 * the default. Refuses past MAX_ADDRESSES and for an id that is not the account's.
 */
export async function saveAddress(
  db: AddressesDb,
  accountId: string,
  change: { id?: string | undefined; address: Address; makeDefault: boolean },
  now = Date.now(),
): Promise<string> {
  return writeTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('addresses')
      .select(['id', 'position'])
      .where('account_id', '=', accountId)
      .execute();
    const json = JSON.stringify(change.address);
    let id = change.id;
    if (id !== undefined) {
      if (!existing.some((r) => r.id === change.id)) throw apiError('account.address-not-found');
      await trx.updateTable('addresses').set({ address: json }).where('id', '=', id).execute();
    } else {
      if (existing.length >= MAX_ADDRESSES)
        throw apiError('account.addresses-full', { params: { max: MAX_ADDRESSES } });
      id = randomUUID();
      await trx
        .insertInto('addresses')
        .values({
          id,
          account_id: accountId,
          position: existing.reduce((max, r) => Math.max(max, r.position), 0) + 1,
          is_default: existing.length === 0 ? 1 : 0,
          address: json,
          created: now,
        })
        .execute();
    }
    if (change.makeDefault) await setDefault(trx, accountId, id);
    return id;
  });
}

/** Makes the address the default (the others stop being it). */
export async function setDefault(db: AddressesDb, accountId: string, id: string): Promise<void> {
  const found = await db
    .updateTable('addresses')
    .set({ is_default: 1 })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (Number(found.numUpdatedRows) === 0) throw apiError('account.address-not-found');
  await db
    .updateTable('addresses')
    .set({ is_default: 0 })
    .where('account_id', '=', accountId)
    .where('id', '!=', id)
    .execute();
}

/** Deletes the address; when it was the default, the first remaining one becomes it. */
export async function deleteAddress(db: AddressesDb, accountId: string, id: string): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const gone = await trx
      .deleteFrom('addresses')
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .returning('is_default')
      .executeTakeFirst();
    if (!gone) throw apiError('account.address-not-found');
    if (gone.is_default !== 1) return;
    const next = await trx
      .selectFrom('addresses')
      .select('id')
      .where('account_id', '=', accountId)
      .orderBy('position')
      .executeTakeFirst();
    if (next) await trx.updateTable('addresses').set({ is_default: 1 }).where('id', '=', next.id).execute();
  });
}

/** The default address (or the first one), if the account keeps any. */
export async function defaultAddress(db: AddressesDb, accountId: string): Promise<Address | undefined> {
  const row = await db
    .selectFrom('addresses')
    .select('address')
    .where('account_id', '=', accountId)
    .orderBy('is_default', 'desc')
    .orderBy('position')
    .executeTakeFirst();
  return row ? (JSON.parse(row.address) as Address) : undefined;
}
