/**
 * Test support for accounts: a customer (a Shopper that also sends its session's xsrfToken), the
 * mail the outbox holds for an address, and accounts made directly in the database.
 */
import type { Db } from '../../platform/db/index.ts';
import { Shopper } from '../../testing/shopper.ts';
import type { TestApp } from '../../testing/app.ts';
import { createAccount, parseEmail } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import type { RoleCode } from '@storefront/core';
import { SESSION_PATH } from './routes.ts';

export const PASSWORD = 'correct horse battery';

/** A browser of a customer: cookies, the crumb, and the xsrfToken once signed in. */
export class Customer extends Shopper {
  xsrfToken: string | undefined;

  constructor(t: TestApp) {
    super(t);
  }

  override request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const xsrf: Record<string, string> =
      method !== 'GET' && this.xsrfToken ? { 'x-xsrf-token': this.xsrfToken } : {};
    return super.request(method, url, body, { ...xsrf, ...headers });
  }

  /** A form post as a browser without scripts sends it: the crumb as a field, never the header. */
  postForm(path: string, fields: Record<string, string>) {
    const form = new URLSearchParams({ crumb: this.cookies.crumb ?? '', ...fields });
    return this.request('POST', path, form, { 'x-csrf-token': '' });
  }

  async signIn(email: string, password = PASSWORD, rememberMe = false, path = SESSION_PATH) {
    if (!this.cookies.crumb) await this.start();
    const res = await this.request('POST', path, { email, password, rememberMe });
    if (res.statusCode === 200) this.xsrfToken = (res.json() as { xsrfToken: string }).xsrfToken;
    return res;
  }
}

/** Makes an account in the database (verified), as the users command does. */
export async function makeAccount(
  db: Db,
  email: string,
  options: {
    kind?: 'customer' | 'staff';
    roles?: RoleCode[];
    password?: string;
    verified?: boolean;
    name?: string;
  } = {},
): Promise<string> {
  const parsed = parseEmail(email);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const id = await createAccount(db, {
    kind: options.kind ?? 'customer',
    email: parsed.value,
    name: options.name ?? 'Test Person',
    passwordHash: await hashPassword(options.password ?? PASSWORD),
    verified: options.verified ?? true,
    roles: options.roles ?? [],
  });
  if (!id) throw new Error(`${email} already has an account`);
  return id;
}

/** A new customer account (named `name`, when given), signed in in a browser of its own. */
export async function signInNewCustomer(
  t: TestApp,
  email: string,
  name?: string,
): Promise<{ browser: Customer; id: string }> {
  const id = await makeAccount(t.app.database.db, email, { name });
  const browser = new Customer(t);
  const answer = await browser.signIn(email);
  if (answer.statusCode !== 200) throw new Error(`${email} could not sign in: ${answer.body}`);
  return { browser, id };
}

/** The newest outbox mail to the address (of the kind, when given). */
export async function lastMail(db: Db, to: string, kind?: string) {
  let query = db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('created', 'desc').executeTakeFirst();
}

/** The one-time token in the newest mail of the kind to the address. */
export async function mailedToken(db: Db, to: string, kind: string): Promise<string> {
  const mail = await lastMail(db, to, kind);
  const token = /token=([\w-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no ${kind} mail with a token to ${to}`);
  return token;
}
