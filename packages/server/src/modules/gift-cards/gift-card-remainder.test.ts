/**
 * "Left on the gift card" under concurrent redemptions (issue 29): each order records what its own
 * payment left on the card, so the remainders, in order, step down by exactly what each order took
 * and the last one is what the card holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueGiftCard, newGiftCardCode } from './store.ts';
import { placeOrder } from '../../testing/back-office.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from '../orders/testing.ts';

const CARD_CENTS = 29_500;
const EBOOK_CENTS = 1_000;
const REDEMPTIONS = 40;

interface GiftCardPayment {
  amountCents: number;
  remainingCents: number;
}

for (const database of DATABASES) {
  describe(`[${database.name}] gift card remainder under concurrent redemptions`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;
    beforeAll(async () => {
      site = makeCheckoutSite();
      t = await startApp(database, { siteDir: site.dir, cartWriteLimit: { max: 10_000, windowMs: 60_000 } });
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
    });

    it(`${REDEMPTIONS} orders paying with one card each record a remainder the card really had`, async () => {
      const db = t.app.database.db;
      // The card is made directly: how a bought card gets issued is not what this test is about.
      const bought = await placeOrder(t, [{ itemId: 'p-ebook', sku: 'EBOOK', quantity: 1 }]);
      const code = newGiftCardCode();
      await issueGiftCard(db, {
        code,
        orderId: bought.id,
        currency: 'USD',
        cents: CARD_CENTS,
        recipient: 'friend@example.test',
        message: null,
        sendAt: Date.now(),
      });

      const answers = await Promise.all(
        Array.from({ length: REDEMPTIONS }, async (_, i) => {
          const shopper = new Shopper(t);
          await shopper.start();
          return shopper.order({
            ...CUSTOMER,
            email: `reader${i}@example.test`,
            item: { itemId: 'p-ebook', sku: 'EBOOK' },
            giftCardCode: code,
          });
        }),
      );

      const paid = Math.ceil(CARD_CENTS / EBOOK_CENTS);
      const placed = answers.filter((r) => r.statusCode === 200);
      expect(placed).toHaveLength(paid);
      expect(
        answers.filter((r) => r.statusCode !== 200).map((r) => (r.json() as { code: string }).code),
      ).toEqual(Array(REDEMPTIONS - paid).fill('gift-card-empty'));
      const payments = placed
        .map((r) => (r.json() as { order: { extra: { giftCardPayment: GiftCardPayment } } }).order)
        .map((order) => order.extra.giftCardPayment)
        .sort((a, b) => b.remainingCents - a.remainingCents);
      let balance = CARD_CENTS;
      for (const payment of payments) {
        expect(payment.remainingCents).toBe(balance - payment.amountCents);
        balance = payment.remainingCents;
      }
      const card = await db
        .selectFrom('gift_cards')
        .select('balance_cents')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      expect(card.balance_cents).toBe(0);
      expect(payments.at(-1)?.remainingCents).toBe(card.balance_cents);
    });
  });
}
