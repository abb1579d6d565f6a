/**
 * `npm run users -- <command>`: staff and customer accounts from the command line, on the database
 * the server uses (the same environment: DATABASE_URL, or the SQLite file of SITE_DIR / DATA_DIR).
 *
 *   add --role admin --email owner@example.com [--name "Ada"] [--password ...]   a staff member
 *   add --customer --email ada@example.com [--name "Ada"] [--password ...]      a (verified) customer
 *   list                                                                          every account
 *
 * `--role` takes a name or a code of spec section 6 (core/roles.ts), repeated or comma-separated. Without
 * `--password` (or STOREFRONT_PASSWORD) a random one is made and printed once.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Db } from '../db/index.ts';
import { checkPassword, createAccount, parseEmail, rolesOf } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import { ROLES, parseRole, type RoleCode } from '@storefront/core';

export const USAGE = [
  'Usage:',
  '  npm run users -- add --role admin --email owner@example.com [--name NAME] [--password PASSWORD]',
  '  npm run users -- add --customer --email ada@example.com [--name NAME] [--password PASSWORD]',
  '  npm run users -- list',
  `Roles: ${Object.entries(ROLES)
    .map(([name, code]) => `${name} (${code})`)
    .join(', ')}`,
].join('\n');

/** Runs the command; answers the exit code. Everything it says goes to `print`. */
export async function runUsers(
  db: Db,
  argv: readonly string[],
  print: (line: string) => void,
  env: NodeJS.ProcessEnv = {},
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        role: { type: 'string', multiple: true },
        customer: { type: 'boolean' },
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
      },
    });
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command] = positionals;
  if (command === 'list') return list(db, print);
  if (command !== 'add') {
    print(USAGE);
    return 2;
  }

  const email = parseEmail(values.email ?? '');
  if (!email.ok) {
    print(`--email: ${email.error.message}\n${USAGE}`);
    return 2;
  }
  const roles: RoleCode[] = [];
  for (const value of (values.role ?? []).flatMap((r) => r.split(',')).map((r) => r.trim())) {
    const role = parseRole(value);
    if (role === undefined) {
      print(`--role: unknown role "${value}"\n${USAGE}`);
      return 2;
    }
    if (!roles.includes(role)) roles.push(role);
  }
  if (values.customer === true ? roles.length > 0 : roles.length === 0) {
    print(`Give either --customer or at least one --role.\n${USAGE}`);
    return 2;
  }
  const given = values.password ?? env.STOREFRONT_PASSWORD;
  const password = given ?? randomBytes(12).toString('base64url');
  const checked = checkPassword(password);
  if (!checked.ok) {
    print(`--password: ${checked.error.message}`);
    return 2;
  }
  const kind = values.customer === true ? 'customer' : 'staff';
  const id = await createAccount(db, {
    kind,
    email: email.value,
    name: values.name?.trim() || email.value.value.split('@')[0] || email.value.value,
    passwordHash: await hashPassword(checked.value),
    verified: true,
    roles,
  });
  if (!id) {
    print(`A ${kind} account with ${email.value.value} already exists.`);
    return 1;
  }
  const where = kind === 'staff' ? 'at /config/login' : 'at /account/login';
  print(
    `Created ${kind} ${email.value.value}${roles.length ? ` (roles ${roles.join(', ')})` : ''}; sign in ${where}.`,
  );
  if (given === undefined) print(`Password (shown once): ${password}`);
  return 0;
}

async function list(db: Db, print: (line: string) => void): Promise<number> {
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'kind', 'email'])
    .orderBy('created')
    .execute();
  for (const account of accounts) {
    const roles = account.kind === 'staff' ? ` roles ${(await rolesOf(db, account.id)).join(', ')}` : '';
    print(`${account.kind} ${account.email}${roles}`);
  }
  if (accounts.length === 0) print('No accounts yet.');
  return 0;
}
