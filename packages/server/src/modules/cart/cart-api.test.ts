import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { Shopper } from '../../testing/shopper.ts';

const CART = '/api/commerce/shopping-cart';
const ENTRIES = `${CART}/entries`;

for (const database of DATABASES) {
  describe(`[${database.name}] cart API`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database);
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`[${database.name}] an empty cart without a CART cookie, and the crumb cookie on the first read`, async () => {
      const shopper = new Shopper(t);
      const res = await shopper.request('GET', CART);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: '',
        websiteId: 'site-fixture',
        entries: [],
        subtotalCents: 0,
        subtotalAmount: { decimalValue: '0.00', currencyCode: 'USD' },
        totalQuantity: 0,
        hasDigital: false,
        purelyDigital: false,
        requiresShipping: false,
        isPurchased: false,
      });
      expect(shopper.cookies.crumb).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      expect(String(res.headers['set-cookie'])).not.toMatch(/HttpOnly/i);
    });

    it(`[${database.name}] add, read back with the cookie, change the quantity, remove`, async () => {
      const shopper = new Shopper(t);
      await shopper.cart();
      const added = await shopper.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 2 });
      expect(added.statusCode).toBe(200);
      expect(shopper.cookies.CART).toBeTruthy();
      expect(shopper.cookies.hasCart).toBe('true');
      const { shoppingCart, newlyAdded } = added.json();
      expect(newlyAdded).toMatchObject({
        itemId: 'p-tee',
        quantity: 2,
        unitPriceCents: 2500,
        chosenVariant: {
          sku: 'TEE-S',
          attributes: { Size: 'Small' },
          priceMoney: { currency: 'USD', value: '25.00' },
          onSale: false,
        },
        item: { title: 'Linen Tee', fullUrl: '/shop/tee', assetUrl: '/media/pixel.gif', productType: 1 },
        additionalFields: null,
      });
      expect(shoppingCart).toMatchObject({
        subtotalCents: 5000,
        grandTotalCents: 5000,
        totalQuantity: 2,
        requiresShipping: true,
        hasDigital: false,
      });

      // The sale price counts for a variant on sale; a digital product marks the cart.
      await shopper.add({ itemId: 'p-tee', sku: 'TEE-M', quantity: 1 });
      const mixed = await shopper.add({
        itemId: 'p-ebook',
        sku: 'EBOOK',
        quantity: 1,
        additionalFields: '{"note":"gift"}',
      });
      expect(mixed.statusCode).toBe(200);
      const cart = await shopper.cart();
      expect(
        cart.entries.map((e: { chosenVariant: { sku: string }; quantity: number }) => [
          e.chosenVariant.sku,
          e.quantity,
        ]),
      ).toEqual([
        ['TEE-S', 2],
        ['TEE-M', 1],
        ['EBOOK', 1],
      ]);
      expect(cart).toMatchObject({
        subtotalCents: 5000 + 2000 + 1000,
        subtotalAmount: { decimalValue: '80.00', currencyCode: 'USD' },
        totalQuantity: 4,
        hasDigital: true,
        purelyDigital: false,
      });
      expect(cart.entries[2].additionalFields).toBe('{"note":"gift"}');
      expect(cart.id).toMatch(/./);
      expect(typeof cart.created).toBe('number');

      // Adding the same variant again merges into its entry.
      const again = await shopper.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 });
      expect(again.json().newlyAdded).toMatchObject({ id: cart.entries[0].id, quantity: 3 });

      const entryId = cart.entries[0].id;
      const changed = await shopper.request('PUT', `${ENTRIES}/${entryId}/quantity`, { quantity: 1 });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().shoppingCart.entries[0]).toMatchObject({ id: entryId, quantity: 1 });

      const removed = await shopper.request('DELETE', `${ENTRIES}/${entryId}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().shoppingCart.entries.map((e: { id: string }) => e.id)).not.toContain(entryId);

      // Quantity 0 removes too.
      const second = removed.json().shoppingCart.entries[0].id;
      const zero = await shopper.request('PUT', `${ENTRIES}/${second}/quantity`, { quantity: 0 });
      expect(zero.json().shoppingCart.entries.map((e: { id: string }) => e.id)).toEqual([
        removed.json().shoppingCart.entries[1].id,
      ]);
      const ebookOnly = await shopper.cart();
      expect(ebookOnly).toMatchObject({ purelyDigital: true, requiresShipping: false, totalQuantity: 1 });
    });

    it(`[${database.name}] every add-to-cart refusal answers 400 with the spec's message`, async () => {
      const shopper = new Shopper(t);
      await shopper.cart();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ itemId: 'p-tee', quantity: 1 }, 'cart.add.select-option', 'Please select the Size option.'],
        [
          { itemId: 'p-tee', sku: 'TEE-XL', quantity: 1 },
          'cart.add.variant-unavailable',
          'Sorry, that item variant is unavailable. Please select another variant.',
        ],
        [
          { itemId: 'p-soldout', sku: 'CAP', quantity: 1 },
          'cart.add.not-enough-stock',
          'Sorry, we do not have enough of that item available.',
        ],
        [
          { itemId: 'p-tee', sku: 'TEE-S', quantity: 4 },
          'cart.add.not-enough-stock',
          'Sorry, we do not have enough of that item available.',
        ],
        [
          { itemId: 'p-tee', sku: 'TEE-S', quantity: 'two' },
          'cart.add.quantity-not-number',
          'Quantity must be a number.',
        ],
        [
          { itemId: 'p-tee', sku: 'TEE-S', quantity: 1.5 },
          'cart.add.quantity-not-whole',
          'Quantity must be a whole number.',
        ],
        [
          { itemId: 'p-gift', quantity: 1 },
          'cart.add.gift-card-denomination',
          'Select a denomination for the Gift Card.',
        ],
      ];
      for (const [body, code, message] of cases) {
        const res = await shopper.add(body);
        expect({ body, status: res.statusCode, json: res.json() }).toEqual({
          body,
          status: 400,
          json: { code, message },
        });
      }
      // None of the refusals left a cart behind.
      expect(shopper.cookies.CART).toBeUndefined();
    });

    it(`[${database.name}] stock counts what the cart already holds`, async () => {
      const shopper = new Shopper(t);
      await shopper.cart();
      expect((await shopper.add({ itemId: 'p-last', sku: 'MUG-1', quantity: 1 })).statusCode).toBe(200);
      const second = await shopper.add({ itemId: 'p-last', sku: 'MUG-1', quantity: 1 });
      expect(second.statusCode).toBe(400);
      expect(second.json().message).toBe('Sorry, we do not have enough of that item available.');
      const entry = (await shopper.cart()).entries[0];
      const raise = await shopper.request('PUT', `${ENTRIES}/${entry.id}/quantity`, { quantity: 2 });
      expect(raise.statusCode).toBe(400);
      expect(raise.json()).toEqual({
        code: 'cart.add.not-enough-stock',
        message: 'Sorry, we do not have enough of that item available.',
      });
      // Unlimited services and digital products are not stock-limited.
      expect((await shopper.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 50 })).statusCode).toBe(200);
      expect((await shopper.add({ itemId: 'p-ebook', sku: 'EBOOK', quantity: 9 })).statusCode).toBe(200);
    });

    it(`[${database.name}] concurrent adds of the last unit into one cart: only one passes`, async () => {
      const shopper = new Shopper(t);
      await shopper.cart();
      // Create the cart first so that every concurrent add targets the same cart.
      expect((await shopper.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 })).statusCode).toBe(200);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => shopper.add({ itemId: 'p-tee', sku: 'TEE-M', quantity: 1 })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(400)]);
      const cart = await shopper.cart();
      const held = cart.entries.filter(
        (e: { chosenVariant: { sku: string } }) => e.chosenVariant.sku === 'TEE-M',
      );
      expect(held.map((e: { quantity: number }) => e.quantity)).toEqual([1]);
    });

    it(`[${database.name}] crumb failure and cookies off answer 403 {crumbFail:true} with the spec's text and change nothing`, async () => {
      const shopper = new Shopper(t);
      await shopper.cart();
      const noHeader = await shopper.request(
        'POST',
        ENTRIES,
        { itemId: 'p-tee', sku: 'TEE-S', quantity: 1 },
        { 'x-csrf-token': '' },
      );
      expect(noHeader.statusCode).toBe(403);
      expect(noHeader.json()).toEqual({
        crumbFail: true,
        code: 'crumb-fail',
        message: 'Your session has expired. Please reload the page and try again.',
      });
      const wrong = await shopper.request(
        'POST',
        ENTRIES,
        { itemId: 'p-tee', sku: 'TEE-S', quantity: 1 },
        { 'x-csrf-token': 'x'.repeat(24) },
      );
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({
        crumbFail: true,
        code: 'crumb-fail',
        message: 'Your session has expired. Please reload the page and try again.',
      });
      // Without any crumb cookie at all (a fresh client) the write is refused too.
      const stranger = await t.app.inject({
        method: 'POST',
        url: ENTRIES,
        payload: { itemId: 'p-tee', sku: 'TEE-S', quantity: 1 },
      });
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toEqual({
        crumbFail: true,
        code: 'cookies-off',
        message: 'Please enable cookies in your browser, reload the page, and try again.',
      });
      expect(shopper.cookies.CART).toBeUndefined();
    });

    it(`[${database.name}] unknown entries and items answer 404; bad input is a clear 4xx`, async () => {
      const shopper = new Shopper(t);
      await shopper.cart();
      const put = await shopper.request('PUT', `${ENTRIES}/no-such-entry/quantity`, { quantity: 1 });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ code: 'entry-not-found', message: 'That cart entry does not exist.' });
      expect((await shopper.request('DELETE', `${ENTRIES}/no-such-entry`)).statusCode).toBe(404);
      const unknownItem = await shopper.add({ itemId: 'no-such-item', sku: 'X', quantity: 1 });
      expect(unknownItem.statusCode).toBe(404);
      expect(unknownItem.json().code).toBe('item-not-found');
      // A blog post is not a product.
      expect((await shopper.add({ itemId: 'post-1', quantity: 1 })).statusCode).toBe(404);

      // Another shopper's entry is not found in my cart.
      await shopper.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 });
      const mine = (await shopper.cart()).entries[0].id;
      const other = new Shopper(t);
      await other.cart();
      await other.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 });
      expect((await other.request('DELETE', `${ENTRIES}/${mine}`)).statusCode).toBe(404);

      // Control characters (PostgreSQL text cannot hold NUL) are refused at the edge.
      for (const body of [
        { itemId: 'p\u0000x', sku: 'TEE-S', quantity: 1 },
        { itemId: 'p-tee', sku: 'TEE-S\u0000', quantity: 1 },
        { itemId: 'p-lesson', sku: 'LESSON', additionalFields: '{"a":"\u0000"}' },
      ]) {
        const res = await shopper.add(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('invalid-request');
      }
      expect((await shopper.request('DELETE', `${ENTRIES}/a%00b`)).statusCode).toBe(400);
      const nulCookie = await t.app.inject({ method: 'GET', url: CART, headers: { cookie: 'CART=a%00b' } });
      expect(nulCookie.statusCode).toBe(200);
      expect(nulCookie.json().entries).toEqual([]);

      const malformed = await shopper.request('POST', ENTRIES, '{"itemId": ', {
        'content-type': 'application/json',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({
        code: 'invalid-json',
        message: 'The request body is not valid JSON.',
      });
      const missing = await shopper.add({ sku: 'TEE-S' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('invalid-request');
      const extra = await shopper.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1, price: 0 });
      expect(extra.statusCode).toBe(400);
      const badFields = await shopper.add({
        itemId: 'p-lesson',
        sku: 'LESSON',
        additionalFields: '{not json',
      });
      expect(badFields.statusCode).toBe(400);
      const negative = await shopper.request('PUT', `${ENTRIES}/${mine}/quantity`, { quantity: -1 });
      expect(negative.statusCode).toBe(400);
      const text = await shopper.request('POST', ENTRIES, 'itemId=p-tee', { 'content-type': 'text/plain' });
      expect(text.statusCode).toBe(415);
      expect(text.json()).toEqual({
        code: 'unsupported-media-type',
        message: 'Send the body as application/json.',
      });
      const arrayBody = await shopper.request('POST', ENTRIES, '[1,2]', {
        'content-type': 'application/json',
      });
      expect(arrayBody.statusCode).toBe(400);
      const nullBody = await shopper.request('PUT', `${ENTRIES}/${mine}/quantity`, 'null', {
        'content-type': 'application/json',
      });
      expect(nullBody.statusCode).toBe(400);
    });

    it(`[${database.name}] PUT additionalFields replaces an entry's form answers, answering shoppingCart and updatedEntry`, async () => {
      const shopper = new Shopper(t);
      await shopper.cart();
      const added = await shopper.add({
        itemId: 'p-lesson',
        sku: 'LESSON',
        quantity: 1,
        additionalFields: '{"a":1}',
      });
      const entryId = added.json().newlyAdded.id as string;
      const url = `${ENTRIES}/${entryId}/additionalFields`;
      const res = await shopper.request('PUT', url, {
        itemId: 'p-lesson',
        sku: 'LESSON',
        additionalFields: '{"name":"Ada"}',
      });
      expect(res.statusCode).toBe(200);
      const { shoppingCart, updatedEntry } = res.json();
      expect(updatedEntry).toMatchObject({
        id: entryId,
        itemId: 'p-lesson',
        additionalFields: '{"name":"Ada"}',
      });
      expect(shoppingCart.entries).toHaveLength(1);
      expect(shoppingCart.entries[0].additionalFields).toBe('{"name":"Ada"}');
      expect((await shopper.cart()).entries[0].additionalFields).toBe('{"name":"Ada"}');
      // Only additionalFields is needed; null clears them.
      const cleared = await shopper.request('PUT', url, { additionalFields: null });
      expect(cleared.json().updatedEntry.additionalFields).toBeNull();

      const unknown = await shopper.request('PUT', `${ENTRIES}/no-such-entry/additionalFields`, {
        additionalFields: '{}',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'entry-not-found', message: 'That cart entry does not exist.' });
      const other = new Shopper(t);
      await other.cart();
      expect((await other.request('PUT', url, { additionalFields: '{}' })).statusCode).toBe(404);
      const notJson = await shopper.request('PUT', url, { additionalFields: '{oops' });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toEqual({
        code: 'invalid-additional-fields',
        message: 'additionalFields must be a JSON string.',
      });
      const wrongItem = await shopper.request('PUT', url, { itemId: 'p-tee', additionalFields: '{}' });
      expect(wrongItem.statusCode).toBe(400);
      expect(wrongItem.json().message).toMatch(/itemId/);
      expect(wrongItem.json()).toEqual({
        code: 'invalid-request',
        message: 'Invalid body: itemId: does not match the entry',
      });
      const wrongSku = await shopper.request('PUT', url, { sku: 'TEE-S', additionalFields: '{}' });
      expect(wrongSku.statusCode).toBe(400);
      expect(wrongSku.json()).toEqual({
        code: 'invalid-request',
        message: 'Invalid body: sku: does not match the entry',
      });
      // The refusals changed nothing.
      expect((await shopper.cart()).entries[0].additionalFields).toBeNull();
    });

    it(`[${database.name}] GET inventory/stock answers every variant's live stock; unknown items 404`, async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/commerce/inventory/stock?itemId=p-tee' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        results: [
          { variantId: 'v-tee-s', sku: 'TEE-S', unlimited: false, qtyInStock: 3 },
          { variantId: 'v-tee-m', sku: 'TEE-M', unlimited: false, qtyInStock: 1 },
        ],
      });
      const lesson = await t.app.inject({
        method: 'GET',
        url: '/api/commerce/inventory/stock/?itemId=p-lesson',
      });
      expect(lesson.json()).toEqual({
        results: [{ variantId: 'v-lesson', sku: 'LESSON', unlimited: true, qtyInStock: 0 }],
      });
      for (const itemId of ['no-such-item', 'post-1']) {
        const missing = await t.app.inject({
          method: 'GET',
          url: `/api/commerce/inventory/stock?itemId=${itemId}`,
        });
        expect(missing.statusCode, itemId).toBe(404);
        expect(missing.json()).toEqual({
          code: 'item-not-found',
          message: 'Sorry, this item is unavailable.',
        });
      }
      const noItem = await t.app.inject({ method: 'GET', url: '/api/commerce/inventory/stock' });
      expect(noItem.statusCode).toBe(400);
      expect(noItem.json().message).toMatch(/itemId/);
    });

    it(`[${database.name}] the cart carries every field of spec section 3 and honours mock, timecode, calculateSubtotal`, async () => {
      const shopper = new Shopper(t);
      await shopper.cart();
      await shopper.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 2 });
      await shopper.add({ itemId: 'p-ebook', sku: 'EBOOK', quantity: 1 });
      const cart = await shopper.cart();
      expect(Object.keys(cart).sort()).toEqual(
        [
          'id',
          'websiteId',
          'orderId',
          'created',
          'isPurchased',
          'entries',
          'shippingOptions',
          'selectedShippingOption',
          'shippingLocation',
          'applicableTaxRules',
          'coupons',
          'validCoupons',
          'invalidCoupons',
          'subtotalCents',
          'taxCents',
          'shippingCostCents',
          'discountCents',
          'grandTotalCents',
          'subtotalAmount',
          'totalQuantity',
          'hasDigital',
          'purelyDigital',
          'requiresShipping',
        ].sort(),
      );
      const subtotal = cart.entries.reduce(
        (n: number, e: { quantity: number; unitPriceCents: number }) => n + e.quantity * e.unitPriceCents,
        0,
      );
      expect(subtotal).toBeGreaterThan(0);
      expect(cart).toMatchObject({
        websiteId: 'site-fixture',
        orderId: null,
        isPurchased: false,
        subtotalCents: subtotal,
        taxCents: 0,
        shippingCostCents: 0,
        discountCents: 0,
        grandTotalCents: subtotal,
        subtotalAmount: { decimalValue: (subtotal / 100).toFixed(2), currencyCode: 'USD' },
        totalQuantity: 3,
        hasDigital: true,
        purelyDigital: false,
        requiresShipping: false,
      });
      expect(cart.created).toBeGreaterThan(0);
      for (const e of cart.entries)
        expect(Object.keys(e).sort()).toEqual(
          ['id', 'itemId', 'quantity', 'chosenVariant', 'additionalFields', 'unitPriceCents', 'item'].sort(),
        );

      const timecoded = await shopper.request('GET', `${CART}?timecode=${Date.now()}&calculateSubtotal=true`);
      expect(timecoded.json()).toEqual(cart);
      const uncalculated = (await shopper.request('GET', `${CART}?calculateSubtotal=false`)).json();
      expect(uncalculated).toMatchObject({
        id: cart.id,
        totalQuantity: 3,
        subtotalCents: 0,
        grandTotalCents: 0,
        subtotalAmount: { decimalValue: '0.00', currencyCode: 'USD' },
      });
      expect(uncalculated.entries).toEqual(cart.entries);
      const mock = (await shopper.request('GET', `${CART}?mock=true`)).json();
      expect(mock).toMatchObject({ id: '', entries: [], totalQuantity: 0, subtotalCents: 0 });
      expect((await shopper.request('GET', `${CART}?mock=false`)).json()).toEqual(cart);
      for (const bad of ['mock=yes', 'timecode=abc', 'calculateSubtotal=1']) {
        const res = await shopper.request('GET', `${CART}?${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('invalid-request');
        expect(res.json().message).toContain(bad.split('=')[0]);
      }
    });

    it(`[${database.name}] a subscription gets a cart of its own, answered as a cartToken`, async () => {
      const shopper = new Shopper(t);
      await shopper.cart();
      await shopper.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 });
      const cartCookie = shopper.cookies.CART;
      const res = await shopper.request('POST', '/api/3/commerce/cart/subscription', {
        itemId: 'p-club',
        sku: 'CLUB',
        qty: 1,
      });
      expect(res.statusCode).toBe(200);
      const { cartToken } = res.json();
      expect(cartToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      // The shopper's own cart is untouched.
      expect(shopper.cookies.CART).toBe(cartCookie);
      expect((await shopper.cart()).entries.map((e: { itemId: string }) => e.itemId)).toEqual(['p-lesson']);
      // The subscription cart holds the one item.
      const sub = await t.app.inject({ method: 'GET', url: CART, headers: { cookie: `CART=${cartToken}` } });
      expect(
        sub.json().entries.map((e: { itemId: string; quantity: number }) => [e.itemId, e.quantity]),
      ).toEqual([['p-club', 1]]);
      // Refusals: not subscribable, core's rules, the crumb.
      const plain = await shopper.request('POST', '/api/3/commerce/cart/subscription', {
        itemId: 'p-tee',
        sku: 'TEE-S',
        qty: 1,
      });
      expect(plain.statusCode).toBe(400);
      expect(plain.json().code).toBe('not-subscribable');
      const tooMany = await shopper.request('POST', '/api/3/commerce/cart/subscription', {
        itemId: 'p-club',
        sku: 'CLUB',
        qty: 11,
      });
      expect(tooMany.json()).toEqual({
        code: 'cart.add.not-enough-stock',
        message: 'Sorry, we do not have enough of that item available.',
      });
      const forged = await shopper.request(
        'POST',
        '/api/3/commerce/cart/subscription',
        { itemId: 'p-club', sku: 'CLUB', qty: 1 },
        { 'x-csrf-token': 'nope' },
      );
      expect(forged.statusCode).toBe(403);
    });

    it(`[${database.name}] a forged or stale CART cookie reads as an empty cart and a new cart is made on add`, async () => {
      const shopper = new Shopper(t);
      await shopper.cart();
      shopper.cookies.CART = 'forged-token';
      const cart = await shopper.cart();
      expect(cart.entries).toEqual([]);
      const added = await shopper.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 });
      expect(added.statusCode).toBe(200);
      expect(shopper.cookies.CART).not.toBe('forged-token');
    });
  });

  describe(`[${database.name}] cart write rate limit`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database, { cartWriteLimit: { max: 3, windowMs: 60_000 } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`[${database.name}] too many writes answer 429 with the spec's message; reads are not limited`, async () => {
      const shopper = new Shopper(t);
      await shopper.cart();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await shopper.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 })).statusCode);
      expect(statuses).toEqual([200, 200, 200]);
      const limited = await shopper.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: 'rate-limited', message: 'Please try again in a few seconds.' });
      expect(limited.headers['retry-after']).toBeDefined();
      // Other write routes share the client's budget.
      const entry = (await shopper.cart()).entries[0].id;
      expect((await shopper.request('DELETE', `${ENTRIES}/${entry}`)).statusCode).toBe(429);
      // Reads still work.
      for (let i = 0; i < 5; i++) expect((await shopper.request('GET', CART)).statusCode).toBe(200);
      // The counter is in the database, where a second instance would see it.
      const rows = await t.app.database.db.selectFrom('rate_limits').selectAll().execute();
      expect(rows.some((r) => Number(r.count) >= 4)).toBe(true);
    });
  });

  describe(`[${database.name}] two instances`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database, { cartWriteLimit: { max: 3, windowMs: 60_000 } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`[${database.name}] two instances on one database share carts and rate-limit counters`, async () => {
      // A second server on the same database, as behind a load balancer.
      const second = await buildApp(t.config, { logger: false });
      try {
        const one = new Shopper(t);
        const other = new Shopper({ ...t, app: second });
        await one.cart();
        expect((await one.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 })).statusCode).toBe(200);
        expect((await one.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 })).statusCode).toBe(200);
        // The same browser (cookies) reaching the other instance sees its cart...
        other.cookies = { ...one.cookies };
        expect((await other.cart()).entries.map((e: { quantity: number }) => e.quantity)).toEqual([2]);
        // ...and the writes made on the first instance count on the second (same client address).
        expect((await other.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 })).statusCode).toBe(200);
        expect((await other.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 })).statusCode).toBe(429);
      } finally {
        await second.close();
      }
    });
  });
}
