/**
 * What checkout knows of a signed-in customer (issue 14): the address they sign in with, their
 * name and their default address, to fill the checkout form in (the orders module asks through the
 * accounts module's index).
 */
import type { Address } from '@storefront/core';
import type { Db } from '../../platform/db/index.ts';
import { defaultAddress } from './address-store.ts';
import { customerIdentity } from './store.ts';

export interface CustomerDetails {
  email: string;
  name: string;
  /** The default address (or the first one), if they keep any. */
  address: Address | undefined;
}

export async function customerDetails(db: Db, accountId: string): Promise<CustomerDetails | undefined> {
  const account = await customerIdentity(db, accountId);
  if (!account) return undefined;
  return { email: account.email, name: account.name, address: await defaultAddress(db, accountId) };
}
