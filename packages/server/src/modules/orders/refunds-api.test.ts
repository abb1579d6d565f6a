/**
 * Refunds from the back office through Stripe (issue 27), against the local stand-in for Stripe's
 * API (testing/stripe-api.ts) that the official SDK talks to: the refunds API is called with the
 * amount and the PaymentIntent, the refund stays pending until the signed webhook says it is done,
 * by line or by amount, never more than is left, with the stock and the gift card's part given back
 * in the refund's transaction, once per Idempotency-Key.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../accounts/testing.ts';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from './testing.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { fakeStripeApi, type FakeStripeApi, type Recorded } from '../../testing/stripe-api.ts';

const WEBHOOK_SECRET = 'whsec_test_refunds';
const SECRET_KEY = 'sk_test_refunds';
const sdk = new Stripe(SECRET_KEY);
const API = '/api/config/orders';

interface PlacedOrder {
  id: string;
  orderNumber: number;
  grandTotalCents: number;
  paymentReference: string;
}

interface Detail {
  status: string;
  totals: {
    grandTotalCents: number;
    refundedCents: number;
    pendingRefundCents: number;
    refundableCents: number;
  };
  lines: { id: string; sku: string; quantity: number; refundedQuantity: number }[];
  refunds: {
    id: string;
    status: string;
    amountCents: number;
    giftCardCents: number;
    providerCents: number;
  }[];
  timeline: { kind: string; detail: Record<string, unknown> | null }[];
}

for (const database of DATABASES) {
  describe(`[${database.name}] back office: refunds through Stripe`, () => {
    let t: TestApp;
    let api: FakeStripeApi;
    let site: ReturnType<typeof makeCheckoutSite>;
    let manager: Customer;
    let events = 0;
    let intents = 0;
    beforeAll(async () => {
      api = await fakeStripeApi();
      site = makeCheckoutSite({
        stock: { 'v-tee-s': 50, 'v-tee-m': 50, 'v-last': 50 },
        commerce: { discountCodes: [{ code: 'ONCE', kind: 'percentage', percent: '10', usageLimit: 1 }] },
      });
      t = await startApp(database, {
        siteDir: site.dir,
        stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: api.base },
      });
      manager = await signInNewStaff(t, 'refunds-manager@example.test', [8]);
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
      await new Promise((done) => api?.server.close(done));
    });

    const db = () => t.app.database.db;
    const stockOf = async (variantId: string) =>
      (
        await db()
          .selectFrom('variants')
          .select('qty_in_stock')
          .where('id', '=', variantId)
          .executeTakeFirstOrThrow()
      ).qty_in_stock;
    const refundCalls = () => api.requests.filter((r) => r.path === '/v1/refunds');
    const detail = async (order: PlacedOrder) =>
      (await manager.request('GET', `${API}/${order.orderNumber}`)).json() as Detail;
    const refund = (order: PlacedOrder, body: unknown, headers: Record<string, string> = {}) =>
      manager.request('POST', `${API}/${order.orderNumber}/refund`, body, headers);

    const deliver = (type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) => {
      const payload = JSON.stringify({
        id: `evt_refunds_${++events}`,
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
          'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret }),
        },
        payload,
      });
    };

    /**
     * A new shopper's order of `items` (with `extra` order fields), paid by Stripe's signed
     * Checkout Session webhook with a PaymentIntent that took what the session asked.
     */
    const paidOrder = async (
      items: { itemId: string; sku: string; quantity: number }[],
      extra: Record<string, unknown> = {},
      paymentIntent: string | null = `pi_test_refunds_${++intents}`,
    ): Promise<PlacedOrder & { paymentIntent: string | null }> => {
      const shopper = new Shopper(t);
      await shopper.start();
      for (const item of items) expect((await shopper.add(item)).statusCode).toBe(200);
      if (extra.discountCode)
        expect(
          (
            await shopper.request('POST', '/api/commerce/shopping-cart/coupons', {
              code: extra.discountCode,
            })
          ).statusCode,
        ).toBe(200);
      const { discountCode: _code, ...fields } = extra;
      const placed = await shopper.order({ ...CUSTOMER, ...fields });
      expect(placed.statusCode, placed.body).toBe(200);
      const order = placed.json().order as PlacedOrder;
      const session = api.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1) as Recorded;
      const sessionAmount = Number(session.form.get('line_items[0][price_data][unit_amount]'));
      if (paymentIntent) api.charged.set(paymentIntent, sessionAmount);
      const paid = await deliver('checkout.session.completed', {
        id: order.paymentReference,
        object: 'checkout.session',
        amount_total: sessionAmount,
        currency: 'usd',
        metadata: { orderId: order.id, orderNumber: String(order.orderNumber) },
        payment_intent: paymentIntent,
        payment_status: 'paid',
        status: 'complete',
      });
      expect(paid.json().outcome).toBe('paid');
      return { ...order, paymentIntent };
    };

    /** Stripe's Refund as `refund.updated` carries it, for the refund it answered. */
    const stripeRefund = (call: Recorded, id: string, status: string) => ({
      id,
      object: 'refund',
      amount: Number(call.form.get('amount')),
      currency: 'usd',
      charge: `ch_${call.form.get('payment_intent')}`,
      payment_intent: call.form.get('payment_intent'),
      metadata: {
        orderId: call.form.get('metadata[orderId]'),
        refundId: call.form.get('metadata[refundId]'),
      },
      status,
    });

    it("calls Stripe's refunds API with the amount and the payment intent; only the signed webhook marks it refunded", async () => {
      const order = await paidOrder([{ itemId: 'p-tee', sku: 'TEE-S', quantity: 2 }]);
      const calls = refundCalls().length;
      const res = await refund(order, { amountCents: order.grandTotalCents, reason: 'returned' });
      expect(res.statusCode, res.body).toBe(200);
      expect(refundCalls()).toHaveLength(calls + 1);
      const call = refundCalls().at(-1) as Recorded;
      expect(call.method).toBe('POST');
      expect(call.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      const answered = res.json() as Detail;
      const [pending] = answered.refunds;
      expect(call.headers['idempotency-key']).toBe(`refund-${pending?.id}`);
      expect(Object.fromEntries(call.form)).toMatchObject({
        payment_intent: order.paymentIntent,
        amount: String(order.grandTotalCents),
        'metadata[orderId]': order.id,
      });
      // Asked, not done: the order is still paid and nothing counts as refunded yet.
      expect(answered.status).toBe('paid');
      expect(answered.totals).toMatchObject({ refundedCents: 0, pendingRefundCents: order.grandTotalCents });
      expect(pending).toMatchObject({ status: 'pending', amountCents: order.grandTotalCents });
      expect(answered.timeline.map((e) => e.kind)).toEqual(['paid', 'refund-requested', 'refund-sent']);

      const stripeId = `re_test_${refundCalls().length}`;
      // Another secret's signature changes nothing.
      const forged = await deliver(
        'refund.updated',
        stripeRefund(call, stripeId, 'succeeded'),
        'whsec_other',
      );
      expect(forged.statusCode).toBe(400);
      // Stripe still working on it: still pending.
      expect((await deliver('refund.updated', stripeRefund(call, stripeId, 'pending'))).json().outcome).toBe(
        'ignored',
      );
      expect((await detail(order)).refunds[0]?.status).toBe('pending');

      const done = await deliver('refund.updated', stripeRefund(call, stripeId, 'succeeded'));
      expect(done.json().outcome).toBe('refunded');
      const after = await detail(order);
      expect(after.status).toBe('refunded');
      expect(after.totals).toMatchObject({ refundedCents: order.grandTotalCents, pendingRefundCents: 0 });
      expect(after.refunds[0]?.status).toBe('succeeded');
      // Stripe's charge.refunded about the same refund settles nothing twice.
      const charge = await deliver('charge.refunded', {
        id: `ch_${order.paymentIntent}`,
        object: 'charge',
        amount: order.grandTotalCents,
        amount_refunded: order.grandTotalCents,
        payment_intent: order.paymentIntent,
        refunded: true,
        metadata: { orderId: order.id },
      });
      expect(charge.json().outcome).toBe('ignored');
      expect((await detail(order)).timeline.filter((e) => e.kind === 'refunded')).toHaveLength(1);
    });

    it('refunds by line and by amount; charge.refunded settles them; more than is left is refused', async () => {
      const order = await paidOrder([
        { itemId: 'p-tee', sku: 'TEE-S', quantity: 2 },
        { itemId: 'p-last', sku: 'MUG-1', quantity: 1 },
      ]);
      expect(order.grandTotalCents).toBe(6250);
      const tee = (await detail(order)).lines.find((l) => l.sku === 'TEE-S');
      const byLine = await refund(order, { lines: [{ lineId: tee?.id, quantity: 1 }] });
      expect(byLine.statusCode, byLine.body).toBe(200);
      expect(refundCalls().at(-1)?.form.get('amount')).toBe('2500');
      expect((byLine.json() as Detail).lines.find((l) => l.sku === 'TEE-S')?.refundedQuantity).toBe(1);
      const byAmount = await refund(order, { amountCents: 750 });
      expect(byAmount.statusCode, byAmount.body).toBe(200);
      expect(refundCalls().at(-1)?.form.get('amount')).toBe('750');

      // 6250 paid, 3250 asked back (pending counts): 3000 left.
      const calls = refundCalls().length;
      const over = await refund(order, { amountCents: 3001 });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({
        code: 'refund-too-large',
        message: `Order #${order.orderNumber} has $30.00 left to refund: $30.01 is more than was paid and not yet refunded.`,
      });
      const twoMore = await refund(order, { lines: [{ lineId: tee?.id, quantity: 2 }] });
      expect(twoMore.statusCode).toBe(409);
      expect(twoMore.json()).toEqual({
        code: 'refund-too-large',
        message: `Only 1 of Linen Tee can still be refunded on order #${order.orderNumber}.`,
      });
      expect(
        (await refund(order, { amountCents: 100, lines: [{ lineId: tee?.id, quantity: 1 }] })).statusCode,
      ).toBe(400);
      expect(refundCalls()).toHaveLength(calls);

      // A charge.refunded without its refunds listed: its cumulative amount covers both.
      const settled = await deliver('charge.refunded', {
        id: `ch_${order.paymentIntent}`,
        object: 'charge',
        amount: 6250,
        amount_refunded: 3250,
        payment_intent: order.paymentIntent,
        refunded: false,
        metadata: { orderId: order.id },
      });
      expect(settled.json().outcome).toBe('refunded');
      const after = await detail(order);
      expect(after.refunds.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
      expect(after.totals).toMatchObject({ refundedCents: 3250, pendingRefundCents: 0 });
      // Partly refunded: still paid.
      expect(after.status).toBe('paid');
      expect((await refund(order, { amountCents: 3000 })).statusCode).toBe(200);
    });

    it('restocks exactly the refunded quantities, in the same transaction as the refund', async () => {
      const order = await paidOrder([
        { itemId: 'p-tee', sku: 'TEE-M', quantity: 3 },
        { itemId: 'p-last', sku: 'MUG-1', quantity: 2 },
      ]);
      const [teeBefore, mugBefore] = [await stockOf('v-tee-m'), await stockOf('v-last')];
      const { lines } = await detail(order);
      const tee = lines.find((l) => l.sku === 'TEE-M')?.id;
      const mug = lines.find((l) => l.sku === 'MUG-1')?.id;
      const restocked = await refund(order, {
        lines: [
          { lineId: tee, quantity: 2 },
          { lineId: mug, quantity: 1 },
        ],
        restock: true,
      });
      expect(restocked.statusCode, restocked.body).toBe(200);
      expect([await stockOf('v-tee-m'), await stockOf('v-last')]).toEqual([teeBefore + 2, mugBefore + 1]);
      const ledger = await db()
        .selectFrom('stock_ledger')
        .select(['variant_id', 'change', 'reason'])
        .where('ref_id', '=', order.id)
        .where('reason', '=', 'returned')
        .orderBy('variant_id')
        .execute();
      expect(ledger).toEqual([
        { variant_id: 'v-last', change: 1, reason: 'returned' },
        { variant_id: 'v-tee-m', change: 2, reason: 'returned' },
      ]);
      // Without the tick box the stock stays where it is.
      expect((await refund(order, { lines: [{ lineId: tee, quantity: 1 }] })).statusCode).toBe(200);
      expect([await stockOf('v-tee-m'), await stockOf('v-last')]).toEqual([teeBefore + 2, mugBefore + 1]);
      // Restocking needs lines: an amount has none.
      expect((await refund(order, { amountCents: 100, restock: true })).statusCode).toBe(400);

      // An order whose payment Stripe never named cannot be refunded through it: the refusal takes
      // the stock back out with the rest of the transaction.
      const unknown = await paidOrder([{ itemId: 'p-tee', sku: 'TEE-M', quantity: 1 }], {}, null);
      const stock = await stockOf('v-tee-m');
      const line = (await detail(unknown)).lines[0]?.id;
      const refused = await refund(unknown, { lines: [{ lineId: line, quantity: 1 }], restock: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `Stripe has not told us which payment paid order #${unknown.orderNumber}: it cannot be refunded through Stripe.`,
      );
      expect(await stockOf('v-tee-m')).toBe(stock);
      expect((await detail(unknown)).refunds).toEqual([]);
    });

    it("gives the gift card's part back onto the card and asks Stripe for the rest only", async () => {
      const bought = await paidOrder([], {
        item: { itemId: 'p-gift', sku: 'GIFT-25' },
        recipientEmail: 'friend@example.test',
      });
      const card = await db()
        .selectFrom('gift_cards')
        .select('code')
        .where('order_id', '=', bought.id)
        .executeTakeFirstOrThrow();
      const balance = async () =>
        (
          await db()
            .selectFrom('gift_cards')
            .select('balance_cents')
            .where('code', '=', card.code)
            .executeTakeFirstOrThrow()
        ).balance_cents;
      // 50.00: the card pays 25.00, Stripe 25.00.
      const order = await paidOrder([{ itemId: 'p-tee', sku: 'TEE-S', quantity: 2 }], {
        giftCardCode: card.code,
      });
      expect(await balance()).toBe(0);
      const calls = refundCalls().length;
      const res = await refund(order, { amountCents: 3000 });
      expect(res.statusCode, res.body).toBe(200);
      expect(await balance()).toBe(2500);
      expect(refundCalls()).toHaveLength(calls + 1);
      expect(refundCalls().at(-1)?.form.get('amount')).toBe('500');
      expect((res.json() as Detail).refunds[0]).toMatchObject({
        status: 'pending',
        amountCents: 3000,
        giftCardCents: 2500,
        providerCents: 500,
      });
      // The card's part is back already; Stripe's is not until its webhook.
      expect((res.json() as Detail).totals).toMatchObject({ refundedCents: 2500, pendingRefundCents: 500 });
    });

    /** The card an order bought, and what is on it now. */
    const cardOf = async (orderId: string) =>
      db()
        .selectFrom('gift_cards')
        .select(['code', 'balance_cents'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
    /** A new shopper's order of one mug (12.50), paid in full with the gift card `code`. */
    const spendOn = async (code: string) => {
      const shopper = new Shopper(t);
      await shopper.start();
      const placed = await shopper.order({
        ...CUSTOMER,
        item: { itemId: 'p-last', sku: 'MUG-1', quantity: 1 },
        giftCardCode: code,
      });
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json().order.status).toBe('paid');
    };

    it('a refunded gift card loses what was refunded and then pays nothing; one spent below the refund is refused', async () => {
      const bought = await paidOrder([], {
        item: { itemId: 'p-gift', sku: 'GIFT-50' },
        recipientEmail: 'refunded-friend@example.test',
      });
      const { code } = await cardOf(bought.id);
      const hint = `…${code.slice(-4)}`;

      const part = await refund(bought, { amountCents: 2000 });
      expect(part.statusCode, part.body).toBe(200);
      expect((await cardOf(bought.id)).balance_cents).toBe(3000);
      expect((part.json() as Detail).timeline.filter((e) => e.kind === 'refund-requested')).toMatchObject([
        { detail: { amountCents: 2000, giftCardsVoidedCents: 2000 } },
      ]);

      // The recipient spends 12.50 of the 30.00 left: only 17.50 of the 30.00 still to refund can go back.
      await spendOn(code);
      const calls = refundCalls().length;
      const over = await refund(bought, { amountCents: 3000 });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({
        code: 'refund-too-large',
        message: `Order #${bought.orderNumber} bought gift card ${hint}, which has already been spent: $17.50 is left on it, so only $17.50 can be refunded now.`,
      });
      expect((await cardOf(bought.id)).balance_cents).toBe(1750);
      expect((await detail(bought)).refunds).toHaveLength(1);
      expect(refundCalls()).toHaveLength(calls);

      expect((await refund(bought, { amountCents: 1750 })).statusCode).toBe(200);
      expect((await cardOf(bought.id)).balance_cents).toBe(0);
      const shopper = new Shopper(t);
      await shopper.start();
      const refused = await shopper.order({
        ...CUSTOMER,
        item: { itemId: 'p-last', sku: 'MUG-1', quantity: 1 },
        giftCardCode: code,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('gift-card-voided');
    });

    it('refunding a gift-card line voids its card whole, and a card mailed later is never mailed', async () => {
      const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const bought = await paidOrder([{ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 }], {
        item: { itemId: 'p-gift', sku: 'GIFT-25' },
        recipientEmail: 'later-refunded@example.test',
        giftCardSendOn: later,
      });
      const lines = (await detail(bought)).lines;
      const giftLine = lines.find((l) => l.sku === 'GIFT-25');
      expect(giftLine).toBeDefined();
      const res = await refund(bought, { lines: [{ lineId: giftLine?.id, quantity: 1 }] });
      expect(res.statusCode, res.body).toBe(200);
      expect((await cardOf(bought.id)).balance_cents).toBe(0);
      expect((res.json() as Detail).timeline.filter((e) => e.kind === 'refund-requested')).toMatchObject([
        { detail: { amountCents: 2500, giftCardsVoidedCents: 2500 } },
      ]);
      const { queueDueGiftCardMails } = await import('../gift-cards/gift-cards.ts');
      const due = Date.parse(`${later}T00:00:00Z`) + 1;
      await db()
        .transaction()
        .execute((trx) =>
          queueDueGiftCardMails(
            trx,
            { title: 'Shop', origin: 'https://shop.example', strings: undefined },
            due,
          ),
        );
      const mailed = await db()
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', 'later-refunded@example.test')
        .execute();
      expect(mailed).toEqual([]);
    });

    it('refunding the line of a gift card already spent below its price is refused, saying what is left', async () => {
      const bought = await paidOrder([], {
        item: { itemId: 'p-gift', sku: 'GIFT-25' },
        recipientEmail: 'spent-friend@example.test',
      });
      const { code } = await cardOf(bought.id);
      await spendOn(code);
      const giftLine = (await detail(bought)).lines[0];
      const res = await refund(bought, { lines: [{ lineId: giftLine?.id, quantity: 1 }] });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'refund-too-large',
        message: `Order #${bought.orderNumber} bought gift card …${code.slice(-4)}, which has already been spent: $12.50 is left on it, so only $12.50 can be refunded now.`,
      });
      expect((await cardOf(bought.id)).balance_cents).toBe(1250);
      expect((await detail(bought)).refunds).toEqual([]);
      // What is left on it can be refunded by amount.
      expect((await refund(bought, { amountCents: 1250 })).statusCode).toBe(200);
      expect((await cardOf(bought.id)).balance_cents).toBe(0);
    });

    it('gives a limited-use discount code its use back on a full refund', async () => {
      const withCode = await paidOrder([{ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 }], {
        discountCode: 'ONCE',
      });
      const used = async () =>
        Number(
          (
            await db()
              .selectFrom('discount_usage')
              .select('used')
              .where('code', '=', 'ONCE')
              .executeTakeFirst()
          )?.used ?? 0,
        );
      expect(await used()).toBe(1);
      expect((await refund(withCode, { amountCents: 100 })).statusCode).toBe(200);
      expect(await used()).toBe(1);
      const rest = (await detail(withCode)).totals.grandTotalCents - 100;
      expect((await refund(withCode, { amountCents: rest })).statusCode).toBe(200);
      expect(await used()).toBe(0);
    });

    it('a refund Stripe refuses is marked failed on the timeline, and its amount can be refunded again', async () => {
      const order = await paidOrder([{ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 }]);
      api.charged.delete(order.paymentIntent as string);
      const refused = await refund(order, { amountCents: 1000 });
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toEqual({
        code: 'refund-refused',
        message: `Stripe refused the refund: No such payment_intent: '${order.paymentIntent}'`,
      });
      const after = await detail(order);
      expect(after.refunds.map((r) => r.status)).toEqual(['failed']);
      expect(after.timeline.at(-1)?.kind).toBe('refund-failed');
      api.charged.set(order.paymentIntent as string, order.grandTotalCents);
      expect((await refund(order, { amountCents: order.grandTotalCents })).statusCode).toBe(200);
    });

    it('a refund Stripe reports failed by webhook is marked failed, and its amount is left to refund', async () => {
      const order = await paidOrder([{ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 }]);
      expect((await refund(order, { amountCents: order.grandTotalCents })).statusCode).toBe(200);
      const call = refundCalls().at(-1) as Recorded;
      const failed = await deliver('refund.updated', {
        ...stripeRefund(call, `re_test_${refundCalls().length}`, 'failed'),
        failure_reason: 'expired_or_canceled_card',
      });
      expect(failed.json().outcome).toBe('refund-failed');
      const after = await detail(order);
      expect(after.status).toBe('paid');
      expect(after.refunds.map((r) => r.status)).toEqual(['failed']);
      expect(after.totals).toMatchObject({ refundedCents: 0, pendingRefundCents: 0 });
      expect(after.timeline.at(-1)).toMatchObject({
        kind: 'refund-failed',
        detail: { problem: 'expired_or_canceled_card' },
      });
      // What Stripe did not give back can be refunded again.
      expect(after.totals.refundableCents).toBe(order.grandTotalCents);
    });

    it('a refund Stripe does not answer stays pending, and its webhook still settles it', async () => {
      const order = await paidOrder([{ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 }]);
      api.unavailable.add(order.paymentIntent as string);
      const unanswered = await refund(order, { amountCents: 1000 });
      expect(unanswered.statusCode).toBe(502);
      expect(unanswered.json()).toEqual({
        code: 'refund-pending',
        message:
          "Stripe did not answer. The refund stays pending until Stripe confirms it: check the payment in Stripe's dashboard before refunding again.",
      });
      const pending = await detail(order);
      expect(pending.refunds.map((r) => r.status)).toEqual(['pending']);
      expect(pending.timeline.at(-1)?.kind).toBe('refund-unanswered');
      // Stripe made it after all: its event names our refund in its metadata.
      const call = refundCalls().at(-1) as Recorded;
      const done = await deliver('refund.updated', stripeRefund(call, 're_test_made_anyway', 'succeeded'));
      expect(done.json().outcome).toBe('refunded');
      expect((await detail(order)).totals).toMatchObject({ refundedCents: 1000, pendingRefundCents: 0 });
    });

    it('a double click is one refund: two requests with one Idempotency-Key', async () => {
      const order = await paidOrder([{ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 }]);
      const calls = refundCalls().length;
      const key = { 'idempotency-key': `refund-click-${order.id}` };
      const [first, second] = await Promise.all([
        refund(order, { amountCents: 1000 }, key),
        refund(order, { amountCents: 1000 }, key),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(refundCalls()).toHaveLength(calls + 1);
      expect((await detail(order)).refunds).toHaveLength(1);
    });
  });
}
