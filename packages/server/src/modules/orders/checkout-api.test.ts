import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../database.ts';
import { Customer, makeAccount } from '../accounts/testing.ts';
import { STAFF_SESSION_PATH } from '../accounts/routes.ts';
import { smtpPeer, waitFor } from '../forms/testing.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from './testing.ts';

const OUT_OF_STOCK = 'Sorry, we do not have enough of that item available.';
const VARIANT_UNAVAILABLE = 'Sorry, that item variant is unavailable. Please select another variant.';

for (const database of DATABASES) {
  describe(`[${database.name}] checkout and orders`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;
    let manager: Customer;
    beforeAll(async () => {
      site = makeCheckoutSite({ stock: { 'v-last': 5 } });
      t = await startApp(database, { siteDir: site.dir });
      await makeAccount(t.app.database.db, 'manager@example.test', { kind: 'staff', roles: [8] });
      manager = new Customer(t);
      expect(
        (await manager.signIn('manager@example.test', undefined, false, STAFF_SESSION_PATH)).statusCode,
      ).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
    });

    const stockOf = async (variantId: string) =>
      (
        await t.app.database.db
          .selectFrom('variants')
          .select('qty_in_stock')
          .where('id', '=', variantId)
          .executeTakeFirstOrThrow()
      ).qty_in_stock;

    it('places an order from the cart: stock taken, cart purchased, confirmation mail queued', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      expect((await shopper.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 2 })).statusCode).toBe(200);
      expect((await shopper.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 })).statusCode).toBe(200);
      const res = await shopper.order(CUSTOMER);
      expect(res.statusCode).toBe(200);
      const { order, confirmationUrl } = res.json();
      expect(confirmationUrl).toBe(`/checkout/order-confirmed/${order.id}`);
      expect(order).toMatchObject({
        status: 'awaiting-payment',
        kind: 'cart',
        email: 'ada@example.test',
        customerName: 'Ada Lovelace',
        address: { ...CUSTOMER.address, line2: '', state: '' },
        currency: 'USD',
        subtotalCents: 9000,
        grandTotalCents: 9000,
        grandTotal: { decimalValue: '90.00', currencyCode: 'USD' },
        paymentProvider: 'manual',
        paymentReference: `manual-${order.orderNumber}`,
      });
      expect(order.lines).toMatchObject([
        {
          itemId: 'p-tee',
          sku: 'TEE-S',
          quantity: 2,
          unitPriceCents: 2500,
          productType: 1,
          downloadUrl: null,
        },
        { itemId: 'p-lesson', sku: 'LESSON', quantity: 1, unitPriceCents: 4000, productType: 3 },
      ]);
      expect(await stockOf('v-tee-s')).toBe(1);
      const cart = await t.app.database.db
        .selectFrom('carts')
        .selectAll()
        .where('token', '=', shopper.cookies.CART as string)
        .executeTakeFirstOrThrow();
      expect(cart).toMatchObject({ is_purchased: 1, order_id: order.id });
      // The purchased cart is gone for the shopper; placing it again finds nothing to buy.
      expect((await shopper.request('GET', '/api/commerce/shopping-cart')).json().entries).toEqual([]);
      const again = await shopper.order(CUSTOMER);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('empty-cart');
      const mail = await t.app.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('ref_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(mail).toMatchObject({
        kind: 'order-confirmation',
        to_address: 'ada@example.test',
        status: 'queued',
        subject: `Your order #${order.orderNumber} from Fixture Store`,
      });
      expect(mail.body).toContain('Linen Tee');
      expect(mail.body).toContain('$90.00');
      expect(mail.body).toContain('awaiting payment');
    });

    it('express checkout of one item (a service needs no address)', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const res = await shopper.order({
        email: 'b@example.test',
        name: 'Bea',
        item: { itemId: 'p-lesson', sku: 'LESSON', quantity: 2 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({
        kind: 'express',
        cartId: null,
        address: null,
        grandTotalCents: 8000,
      });
      expect(shopper.cookies.CART).toBeUndefined();
    });

    it("refuses more than the stock with the spec's text and changes nothing", async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const before = await stockOf('v-tee-m');
      const orders = await t.app.database.db.selectFrom('orders').select('id').execute();
      const res = await shopper.order({ ...CUSTOMER, item: { itemId: 'p-tee', sku: 'TEE-M', quantity: 2 } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'cart.add.not-enough-stock', message: OUT_OF_STOCK });
      // From a cart: the cart held what was in stock when added, but another order took it since.
      const first = new Shopper(t);
      const second = new Shopper(t);
      await first.start();
      await second.start();
      expect((await first.add({ itemId: 'p-tee', sku: 'TEE-M', quantity: 1 })).statusCode).toBe(200);
      expect((await second.add({ itemId: 'p-tee', sku: 'TEE-M', quantity: 1 })).statusCode).toBe(200);
      expect((await second.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 })).statusCode).toBe(200);
      expect((await first.order(CUSTOMER)).statusCode).toBe(200);
      const refused = await second.order(CUSTOMER);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'out-of-stock', message: OUT_OF_STOCK });
      expect(await stockOf('v-tee-m')).toBe(before - 1);
      expect(await t.app.database.db.selectFrom('orders').select('id').execute()).toHaveLength(
        orders.length + 1,
      );
      // The refused cart is untouched: still the shopper's, still not purchased.
      expect((await second.request('GET', '/api/commerce/shopping-cart')).json().entries).toHaveLength(2);
    });

    it('an empty cart, an unknown item or variant', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const empty = await shopper.order(CUSTOMER);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({
        code: 'empty-cart',
        message: 'Your cart is empty. Add something to it before checking out.',
      });
      const item = await shopper.order({ ...CUSTOMER, item: { itemId: 'p-nothing', sku: 'X', quantity: 1 } });
      expect(item.statusCode).toBe(404);
      expect(item.json()).toEqual({ code: 'item-not-found', message: 'Sorry, this item is unavailable.' });
      const variant = await shopper.order({
        ...CUSTOMER,
        item: { itemId: 'p-tee', sku: 'TEE-XXL', quantity: 1 },
      });
      expect(variant.statusCode).toBe(404);
      expect(variant.json().code).toBe('variant-not-found');
      const sub = await shopper.order({ ...CUSTOMER, cartToken: 'no-such-cart' });
      expect(sub.statusCode).toBe(400);
      expect(sub.json().code).toBe('empty-cart');
      // A cart line whose variant is gone since it was added: the cart is refused, not bought.
      expect((await shopper.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 })).statusCode).toBe(200);
      await (t.app.database.db as Kysely<Database>)
        .updateTable('cart_entries')
        .set({ sku: 'TEE-GONE' })
        .where('item_id', '=', 'p-tee')
        .where('cart_id', 'in', (eb) =>
          eb
            .selectFrom('carts')
            .select('id')
            .where('token', '=', shopper.cookies.CART as string),
        )
        .execute();
      const gone = await shopper.order(CUSTOMER);
      expect(gone.statusCode).toBe(409);
      expect(gone.json()).toEqual({
        code: 'cart.add.variant-unavailable',
        message: VARIANT_UNAVAILABLE,
      });
    });

    it('malformed bodies answer 400 naming the field, and store nothing', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const count = async () => (await t.app.database.db.selectFrom('orders').select('id').execute()).length;
      const before = await count();
      const express = { itemId: 'p-lesson', sku: 'LESSON', quantity: 1 };
      const cases: [unknown, number, RegExp | string][] = [
        ['{"email": ', 400, /not valid JSON/],
        [{ ...CUSTOMER, email: 5, item: express }, 400, /email/],
        [{ ...CUSTOMER, name: ['x'], item: express }, 400, /name/],
        [{ ...CUSTOMER, address: 'here', item: express }, 400, /address/],
        [{ ...CUSTOMER, address: { line1: 1 }, item: express }, 400, /address\.line1/],
        [{ ...CUSTOMER, address: { planet: 'Mars' }, item: express }, 400, /address\.planet/],
        [{ ...CUSTOMER, item: express, coupon: 'FREE' }, 400, /coupon/],
        [{ ...CUSTOMER, item: { sku: 'LESSON' } }, 400, /item\.itemId/],
        [{ ...CUSTOMER, item: { ...express, itemId: 'a\u0000b' } }, 400, /item\.itemId/],
        [{ ...CUSTOMER, item: { ...express, quantity: 'two' } }, 400, 'Quantity must be a number.'],
        [{ ...CUSTOMER, item: { ...express, quantity: 1.5 } }, 400, 'Quantity must be a whole number.'],
        [{ ...CUSTOMER, email: 'x'.repeat(400), item: express }, 400, /email/],
        [{ ...CUSTOMER, email: 'not-an-email', item: express }, 400, 'Please enter a valid email address.'],
        [{ email: 'a@example.test', item: express }, 400, 'Please enter your name.'],
        [
          { email: 'a@example.test', name: 'A', item: { itemId: 'p-tee', sku: 'TEE-S' } },
          400,
          'Please enter your address.',
        ],
        [[1, 2], 400, /body/],
      ];
      for (const [body, status, text] of cases) {
        const res =
          typeof body === 'string'
            ? await shopper.request('POST', '/api/commerce/orders', body, {
                'content-type': 'application/json',
              })
            : await shopper.order(body as Record<string, unknown>);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        const answer = res.json();
        expect(typeof answer.code).toBe('string');
        if (typeof text === 'string') expect(answer.message).toBe(text);
        else expect(answer.message, JSON.stringify(body)).toMatch(text);
      }
      const named = await shopper.order({
        email: 'a@example.test',
        name: 'A',
        item: { itemId: 'p-tee', sku: 'TEE-S' },
      });
      expect(named.json()).toMatchObject({ code: 'invalid-customer', field: 'address.line1' });
      expect(Object.keys(named.json().errors)).toEqual([
        'address.line1',
        'address.city',
        'address.zip',
        'address.country',
      ]);
      expect(await count()).toBe(before);
      // The server is still fine.
      expect((await shopper.order({ ...CUSTOMER, item: express })).statusCode).toBe(200);
    });

    it('an Idempotency-Key makes a retried placement answer the first order, never a second one', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const db = t.app.database.db;
      const count = async () => (await db.selectFrom('orders').select('id').execute()).length;
      const before = await count();
      const body = { ...CUSTOMER, item: { itemId: 'p-lesson', sku: 'LESSON', quantity: 1 } };
      const key = { 'idempotency-key': 'order-retry-1' };
      const first = await shopper.order(body, key);
      expect(first.statusCode).toBe(200);
      const again = await shopper.order(body, key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().order.id).toBe(first.json().order.id);
      const other = await shopper.order({ ...body, name: 'Someone Else' }, key);
      expect(other.statusCode).toBe(422);
      expect(await count()).toBe(before + 1);
      // Twenty at once with one key: one order.
      const racing = await Promise.all(
        Array.from({ length: 20 }, () => shopper.order(body, { 'idempotency-key': 'order-race-1' })),
      );
      const ids = new Set(racing.filter((r) => r.statusCode === 200).map((r) => r.json().order.id));
      expect(ids.size).toBe(1);
      expect(await count()).toBe(before + 2);
    });

    it('needs the crumb', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const res = await shopper.order(
        { ...CUSTOMER, item: { itemId: 'p-lesson' } },
        { 'x-csrf-token': 'wrong' },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        crumbFail: true,
        code: 'crumb-fail',
        message: 'Your session has expired. Please reload the page and try again.',
      });
    });

    it('a digital download answers only once its order is paid; before that the page and mail say so (page type 202, issue 27)', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const res = await shopper.order({ email: 'd@example.test', name: 'Dee', item: { itemId: 'p-ebook' } });
      expect(res.statusCode).toBe(200);
      const { order, confirmationUrl } = res.json();
      const line = order.lines[0];
      expect(line).toMatchObject({ productType: 2, unitPriceCents: 1000 });
      expect(order.status).toBe('awaiting-payment');
      const onPayment = 'Your download will be available once payment is received.';
      const unpaidPage = await shopper.request('GET', confirmationUrl);
      expect(unpaidPage.statusCode).toBe(200);
      expect(unpaidPage.body).toContain(onPayment);
      expect(unpaidPage.body).not.toContain('/checkout/download/');
      const refused = await shopper.request('GET', `/checkout/download/${order.id}/${line.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.headers['content-disposition']).toBeUndefined();
      expect(refused.body).toContain('This download is available once payment for the order is received.');
      const confirmation = await t.app.database.db
        .selectFrom('mail_outbox')
        .select('body')
        .where('ref_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(confirmation.body).toContain(onPayment);
      expect(confirmation.body).not.toContain('/checkout/download/');

      const paid = await manager.request('POST', `/api/config/orders/${order.orderNumber}/mark-paid`, {});
      expect(paid.statusCode, paid.body).toBe(200);
      const page = await shopper.request('GET', confirmationUrl);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-page-type']).toBe('202');
      const html = page.body;
      expect(html).toContain('<title>');
      expect(html).toContain('Fixture Store');
      expect(html).toContain(`Order #${order.orderNumber}`);
      // The link is signed and expires (issue 30).
      const href = new RegExp(
        `href="(/checkout/download/${order.id}/${line.id}\\?expires=\\d+&amp;signature=[\\w-]+)"`,
      ).exec(html)?.[1];
      expect(href).toBeDefined();
      expect(html).not.toContain(onPayment);
      expect(html).toContain('$10.00');
      expect(html).toMatch(/"pageType":202/);
      const file = await shopper.request('GET', href?.replaceAll('&amp;', '&') ?? '');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/attachment/);
      const paidMail = await t.app.database.db
        .selectFrom('mail_outbox')
        .select('body')
        .where('ref_id', '=', order.id)
        .where('kind', '=', 'order-paid')
        .executeTakeFirstOrThrow();
      expect(paidMail.body).toMatch(
        new RegExp(
          `${t.config.siteUrl}/checkout/download/${order.id}/${line.id}\\?expires=\\d+&signature=[\\w-]+`,
        ),
      );
      const missing = await shopper.request(
        'GET',
        '/checkout/order-confirmed/00000000-0000-0000-0000-000000000000',
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('That order does not exist.');
    });

    it('a subscription is bought from its cart token', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const sub = await shopper.request('POST', '/api/3/commerce/cart/subscription', {
        itemId: 'p-club',
        sku: 'CLUB',
        qty: 1,
      });
      expect(sub.statusCode).toBe(200);
      const { cartToken } = sub.json();
      const page = await shopper.request(
        'GET',
        `/checkout/subscription?cartToken=${encodeURIComponent(cartToken)}`,
      );
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-page-type']).toBe('201');
      expect(page.body).toContain('Subscription Checkout');
      expect(page.body).toContain(`name="cartToken" value="${cartToken}"`);
      const res = await shopper.order({ ...CUSTOMER, cartToken });
      expect(res.statusCode).toBe(200);
      expect(res.json().order).toMatchObject({ kind: 'subscription', grandTotalCents: 2800 });
      expect(res.json().order.extra.subscriptionPlan).toBeTruthy();
    });
  });

  describe(`[${database.name}] the minimum subtotal`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;
    beforeAll(async () => {
      site = makeCheckoutSite({ minimum: '30.00' });
      t = await startApp(database, { siteDir: site.dir });
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
    });

    it("refuses below the site's minimum with the spec's message, and takes no stock", async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const res = await shopper.order({ ...CUSTOMER, item: { itemId: 'p-last', sku: 'MUG-1' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'checkout.minimum-subtotal',
        message: 'To check out, your order subtotal must be $30.00 or more.',
      });
      const stock = await t.app.database.db
        .selectFrom('variants')
        .select('qty_in_stock')
        .where('id', '=', 'v-last')
        .executeTakeFirstOrThrow();
      expect(stock.qty_in_stock).toBe(1);
      const ok = await shopper.order({ ...CUSTOMER, item: { itemId: 'p-lesson', sku: 'LESSON' } });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe(`[${database.name}] 100 simultaneous orders for 5 in stock`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;
    beforeAll(async () => {
      site = makeCheckoutSite({ stock: { 'v-last': 5 } });
      t = await startApp(database, { siteDir: site.dir });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
    });

    it('makes exactly 5 orders; stock ends at 0, never below', async () => {
      const address = t.app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const first = await fetch(`${base}/api/commerce/shopping-cart`);
      const crumb = /crumb=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
      await first.text();
      const db = t.app.database.db;
      let lowest = Infinity;
      let watching = true;
      const watcher = (async () => {
        while (watching) {
          const row = await db
            .selectFrom('variants')
            .select('qty_in_stock')
            .where('id', '=', 'v-last')
            .executeTakeFirstOrThrow();
          lowest = Math.min(lowest, row.qty_in_stock);
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          fetch(`${base}/api/commerce/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
            body: JSON.stringify({
              ...CUSTOMER,
              email: `s${i}@example.test`,
              item: { itemId: 'p-last', sku: 'MUG-1', quantity: 1 },
            }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string } })),
        ),
      );
      watching = false;
      await watcher;
      const ok = results.filter((r) => r.status === 200);
      const refused = results.filter((r) => r.status === 409);
      expect(ok).toHaveLength(5);
      expect(refused).toHaveLength(95);
      for (const r of refused) expect(r.body.message).toBe(OUT_OF_STOCK);
      const stock = await db
        .selectFrom('variants')
        .select('qty_in_stock')
        .where('id', '=', 'v-last')
        .executeTakeFirstOrThrow();
      expect(stock.qty_in_stock).toBe(0);
      expect(lowest).toBeGreaterThanOrEqual(0);
      const lines = await db
        .selectFrom('order_lines')
        .select(['order_id', 'quantity'])
        .where('variant_id', '=', 'v-last')
        .execute();
      expect(lines).toHaveLength(5);
      const numbers = (await db.selectFrom('orders').select('order_number').execute()).map((o) =>
        Number(o.order_number),
      );
      expect(new Set(numbers).size).toBe(numbers.length);
    });
  });
}

describe('the confirmation mail at a real SMTP peer', () => {
  let peer: Awaited<ReturnType<typeof smtpPeer>>;
  let t: TestApp;
  beforeAll(async () => {
    peer = await smtpPeer();
    t = await startApp(DATABASES[0] as (typeof DATABASES)[number], { smtpUrl: peer.url });
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('is sent and marked sent', async () => {
    const shopper = new Shopper(t);
    await shopper.start();
    const res = await shopper.order({ email: 'mail@example.test', name: 'Mo', item: { itemId: 'p-ebook' } });
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    const mail = await waitFor(() =>
      peer.mails.find((m) => m.raw.includes(`Your order #${order.orderNumber}`)),
    );
    expect(mail.to).toEqual(['mail@example.test']);
    expect(mail.raw).toContain('Your download will be');
    let status = '';
    for (let i = 0; i < 100 && status !== 'sent'; i++) {
      const row = await t.app.database.db
        .selectFrom('mail_outbox')
        .select('status')
        .where('ref_id', '=', order.id)
        .executeTakeFirstOrThrow();
      status = row.status;
      if (status !== 'sent') await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('sent');
  });
});
