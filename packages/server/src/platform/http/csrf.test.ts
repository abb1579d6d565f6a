/**
 * Issue 27, finding 8: CSRF defence in depth. A signed-in session's crumb is its own (a value a
 * client chose for the cookie does not pass, and signing in hands out a new one); a write a
 * browser marks as coming from another site is refused whatever it carries; a script or server
 * that sends neither Origin nor Sec-Fetch-Site still works with a valid crumb; and every back-office
 * write needs the session's xsrfToken, whatever its body's type.
 */
import { ROLES } from '@storefront/core';
import { describe, expect, it } from 'vitest';
import { CUSTOMER, Shopper } from '../../modules/orders/testing.ts';
import { ORDER_PAGES } from '../../modules/accounts/order-views.ts';
import { STAFF_SESSION_PATH } from '../../modules/accounts/routes.ts';
import { Customer, makeAccount, signInNewCustomer } from '../../modules/accounts/testing.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';

const HOME = {
  action: 'save',
  'address.line1': '1 Analytical Row',
  'address.city': 'Marylebone',
  'address.zip': 'W1U 6AA',
  'address.country': 'GB',
};
const CROSS_SITE = {
  code: 'cross-site-request',
  message: 'This request came from another website, so it was refused. Please use the form on this site.',
};
const CRUMB_FAIL = {
  crumbFail: true,
  message: 'Your session has expired. Please reload the page and try again.',
};
const CHOSEN = 'a-crumb-the-attacker-chose-0123456789';

describe.each(DATABASES)('CSRF in depth on $name', (database) => {
  const t = appForSuite(database);
  const addressCount = async (accountId: string) =>
    (await t.db.selectFrom('addresses').select('id').where('account_id', '=', accountId).execute()).length;

  it("a signed-in customer's form post with a crumb chosen for the cookie is refused and saves nothing", async () => {
    const { browser, id } = await signInNewCustomer(t, 'chosen@example.test');
    browser.cookies.crumb = CHOSEN;
    const res = await browser.postForm(ORDER_PAGES.addresses, HOME);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(CRUMB_FAIL.message);
    expect(await addressCount(id)).toBe(0);
    // The same form with the crumb the shop handed out saves.
    await browser.request('GET', ORDER_PAGES.addresses);
    expect(browser.cookies.crumb).not.toBe(CHOSEN);
    expect((await browser.postForm(ORDER_PAGES.addresses, HOME)).statusCode).toBe(303);
    expect(await addressCount(id)).toBe(1);
  });

  it('signing in hands out a new crumb: the one from before stops working', async () => {
    await makeAccount(t.db, 'rotated@example.test');
    const browser = new Customer(t);
    await browser.start();
    const before = browser.cookies.crumb as string;
    expect((await browser.signIn('rotated@example.test')).statusCode).toBe(200);
    expect(browser.cookies.crumb).toBeDefined();
    expect(browser.cookies.crumb).not.toBe(before);
    const stale = await browser.request(
      'POST',
      '/api/site-users/account/addresses',
      {
        address: { line1: '1 Analytical Row', city: 'Marylebone', zip: 'W1U 6AA', country: 'GB' },
      },
      { 'x-csrf-token': before },
    );
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject(CRUMB_FAIL);
  });

  it('a write a browser marks as cross-site is refused with a clear code; same-origin and non-browser writes work', async () => {
    const { browser, id } = await signInNewCustomer(t, 'origin@example.test');
    for (const headers of <Record<string, string>[]>[
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://storefront.test' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await browser.request(
        'POST',
        ORDER_PAGES.addresses,
        new URLSearchParams({ crumb: browser.cookies.crumb ?? '', ...HOME }),
        { 'x-csrf-token': '', ...headers },
      );
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual(CROSS_SITE);
    }
    // The cart (no session needed) refuses it too, before reading the body.
    const shopper = new Shopper(t);
    await shopper.start();
    const add = await shopper.request(
      'POST',
      '/api/commerce/shopping-cart/entries',
      { itemId: 'p-ebook' },
      { origin: 'https://evil.example' },
    );
    expect(add.statusCode).toBe(403);
    expect(add.json()).toEqual(CROSS_SITE);
    expect(await addressCount(id)).toBe(0);

    // The shop's own pages (per SITE_URL, or as the browser says) and clients that are no browser.
    for (const headers of <Record<string, string>[]>[
      { origin: 'http://storefront.test' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://storefront.test' },
      {},
    ]) {
      const ok = await browser.request(
        'POST',
        ORDER_PAGES.addresses,
        new URLSearchParams({ crumb: browser.cookies.crumb ?? '', ...HOME }),
        { 'x-csrf-token': '', ...headers },
      );
      expect(ok.statusCode, JSON.stringify(headers)).toBe(303);
    }
  });

  it("a back-office write with a form-encoded body still needs the session's xsrfToken", async () => {
    const buyer = new Customer(t);
    await buyer.start();
    const placed = await buyer.order({ ...CUSTOMER, item: { itemId: 'p-ebook' } });
    expect(placed.statusCode, placed.body).toBe(200);
    const { orderNumber } = (placed.json() as { order: { orderNumber: number } }).order;
    await makeAccount(t.db, 'notes@staff.test', { kind: 'staff', roles: [ROLES.admin] });
    const staff = new Customer(t);
    expect((await staff.signIn('notes@staff.test', undefined, false, STAFF_SESSION_PATH)).statusCode).toBe(
      200,
    );
    const notes = `/api/config/orders/${orderNumber}/notes`;
    const text = 'a note nobody on staff wrote';
    const forged = await staff.request('POST', notes, new URLSearchParams({ text }), { 'x-xsrf-token': '' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'xsrf-fail', ...CRUMB_FAIL });
    const detail = await staff.request('GET', `/api/config/orders/${orderNumber}`);
    expect(detail.body).not.toContain(text);
    // With the token (as the back office's screens send it) the note is added.
    expect((await staff.request('POST', notes, { text })).statusCode).toBeLessThan(300);
    expect((await staff.request('GET', `/api/config/orders/${orderNumber}`)).body).toContain(text);
  });
});
