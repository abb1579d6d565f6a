/**
 * Accounts' rules: parse an address, check a password, create, authenticate, change and delete
 * customer and staff accounts (store.ts keeps them). Errors are values with a code and the
 * person's message (core's catalogue).
 */
import { err, isValidEmail, message, ok, type LocalizedStrings, type Result } from '@storefront/core';
import type { Db } from '../../platform/db/index.ts';
import { cancelAccountSubscriptions } from '../subscriptions/index.ts';
import { forgetAccountOrders } from '../orders/index.ts';
import { endAllSessions } from '../../platform/http/session.ts';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyPassword,
} from './passwords.ts';
import type { RoleCode } from '@storefront/core';
import {
  deleteAccountRows,
  findAccount,
  insertAccount,
  setPassword,
  setVerifiedEmail,
  type AccountRow,
} from './store.ts';
import type { AccountKind } from './tables.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { releaseCustomerCarts } from '../cart/index.ts';

/** An email address as typed (trimmed) and its lookup key (lower-cased). */
export interface Email {
  value: string;
  key: string;
}

export function parseEmail(raw: string, ls?: LocalizedStrings): Result<Email> {
  const value = raw.trim();
  if (value === '') return err('checkout.email-blank', message('checkout.email-blank', {}, ls));
  if (value.length > 254 || !isValidEmail(value))
    return err('checkout.email-invalid', message('checkout.email-invalid', {}, ls));
  return ok({ value, key: value.toLowerCase() });
}

export function checkPassword(password: string, ls?: LocalizedStrings): Result<string> {
  const length = [...password].length;
  if (length < PASSWORD_MIN)
    return err(
      'account.password-too-short',
      message('account.password-too-short', { min: PASSWORD_MIN }, ls),
    );
  if (length > PASSWORD_MAX)
    return err('account.password-too-long', message('account.password-too-long', { max: PASSWORD_MAX }, ls));
  if (isCommonPassword(password))
    return err('account.password-common', message('account.password-common', {}, ls));
  return ok(password);
}

export interface NewAccount {
  kind: AccountKind;
  email: Email;
  name: string;
  /** The scrypt hash (passwords.ts), never the password. */
  passwordHash: string;
  verified: boolean;
  roles?: readonly RoleCode[];
}

/** Creates the account; undefined when one of that kind already has the address. */
export const createAccount = (db: Db, account: NewAccount, now = Date.now()): Promise<string | undefined> =>
  insertAccount(
    db,
    {
      kind: account.kind,
      email: account.email.value,
      emailKey: account.email.key,
      name: account.name,
      passwordHash: account.passwordHash,
      verified: account.verified,
      ...(account.roles ? { roles: account.roles } : {}),
    },
    now,
  );

/**
 * The account when the password is right, else undefined. An unknown address is checked against
 * the decoy hash: the same scrypt work, so neither the answer nor its time tells whether the
 * address has an account. A hash of a lower cost than today's is replaced.
 */
export async function authenticate(
  db: Db,
  kind: AccountKind,
  emailKey: string,
  password: string,
  decoy: Promise<string>,
): Promise<AccountRow | undefined> {
  const account = await findAccount(db, kind, emailKey);
  const matches = await verifyPassword(password, account?.password_hash ?? (await decoy));
  if (!account || !matches) return undefined;
  if (needsRehash(account.password_hash)) await setPassword(db, account.id, await hashPassword(password));
  return account;
}

/** Moves the account to a new (verified) address; false when another account of its kind has it. */
export async function changeEmail(
  db: Db,
  account: AccountRow,
  email: Email,
  now = Date.now(),
): Promise<boolean> {
  const taken = await findAccount(db, account.kind, email.key);
  if (taken && taken.id !== account.id) return false;
  await setVerifiedEmail(db, account.id, email, now);
  return true;
}

/**
 * Deletes the account with its sessions, tokens, roles and addresses. Its orders stay (the shop's
 * records) but lose the link and the personal data: no email, name or address; its carts lose the link;
 * its subscriptions are cancelled and lose theirs.
 */
export async function deleteAccount(db: Db, accountId: string): Promise<void> {
  await writeTransaction(db, async (trx) => {
    await forgetAccountOrders(trx, accountId);
    await cancelAccountSubscriptions(trx, accountId, Date.now());
    // Their carts stay (an order may point at one) but belong to no one.
    await releaseCustomerCarts(trx, accountId);
    await endAllSessions(trx, accountId);
    await deleteAccountRows(trx, accountId);
  });
}
