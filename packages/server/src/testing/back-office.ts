/**
 * Test support for the back office's suites: a staff member signed in at the staff session, and an
 * order placed by a shopper of its own, so that there are orders to list and act on.
 */
import type { RoleCode } from '@storefront/core';
import { expect } from 'vitest';
import { STAFF_SESSION_PATH } from '../modules/accounts/routes.ts';
import { Customer, makeAccount } from '../modules/accounts/testing.ts';
import { CUSTOMER } from '../modules/orders/testing.ts';
import type { TestApp } from './app.ts';
import { Shopper } from './shopper.ts';

/** A new staff account holding `roles` (named `name`, when given), signed in in a browser of its own. */
export async function signInNewStaff(
  t: TestApp,
  email: string,
  roles: readonly RoleCode[],
  name?: string,
): Promise<Customer> {
  await makeAccount(t.app.database.db, email, { kind: 'staff', roles: [...roles], name });
  const browser = new Customer(t);
  expect((await browser.signIn(email, undefined, false, STAFF_SESSION_PATH)).statusCode).toBe(200);
  return browser;
}

export type OrderLine = { itemId: string; sku: string; quantity: number };

/** Adds `lines` to a new shopper's cart and places the order as CUSTOMER with `email`. */
export async function placeOrder(
  t: TestApp,
  lines: readonly OrderLine[],
  email: string = CUSTOMER.email,
): Promise<{ id: string; orderNumber: number }> {
  const shopper = new Shopper(t);
  await shopper.start();
  for (const line of lines) expect((await shopper.add(line)).statusCode).toBe(200);
  const res = await shopper.order({ ...CUSTOMER, email });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as { id: string; orderNumber: number };
}
