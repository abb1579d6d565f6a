/**
 * The Stripe provider (issue 17) against a local stand-in for Stripe's API (testing/stripe-api.ts):
 * a node:http server that records what the official SDK sends and answers `POST /v1/checkout/sessions` and
 * `POST /v1/payment_intents` as the API reference documents (a declined card: 402 `card_error` with
 * the failed intent). Webhook events are signed with the SDK's own `generateTestHeaderString`.
 */
import { EventEmitter, once } from 'node:events';
import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../database.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { DATABASES, startApp, testConfig, type TestApp } from '../../testing/app.ts';
import { DECLINED_CARD, fakeStripeApi, type Recorded } from '../../testing/stripe-api.ts';
import { STRIPE_WEBHOOK_PATH } from '../orders/stripe-webhook.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from '../orders/testing.ts';

const WEBHOOK_SECRET = 'whsec_test_storefront';
const SECRET_KEY = 'sk_test_storefront';
const sdk = new Stripe(SECRET_KEY);

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
      // Only a subscription's checkout keeps the card.
      expect(sent.form.get('payment_intent_data[setup_future_usage]')).toBeNull();
      expect(sent.form.get('customer_creation')).toBeNull();
      const sessionId = `cs_test_${api.requests.length}`;
      expect(paymentUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
      expect(order).toMatchObject({
        status: 'awaiting-payment',
        paymentProvider: 'stripe',
        paymentReference: sessionId,
      });
    });

    it('the checkout form sends the shopper to Stripe, and its page lets the browser follow', async () => {
      const shopper = new Shopper(t);
      const page = await shopper.request('GET', '/checkout?itemId=p-tee&sku=TEE-S');
      // Browsers apply form-action to the post's redirect: Stripe's hosted page must be allowed.
      expect(String(page.headers['content-security-policy'])).toContain(
        "form-action 'self' https://checkout.stripe.com;",
      );
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

    it('pays an order whose session reference was never recorded, by the order id the session carries, when the amount and currency agree', async () => {
      const { order } = await placeOrder();
      // What a fault after the order's commit leaves: an order that does not know its session.
      await db().updateTable('orders').set({ payment_reference: null }).where('id', '=', order.id).execute();
      const wrongAmount = await deliver(
        sessionEvent('checkout.session.completed', order, { amount_total: order.grandTotalCents - 1 }),
      );
      expect(wrongAmount.json().outcome).toBe('ignored');
      const wrongCurrency = await deliver(
        sessionEvent('checkout.session.completed', order, { currency: 'eur' }),
      );
      expect(wrongCurrency.json().outcome).toBe('ignored');
      expect(await orderRow(order.id)).toEqual({ status: 'awaiting-payment', payment_reference: null });

      const paid = await deliver(sessionEvent('checkout.session.completed', order));
      expect(paid.json().outcome).toBe('paid');
      expect(await orderRow(order.id)).toEqual({ status: 'paid', payment_reference: order.paymentReference });
      expect(await eventsOf(order.id, 'paid')).toBe(1);
      // Now that it is recorded, only that session speaks for the order.
      const other = await deliver(
        sessionEvent('checkout.session.async_payment_succeeded', order, { id: 'cs_test_other_lost' }),
      );
      expect(other.json().outcome).toBe('ignored');
    });

    it('releases an order whose session reference was never recorded when that session expires', async () => {
      const before = await stockOf();
      const { order } = await placeOrder();
      await db().updateTable('orders').set({ payment_reference: null }).where('id', '=', order.id).execute();
      const unpaid = { payment_status: 'unpaid', status: 'expired' };
      const otherAmount = await deliver(
        sessionEvent('checkout.session.expired', order, {
          ...unpaid,
          amount_total: order.grandTotalCents + 1,
        }),
      );
      expect(otherAmount.json().outcome).toBe('ignored');
      expect(await stockOf()).toBe(before - 2);
      const expired = await deliver(sessionEvent('checkout.session.expired', order, unpaid));
      expect(expired.json().outcome).toBe('released');
      expect(await orderRow(order.id)).toEqual({
        status: 'cancelled',
        payment_reference: order.paymentReference,
      });
      expect(await stockOf()).toBe(before);
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

      // A gift card order whose session expires unpaid never had a card (issue 27), and gets none.
      const unpaid = new Shopper(t);
      await unpaid.start();
      const never = (
        await unpaid.order({
          ...CUSTOMER,
          item: { itemId: 'p-gift', sku: 'GIFT-25' },
          recipientEmail: 'unpaid@example.test',
        })
      ).json().order;
      expect(
        (await deliver(sessionEvent('checkout.session.expired', never, { payment_status: 'unpaid' }))).json()
          .outcome,
      ).toBe('released');
      expect(
        await db().selectFrom('gift_cards').where('order_id', '=', never.id).select('code').execute(),
      ).toEqual([]);
    });

    it('a gift card or a download bought through Stripe is handed out only by the paid webhook (issue 27)', async () => {
      const CODE = /[A-HJ-NP-Z2-9]{4}-?[A-HJ-NP-Z2-9]{4}-?[A-HJ-NP-Z2-9]{4}-?[A-HJ-NP-Z2-9]{4}/;
      const buyer = new Shopper(t);
      await buyer.start();
      const bought = await buyer.order({
        ...CUSTOMER,
        item: { itemId: 'p-gift', sku: 'GIFT-50' },
        recipientEmail: 'stripe-friend@example.test',
      });
      expect(bought.statusCode, bought.body).toBe(200);
      const { order, paymentUrl } = bought.json();
      expect(paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      expect(bought.body).not.toMatch(CODE);
      const confirmation = `/checkout/order-confirmed/${order.id}`;
      const unpaidPage = await buyer.request('GET', confirmation);
      expect(unpaidPage.body).not.toMatch(CODE);
      expect(unpaidPage.body).toContain(
        'Your gift card code will be sent to stripe-friend@example.test once payment is received.',
      );
      const giftMails = () =>
        db()
          .selectFrom('mail_outbox')
          .select('body')
          .where('to_address', '=', 'stripe-friend@example.test')
          .where('kind', '=', 'gift-card')
          .execute();
      expect(await giftMails()).toEqual([]);
      expect(
        await db().selectFrom('gift_cards').where('order_id', '=', order.id).select('code').execute(),
      ).toEqual([]);

      const payload = sessionEvent('checkout.session.completed', order);
      const answers = await Promise.all([deliver(payload), deliver(payload)]);
      expect(answers.map((a) => a.json().outcome).sort()).toEqual(['duplicate', 'paid']);
      const mails = await giftMails();
      expect(mails).toHaveLength(1);
      const code = mails[0]?.body.match(CODE)?.[0] ?? '';
      expect(code).not.toBe('');
      expect((await buyer.request('GET', confirmation)).body).toContain(`Gift card ${code}: $50.00`);
      const spender = new Shopper(t);
      await spender.start();
      const spent = await spender.order({
        ...CUSTOMER,
        item: { itemId: 'p-tee', sku: 'TEE-S', quantity: 1 },
        giftCardCode: code,
      });
      expect(spent.json().order).toMatchObject({
        status: 'paid',
        extra: { giftCardPayment: { amountCents: 2500 } },
      });

      const reader = new Shopper(t);
      await reader.start();
      const ebook = (await reader.order({ ...CUSTOMER, item: { itemId: 'p-ebook', sku: 'EBOOK' } })).json()
        .order;
      const download = `/checkout/download/${ebook.id}/${ebook.lines[0].id}`;
      const refused = await reader.request('GET', download);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('This download is available once payment for the order is received.');
      expect((await deliver(sessionEvent('checkout.session.completed', ebook))).json().outcome).toBe('paid');
      // Paid: the confirmation page gives the signed link (issue 30).
      const page = await reader.request('GET', `/checkout/order-confirmed/${ebook.id}`);
      const signed = /href="(\/checkout\/download\/[^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
      expect(signed).toMatch(new RegExp(`^${download}\\?expires=\\d+&signature=[\\w-]+$`));
      const file = await reader.request('GET', signed ?? '');
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/attachment/);
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

for (const database of DATABASES) {
  describe(`[${database.name}] Stripe subscription renewals on a saved card`, () => {
    let clock = Date.now();
    const fresh = database.fresh();
    let site: ReturnType<typeof makeCheckoutSite>;
    let api: Awaited<ReturnType<typeof fakeStripeApi>>;
    let t: TestApp;
    let events = 0;
    const looked = new EventEmitter();
    beforeAll(async () => {
      api = await fakeStripeApi();
      site = makeCheckoutSite({ stock: { 'v-club': 20 } });
      const config = testConfig(fresh.config, {
        siteDir: site.dir,
        stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: api.base },
      });
      // The scheduler ticks every few milliseconds on a clock the test steps.
      const app = await buildApp(config, {
        logger: false,
        renewals: { now: () => clock, intervalMs: 10, onTick: () => looked.emit('tick') },
      });
      t = { app, config, close: () => app.close() };
    });
    beforeEach(() => {
      // Subscriptions start on the real clock; each test steps on from there.
      clock = Date.now();
    });
    afterAll(async () => {
      await t?.close();
      await fresh.cleanup();
      site?.cleanup();
      await new Promise((done) => api?.server.close(done));
    });

    const db = () => t.app.database.db as Kysely<Database>;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    /** Resolves once the scheduler has finished a whole look begun after the call (the first heard of may have begun before). */
    const lookedAgain = async () => {
      await once(looked, 'tick');
      await once(looked, 'tick');
    };
    async function waitFor<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
      const until = Date.now() + 15_000;
      for (;;) {
        const value = await read();
        if (done(value)) return value;
        if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
        await sleep(20);
      }
    }
    const stock = async () =>
      (
        await db()
          .selectFrom('variants')
          .select('qty_in_stock')
          .where('id', '=', 'v-club')
          .executeTakeFirstOrThrow()
      ).qty_in_stock;
    const subscription = (id: string) =>
      db().selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    /** The renewal orders of a subscription, oldest first. */
    const renewals = async (id: string) =>
      (
        await db()
          .selectFrom('orders')
          .select(['id', 'order_number', 'status', 'payment_reference', 'grand_total_cents', 'extra'])
          .where('kind', '=', 'renewal')
          .orderBy('order_number')
          .execute()
      ).filter((o) => (JSON.parse(o.extra ?? '{}') as { subscriptionId?: string }).subscriptionId === id);
    /** Steps the clock past the subscription's due date, the earlier tests' subscriptions cancelled (stock is shared). */
    const renewOnly = async (row: { id: string; next_due: number | string }) => {
      await db()
        .updateTable('subscriptions')
        .set({ state: 'cancelled' })
        .where('id', '!=', row.id)
        .where('state', '=', 'active')
        .execute();
      clock = Number(row.next_due) + 1;
    };
    /** The PaymentIntents sent for one saved card (other subscriptions may renew at the same time). */
    const intentsSent = (card: string) =>
      api.requests.filter((r) => r.path === '/v1/payment_intents' && r.form.get('payment_method') === card);

    const deliver = (type: string, object: Record<string, unknown>, id = `evt_renewal_${++events}`) => {
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        data: { object },
      });
      return t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        payload,
      });
    };
    const intentObject = (
      orderId: string,
      fields: { id: string; customer: string; payment_method: string; status: string },
    ) => ({ object: 'payment_intent', currency: 'usd', metadata: { orderId }, ...fields });

    /**
     * A guest subscribes to the club, pays on Stripe's page (the session and its intent's events),
     * which saves `card` for the renewals. Answers the subscription row and the session request.
     */
    async function subscribe(card: string) {
      const shopper = new Shopper(t);
      await shopper.start();
      const cart = await shopper.request('POST', '/api/3/commerce/cart/subscription', {
        itemId: 'p-club',
        sku: 'CLUB',
        qty: 1,
      });
      expect(cart.statusCode, cart.body).toBe(200);
      const placed = await shopper.order({ ...CUSTOMER, cartToken: cart.json().cartToken });
      expect(placed.statusCode, placed.body).toBe(200);
      const { order } = placed.json() as { order: { id: string; paymentReference: string } };
      const session = api.requests.at(-1) as Recorded;
      const paid = await deliver('checkout.session.completed', {
        id: order.paymentReference,
        object: 'checkout.session',
        currency: 'usd',
        customer: `cus_${card}`,
        metadata: { orderId: order.id },
        payment_intent: `pi_first_${card}`,
        payment_status: 'paid',
      });
      expect(paid.json().outcome).toBe('paid');
      const saved = await deliver(
        'payment_intent.succeeded',
        intentObject(order.id, {
          id: `pi_first_${card}`,
          customer: `cus_${card}`,
          payment_method: card,
          status: 'succeeded',
        }),
      );
      expect(saved.json().outcome).toBe('card-saved');
      const row = await db()
        .selectFrom('subscriptions')
        .selectAll()
        .where('first_order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      return { row, session };
    }

    it('the first subscription checkout asks Stripe to save the card, and keeps its ids from the webhook', async () => {
      const { row, session } = await subscribe('pm_card_visa');
      expect(session.path).toBe('/v1/checkout/sessions');
      expect(session.form.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
      expect(session.form.get('customer_creation')).toBe('always');
      expect(row).toMatchObject({
        stripe_customer: 'cus_pm_card_visa',
        stripe_payment_method: 'pm_card_visa',
      });
    });

    it('charges a renewal once off-session with the saved card; only the paid webhook marks it paid, once', async () => {
      const { row } = await subscribe('pm_card_mastercard');
      const before = intentsSent('pm_card_mastercard').length;
      const stockBefore = await stock();
      await renewOnly(row);
      const [renewal] = await waitFor(
        'the renewal',
        () => renewals(row.id),
        (o) => o[0]?.payment_reference != null,
      );
      if (!renewal) throw new Error('no renewal');
      // A few more ticks: the cycle is charged once.
      await lookedAgain();
      expect(intentsSent('pm_card_mastercard').length).toBe(before + 1);
      const sent = intentsSent('pm_card_mastercard').at(-1) as Recorded;
      expect(sent.headers['idempotency-key']).toBe(`renewal-${renewal.order_number}`);
      expect(Object.fromEntries(sent.form)).toMatchObject({
        amount: String(renewal.grand_total_cents),
        currency: 'usd',
        customer: 'cus_pm_card_mastercard',
        payment_method: 'pm_card_mastercard',
        off_session: 'true',
        confirm: 'true',
        'metadata[orderId]': renewal.id,
        'metadata[orderNumber]': String(renewal.order_number),
      });
      expect(renewal.status).toBe('awaiting-payment');
      expect(await stock()).toBe(stockBefore - 1);

      const succeeded = intentObject(renewal.id, {
        id: renewal.payment_reference as string,
        customer: 'cus_pm_card_mastercard',
        payment_method: 'pm_card_mastercard',
        status: 'succeeded',
      });
      const [first, second] = await Promise.all([
        deliver('payment_intent.succeeded', succeeded, 'evt_renewal_paid'),
        deliver('payment_intent.succeeded', succeeded, 'evt_renewal_paid'),
      ]);
      expect([first.json().outcome, second.json().outcome].sort()).toEqual(['duplicate', 'paid']);
      expect((await deliver('payment_intent.succeeded', succeeded, 'evt_renewal_paid')).json().outcome).toBe(
        'duplicate',
      );
      // A failure reported afterwards (another event id) neither unpays it nor gives stock back.
      expect((await deliver('payment_intent.payment_failed', succeeded)).json().outcome).toBe('ignored');
      expect((await renewals(row.id))[0]?.status).toBe('paid');
      const paidEvents = await db()
        .selectFrom('order_events')
        .select('id')
        .where('order_id', '=', renewal.id)
        .where('kind', '=', 'paid')
        .execute();
      expect(paidEvents).toHaveLength(1);
      expect(await stock()).toBe(stockBefore - 1);
      expect((await subscription(row.id)).cycles_made).toBe(2);
    });

    it('a renewal whose payment fails by webhook releases its stock once and is retried after the backoff', async () => {
      const { row } = await subscribe('pm_card_later_declined');
      const stockBefore = await stock();
      await renewOnly(row);
      const [renewal] = await waitFor(
        'the renewal',
        () => renewals(row.id),
        (o) => o[0]?.payment_reference != null,
      );
      if (!renewal) throw new Error('no renewal');
      expect(await stock()).toBe(stockBefore - 1);
      const failed = intentObject(renewal.id, {
        id: renewal.payment_reference as string,
        customer: 'cus_pm_card_later_declined',
        payment_method: 'pm_card_later_declined',
        status: 'requires_payment_method',
      });
      const answers = await Promise.all([
        deliver('payment_intent.payment_failed', failed, 'evt_renewal_failed'),
        deliver('payment_intent.payment_failed', failed, 'evt_renewal_failed'),
      ]);
      expect(answers.map((a) => a.json().outcome).sort()).toEqual(['duplicate', 'released']);
      expect((await deliver('payment_intent.payment_failed', failed)).json().outcome).toBe('ignored');
      expect(await stock()).toBe(stockBefore);
      expect((await renewals(row.id))[0]?.status).toBe('payment-failed');
      // The scheduler counts it as a failed try of cycle 2 and waits an hour before trying again.
      const counted = await waitFor(
        'the failure',
        () => subscription(row.id),
        (r) => r.failures === 1,
      );
      expect(counted).toMatchObject({ state: 'active', cycles_made: 1, next_due: row.next_due });
      expect(Number(counted.attempt_at)).toBeGreaterThan(clock);
      expect(String(counted.last_error)).toMatch(/^payment-failed/);
      await lookedAgain();
      expect(await renewals(row.id)).toHaveLength(1);
      expect(await stock()).toBe(stockBefore);

      clock = Number(counted.attempt_at) + 1;
      const retried = await waitFor(
        'the retry',
        () => renewals(row.id),
        (o) => o[1]?.payment_reference != null,
      );
      expect(retried).toHaveLength(2);
      expect(await stock()).toBe(stockBefore - 1);
      expect(await subscription(row.id)).toMatchObject({ cycles_made: 2, failures: 0 });
    });

    it('a card declined at once fails the renewal: its stock goes back once and it is retried, then stops', async () => {
      const { row } = await subscribe(DECLINED_CARD);
      const stockBefore = await stock();
      await renewOnly(row);
      const counted = await waitFor(
        'the failure',
        () => subscription(row.id),
        (r) => r.failures === 1,
      );
      expect(counted).toMatchObject({ state: 'active', cycles_made: 1 });
      expect(String(counted.last_error)).toBe('payment-failed: Your card was declined.');
      const [renewal] = await renewals(row.id);
      // The intent Stripe declined is kept on the released order.
      expect(intentsSent(DECLINED_CARD)).toHaveLength(1);
      expect(renewal?.status).toBe('payment-failed');
      expect(renewal?.payment_reference).toMatch(/^pi_test_renewal_\d+$/);
      expect(await stock()).toBe(stockBefore);
      // Stripe's own failure event for that intent arrives too: nothing is released twice.
      const late = intentObject(renewal?.id as string, {
        id: renewal?.payment_reference as string,
        customer: `cus_${DECLINED_CARD}`,
        payment_method: DECLINED_CARD,
        status: 'requires_payment_method',
      });
      expect((await deliver('payment_intent.payment_failed', late)).json().outcome).toBe('ignored');
      expect(await stock()).toBe(stockBefore);
      // Tried again after each backoff (1 h, 4 h, 16 h); the 4th failure stops the subscription.
      for (const failures of [2, 3, 4]) {
        clock = Number((await subscription(row.id)).attempt_at) + 1;
        await waitFor(
          `failure ${failures}`,
          () => subscription(row.id),
          (r) => r.failures === failures,
        );
      }
      expect(await subscription(row.id)).toMatchObject({ state: 'failed', cycles_made: 1 });
      expect(await renewals(row.id)).toHaveLength(4);
      expect(await stock()).toBe(stockBefore);
      const mailed = await db()
        .selectFrom('mail_outbox')
        .select('kind')
        .where('ref_id', '=', row.id)
        .where('kind', '=', 'subscription-failed')
        .execute();
      expect(mailed).toHaveLength(1);
    });
  });
}
