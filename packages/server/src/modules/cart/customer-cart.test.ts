import { afterAll, describe, expect, it } from 'vitest';
import { makeCheckoutSite } from '../orders/testing.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';
import { SESSION_PATH } from '../accounts/routes.ts';
import { ACCOUNT_PAGES } from '../accounts/pages.ts';
import { Customer, makeAccount, PASSWORD } from '../accounts/testing.ts';

type Cart = { id: string; entries: { chosenVariant: { sku: string }; quantity: number }[] };
const lines = (cart: Cart) =>
  Object.fromEntries(cart.entries.map((e) => [e.chosenVariant.sku, e.quantity] as const));

describe.each(DATABASES)('the cart follows the customer on $name', (database) => {
  const t = appForSuite(database);

  it('merges the anonymous cart at sign-in, capped by stock with the spec message, and shares it across devices', async () => {
    await makeAccount(t.db, 'merge@example.test');
    const laptop = new Customer(t);
    expect((await laptop.signIn('merge@example.test')).statusCode).toBe(200);
    // Signed in with no cart yet: the cart the add makes is the customer's.
    expect((await laptop.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 2 })).statusCode).toBe(200);

    const phone = new Customer(t);
    await phone.start();
    expect((await phone.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 3 })).statusCode).toBe(200);
    expect((await phone.add({ itemId: 'p-tee', sku: 'TEE-M', quantity: 1 })).statusCode).toBe(200);
    const anonymousToken = phone.cookies.CART;

    const signedIn = await phone.signIn('merge@example.test');
    expect(signedIn.statusCode).toBe(200);
    // TEE-S has 3 in stock and the customer's cart holds 2: only 1 of the phone's 3 fits.
    expect(signedIn.json().cartNotices).toEqual([
      { title: 'Linen Tee', message: 'Sorry, we do not have enough of that item available.' },
    ]);
    expect(phone.cookies.CART).toBe(laptop.cookies.CART);
    expect(phone.cookies.CART).not.toBe(anonymousToken);
    expect(lines(await phone.cart())).toEqual({ 'TEE-S': 3, 'TEE-M': 1 });
    expect(lines(await laptop.cart())).toEqual({ 'TEE-S': 3, 'TEE-M': 1 });

    // The anonymous cart is gone: its old token names nothing.
    const stale = new Customer(t);
    stale.cookies.CART = anonymousToken as string;
    expect((await stale.cart()).entries).toEqual([]);
  });

  it('two devices signing in at once both land their anonymous carts in one customer cart, losing nothing', async () => {
    for (let round = 0; round < 4; round++) {
      const email = `race-${round}@example.test`;
      await makeAccount(t.db, email);
      const laptop = new Customer(t);
      const phone = new Customer(t);
      await Promise.all([laptop.start(), phone.start()]);
      expect((await laptop.add({ itemId: 'p-club', sku: 'CLUB', quantity: 1 })).statusCode).toBe(200);
      expect((await phone.add({ itemId: 'p-ebook', sku: 'EBOOK', quantity: 2 })).statusCode).toBe(200);

      const [a, b] = await Promise.all([laptop.signIn(email), phone.signIn(email)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const open = await t.db
        .selectFrom('carts')
        .innerJoin('accounts', 'accounts.id', 'carts.account_id')
        .select('carts.token')
        .where('accounts.email_key', '=', email)
        .where('carts.is_purchased', '=', 0)
        .execute();
      expect(open, `round ${round}: one open cart for the customer`).toHaveLength(1);
      expect(laptop.cookies.CART).toBe(open[0]?.token);
      expect(phone.cookies.CART).toBe(open[0]?.token);
      expect(lines(await laptop.cart())).toEqual({ CLUB: 1, EBOOK: 2 });
    }
  });

  it('the sign-in page says so when the merge could not keep everything', async () => {
    await makeAccount(t.db, 'page-merge@example.test');
    const laptop = new Customer(t);
    await laptop.signIn('page-merge@example.test');
    await laptop.add({ itemId: 'p-last', sku: 'MUG-1', quantity: 1 });
    const browser = new Customer(t);
    await browser.start();
    await browser.add({ itemId: 'p-last', sku: 'MUG-1', quantity: 1 });
    const form = new URLSearchParams({
      email: 'page-merge@example.test',
      password: PASSWORD,
      crumb: browser.cookies.crumb as string,
    });
    const signedIn = await browser.request('POST', ACCOUNT_PAGES.login, form, { 'x-csrf-token': '' });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/account?cart=changed');
    const account = await browser.request('GET', signedIn.headers.location as string);
    expect(account.body).toContain('but not all of it: we do not have enough of some items');
    expect(lines(await browser.cart())).toEqual({ 'MUG-1': 1 });
  });

  it('signing out with cloneCart=true leaves a copy of the cart in the browser; without it the cart is cleared', async () => {
    await makeAccount(t.db, 'clone@example.test');
    const browser = new Customer(t);
    await browser.signIn('clone@example.test');
    await browser.add({ itemId: 'p-club', sku: 'CLUB', quantity: 2 });
    const customerToken = browser.cookies.CART;

    const out = await browser.request('DELETE', `${SESSION_PATH}?cloneCart=true`);
    expect(out.statusCode, out.body).toBe(200);
    browser.xsrfToken = undefined;
    expect(browser.cookies.CART).toBeTruthy();
    expect(browser.cookies.CART).not.toBe(customerToken);
    expect(lines(await browser.cart())).toEqual({ CLUB: 2 });
    // The copy is anonymous: changing it leaves the customer's cart as it was.
    await browser.add({ itemId: 'p-club', sku: 'CLUB', quantity: 1 });
    const other = new Customer(t);
    await other.signIn('clone@example.test');
    expect(lines(await other.cart())).toEqual({ CLUB: 2 });

    const cleared = await other.request('DELETE', SESSION_PATH);
    expect(cleared.statusCode).toBe(200);
    other.xsrfToken = undefined;
    expect(other.cookies.CART ?? '').toBe('');
    expect((await other.cart()).entries).toEqual([]);
  });

  it("never merges another customer's cart left in the browser", async () => {
    await makeAccount(t.db, 'first@example.test');
    await makeAccount(t.db, 'second@example.test');
    const shared = new Customer(t);
    await shared.signIn('first@example.test');
    await shared.add({ itemId: 'p-club', sku: 'CLUB', quantity: 1 });
    const firstToken = shared.cookies.CART;
    // A session that ended without clearing the cookie (it expired): the next person signs in.
    const next = new Customer(t);
    next.cookies.CART = firstToken as string;
    await next.signIn('second@example.test');
    expect(next.cookies.CART ?? '').toBe('');
    expect((await next.cart()).entries).toEqual([]);
    await next.add({ itemId: 'p-tee', sku: 'TEE-M', quantity: 1 });
    const first = new Customer(t);
    await first.signIn('first@example.test');
    expect(lines(await first.cart())).toEqual({ CLUB: 1 });
  });
});

