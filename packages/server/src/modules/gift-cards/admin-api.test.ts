import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../accounts/testing.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from '../orders/testing.ts';
import { issueGiftCard, newGiftCardCode } from './store.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';
import { signInNewStaff } from '../../testing/back-office.ts';

const API = '/api/config/gift-cards';

interface Listed {
  id: string;
  hint: string;
  initialCents: number;
  balanceCents: number;
  currency: string;
  orderNumber: number | null;
  recipient: string;
  issued: number;
  state: string;
}
interface ListPage {
  giftCards: Listed[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

for (const database of DATABASES) {
  describe(`[${database.name}] back office: gift cards`, () => {
    const site = makeCheckoutSite({ stock: { 'v-tee-s': 50 } });
    afterAll(() => site.cleanup());
    const t = appForSuite(database, { siteDir: site.dir });
    const db = () => t.db;
    let manager: Customer;
    let editor: Customer;
    beforeAll(async () => {
      manager = await signInNewStaff(t, 'manager@example.test', [8]);
      editor = await signInNewStaff(t, 'editor@example.test', [4]);
    });

    /** Buys a card for `recipient` and has it marked paid; answers the order and the card's code. */
    async function buy(sku: 'GIFT-25' | 'GIFT-50', recipient: string) {
      const shopper = new Shopper(t);
      await shopper.start();
      const res = await shopper.order({
        ...CUSTOMER,
        item: { itemId: 'p-gift', sku },
        recipientEmail: recipient,
      });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().order as { id: string; orderNumber: number };
      // A card is issued once its order is paid (issue 27).
      const paid = await manager.request('POST', `/api/config/orders/${order.orderNumber}/mark-paid`, {});
      expect(paid.statusCode, paid.body).toBe(200);
      const card = await db()
        .selectFrom('gift_cards')
        .select('code')
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      return { order, code: card.code };
    }
    const list = async (query = '') => {
      const res = await manager.request('GET', `${API}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return { page: res.json() as ListPage, body: res.body };
    };

    it('lists cards newest first with their code masked, and finds one by its end or its recipient', async () => {
      const first = await buy('GIFT-50', 'Alice@Example.test');
      const second = await buy('GIFT-25', 'bob@example.test');
      const { page, body } = await list();
      expect(page.giftCards.slice(0, 2)).toEqual([
        {
          id: expect.any(String),
          hint: `…${second.code.slice(-4)}`,
          initialCents: 2500,
          balanceCents: 2500,
          currency: 'USD',
          orderNumber: second.order.orderNumber,
          recipient: 'bob@example.test',
          issued: expect.any(Number),
          state: 'active',
        },
        expect.objectContaining({ hint: `…${first.code.slice(-4)}`, recipient: 'Alice@Example.test' }),
      ]);
      // No whole code leaves the server, in the rows or in a cursor.
      expect(body).not.toContain(first.code);
      expect(body).not.toContain(second.code);

      const byEnd = await list(`?q=${first.code.slice(-4).toLowerCase()}`);
      expect(byEnd.page.giftCards.map((c) => c.orderNumber)).toEqual([first.order.orderNumber]);
      const byRecipient = await list('?q=alice%40example');
      expect(byRecipient.page.giftCards.map((c) => c.orderNumber)).toEqual([first.order.orderNumber]);
      // Whole, grouped as mailed: the card.
      const whole = await list(`?q=${first.code.replace(/(.{4})(?=.)/g, '$1-')}`);
      expect(whole.page.giftCards.map((c) => c.orderNumber)).toEqual([first.order.orderNumber]);
      // More of the end than the list shows would let a code be spelled out: it matches no code.
      expect((await list(`?q=${first.code.slice(-5)}`)).page.giftCards).toEqual([]);
    });

    it("shows a card's ledger: issue, each redemption with its order, each give-back", async () => {
      const { code, order: bought } = await buy('GIFT-50', 'ledger@example.test');
      const shopper = new Shopper(t);
      await shopper.start();
      const paid = await shopper.order({
        ...CUSTOMER,
        item: { itemId: 'p-tee', sku: 'TEE-S', quantity: 1 },
        giftCardCode: code,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const spent = paid.json().order as { orderNumber: number };
      const refund = await manager.request('POST', `/api/config/orders/${spent.orderNumber}/refund`, {
        amountCents: 1000,
      });
      expect(refund.statusCode, refund.body).toBe(200);

      const [card] = (await list('?q=ledger%40example.test')).page.giftCards;
      expect(card).toMatchObject({ balanceCents: 3500, state: 'active' });
      const res = await manager.request('GET', `${API}/${card?.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(code);
      expect(res.json()).toEqual({
        giftCard: card,
        entries: [
          {
            id: expect.any(String),
            created: expect.any(Number),
            reason: 'issued',
            changeCents: 5000,
            balanceCents: 5000,
            orderNumber: bought.orderNumber,
          },
          {
            id: expect.any(String),
            created: expect.any(Number),
            reason: 'redeemed',
            changeCents: -2500,
            balanceCents: 2500,
            orderNumber: spent.orderNumber,
          },
          {
            id: expect.any(String),
            created: expect.any(Number),
            reason: 'restored',
            changeCents: 1000,
            balanceCents: 3500,
            orderNumber: spent.orderNumber,
          },
        ],
      });

      // Its order cancelled: the card is voided, and the list says so.
      const { order: other } = await buy('GIFT-25', 'void@example.test');
      expect(
        (await manager.request('POST', `/api/config/orders/${other.orderNumber}/cancel`, {})).statusCode,
      ).toBe(200);
      const [voided] = (await list('?q=void%40example.test')).page.giftCards;
      expect(voided).toMatchObject({ balanceCents: 0, state: 'voided' });
      const entries = (await manager.request('GET', `${API}/${voided?.id}`)).json().entries as {
        reason: string;
      }[];
      expect(entries.map((e) => e.reason)).toEqual(['issued', 'voided']);
    });

    it('pages through every card once with its cursor', async () => {
      const { order } = await buy('GIFT-25', 'many@example.test');
      const now = Date.now();
      await db()
        .transaction()
        .execute(async (trx) => {
          for (let i = 0; i < 60; i++)
            await issueGiftCard(
              trx,
              {
                code: newGiftCardCode(),
                orderId: order.id,
                currency: 'USD',
                cents: 100 + i,
                recipient: 'many@example.test',
                message: null,
                sendAt: now,
              },
              // Two cards to a millisecond: the cursor's tie-break is tested too.
              now - Math.floor(i / 2),
            );
        });
      const seen: string[] = [];
      let cursor = '';
      for (let pages = 0; pages < 5; pages++) {
        const { page } = await list(`?q=many%40example.test${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.giftCards.map((c) => c.id));
        if (!page.hasNextPage) break;
        cursor = page.nextPageCursor as string;
      }
      expect(seen).toHaveLength(61);
      expect(new Set(seen).size).toBe(61);
      const bad = await manager.request('GET', `${API}?cursor=not-ours`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'invalid-cursor' });
    });

    it('answers 404 for an unknown card, 400 for a malformed id, 403 without orders.read', async () => {
      const unknown = await manager.request('GET', `${API}/00000000-0000-4000-8000-000000000000`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 'not-found', message: 'There is no such gift card.' });
      expect((await manager.request('GET', `${API}/ABCD`)).statusCode).toBe(400);
      const forbidden = await editor.request('GET', API);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'account.forbidden' });
    });
  });
}
