import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Customer, makeAccount } from '../accounts/testing.ts';
import { STAFF_SESSION_PATH } from '../accounts/routes.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from '../orders/testing.ts';

const UNKNOWN = 'That gift card code is not valid.';
const EMPTY = 'That gift card has no balance left.';
const VOIDED = 'That gift card was cancelled with its order and can no longer be used.';
const CODE = /\b([A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4})\b/;

for (const database of DATABASES) {
  describe(`[${database.name}] gift cards`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;
    let manager: Customer;
    beforeAll(async () => {
      site = makeCheckoutSite({ stock: { 'v-tee-s': 50 } });
      t = await startApp(database, { siteDir: site.dir, cartWriteLimit: { max: 1000, windowMs: 60_000 } });
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
    const db = () => t.app.database.db;

    /** Buys a gift card of `sku` for `recipient` and has staff mark it paid; answers the order. */
    async function buyGiftCard(
      sku: 'GIFT-25' | 'GIFT-50',
      recipient: string,
      extra: Record<string, unknown> = {},
    ) {
      const shopper = new Shopper(t);
      await shopper.start();
      const res = await shopper.order({
        ...CUSTOMER,
        item: { itemId: 'p-gift', sku },
        recipientEmail: recipient,
        giftMessage: 'Happy birthday',
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().order as { id: string; orderNumber: number };
      // A card is issued once its order is paid (issue 27): here by staff, as with manual payment.
      const paid = await manager.request('POST', `/api/config/orders/${order.orderNumber}/mark-paid`, {});
      expect(paid.statusCode, paid.body).toBe(200);
      return order;
    }
    const mailsTo = (to: string) =>
      db()
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', to)
        .where('kind', '=', 'gift-card')
        .execute();
    const codeFromMail = async (to: string) => {
      const [mail] = await mailsTo(to);
      const code = mail?.body.match(CODE)?.[1];
      if (!code) throw new Error(`no gift card code mailed to ${to}`);
      return code;
    };
    /** Places an express order of `quantity` tees (25.00 each) paid with `giftCardCode`. */
    async function payWith(giftCardCode: string, quantity = 1) {
      const shopper = new Shopper(t);
      await shopper.start();
      return shopper.order({ ...CUSTOMER, item: { itemId: 'p-tee', sku: 'TEE-S', quantity }, giftCardCode });
    }
    /** The balance check API (rate limited: the suite's budget is 10 a minute per client). */
    const checkBalance = async (code: string) => {
      const shopper = new Shopper(t);
      await shopper.start();
      return shopper.request('POST', '/api/gift-cards/balance', { code });
    };
    const balanceOf = async (code: string) =>
      (
        await db()
          .selectFrom('gift_cards')
          .select('balance_cents')
          .where('code', '=', code.replace(/-/g, ''))
          .executeTakeFirstOrThrow()
      ).balance_cents;
    const ledgerOf = (code: string) =>
      db()
        .selectFrom('gift_card_ledger')
        .select(['change_cents', 'reason'])
        .where('code', '=', code.replace(/-/g, ''))
        .orderBy('created')
        .orderBy('reason')
        .execute();

    it('an unpaid gift card order shows, mails and stores no code; marked paid, its card goes out and pays (issue 27)', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const res = await shopper.order({
        ...CUSTOMER,
        item: { itemId: 'p-gift', sku: 'GIFT-50' },
        recipientEmail: 'unpaid@example.test',
        giftMessage: 'Soon',
      });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().order as { id: string; orderNumber: number; status: string };
      expect(order.status).toBe('awaiting-payment');
      expect(res.body).not.toMatch(CODE);
      const onPayment = 'Your gift card code will be sent to unpaid@example.test once payment is received.';
      const page = await t.app.inject({ url: `/checkout/order-confirmed/${order.id}` });
      expect(page.body).not.toMatch(CODE);
      expect(page.body).toContain(onPayment);
      const outbox = () =>
        db()
          .selectFrom('mail_outbox')
          .select(['kind', 'to_address', 'body'])
          .where((eb) => eb.or([eb('ref_id', '=', order.id), eb('to_address', '=', 'unpaid@example.test')]))
          .orderBy('created')
          .execute();
      const before = await outbox();
      expect(before.map((m) => m.kind)).toEqual(['order-confirmation']);
      expect(before[0]?.body).not.toMatch(CODE);
      expect(before[0]?.body).toContain(onPayment);
      // No card exists to be spent, shown or found by the balance check before the money is in.
      expect(
        await db().selectFrom('gift_cards').select('code').where('order_id', '=', order.id).execute(),
      ).toEqual([]);
      const url = `/api/config/orders/${order.orderNumber}`;
      expect((await manager.request('GET', url)).json().giftCards).toEqual({ onPayment: true, cards: [] });

      const paid = await manager.request('POST', `${url}/mark-paid`, {});
      expect(paid.statusCode, paid.body).toBe(200);
      const code = await codeFromMail('unpaid@example.test');
      const [giftMail] = await mailsTo('unpaid@example.test');
      expect(giftMail?.body).toContain('$50.00');
      expect(giftMail?.body).toContain('Soon');
      const shown = await t.app.inject({ url: `/checkout/order-confirmed/${order.id}` });
      expect(shown.body).toContain(`Gift card ${code}: $50.00`);
      expect(shown.body).not.toContain(onPayment);
      const spent = await payWith(code);
      expect(spent.json().order).toMatchObject({
        status: 'paid',
        extra: { giftCardPayment: { amountCents: 2500, remainingCents: 2500 } },
      });
      expect((await manager.request('GET', url)).json().giftCards).toEqual({
        onPayment: false,
        cards: [{ hint: `…${code.slice(-4)}`, initialCents: 5000, balanceCents: 2500 }],
      });
      // Marking paid twice issues nothing twice.
      expect((await manager.request('POST', `${url}/mark-paid`, {})).statusCode).toBe(409);
      expect(await mailsTo('unpaid@example.test')).toHaveLength(1);
    });

    it('an unpaid gift card order cancelled before payment is cancelled, and never issues a card (issue 27)', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const res = await shopper.order({
        ...CUSTOMER,
        item: { itemId: 'p-gift', sku: 'GIFT-25' },
        recipientEmail: 'never@example.test',
      });
      const order = res.json().order as { id: string; orderNumber: number };
      const url = `/api/config/orders/${order.orderNumber}`;
      const cancelled = await manager.request('POST', `${url}/cancel`, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await manager.request('POST', `${url}/mark-paid`, {})).statusCode).toBe(409);
      expect(await mailsTo('never@example.test')).toEqual([]);
      const page = await t.app.inject({ url: `/checkout/order-confirmed/${order.id}` });
      expect(page.body).not.toMatch(CODE);
      expect(page.body).not.toContain('once payment is received');
      expect((await manager.request('GET', url)).json().giftCards).toEqual({ onPayment: false, cards: [] });
    });

    it('issues an unguessable code, mails it to the recipient and shows it on the confirmation', async () => {
      const order = await buyGiftCard('GIFT-50', 'friend@example.test');
      const code = await codeFromMail('friend@example.test');
      const [mail] = await mailsTo('friend@example.test');
      expect(mail?.body).toContain('$50.00');
      expect(mail?.body).toContain('Happy birthday');
      const page = await t.app.inject({ url: `/checkout/order-confirmed/${order.id}` });
      expect(page.body).toContain(`Gift card ${code}: $50.00`);
      // Another card: another code.
      await buyGiftCard('GIFT-50', 'other@example.test');
      expect(await codeFromMail('other@example.test')).not.toBe(code);
      expect((await checkBalance(code)).json()).toMatchObject({
        code,
        balanceCents: 5000,
        balance: '$50.00',
      });
    });

    it('pays part of an order and keeps the rest; an empty or unknown card is refused', async () => {
      await buyGiftCard('GIFT-50', 'partial@example.test');
      const code = await codeFromMail('partial@example.test');
      // Typed in lower case with spaces: the same card.
      const first = await payWith(code.toLowerCase().replace(/-/g, ' '));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().order).toMatchObject({
        grandTotalCents: 2500,
        status: 'paid',
        extra: { giftCardPayment: { amountCents: 2500, remainingCents: 2500 } },
      });
      const second = await payWith(code, 2);
      expect(second.json().order).toMatchObject({
        grandTotalCents: 5000,
        status: 'awaiting-payment',
        extra: { giftCardPayment: { amountCents: 2500, remainingCents: 0 } },
      });
      const page = await t.app.inject({ url: `/checkout/order-confirmed/${second.json().order.id}` });
      expect(page.body).toContain('Left on the gift card: $0.00');
      expect(page.body).toContain('Left to pay: $25.00');
      expect(await balanceOf(code)).toBe(0);

      const empty = await payWith(code);
      expect(empty.statusCode).toBe(409);
      expect(empty.json()).toMatchObject({ code: 'gift-card-empty', message: EMPTY });
      const unknown = await payWith('AAAA-BBBB-CCCC-DDDD');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'gift-card-unknown', message: UNKNOWN });
      expect((await checkBalance('nope')).json()).toMatchObject({
        code: 'gift-card-unknown',
        message: UNKNOWN,
      });
      expect(await ledgerOf(code)).toEqual([
        { change_cents: 5000, reason: 'issued' },
        { change_cents: -2500, reason: 'redeemed' },
        { change_cents: -2500, reason: 'redeemed' },
      ]);
    });

    it('20 concurrent orders on one card never take more than its balance', async () => {
      await buyGiftCard('GIFT-25', 'race@example.test');
      const code = await codeFromMail('race@example.test');
      // Each order costs 25.00: the card pays for exactly one, whichever gets there first.
      const answers = await Promise.all(Array.from({ length: 20 }, () => payWith(code)));
      const placed = answers.filter((r) => r.statusCode === 200);
      const refused = answers.filter((r) => r.statusCode !== 200);
      const taken = placed.map((r) => r.json().order.extra.giftCardPayment.amountCents as number);
      expect(taken).toEqual([2500]);
      expect(refused.map((r) => r.json().code)).toEqual(Array(19).fill('gift-card-empty'));
      expect(await balanceOf(code)).toBe(0);
      expect((await ledgerOf(code)).filter((l) => l.reason === 'redeemed')).toHaveLength(1);
    });

    it('20 concurrent partial payments add up to the balance exactly', async () => {
      await buyGiftCard('GIFT-50', 'race2@example.test');
      const code = await codeFromMail('race2@example.test');
      // The ebook costs 10.00: five are paid in full, the rest refused; none below zero.
      const answers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const shopper = new Shopper(t);
          await shopper.start();
          return shopper.order({
            ...CUSTOMER,
            item: { itemId: 'p-ebook', sku: 'EBOOK' },
            giftCardCode: code,
          });
        }),
      );
      const taken = answers
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json().order.extra.giftCardPayment.amountCents as number);
      expect(taken.reduce((n, c) => n + c, 0)).toBe(5000);
      expect(taken).toHaveLength(5);
      expect(await balanceOf(code)).toBe(0);
    });

    it('a cancel gives back what the card paid, once; a refund of a paid order too', async () => {
      await buyGiftCard('GIFT-50', 'cancel@example.test');
      const code = await codeFromMail('cancel@example.test');
      const order = (await payWith(code)).json().order as { orderNumber: number };
      expect(await balanceOf(code)).toBe(2500);
      const url = `/api/config/orders/${order.orderNumber}`;
      expect((await manager.request('POST', `${url}/cancel`, {})).statusCode).toBe(200);
      expect(await balanceOf(code)).toBe(5000);
      // Refunding the cancelled (gift-card paid) order gives nothing back twice.
      expect((await manager.request('POST', `${url}/refund`, { amountCents: 2500 })).statusCode).toBe(200);
      expect(await balanceOf(code)).toBe(5000);

      const paid = (await payWith(code, 2)).json().order as { orderNumber: number; status: string };
      expect(paid.status).toBe('paid');
      expect(await balanceOf(code)).toBe(0);
      const refund = await manager.request('POST', `/api/config/orders/${paid.orderNumber}/refund`, {
        amountCents: 1000,
      });
      expect(refund.statusCode, refund.body).toBe(200);
      expect(await balanceOf(code)).toBe(1000);
      expect((await ledgerOf(code)).map((l) => l.reason)).toEqual(
        expect.arrayContaining(['issued', 'redeemed', 'restored', 'redeemed', 'restored']),
      );
    });

    it('a cancelled gift card order voids its cards; one already spent keeps the order', async () => {
      const order = await buyGiftCard('GIFT-50', 'voided@example.test');
      const code = await codeFromMail('voided@example.test');
      const url = `/api/config/orders/${order.orderNumber}`;
      const cancelled = await manager.request('POST', `${url}/cancel`, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await balanceOf(code)).toBe(0);
      expect((await ledgerOf(code)).map((l) => [l.reason, l.change_cents])).toEqual([
        ['issued', 5000],
        ['voided', -5000],
      ]);
      const refused = await payWith(code);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'gift-card-voided', message: VOIDED });
      expect((await checkBalance(code)).json()).toMatchObject({ code: 'gift-card-voided', message: VOIDED });

      const spentOrder = await buyGiftCard('GIFT-50', 'spent@example.test');
      const spent = await codeFromMail('spent@example.test');
      expect((await payWith(spent)).statusCode).toBe(200);
      const kept = await manager.request('POST', `/api/config/orders/${spentOrder.orderNumber}/cancel`, {});
      expect(kept.statusCode).toBe(409);
      expect(kept.json()).toEqual({
        code: 'order-conflict',
        message: `Order #${spentOrder.orderNumber} bought gift card …${spent.slice(-4)}, which has already been spent: it cannot be cancelled. Refund what is due instead.`,
      });
      expect(await balanceOf(spent)).toBe(2500);
      expect((await payWith(spent)).statusCode).toBe(200);
    });

    it('a cancel racing redemptions of its card either voids it untouched or is refused', async () => {
      const order = await buyGiftCard('GIFT-50', 'racecancel@example.test');
      const code = await codeFromMail('racecancel@example.test');
      const [cancelled, ...payments] = await Promise.all([
        manager.request('POST', `/api/config/orders/${order.orderNumber}/cancel`, {}),
        ...Array.from({ length: 4 }, () => payWith(code)),
      ]);
      const paid = payments.filter((p) => p.statusCode === 200).length;
      const ledger = await ledgerOf(code);
      const balance = await balanceOf(code);
      expect(ledger.reduce((n, l) => n + l.change_cents, 0)).toBe(balance);
      if (cancelled?.statusCode === 200) {
        // Voided before any payment got to it: every payment was refused, none took anything.
        expect(paid).toBe(0);
        expect(balance).toBe(0);
        expect(ledger.map((l) => l.reason)).toEqual(['issued', 'voided']);
        expect(payments.map((p) => p.json().code)).toEqual(Array(4).fill('gift-card-voided'));
      } else {
        expect(cancelled?.statusCode).toBe(409);
        expect(paid).toBeGreaterThan(0);
        expect(balance).toBe(5000 - 2500 * paid);
        expect(ledger.map((l) => l.reason)).not.toContain('voided');
      }
    });

    it('the confirmation mail of an order a gift card paid in full says it is paid; one it paid in part says what is left to pay', async () => {
      await buyGiftCard('GIFT-50', 'mail-truth@example.test');
      const code = await codeFromMail('mail-truth@example.test');
      const hint = `…${code.slice(-4)}`;
      const confirmationOf = async (orderId: string) =>
        (
          await db()
            .selectFrom('mail_outbox')
            .select('body')
            .where('ref_id', '=', orderId)
            .where('kind', '=', 'order-confirmation')
            .executeTakeFirstOrThrow()
        ).body;
      const awaiting =
        'Your order is awaiting payment. We will contact you with payment instructions; it ships once payment is received.';

      const whole = await payWith(code, 1);
      expect(whole.json().order.status).toBe('paid');
      const paidMail = await confirmationOf(whole.json().order.id);
      expect(paidMail).toContain('Your payment has been received.');
      expect(paidMail).toContain(`Paid by gift card (${hint}): −$25.00`);
      expect(paidMail).not.toContain(awaiting);

      const part = await payWith(code, 2);
      expect(part.json().order.status).toBe('awaiting-payment');
      const partMail = await confirmationOf(part.json().order.id);
      expect(partMail).toContain(`Paid by gift card (${hint}): −$25.00\nLeft to pay: $25.00`);
      expect(partMail).toContain(awaiting);
      expect(partMail).not.toContain('Your payment has been received.');
    });

    it('mails a card on the chosen day, not before, and only once', async () => {
      const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      await buyGiftCard('GIFT-25', 'later@example.test', { giftCardSendOn: later });
      expect(await mailsTo('later@example.test')).toHaveLength(0);
      const { queueDueGiftCardMails } = await import('./gift-cards.ts');
      const context = { title: 'Shop', origin: 'https://shop.example', strings: undefined };
      await db()
        .transaction()
        .execute((trx) => queueDueGiftCardMails(trx, context, Date.now()));
      expect(await mailsTo('later@example.test')).toHaveLength(0);
      const due = Date.parse(`${later}T00:00:00Z`) + 1;
      await Promise.all(
        [1, 2].map(() =>
          db()
            .transaction()
            .execute((trx) => queueDueGiftCardMails(trx, context, due)),
        ),
      );
      expect(await mailsTo('later@example.test')).toHaveLength(1);
      const buyer = new Shopper(t);
      await buyer.start();
      const past = await buyer.order({
        ...CUSTOMER,
        item: { itemId: 'p-gift', sku: 'GIFT-25' },
        giftCardSendOn: '2000-01-01',
      });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({ code: 'gift-card-send-on-invalid' });
    });

    it('checks a balance on its page, and limits how many checks a client makes', async () => {
      await buyGiftCard('GIFT-25', 'page@example.test');
      const code = await codeFromMail('page@example.test');
      const shopper = new Shopper(t);
      const form = await shopper.request('GET', '/gift-card/balance');
      expect(form.statusCode).toBe(200);
      const crumb = shopper.cookies.crumb as string;
      const shown = await shopper.request('POST', '/gift-card/balance', new URLSearchParams({ crumb, code }));
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain(`Balance of gift card ${code}: $25.00`);
      const wrong = await shopper.request(
        'POST',
        '/gift-card/balance',
        new URLSearchParams({ crumb, code: 'x' }),
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain(UNKNOWN);
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push((await checkBalance(code)).statusCode);
      expect(answers).toContain(429);
    });
  });
}