describe.each(DATABASES)('the merged cart keeps its discount code on $name', (database) => {
  const site = makeCheckoutSite({
    commerce: {
      discountCodes: [
        { code: 'WELCOME', kind: 'fixed', amount: '1.00' },
        { code: 'LOYAL', kind: 'fixed', amount: '2.00' },
      ],
    },
  });
  afterAll(() => site.cleanup());
  const t = appForSuite(database, { siteDir: site.dir });
  const COUPONS = '/api/commerce/shopping-cart/coupons';

  /** A browser that filled a cart and typed `code` before signing in to an account with a cart of its own. */
  async function signInWithCode(email: string, code: string) {
    await makeAccount(t.db, email);
    const laptop = new Customer(t);
    await laptop.signIn(email);
    expect((await laptop.add({ itemId: 'p-club', sku: 'CLUB', quantity: 1 })).statusCode).toBe(200);
    const phone = new Customer(t);
    await phone.start();
    expect((await phone.add({ itemId: 'p-ebook', sku: 'EBOOK', quantity: 1 })).statusCode).toBe(200);
    expect((await phone.request('POST', COUPONS, { code })).statusCode).toBe(200);
    return { laptop, phone };
  }

  it('the code typed before signing in comes along into the customer cart', async () => {
    const { laptop, phone } = await signInWithCode('coupon-merge@example.test', 'WELCOME');
    expect((await phone.signIn('coupon-merge@example.test')).statusCode).toBe(200);
    expect(phone.cookies.CART).toBe(laptop.cookies.CART);
    for (const cart of [await phone.cart(), await laptop.cart()])
      expect(cart).toMatchObject({
        coupons: ['WELCOME'],
        validCoupons: [{ code: 'WELCOME' }],
        discountCents: 100,
      });
  });

  it('a customer cart that already has a code keeps its own (one code per cart)', async () => {
    const { laptop, phone } = await signInWithCode('coupon-keep@example.test', 'WELCOME');
    expect((await laptop.request('POST', COUPONS, { code: 'LOYAL' })).statusCode).toBe(200);
    expect((await phone.signIn('coupon-keep@example.test')).statusCode).toBe(200);
    expect(lines(await phone.cart())).toEqual({ CLUB: 1, EBOOK: 1 });
    expect(await phone.cart()).toMatchObject({ coupons: ['LOYAL'], discountCents: 200 });
  });
});
