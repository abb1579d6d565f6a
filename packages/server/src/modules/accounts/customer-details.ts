/**
 * What checkout knows of a signed-in customer (issue 14): the address they sign in with, their
 * name and their default address, to fill the checkout form in. Here in db/ because accounts own
 * the tables and checkout reads them, and features never import each other.
 */
import type { Address } from '@storefront/core';
import type { Db } from '../../platform/db/index.ts';

export interface CustomerDetails {
  email: string;
  name: string;
  /** The default address (or the first one), if they keep any. */
  address: Address | undefined;
}

export async function customerDetails(db: Db, accountId: string): Promise<CustomerDetails | undefined> {
  const account = await db
    .selectFrom('accounts')
    .select(['email', 'name'])
    .where('id', '=', accountId)
    .where('kind', '=', 'customer')
    .executeTakeFirst();
  if (!account) return undefined;
  const address = await db
    .selectFrom('addresses')
    .select('address')
    .where('account_id', '=', accountId)
    .orderBy('is_default', 'desc')
    .orderBy('position')
    .executeTakeFirst();
  return {
    email: account.email,
    name: account.name,
    address: address ? (JSON.parse(address.address) as Address) : undefined,
  };
}
