/**
 * Discount codes, shipping and tax through the API on both databases (issue 17): the cart's coupon,
 * shipping and tax fields, each refusal's code and text, the order storing what the cart showed,
 * and usage limits under concurrent checkouts (the claim in the order's transaction).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from '../orders/testing.ts';

const COMMERCE = {
  discountCodes: [
    { code: 'SAVE10', kind: 'percentage', percent: '10' },
    { code: 'EXPIRED', kind: 'percentage', percent: '10', endsAt: '2020-01-01T00:00:00Z' },
    { code: 'FUTURE', kind: 'percentage', percent: '10', startsAt: '2099-01-01T00:00:00Z' },
    { code: 'MIN100', kind: 'fixed', amount: '5.00', minimumSubtotal: '100.00' },
    { code: 'LIMITED', kind: 'percentage', percent: '10', usageLimit: 7 },
    { code: 'ONCE', kind: 'fixed', amount: '1.00', perCustomerLimit: 1 },
    { code: 'FREESHIP', kind: 'free-shipping' },
  ],
  shipping: {
    zones: [
      {
        id: 'us',
        name: 'United States',
        countries: ['US'],
        rates: [
          { kind: 'flat', id: 'standard', name: 'Standard', amount: '5.00' },
          {
            kind: 'free-over',
            id: 'free-over-50',
            name: 'Free over $50',
            threshold: '50.00',
            amount: '9.00',
          },
        ],
      },
    ],
    pickup: [{ id: 'studio', name: 'Studio pickup' }],
  },
  tax: { rules: [{ id: 'us-ca', name: 'California', country: 'US', region: 'CA', rate: '7.25' }] },
};

const US_CUSTOMER = {
  ...CUSTOMER,
  address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94110', country: 'US' },
};

for (const database of DATABASES) {
  describe(`[${database.name}] discount codes, shipping and tax`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;
    beforeAll(async () => {
      site = makeCheckoutSite({ stock: { 'v-tee-s': 100 }, commerce: COMMERCE });
      t = await startApp(database, { siteDir: site.dir, cartWriteLimit: { max: 100_000, windowMs: 60_000 } });
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
    });

    const shopperWith = async (itemId: string, quantity: number) => {
      const s = new Shopper(t);
      await s.start();
      expect(
        (await s.add({ itemId, quantity, ...(itemId === 'p-tee' ? { sku: 'TEE-S' } : {}) })).statusCode,
      ).toBe(200);
      return s;
    };
    const applyCode = (s: Shopper, code: string) =>
      s.request('POST', '/api/commerce/shopping-cart/coupons', { code });

    it('a code, then an address: the cart shows discount, shipping options and tax; the order stores them', async () => {
      const s = await shopperWith('p-tee', 2); // 2 × $25.00
      const applied = await applyCode(s, 'save10');
      expect(applied.statusCode).toBe(200);
      expect(applied.json().shoppingCart).toMatchObject({
        coupons: ['SAVE10'],
        validCoupons: [{ code: 'SAVE10', discountCents: 500, freeShipping: false }],
        invalidCoupons: [],
        discountCents: 500,
        shippingOptions: [],
        grandTotalCents: 4500,
      });

      const located = await s.request('PUT', '/api/commerce/shopping-cart/shipping-location', {
        country: 'us',
        region: 'ca',
        postalCode: '94110',
      });
      expect(located.statusCode).toBe(200);
      const cart = located.json().shoppingCart;
      expect(cart.shippingLocation).toEqual({ country: 'US', region: 'CA', postalCode: '94110' });
      expect(cart.shippingOptions).toEqual([
        { id: 'standard', name: 'Standard', kind: 'flat', amountCents: 500 },
        { id: 'free-over-50', name: 'Free over $50', kind: 'free-over', amountCents: 900 },
        { id: 'studio', name: 'Studio pickup', kind: 'pickup', amountCents: 0 },
      ]);
      expect(cart.selectedShippingOption).toMatchObject({ id: 'standard' });
      expect(cart.applicableTaxRules).toEqual([
        { id: 'us-ca', name: 'California', basisPoints: 725, taxCents: 326 },
      ]);
      expect(cart).toMatchObject({
        subtotalCents: 5000,
        shippingCostCents: 500,
        taxCents: 326,
        grandTotalCents: 5326,
      });
      // The read answers the same.
      expect((await s.cart()).grandTotalCents).toBe(5326);

      const order = await s.order(US_CUSTOMER);
      expect(order.statusCode).toBe(200);
      expect(order.json().order).toMatchObject({
        subtotalCents: 5000,
        discountCents: 500,
        shippingCents: 500,
        taxCents: 326,
        grandTotalCents: 5326,
        grandTotal: { decimalValue: '53.26', currencyCode: 'USD' },
      });
      const stored = await t.app.database.db
        .selectFrom('orders')
        .select(['grand_total_cents', 'discount_cents', 'shipping_cents', 'tax_cents'])
        .where('id', '=', order.json().order.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        grand_total_cents: 5326,
        discount_cents: 500,
        shipping_cents: 500,
        tax_cents: 326,
      });
      const redemption = await t.app.database.db
        .selectFrom('discount_redemptions')
        .select(['code', 'customer', 'discount_cents'])
        .where('order_id', '=', order.json().order.id)
        .execute();
      expect(redemption).toEqual([{ code: 'SAVE10', customer: 'ada@example.test', discount_cents: 500 }]);
      const mail = await t.app.database.db
        .selectFrom('mail_outbox')
        .select('body')
        .where('ref_id', '=', order.json().order.id)
        .executeTakeFirstOrThrow();
      expect(mail.body).toContain(
        'Subtotal: $50.00\nDiscount (SAVE10): −$5.00\nShipping: $5.00\nTax: $3.26\nTotal: $53.26',
      );
    });

    it('pickup chosen, a free-shipping code, and a code removed', async () => {
      const s = await shopperWith('p-tee', 1);
      await s.request('PUT', '/api/commerce/shopping-cart/shipping-location', {
        country: 'US',
        region: 'NY',
      });
      const picked = await s.request('PUT', '/api/commerce/shopping-cart/shipping-option', {
        optionId: 'studio',
      });
      expect(picked.json().shoppingCart).toMatchObject({
        shippingCostCents: 0,
        taxCents: 0,
        grandTotalCents: 2500,
      });
      const unknown = await s.request('PUT', '/api/commerce/shopping-cart/shipping-option', {
        optionId: 'drone',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({
        code: 'shipping-option-unknown',
        message: 'That shipping method is not available for this address.',
      });
      await s.request('PUT', '/api/commerce/shopping-cart/shipping-option', { optionId: 'standard' });
      const free = await applyCode(s, 'FREESHIP');
      // The code's saving is the discount (docs/commerce.md): the shipping keeps its price.
      expect(free.json().shoppingCart).toMatchObject({
        shippingCostCents: 500,
        discountCents: 500,
        validCoupons: [{ code: 'FREESHIP', discountCents: 500, freeShipping: true }],
        grandTotalCents: 2500,
      });
      const removed = await s.request('DELETE', '/api/commerce/shopping-cart/coupons/freeship');
      expect(removed.json().shoppingCart).toMatchObject({
        coupons: [],
        shippingCostCents: 500,
        grandTotalCents: 3000,
      });
    });

    it.each([
      ['NOPE', 'discount.unknown', 'The code NOPE is not valid.'],
      ['EXPIRED', 'discount.expired', 'The code EXPIRED has expired.'],
      ['FUTURE', 'discount.not-yet-valid', 'The code FUTURE is not valid yet.'],
      ['MIN100', 'discount.below-minimum', 'The code MIN100 needs a subtotal of $100.00 or more.'],
    ])('%s is refused with its reason, and the cart keeps no code', async (code, reason, text) => {
      const s = await shopperWith('p-tee', 1);
      const res = await applyCode(s, code);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: reason, message: text });
      expect((await s.cart()).coupons).toEqual([]);
    });

    it('bad input is a precise 4xx; no cart is a 404', async () => {
      const s = new Shopper(t);
      await s.start();
      const noCart = await applyCode(s, 'SAVE10');
      expect(noCart.statusCode).toBe(404);
      expect(noCart.json()).toMatchObject({ code: 'cart-not-found' });
      await s.add({ itemId: 'p-tee', sku: 'TEE-S' });
      const badCountry = await s.request('PUT', '/api/commerce/shopping-cart/shipping-location', {
        country: 'USA',
      });
      expect(badCountry.statusCode).toBe(400);
      expect(badCountry.json()).toMatchObject({
        code: 'invalid-request',
        message: 'Invalid body: country: must be a two-letter country code',
      });
      const blank = await applyCode(s, '   ');
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ code: 'invalid-request' });
    });

    it('an order that ships needs a two-letter country once shipping rates are defined', async () => {
      const s = await shopperWith('p-tee', 1);
      const res = await s.order({
        ...US_CUSTOMER,
        address: { ...US_CUSTOMER.address, country: 'United States' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'shipping-country-invalid',
        message: 'Please enter the country as a two-letter code, such as US.',
        field: 'address.country',
      });
      const fixed = await s.order(US_CUSTOMER);
      expect(fixed.statusCode).toBe(200);
      // 25.00 + 5.00 standard + 7.25 % of 25.00 (1.8125, rounded half up to 1.81)
      expect(fixed.json().order).toMatchObject({ shippingCents: 500, taxCents: 181, grandTotalCents: 3181 });
    });

    it('a digital-only cart needs no shipping; its tax comes from the location', async () => {
      const s = await shopperWith('p-ebook', 1); // $10.00
      const located = await s.request('PUT', '/api/commerce/shopping-cart/shipping-location', {
        country: 'US',
        region: 'CA',
      });
      expect(located.json().shoppingCart).toMatchObject({
        shippingOptions: [],
        selectedShippingOption: null,
        shippingCostCents: 0,
        taxCents: 73,
        grandTotalCents: 1073,
      });
      const order = await s.order({ email: 'reader@example.test', name: 'Reader' });
      expect(order.statusCode).toBe(200);
      expect(order.json().order).toMatchObject({ shippingCents: 0, taxCents: 73, grandTotalCents: 1073 });
    });

    it('a usage limit of 7 under 50 concurrent checkouts: exactly 7 orders get the code', async () => {
      const shoppers = [];
      for (let i = 0; i < 50; i++) {
        const s = await shopperWith('p-ebook', 1);
        expect((await applyCode(s, 'LIMITED')).statusCode).toBe(200);
        shoppers.push(s);
      }
      const answers = await Promise.all(
        shoppers.map((s, i) => s.order({ email: `buyer${i}@example.test`, name: `Buyer ${i}` })),
      );
      const placed = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode !== 200);
      expect(placed).toHaveLength(7);
      for (const a of placed) expect(a.json().order.discountCents).toBe(100);
      for (const a of refused) {
        expect(a.statusCode).toBe(400);
        expect(a.json()).toMatchObject({
          code: 'discount.exhausted',
          message: 'The code LIMITED has been used up.',
        });
      }
      const usage = await t.app.database.db
        .selectFrom('discount_usage')
        .select('used')
        .where('code', '=', 'LIMITED')
        .executeTakeFirstOrThrow();
      expect(Number(usage.used)).toBe(7);
      const redemptions = await t.app.database.db
        .selectFrom('discount_redemptions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('code', '=', 'LIMITED')
        .executeTakeFirstOrThrow();
      expect(Number(redemptions.n)).toBe(7);
      // The cart of a refused shopper now says why.
      const left = shoppers[answers.findIndex((a) => a.statusCode !== 200)] as Shopper;
      expect((await left.cart()).invalidCoupons).toMatchObject([
        { code: 'LIMITED', reason: 'discount.exhausted' },
      ]);
    });

    it('a per-customer limit of 1: five concurrent orders by one customer, exactly one gets it', async () => {
      const shoppers = [];
      for (let i = 0; i < 5; i++) {
        const s = await shopperWith('p-ebook', 1);
        expect((await applyCode(s, 'ONCE')).statusCode).toBe(200);
        shoppers.push(s);
      }
      const answers = await Promise.all(
        shoppers.map((s) => s.order({ email: 'Same@Example.test', name: 'Same' })),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.statusCode !== 200))
        expect(a.json()).toMatchObject({ code: 'discount.customer-limit' });
    });
  });
}
