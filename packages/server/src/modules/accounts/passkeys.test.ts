import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../platform/http/session.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';
import { PASSKEY_API } from './passkeys.ts';
import { ROLES } from '@storefront/core';
import { ACCOUNT_PAGES } from './pages.ts';
import { ACCOUNT_API, STAFF_SESSION_PATH } from './routes.ts';
import { Customer, makeAccount } from './testing.ts';
import { Authenticator, b64u } from './webauthn-testing.ts';

describe.each(DATABASES)('passkeys on $name', (database) => {
  const t = appForSuite(database);

  /** Signs in with the password and registers a new passkey; answers the authenticator. */
  const enrol = async (
    email: string,
    kind: 'customer' | 'staff',
    authenticator = new Authenticator(),
    name?: string,
  ) => {
    const browser = new Customer(t);
    const signedIn = await browser.signIn(
      email,
      undefined,
      false,
      kind === 'staff' ? STAFF_SESSION_PATH : undefined,
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const options = await browser.request('POST', `${PASSKEY_API[kind].register}/options`, {});
    expect(options.statusCode, options.body).toBe(200);
    const body = options.json() as { challenge: string; rp: { id: string }; user: { id: string } };
    expect(body.rp.id).toBe('storefront.test');
    const registered = await browser.request('POST', PASSKEY_API[kind].register, {
      response: authenticator.register(body),
      ...(name ? { name } : {}),
    });
    return { registered, authenticator, browser };
  };

  /** A new browser signing in with the authenticator's passkey. */
  const signInWith = async (authenticator: Authenticator, kind: 'customer' | 'staff') => {
    const browser = new Customer(t);
    await browser.start();
    const options = await browser.request('POST', `${PASSKEY_API[kind].signIn}/options`, {});
    expect(options.statusCode, options.body).toBe(200);
    const assertion = authenticator.authenticate(options.json() as { challenge: string; rpId: string });
    const res = await browser.request('POST', PASSKEY_API[kind].signIn, { response: assertion });
    if (res.statusCode === 200) browser.xsrfToken = (res.json() as { xsrfToken: string }).xsrfToken;
    return { browser, res, assertion, options: options.json() as { challenge: string; rpId: string } };
  };

  it('registers a passkey for a signed-in customer, which then signs in without a password, once per challenge', async () => {
    await makeAccount(t.db, 'pat@example.test');
    const { registered, authenticator } = await enrol('pat@example.test', 'customer');
    expect(registered.statusCode, registered.body).toBe(200);
    const stored = await t.db.selectFrom('passkeys').selectAll().execute();
    expect(stored.map((p) => p.id)).toContain(b64u(authenticator.credentialId));

    const { browser, res, options } = await signInWith(authenticator, 'customer');
    expect(res.statusCode, res.body).toBe(200);
    expect(browser.cookies[SESSION_COOKIE]).toMatch(/^[\w-]{43}$/);
    expect((await browser.request('GET', ACCOUNT_API)).json()).toMatchObject({ email: 'pat@example.test' });

    // Another answer to the same challenge (a replay, even with a fresh signature): it is spent.
    const assertion = authenticator.authenticate(options);
    const elsewhere = new Customer(t);
    await elsewhere.start();
    const replay = await elsewhere.request('POST', PASSKEY_API.customer.signIn, {
      response: assertion,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: 'account.passkey-failed',
      message: 'This passkey could not sign you in. Please try again or use another way.',
    });
  });

  it("lists the customer's passkeys on /account (name, added, last used) and removes only their own by its form", async () => {
    await makeAccount(t.db, 'keys@example.test');
    await makeAccount(t.db, 'other-keys@example.test');
    const named = await enrol('keys@example.test', 'customer', new Authenticator(), 'Work <laptop>');
    expect(named.registered.statusCode, named.registered.body).toBe(200);
    const unnamed = await enrol('keys@example.test', 'customer');
    const theirs = await enrol('other-keys@example.test', 'customer');
    const used = await signInWith(named.authenticator, 'customer');
    expect(used.res.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);

    const browser = used.browser;
    const page = await browser.request('GET', ACCOUNT_PAGES.account);
    expect(page.statusCode).toBe(200);
    const row = (name: string) =>
      new RegExp(`<tr><th scope="row">${name}</th><td>${today}</td><td>([^<]+)</td>`).exec(page.body)?.[1];
    expect(row('Work &lt;laptop&gt;')).toBe(today);
    expect(row(`Passkey added on ${today}`)).toBe('Never');
    expect(page.body.match(/<tr><th scope="row">/g)).toHaveLength(2); // not the other customer's
    const listed = (await browser.request('GET', PASSKEY_API.customer.register)).json() as {
      id: string;
      name: string | null;
    }[];
    expect(listed.map((k) => k.name)).toEqual(['Work <laptop>', null]);

    const NO_HEADER = { 'x-csrf-token': '' };
    const remove = (id: string, crumb = browser.cookies.crumb as string) =>
      browser.request('POST', ACCOUNT_PAGES.passkeys, new URLSearchParams({ crumb, id }), NO_HEADER);
    const otherId = b64u(theirs.authenticator.credentialId);
    const refused = await remove(otherId);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('This passkey is not one of yours.');
    expect(
      await t.db.selectFrom('passkeys').select('id').where('id', '=', otherId).executeTakeFirst(),
    ).toBeDefined();
    expect((await remove(b64u(unnamed.authenticator.credentialId), 'not-the-crumb')).statusCode).toBe(403);

    const removed = await remove(b64u(unnamed.authenticator.credentialId));
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe('/account?done=passkey');
    const after = await browser.request('GET', removed.headers.location as string);
    expect(after.body).toContain('The passkey was removed.');
    expect(after.body).not.toContain(`Passkey added on ${today}`);
    const left = await t.db
      .selectFrom('passkeys')
      .innerJoin('accounts', 'accounts.id', 'passkeys.account_id')
      .select('passkeys.name')
      .where('accounts.email', '=', 'keys@example.test')
      .execute();
    expect(left).toEqual([{ name: 'Work <laptop>' }]);
  });

  it("refuses a passkey unknown here, one of the other kind of account, another site's, and registration without a session", async () => {
    const stranger = await signInWith(new Authenticator(), 'customer');
    expect(stranger.res.statusCode).toBe(401);

    await makeAccount(t.db, 'lin@example.test');
    const { authenticator } = await enrol('lin@example.test', 'customer');
    // A customer's passkey does not open the staff side.
    const asStaff = await signInWith(authenticator, 'staff');
    expect(asStaff.res.statusCode).toBe(401);

    await makeAccount(t.db, 'mo@example.test');
    const phished = await enrol('mo@example.test', 'customer', new Authenticator('https://evil.example'));
    expect(phished.registered.statusCode).toBe(400);
    expect(phished.registered.json()).toMatchObject({ code: 'account.passkey-invalid' });

    const anonymous = new Customer(t);
    await anonymous.start();
    const options = await anonymous.request('POST', `${PASSKEY_API.customer.register}/options`, {});
    expect(options.statusCode).toBe(401);
  });

  it("lists a customer's own passkeys; only their owner removes one, which then signs in no more", async () => {
    await makeAccount(t.db, 'kim@example.test');
    await makeAccount(t.db, 'other@example.test');
    const { authenticator } = await enrol('kim@example.test', 'customer');
    const owner = new Customer(t);
    await owner.signIn('kim@example.test');
    const list = await owner.request('GET', PASSKEY_API.customer.register);
    expect(list.statusCode).toBe(200);
    const id = b64u(authenticator.credentialId);
    expect(list.json()).toEqual([{ id, created: expect.any(Number), lastUsed: null, name: null }]);

    const other = new Customer(t);
    await other.signIn('other@example.test');
    expect((await other.request('GET', PASSKEY_API.customer.register)).json()).toEqual([]);
    const notTheirs = await other.request('DELETE', `${PASSKEY_API.customer.register}/${id}`);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({
      code: 'account.passkey-not-found',
      message: 'This passkey is not one of yours.',
    });
    expect((await signInWith(authenticator, 'customer')).res.statusCode).toBe(200);

    expect((await owner.request('DELETE', `${PASSKEY_API.customer.register}/${id}`)).json()).toEqual({
      deleted: true,
    });
    expect((await signInWith(authenticator, 'customer')).res.statusCode).toBe(401);
  });

  it("loads the web bundle's passkey entry, with the answer's nonce, on the sign-in pages only", async () => {
    for (const path of ['/account/login', '/config/login']) {
      const page = await new Customer(t).request('GET', path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('data-passkey="sign-in"');
      const tag =
        /<script type="module" nonce="([^"]+)" src="\/_storefront\/(passkey\.[\w-]+\.js)"><\/script>/.exec(
          page.body,
        );
      expect(tag, path).not.toBeNull();
      const [, nonce, file] = tag!;
      expect(String(page.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
      const script = await t.app.inject({ method: 'GET', url: `/_storefront/${file}` });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
      expect(script.body).toContain('[data-passkey]');
    }
    const home = await new Customer(t).request('GET', '/');
    expect(home.body).not.toContain('/_storefront/passkey.');
    // The server no longer makes a script of its own.
    expect((await t.app.inject({ method: 'GET', url: '/account/passkey.js' })).statusCode).toBe(404);
  });

  it('registers and signs in a staff member with a passkey', async () => {
    await makeAccount(t.db, 'ops@example.test', { kind: 'staff', roles: [ROLES.reporting] });
    const { registered, authenticator } = await enrol('ops@example.test', 'staff');
    expect(registered.statusCode, registered.body).toBe(200);
    const { browser, res } = await signInWith(authenticator, 'staff');
    expect(res.statusCode, res.body).toBe(200);
    expect((await browser.request('GET', STAFF_SESSION_PATH)).json()).toMatchObject({
      authenticated: true,
      roles: [ROLES.reporting],
    });
    // Nor does a staff passkey open a customer session.
    expect((await signInWith(authenticator, 'customer')).res.statusCode).toBe(401);
  });
});
