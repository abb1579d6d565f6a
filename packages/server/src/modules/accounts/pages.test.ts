import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../platform/http/session.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';
import { ACCOUNT_PAGES } from './pages.ts';
import { ROLES } from '@storefront/core';
import { STAFF_SESSION_PATH } from './routes.ts';
import { Customer, mailedToken, makeAccount, PASSWORD } from './testing.ts';

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
/** A browser without scripts: form posts carry the crumb field, never the header. */
const NO_HEADER = { 'x-csrf-token': '' };

describe.each(DATABASES)('the account pages on $name', (database) => {
  const t = appForSuite(database);

  const post = (browser: Customer, path: string, fields: Record<string, string>) =>
    browser.request('POST', path, form({ crumb: browser.cookies.crumb as string, ...fields }), NO_HEADER);

  it('register, confirm from the mailed link, see the account, sign out and in again, without scripts', async () => {
    const browser = new Customer(t);
    const register = await browser.request('GET', ACCOUNT_PAGES.register);
    expect(register.statusCode).toBe(200);
    expect(register.body).toContain('Fixture Store'); // inside the site's layout
    expect(register.body).toContain('<label for="sf-account-password">Password</label>');
    expect(register.body).toContain('At least 10 characters.');

    const short = await post(browser, ACCOUNT_PAGES.register, {
      name: 'Ann',
      email: 'ann@example.test',
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Your password must be at least 10 characters long.');
    expect(short.body).toContain('value="ann@example.test"');
    expect(short.body).not.toContain('value="short"');

    const created = await post(browser, ACCOUNT_PAGES.register, {
      name: 'Ann Jones',
      email: 'ann@example.test',
      password: 'a long enough password',
    });
    expect(created.statusCode).toBe(200);
    expect(created.body).toContain('Check your email: we have sent you a link to confirm your address.');

    const token = await mailedToken(t.db, 'ann@example.test', 'account-verify');
    // Opening the link (or a mail scanner fetching it) spends nothing.
    const verify = await browser.request('GET', `${ACCOUNT_PAGES.verify}?token=${token}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toContain(`name="token" value="${token}"`);
    expect((await browser.request('GET', `${ACCOUNT_PAGES.verify}?token=${token}`)).statusCode).toBe(200);
    const confirmed = await post(browser, ACCOUNT_PAGES.verify, { token });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(ACCOUNT_PAGES.account);
    const account = await browser.request('GET', ACCOUNT_PAGES.account);
    expect(account.statusCode).toBe(200);
    expect(account.headers['cache-control']).toBe('no-store');
    expect(account.body).toContain('Signed in as ann@example.test.');
    expect(account.body).toContain('Ann Jones');
    // A spent link says so.
    const again = await post(browser, ACCOUNT_PAGES.verify, { token });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This link has expired or has already been used.');

    const out = await post(browser, ACCOUNT_PAGES.logout, {});
    expect(out.statusCode).toBe(303);
    expect(browser.cookies[SESSION_COOKIE]).toBe('');
    expect((await browser.request('GET', ACCOUNT_PAGES.account)).headers.location).toBe(ACCOUNT_PAGES.login);

    await browser.request('GET', ACCOUNT_PAGES.login);
    const wrong = await post(browser, ACCOUNT_PAGES.login, {
      email: 'ann@example.test',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('The email address or password is incorrect.');
    const right = await post(browser, ACCOUNT_PAGES.login, {
      email: 'ann@example.test',
      password: 'a long enough password',
      rememberMe: 'on',
    });
    expect(right.statusCode).toBe(303);
    expect(String(right.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
    expect((await browser.request('GET', ACCOUNT_PAGES.login)).headers.location).toBe(ACCOUNT_PAGES.account);
  });

  it('resets the password through the mailed link and the reset page', async () => {
    const browser = new Customer(t);
    await browser.request('GET', ACCOUNT_PAGES.register);
    await post(browser, ACCOUNT_PAGES.register, {
      name: 'Bo',
      email: 'bo@example.test',
      password: 'first password here',
    });
    await post(browser, ACCOUNT_PAGES.verify, {
      token: await mailedToken(t.db, 'bo@example.test', 'account-verify'),
    });

    const other = new Customer(t);
    const ask = await other.request('GET', ACCOUNT_PAGES.reset);
    expect(ask.body).toContain('<label for="sf-account-email">Email</label>');
    const sent = await post(other, ACCOUNT_PAGES.reset, { email: 'bo@example.test' });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('If an account uses this address, we have sent it a link');
    const token = await mailedToken(t.db, 'bo@example.test', 'account-reset');
    const page = await other.request('GET', `${ACCOUNT_PAGES.reset}?token=${token}`);
    expect(page.body).toContain('<label for="sf-account-password">New password</label>');
    const set = await post(other, ACCOUNT_PAGES.reset, { token, password: 'second password here' });
    expect(set.statusCode).toBe(200);
    expect(set.body).toContain('Your password has been changed.');
    // The browser that was signed in is signed out.
    expect((await browser.request('GET', ACCOUNT_PAGES.account)).headers.location).toBe(ACCOUNT_PAGES.login);
    expect((await other.signIn('bo@example.test', 'second password here')).statusCode).toBe(200);
  });

  it('tells the page context who is signed in (spec section 6): authenticated and the member id', async () => {
    const id = await makeAccount(t.db, 'ctx@example.test');
    await makeAccount(t.db, 'staff-ctx@example.test', { kind: 'staff', roles: [ROLES.viewer] });
    const contextOf = async (browser: Customer, path: string) => {
      const page = await browser.request('GET', path);
      expect(page.statusCode, path).toBe(200);
      const json = /<script[^>]*id="storefront-context"[^>]*>([^<]*)<\/script>/.exec(page.body)?.[1];
      return JSON.parse(json as string) as { authenticated: boolean; memberId?: string };
    };
    const anonymous = new Customer(t);
    expect(await contextOf(anonymous, '/')).toMatchObject({ authenticated: false });
    expect((await contextOf(anonymous, '/')).memberId).toBeUndefined();

    const customer = new Customer(t);
    await customer.signIn('ctx@example.test');
    for (const path of ['/', '/shop', ACCOUNT_PAGES.account])
      expect(await contextOf(customer, path), path).toMatchObject({ authenticated: true, memberId: id });
    // Another visitor of the same URL still gets the anonymous page.
    expect(await contextOf(new Customer(t), '/')).toMatchObject({ authenticated: false });

    const staff = new Customer(t);
    await staff.signIn('staff-ctx@example.test', PASSWORD, false, STAFF_SESSION_PATH);
    expect(await contextOf(staff, '/')).toMatchObject({ authenticated: false });
  });

  it('refuses a form post without its crumb field', async () => {
    const browser = new Customer(t);
    await browser.request('GET', ACCOUNT_PAGES.login);
    const res = await browser.request(
      'POST',
      ACCOUNT_PAGES.login,
      form({ email: 'ann@example.test', password: 'a long enough password' }),
      NO_HEADER,
    );
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Your session has expired. Please reload the page and try again.');
    expect(browser.cookies[SESSION_COOKIE]).toBeUndefined();
  });
});
