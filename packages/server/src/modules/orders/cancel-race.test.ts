/**
 * Staff cancelling orders while shoppers check out the same variants, over real HTTP against a
 * listening app (issue 29): the orders' lines run against the order checkout locks variants in, so
 * a cancel returning stock line by line met checkouts crosswise and PostgreSQL broke the deadlock
 * with a 500. Every answer is counted: nothing fails, and the stock adds up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../accounts/testing.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from './testing.ts';
import { cookieHeader, DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { placeOrder, signInNewStaff, type OrderLine } from '../../testing/back-office.ts';

const START = 1000;
/** Variant ids descending (v-tee-s, v-tee-m, v-last, v-club): the reverse of checkout's lock order. */
const LINES: OrderLine[] = [
  { itemId: 'p-tee', sku: 'TEE-S', quantity: 1 },
  { itemId: 'p-tee', sku: 'TEE-M', quantity: 1 },
  { itemId: 'p-last', sku: 'MUG-1', quantity: 1 },
  { itemId: 'p-club', sku: 'CLUB', quantity: 1 },
];
const VARIANTS = ['v-tee-s', 'v-tee-m', 'v-last', 'v-club'];
const CANCELS = 16;
const CHECKOUTS = 32;

for (const database of DATABASES) {
  describe(`[${database.name}] staff cancels racing checkouts of the same variants`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;
    let base: string;
    beforeAll(async () => {
      site = makeCheckoutSite({ stock: Object.fromEntries(VARIANTS.map((v) => [v, START])) });
      t = await startApp(database, {
        siteDir: site.dir,
        cartWriteLimit: { max: 10_000, windowMs: 60_000 },
      });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
    });

    /** A POST over HTTP with the browser's cookies, crumb header and (staff) xsrf token. */
    async function post(browser: Shopper | Customer, path: string, body: unknown) {
      const xsrf: Record<string, string> =
        'xsrfToken' in browser && browser.xsrfToken ? { 'x-xsrf-token': browser.xsrfToken } : {};
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: cookieHeader(browser.cookies),
          'x-csrf-token': browser.cookies.crumb ?? '',
          ...xsrf,
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.text() };
    }

    it('answers every cancel and every checkout without a 500, and the stock adds up', async () => {
      const manager = await signInNewStaff(t, 'canceller@example.test', [8]);
      const placed = await Promise.all(
        Array.from({ length: CANCELS }, (_, i) => placeOrder(t, LINES, `placed${i}@example.test`)),
      );
      const carts = await Promise.all(
        Array.from({ length: CHECKOUTS }, async () => {
          const shopper = new Shopper(t);
          await shopper.start();
          for (const line of LINES) expect((await shopper.add(line)).statusCode).toBe(200);
          return shopper;
        }),
      );

      const [cancels, checkouts] = await Promise.all([
        Promise.all(
          placed.map((order) =>
            post(manager, `/api/config/orders/${order.orderNumber}/cancel`, { reason: 'race' }),
          ),
        ),
        Promise.all(
          carts.map((shopper, i) =>
            post(shopper, '/api/commerce/orders', { ...CUSTOMER, email: `racer${i}@example.test` }),
          ),
        ),
      ]);

      const statuses = (answers: { status: number }[]) =>
        answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});
      expect(statuses(cancels), JSON.stringify(cancels.filter((a) => a.status !== 200))).toEqual({
        200: CANCELS,
      });
      expect(statuses(checkouts), JSON.stringify(checkouts.filter((a) => a.status !== 200))).toEqual({
        200: CHECKOUTS,
      });
      const db = t.app.database.db;
      const cancelled = await db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'cancelled')
        .execute();
      expect(cancelled).toHaveLength(CANCELS);
      const stock = await db
        .selectFrom('variants')
        .select(['id', 'qty_in_stock'])
        .where('id', 'in', VARIANTS)
        .execute();
      for (const variant of stock)
        expect(variant, variant.id).toMatchObject({ qty_in_stock: START - CHECKOUTS });
      const returned = await db
        .selectFrom('stock_ledger')
        .select('variant_id')
        .where('reason', '=', 'cancellation')
        .execute();
      expect(returned).toHaveLength(CANCELS * VARIANTS.length);
    }, 60_000);
  });
}
