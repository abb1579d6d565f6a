import { describe, expect, it } from 'vitest';
import { appForSuite, DATABASES, DEMO_SITE } from '../../testing/app.ts';
import { ACCOUNT_PAGES } from './pages.ts';
import { Customer, signInNewCustomer } from './testing.ts';

/** The demo template's header link to the account pages. */
const accountLink = (body: string) => /<a class="site-account" href="([^"]*)">[\s\S]*?<\/a>/.exec(body);

describe.each(DATABASES)('the account in the page context on $name', (database) => {
  const t = appForSuite(database, { siteDir: DEMO_SITE }, { webBundle: true });

  it('gives templates showSignInLink on every page, and authenticatedAccount only to the signed-in customer', async () => {
    const anonymous = new Customer(t);
    const before = (await anonymous.request('GET', '/?format=json')).json();
    expect(before.userAccountsContext).toEqual({ showSignInLink: true });
    expect(before).not.toHaveProperty('authenticatedAccount');

    const { browser, id } = await signInNewCustomer(t, 'ada@example.test', '  Ada King Lovelace ');
    const mine = await browser.request('GET', '/?format=json');
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.json().userAccountsContext).toEqual({ showSignInLink: true });
    expect(mine.json().authenticatedAccount).toEqual({
      id,
      firstName: 'Ada',
      lastName: 'King Lovelace',
      email: 'ada@example.test',
    });

    // The anonymous page asked again (the shared page cache's) carries nobody's account.
    const after = (await anonymous.request('GET', '/?format=json')).json();
    expect(after).not.toHaveProperty('authenticatedAccount');
    expect(JSON.stringify(after)).not.toContain('ada@example.test');
  });

  it('shows "Sign in" in the demo header to a visitor and "My account" to a signed-in customer, on site and account pages', async () => {
    const anonymous = new Customer(t);
    const home = await anonymous.request('GET', '/');
    expect(home.statusCode).toBe(200);
    expect(accountLink(home.body)?.[1]).toBe(ACCOUNT_PAGES.login);
    expect(accountLink(home.body)?.[0]).toContain('Sign in');

    const { browser } = await signInNewCustomer(t, 'grace@example.test', 'Grace');
    for (const path of ['/', ACCOUNT_PAGES.account, '/cart']) {
      const page = await browser.request('GET', path);
      expect(page.statusCode, path).toBe(200);
      const link = accountLink(page.body);
      expect(link?.[1], path).toBe(ACCOUNT_PAGES.account);
      expect(link?.[0], path).toContain('My account');
      expect(link?.[0], path).not.toContain('Sign in');
    }

    // The shared page served after the customer's visit is still the anonymous one.
    const again = await anonymous.request('GET', '/');
    expect(accountLink(again.body)?.[1]).toBe(ACCOUNT_PAGES.login);
    expect(again.body).not.toContain('My account');
  });
});
