/**
 * The Stripe provider (issue 17) against a local stand-in for Stripe's API: a node:http server that
 * records what the official SDK sends and answers `POST /v1/checkout/sessions` as the API reference
 * documents. Webhook events are signed with the SDK's own `generateTestHeaderString`.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { DATABASES, startApp, type TestApp } from '../testing/app.ts';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from './testing.ts';

const WEBHOOK_SECRET = 'whsec_test_storefront';
const SECRET_KEY = 'sk_test_storefront';
const sdk = new Stripe(SECRET_KEY);

interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/** Stripe's API as the reference documents a created Checkout Session; every request recorded. */
async function fakeStripeApi(): Promise<{ server: Server; base: string; requests: Recorded[] }> {
  const requests: Recorded[] = [];
  let sessions = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      res.setHeader('content-type', 'application/json');
      res.setHeader('request-id', `req_${requests.length}`);
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 404;
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }),
        );
        return;
      }
      const id = `cs_test_${++sessions}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m?.[1]) metadata[m[1]] = value;
      }
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          amount_subtotal: Number(form.get('line_items[0][price_data][unit_amount]')),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          cancel_url: form.get('cancel_url'),
          client_reference_id: form.get('client_reference_id'),
          created: Math.floor(Date.now() / 1000),
          currency: form.get('line_items[0][price_data][currency]'),
          customer_email: form.get('customer_email'),
          expires_at: Math.floor(Date.now() / 1000) + 86_400,
          livemode: false,
          metadata,
          mode: 'payment',
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.get('success_url'),
          url: `https://checkout.stripe.com/c/pay/${id}`,
        }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}`, requests };
}

describe('Stripe configuration', () => {
  it('is off by default, and refuses a key without its webhook secret (or the reverse) at start', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(
      new ConfigError('Invalid environment: STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY'),
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET })).toThrow(
      new ConfigError('Invalid environment: STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET'),
    );
    expect(
      loadConfig({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }).stripe,
    ).toEqual({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: undefined,
    });
  });
});

for (const database of DATABASES) {
  describe(`[${database.name}] Stripe card payments`, () => {
    let t: TestApp;
    let api: Awaited<ReturnType<typeof fakeStripeApi>>;
    let site: ReturnType<typeof makeCheckoutSite>;
    let events = 0;
    beforeAll(async () => {
      api = await fakeStripeApi();
      site = makeCheckoutSite({
        stock: { 'v-tee-s': 20 },
        commerce: { discountCodes: [{ code: 'ONCE', kind: 'percentage', percent: '10', usageLimit: 1 }] },
      });
      t = await startApp(database, {
        siteDir: site.dir,
        stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: api.base },
      });
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
      await new Promise((done) => api?.server.close(done));
    });

    const db = () => t.app.database.db;
    const stockOf = async () =>
      (
        await db()
          .selectFrom('variants')
          .select('qty_in_stock')
          .where('id', '=', 'v-tee-s')
          .executeTakeFirstOrThrow()
      ).qty_in_stock;
    const orderRow = (id: string) =>
      db()
        .selectFrom('orders')
        .select(['status', 'payment_reference'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const eventsOf = async (id: string, kind: string) =>
      (
        await db()
          .selectFrom('order_events')
          .select('id')
          .where('order_id', '=', id)
          .where('kind', '=', kind)
          .execute()
      ).length;

    /** Places an express order for two T-shirts: Stripe's session is created for it. */
    const placeOrder = async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const res = await shopper.order({ ...CUSTOMER, item: { itemId: 'p-tee', sku: 'TEE-S', quantity: 2 } });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        order: { id: string; orderNumber: number; grandTotalCents: number; paymentReference: string };
        paymentUrl: string;
      };
    };

    /** A Checkout Session event for the order, as Stripe sends it (the session in `data.object`). */
    const sessionEvent = (
      type: string,
      order: { id: string; orderNumber: number; grandTotalCents: number; paymentReference: string },
      session: Record<string, unknown> = {},
      id = `evt_test_${++events}`,
    ) =>
      JSON.stringify({
        id,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        data: {
          object: {
            id: order.paymentReference,
            object: 'checkout.session',
            amount_total: order.grandTotalCents,
            currency: 'usd',
            client_reference_id: String(order.orderNumber),
            metadata: { orderId: order.id, orderNumber: String(order.orderNumber) },
            payment_intent: 'pi_test_1',
            payment_status: 'paid',
            status: 'complete',
            ...session,
          },
        },
      });

    const deliver = (payload: string, secret = WEBHOOK_SECRET) =>
      t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret }),
        },
        payload,
      });

    it('creates a Checkout Session for the stored order and sends the shopper to it', async () => {
      const before = await stockOf();
      const { order, paymentUrl } = await placeOrder();
      expect(await stockOf()).toBe(before - 2);
      const sent = api.requests.at(-1) as Recorded;
      expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
      expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(sent.headers['idempotency-key']).toBe(`order-${order.id}`);
      expect(Object.fromEntries(sent.form)).toMatchObject({
        mode: 'payment',
        client_reference_id: String(order.orderNumber),
        customer_email: CUSTOMER.email,
        'metadata[orderId]': order.id,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': String(order.grandTotalCents),
        success_url: `${t.config.siteUrl}/checkout/order-confirmed/${order.id}`,
      });
      const sessionId = `cs_test_${api.requests.length}`;
      expect(paymentUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
      expect(order).toMatchObject({
        status: 'awaiting-payment',
        paymentProvider: 'stripe',
        paymentReference: sessionId,
      });
    });

    it('the checkout form sends the shopper to Stripe', async () => {
      const shopper = new Shopper(t);
      await shopper.request('GET', '/checkout?itemId=p-tee&sku=TEE-S');
      const form = new URLSearchParams({
        crumb: shopper.cookies.crumb as string,
        mode: 'express',
        itemId: 'p-tee',
        sku: 'TEE-S',
        quantity: '1',
        email: CUSTOMER.email,
        name: CUSTOMER.name,
        'address.line1': CUSTOMER.address.line1,
        'address.city': CUSTOMER.address.city,
        'address.zip': CUSTOMER.address.zip,
        'address.country': CUSTOMER.address.country,
      });
      const res = await shopper.request('POST', '/checkout', form);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`https://checkout.stripe.com/c/pay/cs_test_${api.requests.length}`);
    });

    it('refuses a webhook with a wrong signature, and changes nothing', async () => {
      const { order } = await placeOrder();
      const payload = sessionEvent('checkout.session.completed', order);
      const forged = await deliver(payload, 'whsec_someone_else');
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({
        code: 'stripe-signature-invalid',
        message: 'The Stripe-Signature header does not verify this body with the webhook secret.',
      });
      const unsigned = await t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(unsigned.statusCode).toBe(400);
      // The signed body altered by one byte no longer verifies.
      const tampered = await t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        payload: payload.replace('"paid"', '"paid" '),
      });
      expect(tampered.statusCode).toBe(400);
      expect((await orderRow(order.id)).status).toBe('awaiting-payment');
      expect(await eventsOf(order.id, 'paid')).toBe(0);
    });

    it('marks the order paid exactly once, with two deliveries at once and a replay', async () => {
      const { order } = await placeOrder();
      const payload = sessionEvent('checkout.session.completed', order);
      const [first, second] = await Promise.all([deliver(payload), deliver(payload)]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect([first.json().outcome, second.json().outcome].sort()).toEqual(['duplicate', 'paid']);
      expect(await orderRow(order.id)).toEqual({ status: 'paid', payment_reference: order.paymentReference });
      const replay = await deliver(payload);
      expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
      // Another event about the same paid session (a new id) pays nothing twice either.
      const again = await deliver(sessionEvent('checkout.session.async_payment_succeeded', order));
      expect(again.json().outcome).toBe('ignored');
      expect(await eventsOf(order.id, 'paid')).toBe(1);
      // Expiry after payment releases nothing.
      const stock = await stockOf();
      expect((await deliver(sessionEvent('checkout.session.expired', order))).json().outcome).toBe('ignored');
      expect(await stockOf()).toBe(stock);
      expect((await orderRow(order.id)).status).toBe('paid');
    });

    it('leaves an unpaid completion (a delayed method) or another session awaiting payment', async () => {
      const { order } = await placeOrder();
      const unpaid = await deliver(
        sessionEvent('checkout.session.completed', order, { payment_status: 'unpaid' }),
      );
      expect(unpaid.json().outcome).toBe('ignored');
      // A paid session that is not the one made for this order (its metadata copied) pays nothing.
      const other = await deliver(sessionEvent('checkout.session.completed', order, { id: 'cs_test_other' }));
      expect(other.json().outcome).toBe('ignored');
      expect((await orderRow(order.id)).status).toBe('awaiting-payment');
    });

    it("gives an expired order's discount code use back once: the code works again", async () => {
      /** A new shopper's order with the code: the code's refusal (on the cart or the order), or the order. */
      const withCode = async () => {
        const shopper = new Shopper(t);
        await shopper.start();
        expect((await shopper.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 })).statusCode).toBe(200);
        const applied = await shopper.request('POST', '/api/commerce/shopping-cart/coupons', {
          code: 'ONCE',
        });
        return applied.statusCode === 200 ? shopper.order(CUSTOMER) : applied;
      };
      const first = await withCode();
      expect(first.statusCode).toBe(200);
      const { order } = first.json();
      expect(order.discountCents).toBeGreaterThan(0);
      // The one use is taken while the order waits for its payment.
      expect((await withCode()).statusCode).toBe(400);
      const payload = sessionEvent('checkout.session.expired', order, { payment_status: 'unpaid' });
      await Promise.all([deliver(payload), deliver(payload)]);
      expect(
        (await deliver(sessionEvent('checkout.session.async_payment_failed', order))).json().outcome,
      ).toBe('ignored');
      const used = await db()
        .selectFrom('discount_usage')
        .select('used')
        .where('code', '=', 'ONCE')
        .executeTakeFirst();
      expect(Number(used?.used)).toBe(0);
      expect((await withCode()).statusCode).toBe(200);
    });

    it('gives back what a gift card paid of an expired session exactly once, and voids the cards it bought', async () => {
      const giftCardOf = async (orderId: string) =>
        db()
          .selectFrom('gift_cards')
          .select(['code', 'balance_cents'])
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow();
      const buyer = new Shopper(t);
      await buyer.start();
      const bought = await buyer.order({
        ...CUSTOMER,
        item: { itemId: 'p-gift', sku: 'GIFT-25' },
        recipientEmail: 'friend@example.test',
      });
      expect(bought.statusCode, bought.body).toBe(200);
      const giftOrder = bought.json().order;
      expect((await deliver(sessionEvent('checkout.session.completed', giftOrder))).json().outcome).toBe(
        'paid',
      );
      const { code } = await giftCardOf(giftOrder.id);

      // Two T-shirts (50.00): the card pays 25.00, Stripe's session asks for the other 25.00.
      const shopper = new Shopper(t);
      await shopper.start();
      const placed = await shopper.order({
        ...CUSTOMER,
        item: { itemId: 'p-tee', sku: 'TEE-S', quantity: 2 },
        giftCardCode: code,
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const { order } = placed.json();
      expect(order.extra.giftCardPayment.amountCents).toBe(2500);
      expect((await giftCardOf(giftOrder.id)).balance_cents).toBe(0);

      const payload = sessionEvent('checkout.session.expired', order, { payment_status: 'unpaid' });
      const answers = await Promise.all([deliver(payload), deliver(payload)]);
      expect(answers.map((a) => a.json().outcome).sort()).toEqual(['duplicate', 'released']);
      expect((await deliver(payload)).json().outcome).toBe('duplicate');
      expect(
        (await deliver(sessionEvent('checkout.session.async_payment_failed', order))).json().outcome,
      ).toBe('ignored');
      expect((await giftCardOf(giftOrder.id)).balance_cents).toBe(2500);
      const restored = await db()
        .selectFrom('gift_card_ledger')
        .select('change_cents')
        .where('code', '=', code)
        .where('reason', '=', 'restored')
        .execute();
      expect(restored).toEqual([{ change_cents: 2500 }]);

      // A gift card order whose session expires unpaid: its card no longer pays.
      const unpaid = new Shopper(t);
      await unpaid.start();
      const never = (
        await unpaid.order({
          ...CUSTOMER,
          item: { itemId: 'p-gift', sku: 'GIFT-25' },
          recipientEmail: 'unpaid@example.test',
        })
      ).json().order;
      const unpaidCard = await giftCardOf(never.id);
      expect(
        (await deliver(sessionEvent('checkout.session.expired', never, { payment_status: 'unpaid' }))).json()
          .outcome,
      ).toBe('released');
      expect((await giftCardOf(never.id)).balance_cents).toBe(0);
      await unpaid.start();
      const refused = await unpaid.request('POST', '/api/gift-cards/balance', { code: unpaidCard.code });
      expect(refused.json()).toMatchObject({ code: 'gift-card-voided' });
    });

    it('gives the stock of an expired session back exactly once', async () => {
      const { order } = await placeOrder();
      const taken = await stockOf();
      const payload = sessionEvent('checkout.session.expired', order, {
        payment_status: 'unpaid',
        status: 'expired',
      });
      const answers = await Promise.all([deliver(payload), deliver(payload)]);
      expect(answers.map((a) => a.json().outcome).sort()).toEqual(['duplicate', 'released']);
      expect(await stockOf()).toBe(taken + 2);
      // A failed delayed payment for the same order (another event id) releases nothing more.
      const failed = await deliver(sessionEvent('checkout.session.async_payment_failed', order));
      expect(failed.json().outcome).toBe('ignored');
      expect((await deliver(payload)).json().outcome).toBe('duplicate');
      expect(await stockOf()).toBe(taken + 2);
      expect((await orderRow(order.id)).status).toBe('cancelled');
      // A late "paid" for the cancelled order does not revive it.
      expect((await deliver(sessionEvent('checkout.session.completed', order))).json().outcome).toBe(
        'ignored',
      );
      expect((await orderRow(order.id)).status).toBe('cancelled');
    });
  });
}
