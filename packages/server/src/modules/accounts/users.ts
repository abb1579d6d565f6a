/**
 * `npm run users -- <command>`: staff and customer accounts from the command line, on the database
 * the server uses (the same environment: DATABASE_URL, or the SQLite file of SITE_DIR / DATA_DIR).
 *
 *   add --role admin --email owner@example.com [--name "Ada"] [--password ...]   a staff member
 *   add --customer --email ada@example.com [--name "Ada"] [--password ...]      a (verified) customer
 *   list                                                                          every account
 *   reset-totp --email staff@example.com                                          forgets a staff
 *        member's authenticator app (a lost phone) and ends their sessions; they enrol again
 *
 * `--role` takes a name or a code of spec section 6 (core/roles.ts), repeated or comma-separated. Without
 * `--password` (or STOREFRONT_PASSWORD) a random one is made and printed once.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Db } from '../../platform/db/index.ts';
import { endAllSessions } from '../../platform/http/session.ts';
import { checkPassword, createAccount, parseEmail } from './accounts.ts';
import { allAccounts, clearTotp, findAccount, rolesOf } from './store.ts';
import { hashPassword } from './passwords.ts';
import { ROLES, parseRole, type RoleCode } from '@storefront/core';

export const USAGE = [
  'Usage:',
  '  npm run users -- add --role admin --email owner@example.com [--name NAME] [--password PASSWORD]',
  '  npm run users -- add --customer --email ada@example.com [--name NAME] [--password PASSWORD]',
  '  npm run users -- list',
  '  npm run users -- reset-totp --email staff@example.com',
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
  if (command === 'reset-totp') return resetTotp(db, values.email ?? positionals[1] ?? '', print);
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

/**
 * A staff member who lost their authenticator app: the app is forgotten and every session of theirs
 * ends (a lost phone may be a stolen one). They sign in with the password (or a passkey) and set
 * up an app again.
 */
async function resetTotp(db: Db, emailInput: string, print: (line: string) => void): Promise<number> {
  const email = parseEmail(emailInput);
  if (!email.ok) {
    print(`--email: ${email.error.message}\n${USAGE}`);
    return 2;
  }
  const account = await findAccount(db, 'staff', email.value.key);
  if (!account) {
    print(`No staff account has ${email.value.value}.`);
    return 1;
  }
  if (account.totp_secret === null) {
    print(`${account.email} has no authenticator app; nothing to reset.`);
    return 0;
  }
  await clearTotp(db, account.id);
  await endAllSessions(db, account.id);
  print(
    `Reset the authenticator app of ${account.email} and ended their sessions; they set it up again at /config/login.`,
  );
  return 0;
}

async function list(db: Db, print: (line: string) => void): Promise<number> {
  const accounts = await allAccounts(db);
  for (const account of accounts) {
    const roles = account.kind === 'staff' ? ` roles ${(await rolesOf(db, account.id)).join(', ')}` : '';
    print(`${account.kind} ${account.email}${roles}`);
  }
  if (accounts.length === 0) print('No accounts yet.');
  return 0;
}
