/**
 * A customer's saved addresses (issue 14): add, edit, delete, choose the default (address-store.ts
 * keeps them). Checkout fills its form with the default one (customer-details.ts). Checked with
 * core's checkout rules, so a saved address is one an order that ships accepts.
 */
import {
  orderNeeds,
  ProductType,
  validateCustomer,
  type Address,
  type LocalizedStrings,
} from '@storefront/core';
import { apiError } from '../../platform/http/errors.ts';
import type { AccountRow } from './store.ts';

/** Field errors (by `address.part`, as checkout names them) or the cleaned address. */
export function checkAddress(
  account: Pick<AccountRow, 'email' | 'name'>,
  input: Record<string, unknown>,
  ls?: LocalizedStrings,
): { ok: true; address: Address } | { ok: false; message: string; errors: Record<string, string> } {
  // The account's own email and name pass; only the address parts can be refused.
  const checked = validateCustomer(
    { email: account.email, name: account.name || '-', address: input },
    orderNeeds([ProductType.PHYSICAL]),
    ls,
  );
  if (!checked.ok) return { ok: false, message: checked.error.message, errors: { ...checked.errors } };
  return { ok: true, address: checked.value.address as Address };
}

/** The cleaned address, or the refusal naming its fields' problems (400 `invalid-customer`). */
export function requireAddress(
  account: Pick<AccountRow, 'email' | 'name'>,
  input: Record<string, unknown>,
  ls?: LocalizedStrings,
): Address {
  const checked = checkAddress(account, input, ls);
  if (!checked.ok)
    throw apiError('invalid-customer', {
      refusal: { message: checked.message },
      extra: { errors: checked.errors },
    });
  return checked.address;
}
