/**
 * A code's per-customer limit is claimed at checkout by the order's email (docs/commerce.md); a
 * signed-in shopper is known before that, so /cart and the cart API already say the code is used
 * up for them (`invalidCoupons` with the reason), the checkout page shows no discount for it, and
 * applying it again is refused.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Customer, signInNewCustomer } from '../accounts/testing.ts';
import { CUSTOMER, makeCheckoutSite } from '../orders/testing.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';

const COMMERCE = {
  discountCodes: [{ code: 'ONCE', kind: 'fixed', amount: '1.00', perCustomerLimit: 1 }],
};
const EBOOK = { itemId: 'p-ebook', quantity: 1 };
const COUPONS = '/api/commerce/shopping-cart/coupons';
const USED_UP = {
  code: 'ONCE',
  reason: 'discount.customer-limit',
  message: 'You have already used the code ONCE.',
};

describe.each(DATABASES)('a per-customer code and the signed-in shopper on $name', (database) => {
  const site = makeCheckoutSite({ commerce: COMMERCE });
  afterAll(() => site.cleanup());
  const t = appForSuite(database, { siteDir: site.dir });

  it('once an order by their email used it, /cart and the cart API list it as used up, /checkout shows no discount, and applying it again is refused', async () => {
    const { browser: ada } = await signInNewCustomer(t, 'once@example.test');
    expect((await ada.add(EBOOK)).statusCode).toBe(200);
    const applied = await ada.request('POST', COUPONS, { code: 'once' });
    expect(applied.json().shoppingCart).toMatchObject({
      validCoupons: [{ code: 'ONCE' }],
      discountCents: 100,
    });
    const DISCOUNT_ROW = 'Discount (ONCE)';
    expect((await ada.request('GET', '/checkout')).body).toContain(DISCOUNT_ROW);

    // An order by the same email, placed signed out elsewhere, uses the customer's one use.
    const elsewhere = new Customer(t);
    await elsewhere.start();
    expect((await elsewhere.add(EBOOK)).statusCode).toBe(200);
    expect((await elsewhere.request('POST', COUPONS, { code: 'ONCE' })).statusCode).toBe(200);
    const placed = await elsewhere.order({ ...CUSTOMER, email: 'Once@Example.test' });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().order.discountCents).toBe(100);

    const page = await ada.request('GET', '/cart?format=json');
    expect(page.statusCode).toBe(200);
    for (const cart of [page.json().shoppingCart, await ada.cart()])
      expect(cart).toMatchObject({
        coupons: ['ONCE'],
        validCoupons: [],
        invalidCoupons: [USED_UP],
        discountCents: 0,
      });
    const checkout = await ada.request('GET', '/checkout');
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).not.toContain(DISCOUNT_ROW);
    const again = await ada.request('POST', COUPONS, { code: 'ONCE' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: USED_UP.reason, message: USED_UP.message });

    // Another customer still has their use of it.
    const { browser: grace } = await signInNewCustomer(t, 'grace-once@example.test');
    expect((await grace.add(EBOOK)).statusCode).toBe(200);
    const theirs = await grace.request('POST', COUPONS, { code: 'ONCE' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().shoppingCart).toMatchObject({ invalidCoupons: [], discountCents: 100 });
  });
});
