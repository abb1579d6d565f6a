import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { appForSuite, DATABASES, FIXTURE_SITE, startApp } from '../../testing/app.ts';
import { repoRoot } from '../../testing/repo-root.ts';
import { ROLES } from '@storefront/core';
import { STAFF_SESSION_PATH } from './routes.ts';
import { Customer } from './testing.ts';
import { currentTotpCode, TOTP_API } from './totp.ts';
import { runUsers } from './users.ts';

const PASSWORD = 'first admin passphrase';

describe.each(DATABASES)('the users command on $name', (database) => {
  const t = appForSuite(database);

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await runUsers(t.db, argv, (line) => out.push(line));
    return { code, out: out.join('\n') };
  };

  it('creates an admin who signs in at the staff call with the admin permissions', async () => {
    const added = await run(
      'add',
      '--role',
      'admin',
      '--email',
      'Owner@Example.test',
      '--password',
      PASSWORD,
    );
    expect(added).toEqual({
      code: 0,
      out: 'Created staff Owner@Example.test (roles 1); sign in at /config/login.',
    });
    const staff = new Customer(t);
    expect((await staff.signIn('owner@example.test', PASSWORD, false, STAFF_SESSION_PATH)).statusCode).toBe(
      200,
    );
    const session = (await staff.request('GET', STAFF_SESSION_PATH)).json();
    expect(session).toMatchObject({ authenticated: true, roles: [ROLES.admin] });
    expect(session.permissions).toContain('staff.manage');

    const again = await run(
      'add',
      '--role',
      'admin',
      '--email',
      'owner@example.test',
      '--password',
      PASSWORD,
    );
    expect(again).toEqual({ code: 1, out: 'A staff account with owner@example.test already exists.' });
  });

  it('creates a test customer, printing a generated password once', async () => {
    const added = await run('add', '--customer', '--email', 'shopper@example.test');
    expect(added.code).toBe(0);
    const password = /Password \(shown once\): (\S+)/.exec(added.out)?.[1] as string;
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect((await new Customer(t).signIn('shopper@example.test', password)).statusCode).toBe(200);
  });

  it("resets a staff member's authenticator app: a password signs in again, their sessions end, they enrol again", async () => {
    expect(
      (await run('add', '--role', 'editor', '--email', 'lost@example.test', '--password', PASSWORD)).code,
    ).toBe(0);
    const staff = new Customer(t);
    expect((await staff.signIn('lost@example.test', PASSWORD, false, STAFF_SESSION_PATH)).statusCode).toBe(
      200,
    );
    const { secret } = (await staff.request('POST', TOTP_API, {})).json() as { secret: string };
    const confirmed = await staff.request('POST', `${TOTP_API}/confirm`, { code: currentTotpCode(secret) });
    expect(confirmed.json()).toEqual({ enabled: true });
    const withoutCode = await new Customer(t).signIn(
      'lost@example.test',
      PASSWORD,
      false,
      STAFF_SESSION_PATH,
    );
    expect(withoutCode.json()).toMatchObject({ code: 'account.totp-required' });

    expect(await run('reset-totp', '--email', 'Lost@Example.test')).toEqual({
      code: 0,
      out: 'Reset the authenticator app of lost@example.test and ended their sessions; they set it up again at /config/login.',
    });
    expect((await staff.request('GET', STAFF_SESSION_PATH)).json()).toEqual({ authenticated: false });
    const again = new Customer(t);
    expect((await again.signIn('lost@example.test', PASSWORD, false, STAFF_SESSION_PATH)).statusCode).toBe(
      200,
    );
    expect((await again.request('POST', TOTP_API, {})).statusCode).toBe(200);

    expect(await run('reset-totp', 'nobody@example.test')).toEqual({
      code: 1,
      out: 'No staff account has nobody@example.test.',
    });
    expect((await run('reset-totp', '--email', 'nope')).code).toBe(2);
  });

  it('refuses unknown roles, bad addresses, short passwords and a missing kind, creating nothing', async () => {
    expect((await run('add', '--role', 'wizard', '--email', 'x@example.test')).code).toBe(2);
    expect((await run('add', '--role', 'admin', '--email', 'nope')).code).toBe(2);
    expect((await run('add', '--role', '8', '--email', 'x@example.test', '--password', 'short')).code).toBe(
      2,
    );
    expect((await run('add', '--email', 'x@example.test')).code).toBe(2);
    expect((await run('add', '--customer', '--role', 'admin', '--email', 'x@example.test')).code).toBe(2);
    expect((await run('frobnicate')).out).toContain('Usage:');
    const rows = await t.db
      .selectFrom('accounts')
      .select('email')
      .where('email_key', '=', 'x@example.test')
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('npm run users', () => {
  it('adds a staff member to the database the server uses, who can sign in', async () => {
    const t = await startApp(DATABASES[0] as (typeof DATABASES)[number]);
    try {
      const child = spawn(
        'npm',
        [
          'run',
          '-s',
          'users',
          '--',
          'add',
          '--role',
          'store-manager,reporting',
          '--email',
          'manager@example.test',
        ],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            DATABASE_URL: '',
            DATA_DIR: t.config.dataDir,
            SITE_DIR: FIXTURE_SITE,
            STOREFRONT_PASSWORD: PASSWORD,
          },
        },
      );
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, out).toBe(0);
      expect(out).toContain('Created staff manager@example.test (roles 8, 3)');
      expect(out).not.toContain(PASSWORD);
      const staff = new Customer(t);
      expect(
        (await staff.signIn('manager@example.test', PASSWORD, false, STAFF_SESSION_PATH)).statusCode,
      ).toBe(200);
      expect((await staff.request('GET', STAFF_SESSION_PATH)).json().roles.sort()).toEqual([3, 8]);
    } finally {
      await t.close();
    }
  }, 60_000);
});
