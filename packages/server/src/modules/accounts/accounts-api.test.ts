import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { CUSTOMER } from '../orders/testing.ts';
import { DATABASES, appForSuite, testConfig } from '../../testing/app.ts';
import { ACCOUNT_API, SESSION_PATH } from './routes.ts';
import { Customer, lastMail, mailedToken, makeAccount, PASSWORD } from './testing.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describe.each(DATABASES)('customer accounts on $name', (database) => {
  const t = appForSuite(database);

  it('registers, refuses sign-in until the mailed link confirms the address, and the link signs in once', async () => {
    const visitor = new Customer(t);
    await visitor.start();
    const res = await visitor.request('POST', ACCOUNT_API, {
      email: ' Mary@Example.test ',
      password: PASSWORD,
      name: 'Mary Somerville',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      message: 'Check your email: we have sent you a link to confirm your address.',
    });
    const mail = await lastMail(t.db, 'Mary@Example.test', 'account-verify');
    expect(mail?.body).toContain('http://storefront.test/account/verify?token=');

    const early = await visitor.signIn('mary@example.test');
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'account.unverified' });
    // Refused sign-in sent a fresh link; the first one no longer works.
    const first = /token=([\w-]+)/.exec(mail?.body ?? '')?.[1] as string;
    const token = await mailedToken(t.db, 'Mary@Example.test', 'account-verify');
    expect(token).not.toBe(first);
    const stale = await visitor.request('POST', `${ACCOUNT_API}/verify`, { token: first });
    expect(stale.statusCode, stale.body).toBe(400);

    const verified = await visitor.request('POST', `${ACCOUNT_API}/verify`, { token });
    expect(verified.statusCode).toBe(200);
    visitor.xsrfToken = verified.json().xsrfToken;
    const profile = await visitor.request('GET', ACCOUNT_API);
    expect(profile.json()).toMatchObject({
      email: 'Mary@Example.test',
      name: 'Mary Somerville',
      emailVerified: true,
    });

    const elsewhere = new Customer(t);
    await elsewhere.start();
    const again = await elsewhere.request('POST', `${ACCOUNT_API}/verify`, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'account.token-invalid',
      message: 'This link has expired or has already been used. Please ask for a new one.',
    });
    expect((await new Customer(t).signIn('MARY@example.test')).statusCode).toBe(200);
  });

  it('answers a registration for a taken address exactly like a new one, mailing the owner instead', async () => {
    await makeAccount(t.db, 'taken@example.test');
    const visitor = new Customer(t);
    await visitor.start();
    const fresh = await visitor.request('POST', ACCOUNT_API, {
      email: 'free@example.test',
      password: PASSWORD,
      name: 'Free',
    });
    const taken = await visitor.request('POST', ACCOUNT_API, {
      email: 'taken@example.test',
      password: 'someone else entirely',
      name: 'Intruder',
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect((await lastMail(t.db, 'taken@example.test'))?.kind).toBe('account-exists');
    // The existing account keeps its password.
    expect((await new Customer(t).signIn('taken@example.test')).statusCode).toBe(200);
  });

  it('refuses bad registrations with precise messages', async () => {
    const visitor = new Customer(t);
    await visitor.start();
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { email: 'not-an-address', password: PASSWORD, name: 'A' },
        400,
        'Please enter a valid email address.',
      ],
      [
        { email: 'a@example.test', password: 'short', name: 'A' },
        400,
        'Your password must be at least 10 characters long.',
      ],
      [{ email: 'a@example.test', password: PASSWORD, name: '  ' }, 400, 'Please enter your name.'],
    ];
    for (const [body, status, text] of cases) {
      const res = await visitor.request('POST', ACCOUNT_API, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(text);
    }
    const extra = await visitor.request('POST', ACCOUNT_API, {
      email: 'a@example.test',
      password: PASSWORD,
      name: 'A',
      admin: true,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: 'invalid-request' });
    const noCrumb = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_API,
      payload: { email: 'a@example.test', password: PASSWORD, name: 'A' },
    });
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.json()).toMatchObject({ crumbFail: true });
  });

  it('resets a password through a single-use mailed link that expires, ending every session', async () => {
    await makeAccount(t.db, 'reset@example.test');
    const signedIn = new Customer(t);
    expect((await signedIn.signIn('reset@example.test')).statusCode).toBe(200);

    const visitor = new Customer(t);
    await visitor.start();
    const ask = (email: string) => visitor.request('POST', `${ACCOUNT_API}/password-reset`, { email });
    const known = await ask('reset@example.test');
    const unknown = await ask('nobody-here@example.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(await lastMail(t.db, 'nobody-here@example.test')).toBeUndefined();
    const token = await mailedToken(t.db, 'reset@example.test', 'account-reset');
    expect((await lastMail(t.db, 'reset@example.test', 'account-reset'))?.body).toContain(
      'http://storefront.test/account/reset?token=',
    );

    const confirm = (tok: string, password = NEW_PASSWORD) =>
      visitor.request('POST', `${ACCOUNT_API}/password-reset/confirm`, { token: tok, password });
    expect((await confirm(token, 'short')).statusCode).toBe(400);
    // A refused password does not spend the token.
    expect((await confirm(token)).statusCode).toBe(200);
    const reused = await confirm(token, 'yet another passphrase');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('account.token-invalid');

    expect((await signedIn.request('GET', ACCOUNT_API)).statusCode).toBe(401);
    expect((await new Customer(t).signIn('reset@example.test', PASSWORD)).statusCode).toBe(401);
    expect((await new Customer(t).signIn('reset@example.test', NEW_PASSWORD)).statusCode).toBe(200);

    // An expired link is refused.
    await ask('reset@example.test');
    const late = await mailedToken(t.db, 'reset@example.test', 'account-reset');
    await t.db
      .updateTable('account_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('purpose', '=', 'reset')
      .execute();
    expect((await confirm(late, 'expired link password')).statusCode).toBe(400);
    expect((await new Customer(t).signIn('reset@example.test', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('changes the password (new session id, other sessions end) and the email (after the mailed link)', async () => {
    await makeAccount(t.db, 'change@example.test');
    const laptop = new Customer(t);
    const phone = new Customer(t);
    await laptop.signIn('change@example.test');
    await phone.signIn('change@example.test');
    const before = laptop.cookies.sf_session;

    const wrong = await laptop.request('PUT', `${ACCOUNT_API}/password`, {
      currentPassword: 'not my password',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('account.password-wrong');
    const changed = await laptop.request('PUT', `${ACCOUNT_API}/password`, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    laptop.xsrfToken = changed.json().xsrfToken;
    expect(laptop.cookies.sf_session).not.toBe(before);
    expect((await laptop.request('GET', ACCOUNT_API)).statusCode).toBe(200);
    expect((await phone.request('GET', ACCOUNT_API)).statusCode).toBe(401);

    const email = await laptop.request('PUT', `${ACCOUNT_API}/email`, {
      password: NEW_PASSWORD,
      email: 'moved@example.test',
    });
    expect(email.statusCode).toBe(202);
    // Nothing changes until the new address confirms.
    expect((await laptop.request('GET', ACCOUNT_API)).json().email).toBe('change@example.test');
    const token = await mailedToken(t.db, 'moved@example.test', 'account-verify');
    const confirmed = await laptop.request('POST', `${ACCOUNT_API}/verify`, { token });
    expect(confirmed.statusCode).toBe(200);
    laptop.xsrfToken = confirmed.json().xsrfToken;
    expect((await laptop.request('GET', ACCOUNT_API)).json().email).toBe('moved@example.test');
    expect((await new Customer(t).signIn('change@example.test', NEW_PASSWORD)).statusCode).toBe(401);
    expect((await new Customer(t).signIn('moved@example.test', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('deletes the account: sessions, tokens and addresses go; its orders stay, without personal data', async () => {
    const id = await makeAccount(t.db, 'leaving@example.test');
    const customer = new Customer(t);
    await customer.signIn('leaving@example.test');
    expect((await customer.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 })).statusCode).toBe(200);
    const placed = await customer.order({ ...CUSTOMER, email: 'leaving@example.test' });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().order.id as string;
    // Checkout links the order to the signed-in account.
    const linked = await t.db
      .selectFrom('orders')
      .select('account_id')
      .where('id', '=', orderId)
      .executeTakeFirst();
    expect(linked?.account_id).toBe(id);
    // A cart of theirs is open again (the cart follows the customer).
    expect((await customer.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 })).statusCode).toBe(200);
    await t.db
      .insertInto('addresses')
      .values({
        id: 'addr-1',
        account_id: id,
        position: 0,
        is_default: 1,
        address: JSON.stringify(CUSTOMER.address),
        created: 1,
      })
      .execute();

    expect(
      (await customer.request('DELETE', ACCOUNT_API, { password: 'wrong password here' })).statusCode,
    ).toBe(403);
    const deleted = await customer.request('DELETE', ACCOUNT_API, { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);

    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ account_id: null, email: '', customer_name: '', address: null });
    expect(Number(order.grand_total_cents)).toBeGreaterThan(0);
    const lines = await t.db.selectFrom('order_lines').select('id').where('order_id', '=', orderId).execute();
    expect(lines.length).toBe(1);
    for (const table of ['sessions', 'account_tokens', 'addresses', 'account_roles', 'carts'] as const)
      expect(
        await t.db.selectFrom(table).select('account_id').where('account_id', '=', id).execute(),
      ).toEqual([]);
    expect(
      await t.db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await customer.request('GET', ACCOUNT_API)).statusCode).toBe(401);
    expect((await new Customer(t).signIn('leaving@example.test')).statusCode).toBe(401);
  });
});

describe.each(DATABASES)('passwords in the clear on $name', (database) => {
  it('are never stored in the database nor written to the log', async () => {
    const fresh = database.fresh();
    const lines: string[] = [];
    const app = await buildApp(testConfig(fresh.config), {
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const t = { app, config: testConfig(fresh.config), close: async () => undefined };
      const secret = 'Zebra-Quartz-Plinth-42';
      const visitor = new Customer(t);
      await visitor.start();
      await visitor.request('POST', ACCOUNT_API, {
        email: 'logged@example.test',
        password: secret,
        name: 'L',
      });
      const token = await mailedToken(app.database.db, 'logged@example.test', 'account-verify');
      await visitor.request('POST', `${ACCOUNT_API}/verify`, { token });
      await new Customer(t).signIn('logged@example.test', secret);
      await new Customer(t).signIn('logged@example.test', `${secret}-wrong`);
      // A malformed body that carries the password is refused without echoing it.
      const bad = await visitor.request(
        'POST',
        SESSION_PATH,
        `{"email":"logged@example.test","password":"${secret}"`,
        {
          'content-type': 'application/json',
        },
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.body).not.toContain(secret);

      const row = await app.database.db
        .selectFrom('accounts')
        .selectAll()
        .where('email_key', '=', 'logged@example.test')
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
      for (const table of ['accounts', 'sessions', 'account_tokens', 'mail_outbox', 'rate_limits'] as const) {
        const rows = await app.database.db.selectFrom(table).selectAll().execute();
        expect(JSON.stringify(rows), table).not.toContain(secret);
      }
      expect(lines.length).toBeGreaterThan(5); // the log did capture the requests
      expect(lines.join('\n')).not.toContain(secret);
    } finally {
      await app.close();
      await fresh.cleanup();
    }
  });
});
