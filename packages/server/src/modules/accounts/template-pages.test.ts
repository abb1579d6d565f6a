import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CUSTOMER } from '../orders/testing.ts';
import { appForSuite, DATABASES, FIXTURE_SITE } from '../../testing/app.ts';
import { ORDER_PAGES } from './order-views.ts';
import { ACCOUNT_PAGES } from './pages.ts';
import { Customer, makeAccount, PASSWORD } from './testing.ts';

/** The fixture site with a template that has its own sign-in, profile and orders pages. */
function siteWithAccountPages(): string {
  const siteDir = mkdtempSync(join(tmpdir(), 'storefront-account-pages-'));
  cpSync(FIXTURE_SITE, siteDir, { recursive: true });
  const pages = join(siteDir, 'template/pages');
  writeFileSync(
    join(pages, 'account-login.page'),
    '<div class="own-login">{.section accountPage}{.if error}<p class="own-error">{error}</p>{.end}' +
      '<form method="post" action="{urls.login}"><input type="hidden" name="crumb" value="{crumb}">' +
      '<input name="email" value="{values.email}"><input name="password" type="password">' +
      '<button>In</button></form><a href="{urls.register}">Join</a>{.end}</div>',
  );
  writeFileSync(
    join(pages, 'account.page'),
    '<div class="own-account">{.section accountPage}<p class="own-who">{profile.name} / {profile.email}</p>' +
      '{.repeated section addresses}<p class="own-address">{line1}, {city}</p>{.end}{.end}</div>',
  );
  writeFileSync(
    join(pages, 'account-orders.page'),
    '<ol class="own-orders">{.repeated section accountPage.orders}' +
      '<li><a href="{url}">#{number}</a> {status} {total}</li>{.end}</ol>',
  );
  return siteDir;
}

describe.each(DATABASES)("a template's own account pages on $name", (database) => {
  const siteDir = siteWithAccountPages();
  const t = appForSuite(database, { siteDir });
  afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

  it("renders the template's sign-in page inside the layout, its form signs in, a refusal shows escaped", async () => {
    await makeAccount(t.db, 'own@example.test');
    const browser = new Customer(t);
    const page = await browser.request('GET', ACCOUNT_PAGES.login);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fixture Store'); // the site's layout
    expect(page.body).toContain('<div class="own-login">');
    expect(page.body).not.toContain('sf-account'); // not the built-in page
    expect(page.body).toContain(`<input type="hidden" name="crumb" value="${browser.cookies.crumb}">`);
    expect(page.body).toContain('<form method="post" action="/account/login">');

    const refused = await browser.postForm(ACCOUNT_PAGES.login, {
      email: '"><script>alert(1)</script>@example.test',
      password: 'not the password',
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toContain('<p class="own-error">');
    expect(refused.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@example.test"');
    expect(refused.body).not.toContain('<script>alert(1)');

    const signedIn = await browser.postForm(ACCOUNT_PAGES.login, {
      email: 'own@example.test',
      password: PASSWORD,
    });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe(ACCOUNT_PAGES.account);
  });

  it("renders the template's profile and orders pages with the customer's data", async () => {
    await makeAccount(t.db, 'orders-own@example.test');
    const browser = new Customer(t);
    expect((await browser.signIn('orders-own@example.test')).statusCode).toBe(200);
    const added = await browser.add({ itemId: 'p-club', sku: 'CLUB', quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    const placed = await browser.order({ ...CUSTOMER, email: 'orders-own@example.test' });
    expect(placed.statusCode, placed.body).toBe(200);
    const number = placed.json().order.orderNumber as number;
    await browser.postForm(ORDER_PAGES.addresses, {
      action: 'save',
      'address.line1': '1 <Analytical> Row',
      'address.city': 'Marylebone',
      'address.zip': 'W1U 6AA',
      'address.country': 'GB',
    });

    const profile = await browser.request('GET', ACCOUNT_PAGES.account);
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('<p class="own-who">Test Person / orders-own@example.test</p>');
    expect(profile.body).toContain('<p class="own-address">1 &lt;Analytical&gt; Row, Marylebone</p>');

    const orders = await browser.request('GET', ORDER_PAGES.orders);
    expect(orders.statusCode).toBe(200);
    expect(orders.body).toMatch(
      new RegExp(
        `<ol class="own-orders"><li><a href="/account/orders/${number}">#${number}</a> [^<]+ \\$[\\d.,]+</li></ol>`,
      ),
    );
  });

  it('keeps the built-in page where the template has none, and serves no account page at its own path', async () => {
    const browser = new Customer(t);
    const register = await browser.request('GET', ACCOUNT_PAGES.register);
    expect(register.statusCode).toBe(200);
    expect(register.body).toContain('<label for="sf-account-password">Password</label>');
    for (const path of ['/account-login', '/account-orders'])
      expect((await browser.request('GET', path)).statusCode, path).toBe(404);
  });
});

describe.each(DATABASES)('the built-in account pages on $name', (database) => {
  const t = appForSuite(database);

  it('render when the template has no account page of its own', async () => {
    const page = await new Customer(t).request('GET', ACCOUNT_PAGES.login);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="sf-account-email">');
    expect(page.body).not.toContain('own-login');
  });
});
