import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER } from '../checkout/testing.ts';
import { DATABASES, startApp, type TestApp } from '../testing/app.ts';
import { ORDERS_PER_PAGE } from './customer-pages.ts';
import { ORDER_PAGES } from './order-views.ts';
import { ACCOUNT_PAGES } from './pages.ts';
import { Customer, makeAccount } from './testing.ts';

/** A browser without scripts: form posts carry the crumb field, never the header. */
const NO_HEADER = { 'x-csrf-token': '' };
const post = (browser: Customer, path: string, fields: Record<string, string>) =>
  browser.request(
    'POST',
    path,
    new URLSearchParams({ crumb: browser.cookies.crumb as string, ...fields }),
    NO_HEADER,
  );
const HOME = {
  'address.line1': '1 Analytical Row',
  'address.city': 'Marylebone',
  'address.zip': 'W1U 6AA',
  'address.country': 'GB',
};

describe.each(DATABASES)("the customer's orders and addresses on $name", (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signedIn(email: string) {
    await makeAccount(t.app.database.db, email);
    const browser = new Customer(t);
    expect((await browser.signIn(email)).statusCode).toBe(200);
    return browser;
  }

  it("lists a signed-in customer's orders and shows one with its download link; someone else's answers the unknown order's 404", async () => {
    const ada = await signedIn('orders@example.test');
    await ada.add({ itemId: 'p-club', sku: 'CLUB', quantity: 2 });
    await ada.add({ itemId: 'p-ebook', sku: 'EBOOK', quantity: 1 });
    const placed = await ada.order({ ...CUSTOMER, email: 'orders@example.test' });
    expect(placed.statusCode, placed.body).toBe(200);
    const number = placed.json().order.orderNumber as number;

    const list = await ada.request('GET', ORDER_PAGES.orders);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain('Fixture Store'); // inside the site's layout
    expect(list.body).toContain(`<a href="/account/orders/${number}">#${number}</a>`);
    expect(list.body).toContain(placed.json().order.status);

    const detail = await ada.request('GET', ORDER_PAGES.order(number));
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain(`Order #${number}`);
    expect(detail.body).toContain('Candle Club');
    expect(detail.body).toMatch(/href="\/checkout\/download\/[0-9a-f-]{36}\/[0-9a-f-]{36}"/);
    expect(detail.body).toContain('12 St James Sq');

    const eve = await signedIn('eve@example.test');
    const theirs = await eve.request('GET', ORDER_PAGES.order(number));
    const unknown = await eve.request('GET', ORDER_PAGES.order(number + 1000));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toContain('We could not find that order.');
    expect(theirs.body).not.toContain('Candle Club');
    expect(theirs.body).not.toContain('orders@example.test');
    const main = (body: string) => /<main[\s\S]*<\/main>/.exec(body)?.[0] ?? body;
    expect(main(theirs.body)).toBe(main(unknown.body));
    expect((await eve.request('GET', ORDER_PAGES.orders)).body).toContain(
      'You have not placed any orders yet.',
    );

    // Signed out: the sign-in page.
    const anonymous = new Customer(t);
    const away = await anonymous.request('GET', ORDER_PAGES.order(number));
    expect(away.statusCode).toBe(303);
    expect(away.headers.location).toBe(ACCOUNT_PAGES.login);
  });

  it('pages the order list, newest first', async () => {
    const db = t.app.database.db;
    const pager = await signedIn('pager@example.test');
    const accountId = (
      await db
        .selectFrom('accounts')
        .select('id')
        .where('email_key', '=', 'pager@example.test')
        .executeTakeFirstOrThrow()
    ).id;
    const count = ORDERS_PER_PAGE + 1;
    for (let i = 1; i <= count; i++)
      await db
        .insertInto('orders')
        .values({
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          order_number: 90_000 + i,
          created: Date.UTC(2026, 0, i),
          email: 'pager@example.test',
          customer_name: 'Pager',
          address: null,
          subtotal_cents: 100 * i,
          tax_cents: 0,
          shipping_cents: 0,
          discount_cents: 0,
          grand_total_cents: 100 * i,
          currency: 'USD',
          status: 'paid',
          payment_provider: 'manual',
          payment_reference: null,
          cart_id: null,
          kind: 'cart',
          extra: null,
          account_id: accountId,
        })
        .execute();
    const first = (await pager.request('GET', ORDER_PAGES.orders)).body;
    expect(first).toContain('#90021');
    expect(first).toContain('2026-01-21');
    expect(first).not.toContain('#90001<');
    expect(first).toContain('href="/account/orders?page=2" rel="next"');
    const second = (await pager.request('GET', `${ORDER_PAGES.orders}?page=2`)).body;
    expect(second).toContain('#90001<');
    expect(second).not.toContain('#90002<');
    expect(second).toContain('href="/account/orders?page=1" rel="prev"');
    expect(second).not.toContain('rel="next"');
  });

  it('adds, edits, defaults and deletes addresses without scripts, and checkout starts from the default one', async () => {
    const mary = await signedIn('addresses@example.test');
    await mary.request('GET', ACCOUNT_PAGES.account);

    const blank = await post(mary, ORDER_PAGES.addresses, { action: 'save', ...HOME, 'address.city': '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Please enter your city.');
    expect(blank.body).toContain('value="1 Analytical Row"');

    const added = await post(mary, ORDER_PAGES.addresses, { action: 'save', ...HOME });
    expect(added.statusCode, added.body).toBe(303);
    expect(added.headers.location).toBe(ACCOUNT_PAGES.account);
    const work = { ...HOME, 'address.line1': '2 Engine House', makeDefault: 'on' };
    expect((await post(mary, ORDER_PAGES.addresses, { action: 'save', ...work })).statusCode).toBe(303);

    const account = await mary.request('GET', ACCOUNT_PAGES.account);
    expect(account.body).toContain('1 Analytical Row');
    expect(account.body).toMatch(/data-default="true"><address>2 Engine House/);
    const ids = [...account.body.matchAll(/name="id" value="([0-9a-f-]{36})"/g)].map((m) => m[1] as string);
    const homeId = /data-default="false"[\s\S]*?name="id" value="([0-9a-f-]{36})"/.exec(account.body)?.[1];
    expect(homeId).toBeDefined();

    const checkout = await mary.request('GET', '/checkout?itemId=p-club&sku=CLUB');
    expect(checkout.body).toContain('value="addresses@example.test"');
    expect(checkout.body).toContain('value="2 Engine House"');

    const edited = await post(mary, ORDER_PAGES.addresses, {
      action: 'save',
      id: homeId as string,
      ...HOME,
      'address.line1': '3 Difference Lane',
    });
    expect(edited.statusCode).toBe(303);
    expect(
      (await post(mary, ORDER_PAGES.addresses, { action: 'default', id: homeId as string })).statusCode,
    ).toBe(303);
    const after = (await mary.request('GET', '/checkout?itemId=p-club&sku=CLUB')).body;
    expect(after).toContain('value="3 Difference Lane"');

    // Someone else cannot touch them: the same answer as an address that does not exist.
    const eve = await signedIn('eve2@example.test');
    await eve.request('GET', ACCOUNT_PAGES.account);
    const stolen = await post(eve, ORDER_PAGES.addresses, { action: 'delete', id: homeId as string });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).toContain('That address no longer exists.');

    for (const id of new Set(ids))
      expect((await post(mary, ORDER_PAGES.addresses, { action: 'delete', id })).statusCode).toBe(303);
    expect((await mary.request('GET', ACCOUNT_PAGES.account)).body).toContain('No saved addresses yet.');
  });
});
