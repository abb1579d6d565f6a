/**
 * Issue 20: cheaper cart writes. An add-to-cart is one transaction (the client's rate-limit hit
 * counted inside it, so one commit per add), answers from the rows that transaction read (no reading
 * the cart back), and sends a bounded number of statements (on PostgreSQL each is a round trip).
 * The limit still holds per client across two instances on one database, refused adds included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { Shopper } from '../../testing/shopper.ts';
import { outsideTransactions, recordStatements } from '../../testing/statements.ts';

const LESSON = { itemId: 'p-lesson', sku: 'LESSON', quantity: 1 };
const CART = '/api/commerce/shopping-cart';

/**
 * Most statements one add to an existing cart may send, begin and commit included (on PostgreSQL
 * the entry's write and the rate-limit hit are one statement; the products come with their stock
 * and collection URLs in one on both).
 */
const STATEMENTS_PER_ADD: Record<string, number> = { sqlite: 7, postgres: 6 };

for (const database of DATABASES) {
  describe(`[${database.name}] cheaper cart writes`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database, { cartWriteLimit: { max: 1000, windowMs: 60_000 } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`[${database.name}] an add is one transaction with its rate-limit hit, answers without reading back, in at most ${STATEMENTS_PER_ADD[database.name]} statements`, async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      expect((await shopper.add({ ...LESSON, quantity: 2 })).statusCode).toBe(200);
      expect((await shopper.add({ itemId: 'p-ebook', sku: 'EBOOK' })).statusCode).toBe(200);
      const before = (await t.app.database.db.selectFrom('rate_limits').select('count').execute())[0];

      const recorder = recordStatements();
      let res;
      try {
        res = await shopper.add(LESSON);
      } finally {
        recorder.stop();
      }
      expect(res.statusCode).toBe(200);
      const statements = recorder.statements;
      expect(outsideTransactions(statements)).toEqual([]);
      expect(statements.filter((s) => /^\s*commit/i.test(s))).toHaveLength(1);
      expect(statements.filter((s) => /rate_limits/.test(s))).toHaveLength(1);
      expect(statements.length).toBeLessThanOrEqual(STATEMENTS_PER_ADD[database.name]!);
      // The hit was counted (in that one commit).
      const after = (await t.app.database.db.selectFrom('rate_limits').select('count').execute())[0];
      expect(Number(after?.count)).toBe(Number(before?.count) + 1);

      // The answer is the cart as a later read shows it: entries in order, the updated quantity, prices and totals.
      const answer = res.json();
      const read = await shopper.cart();
      expect(answer.shoppingCart).toEqual(read);
      expect(read.entries.map((e: { quantity: number }) => e.quantity)).toEqual([3, 1]);
      expect(answer.newlyAdded).toEqual(read.entries[0]);
    });

    it(`[${database.name}] a new cart's first add answers the cart it created`, async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const res = await shopper.add({ itemId: 'p-ebook', sku: 'EBOOK', quantity: 2 });
      expect(res.statusCode).toBe(200);
      const read = await shopper.cart();
      expect(read.entries).toHaveLength(1);
      expect(res.json()).toEqual({ shoppingCart: read, newlyAdded: read.entries[0] });
    });
  });

  describe(`[${database.name}] the cart write limit, counted in the add's transaction`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database, { cartWriteLimit: { max: 4, windowMs: 60_000 } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`[${database.name}] one client's adds at once over two instances: exactly the limit passes, nothing past it is written; refused adds count`, async () => {
      const second = await buildApp(t.config, { logger: false });
      try {
        const one = new Shopper(t);
        await one.start();
        // A refused add (unknown product) uses the budget too, as before.
        expect((await one.add({ itemId: 'no-such-item', quantity: 1 })).statusCode).toBe(404);
        expect((await one.add(LESSON)).statusCode).toBe(200);
        const other = new Shopper({ ...t, app: second });
        other.cookies = { ...one.cookies };
        const statuses = await Promise.all(
          Array.from({ length: 6 }, (_, n) => (n % 2 ? other : one).add(LESSON).then((r) => r.statusCode)),
        );
        expect(statuses.filter((s) => s === 200)).toHaveLength(2);
        expect(statuses.filter((s) => s === 429)).toHaveLength(4);
        const limited = await other.add(LESSON);
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual({
          code: 'rate-limited',
          message: 'Please try again in a few seconds.',
        });
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        const cart = await one.request('GET', CART);
        expect(cart.json().entries.map((e: { quantity: number }) => e.quantity)).toEqual([3]);
      } finally {
        await second.close();
      }
    });
  });
}
