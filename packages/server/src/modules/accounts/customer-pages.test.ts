import { describe, expect, it } from 'vitest';
import { CUSTOMER } from '../orders/testing.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { ORDERS_PER_PAGE } from './customer-pages.ts';
import { ORDER_PAGES } from './order-views.ts';
import { ACCOUNT_PAGES } from './pages.ts';
import { ACCOUNT_API } from './routes.ts';
import { Customer, lastMail, mailedToken, PASSWORD, signInNewCustomer } from './testing.ts';

const HOME = {
  'address.line1': '1 Analytical Row',
  'address.city': 'Marylebone',
  'address.zip': 'W1U 6AA',
  'address.country': 'GB',
};

describe.each(DATABASES)("the customer's orders and addresses on $name", (database) => {
  const t = appForSuite(database);

  const signedIn = async (email: string) => (await signInNewCustomer(t, email)).browser;

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
    // Unpaid: the download is handed out once payment is received (issue 27).
    expect(detail.body).not.toContain('/checkout/download/');
    expect(detail.body).toContain('Your download will be available once payment is received.');
    expect(detail.body).toContain('12 St James Sq');
    const manager = await signInNewStaff(t, 'orders-manager@example.test', [8]);
    const paid = await manager.request('POST', `/api/config/orders/${number}/mark-paid`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    const paidDetail = await ada.request('GET', ORDER_PAGES.order(number));
    expect(paidDetail.body).toMatch(
      /href="\/checkout\/download\/[0-9a-f-]{36}\/[0-9a-f-]{36}\?expires=\d+&amp;signature=[\w-]+"/,
    );
    expect(paidDetail.body).not.toContain('Your download will be available once payment is received.');

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
    const db = t.db;
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

    const blank = await mary.postForm(ORDER_PAGES.addresses, { action: 'save', ...HOME, 'address.city': '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Please enter your city.');
    expect(blank.body).toContain('value="1 Analytical Row"');

    const added = await mary.postForm(ORDER_PAGES.addresses, { action: 'save', ...HOME });
    expect(added.statusCode, added.body).toBe(303);
    expect(added.headers.location).toBe(ACCOUNT_PAGES.account);
    const work = { ...HOME, 'address.line1': '2 Engine House', makeDefault: 'on' };
    expect((await mary.postForm(ORDER_PAGES.addresses, { action: 'save', ...work })).statusCode).toBe(303);

    const account = await mary.request('GET', ACCOUNT_PAGES.account);
    expect(account.body).toContain('1 Analytical Row');
    expect(account.body).toMatch(/data-default="true"><address>2 Engine House/);
    const ids = [...account.body.matchAll(/name="id" value="([0-9a-f-]{36})"/g)].map((m) => m[1] as string);
    const homeId = /data-default="false"[\s\S]*?name="id" value="([0-9a-f-]{36})"/.exec(account.body)?.[1];
    expect(homeId).toBeDefined();

    const checkout = await mary.request('GET', '/checkout?itemId=p-club&sku=CLUB');
    expect(checkout.body).toContain('value="addresses@example.test"');
    expect(checkout.body).toContain('value="2 Engine House"');

    const edited = await mary.postForm(ORDER_PAGES.addresses, {
      action: 'save',
      id: homeId as string,
      ...HOME,
      'address.line1': '3 Difference Lane',
    });
    expect(edited.statusCode).toBe(303);
    expect(
      (await mary.postForm(ORDER_PAGES.addresses, { action: 'default', id: homeId as string })).statusCode,
    ).toBe(303);
    const after = (await mary.request('GET', '/checkout?itemId=p-club&sku=CLUB')).body;
    expect(after).toContain('value="3 Difference Lane"');

    // Someone else cannot touch them: the same answer as an address that does not exist.
    const eve = await signedIn('eve2@example.test');
    await eve.request('GET', ACCOUNT_PAGES.account);
    const stolen = await eve.postForm(ORDER_PAGES.addresses, { action: 'delete', id: homeId as string });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).toContain('That address no longer exists.');

    for (const id of new Set(ids))
      expect((await mary.postForm(ORDER_PAGES.addresses, { action: 'delete', id })).statusCode).toBe(303);
    expect((await mary.request('GET', ACCOUNT_PAGES.account)).body).toContain('No saved addresses yet.');
  });
  it("shows order statuses in the catalogue's words on the list and the detail, not their codes", async () => {
    const ada = await signedIn('statuses@example.test');
    await ada.add({ itemId: 'p-club', sku: 'CLUB', quantity: 1 });
    const placed = await ada.order({ ...CUSTOMER, email: 'statuses@example.test' });
    expect(placed.statusCode, placed.body).toBe(200);
    const number = placed.json().order.orderNumber as number;
    const statusCell = async () =>
      new RegExp(`>#${number}</a></th><td>[^<]*</td><td>([^<]*)</td>`).exec(
        (await ada.request('GET', ORDER_PAGES.orders)).body,
      )?.[1];
    const detailStatus = async () =>
      /Status: ([^<]*)\./.exec((await ada.request('GET', ORDER_PAGES.order(number))).body)?.[1];

    const texts = { 'awaiting-payment': 'Awaiting payment', paid: 'Paid', cancelled: 'Cancelled' };
    for (const [code, text] of Object.entries(texts)) {
      await t.db.updateTable('orders').set({ status: code }).where('order_number', '=', number).execute();
      expect(await statusCell(), code).toBe(text);
      expect(await detailStatus(), code).toBe(text);
    }
  });

  it('changes the email address from /account without scripts: the password, then the mailed link', async () => {
    const grace = await signedIn('grace@example.test');
    const page = await grace.request('GET', ACCOUNT_PAGES.account);
    expect(page.body).toContain(`action="${ACCOUNT_PAGES.email}"`);

    const wrong = await grace.postForm(ACCOUNT_PAGES.email, {
      email: 'hopper@example.test',
      password: 'not it',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain('Your current password is incorrect.');
    expect(wrong.body).toContain('value="hopper@example.test"'); // what was typed, shown again
    expect(await lastMail(t.db, 'hopper@example.test')).toBeUndefined();

    const asked = await grace.postForm(ACCOUNT_PAGES.email, {
      email: 'hopper@example.test',
      password: PASSWORD,
    });
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(`${ACCOUNT_PAGES.account}?done=email`);
    expect((await grace.request('GET', asked.headers.location as string)).body).toContain(
      'Check your email at the new address',
    );
    // Nothing changes until the link is used.
    expect((await grace.request('GET', ACCOUNT_API)).json().email).toBe('grace@example.test');
    const token = await mailedToken(t.db, 'hopper@example.test', 'account-verify');
    expect((await grace.postForm(ACCOUNT_PAGES.verify, { token })).statusCode).toBe(303);
    expect((await grace.request('GET', ACCOUNT_API)).json().email).toBe('hopper@example.test');
  });

  it('changes the password from /account without scripts: the current one first; other devices are signed out', async () => {
    const linus = await signedIn('linus@example.test');
    const laptop = new Customer(t);
    expect((await laptop.signIn('linus@example.test')).statusCode).toBe(200);
    expect((await linus.request('GET', ACCOUNT_PAGES.account)).body).toContain(
      `action="${ACCOUNT_PAGES.password}"`,
    );

    const wrong = await linus.postForm(ACCOUNT_PAGES.password, {
      currentPassword: 'not it',
      newPassword: 'a brand new passphrase',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain('Your current password is incorrect.');
    const short = await linus.postForm(ACCOUNT_PAGES.password, {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Your password must be at least');

    const changed = await linus.postForm(ACCOUNT_PAGES.password, {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe(`${ACCOUNT_PAGES.account}?done=password`);
    const after = await linus.request('GET', changed.headers.location as string);
    expect(after.statusCode).toBe(200); // still signed in here, on a new session
    expect(after.body).toContain('Your password has been changed.');
    expect((await laptop.request('GET', ACCOUNT_PAGES.account)).statusCode).toBe(303);
    expect((await new Customer(t).signIn('linus@example.test')).statusCode).toBe(401);
    expect((await new Customer(t).signIn('linus@example.test', 'a brand new passphrase')).statusCode).toBe(
      200,
    );
  });
});
