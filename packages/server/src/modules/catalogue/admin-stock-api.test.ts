import { afterAll, describe, expect, it } from 'vitest';
import type { RoleCode } from '@storefront/core';
import type { Customer } from '../accounts/testing.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from '../orders/testing.ts';
import { recordStockChanges } from './stock-store.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { parseCsv } from '../../testing/csv.ts';

const API = '/api/config/stock';

for (const database of DATABASES) {
  describe(`[${database.name}] back office: stock`, () => {
    const site = makeCheckoutSite({ stock: { 'v-club': 12, 'v-tee-m': 4 } });
    afterAll(() => site.cleanup());
    const t = appForSuite(database, { siteDir: site.dir, cartWriteLimit: { max: 10_000, windowMs: 60_000 } });
    const db = () => t.db;
    let made = 0;
    async function staff(...roles: RoleCode[]): Promise<Customer> {
      return signInNewStaff(t, `stock-staff-${++made}@example.test`, roles);
    }
    const level = async (variantId: string) =>
      Number(
        (
          await db()
            .selectFrom('variants')
            .select('qty_in_stock')
            .where('id', '=', variantId)
            .executeTakeFirstOrThrow()
        ).qty_in_stock,
      );

    it('lists variants with their stock, filtered to low or sold out', async () => {
      const s = await staff(8);
      const all = (await s.request('GET', API)).json();
      expect(all.variants.find((v: { variantId: string }) => v.variantId === 'v-club')).toEqual({
        variantId: 'v-club',
        productId: 'p-club',
        productTitle: 'Candle Club',
        sku: 'CLUB',
        attributes: expect.any(Object),
        unlimited: false,
        qtyInStock: 12,
      });
      const soldOut = (await s.request('GET', `${API}?filter=sold-out`))
        .json()
        .variants.map((v: { sku: string }) => v.sku);
      expect(soldOut).toContain('CAP');
      expect(soldOut).not.toContain('LESSON');
      expect(soldOut).not.toContain('CLUB');
      // Digital products and gift cards are never sold out, whatever their stock count says.
      expect(soldOut).not.toContain('EBOOK');
      expect(soldOut).not.toContain('GIFT-25');
      const low = (await s.request('GET', `${API}?filter=low`))
        .json()
        .variants.map((v: { sku: string }) => v.sku);
      expect(low).toEqual(expect.arrayContaining(['TEE-M', 'CAP']));
      expect(low).not.toContain('CLUB');
      expect(
        (await s.request('GET', `${API}?q=club`)).json().variants.map((v: { sku: string }) => v.sku),
      ).toEqual(['CLUB']);
    });

    it('adjusts and sets with a reason, never below zero, each change in the ledger with who made it', async () => {
      const s = await staff(8);
      const up = await s.request('POST', `${API}/v-tee-m`, {
        adjust: 3,
        reason: 'received',
        note: 'delivery 42',
      });
      expect(up.statusCode).toBe(200);
      expect(up.json()).toEqual({ variantId: 'v-tee-m', qtyInStock: 7 });
      const under = await s.request('POST', `${API}/v-tee-m`, { adjust: -8, reason: 'damaged' });
      expect(under.statusCode).toBe(409);
      expect(under.json()).toEqual({
        code: 'stock-conflict',
        message: 'Only 7 in stock: taking 8 would go below zero.',
      });
      const stale = await s.request('POST', `${API}/v-tee-m`, { set: 2, expected: 4, reason: 'correction' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(
        'The stock changed to 7 since you looked: check it and set it again.',
      );
      const set = await s.request('POST', `${API}/v-tee-m`, { set: 2, expected: 7, reason: 'correction' });
      expect(set.json()).toEqual({ variantId: 'v-tee-m', qtyInStock: 2 });
      expect(await level('v-tee-m')).toBe(2);

      for (const bad of [
        { adjust: 0, reason: 'received' },
        { adjust: 1, set: 2, expected: 1, reason: 'received' },
        { set: 2, reason: 'received' },
        { adjust: 1, reason: 'because' },
        { adjust: 1.5, reason: 'received' },
      ]) {
        const r = await s.request('POST', `${API}/v-tee-m`, bad);
        expect(r.statusCode, JSON.stringify(bad)).toBe(400);
        expect(r.json().code).toBe('invalid-request');
      }
      expect((await s.request('POST', `${API}/v-nope`, { adjust: 1, reason: 'received' })).statusCode).toBe(
        404,
      );
      expect((await s.request('POST', `${API}/v-lesson`, { adjust: 1, reason: 'received' })).statusCode).toBe(
        409,
      );

      const ledger = (await s.request('GET', `${API}/ledger?variantId=v-tee-m`)).json();
      expect(ledger.entries.map((e: { change: number; reason: string }) => [e.change, e.reason])).toEqual([
        [-5, 'correction'],
        [3, 'received'],
        // The starting stock, from the content.
        [4, 'sync'],
      ]);
      expect(ledger.entries[1]).toMatchObject({ note: 'delivery 42', by: 'stock-staff-2@example.test' });
    });

    it('an adjustment during 20 concurrent orders: stock = initial + adjustment - ordered, never negative', async () => {
      const s = await staff(1);
      const initial = await level('v-club');
      const shoppers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const shopper = new Shopper(t);
          await shopper.start();
          expect((await shopper.add({ itemId: 'p-club', sku: 'CLUB', quantity: 1 })).statusCode).toBe(200);
          return shopper;
        }),
      );
      const [orders, adjusted] = await Promise.all([
        Promise.all(shoppers.map((shopper) => shopper.order(CUSTOMER))),
        s.request('POST', `${API}/v-club`, { adjust: 5, reason: 'received' }),
      ]);
      expect(adjusted.statusCode).toBe(200);
      const ordered = orders.filter((o) => o.statusCode === 200).length;
      expect(orders.every((o) => o.statusCode === 200 || o.statusCode === 409)).toBe(true);
      expect(ordered).toBeGreaterThanOrEqual(initial);
      expect(await level('v-club')).toBe(initial + 5 - ordered);
      expect(await level('v-club')).toBeGreaterThanOrEqual(0);
    });

    it('filters the ledger and its CSV export by a range of UTC days, both included', async () => {
      const s = await staff(8);
      const at = (iso: string, note: string) =>
        recordStockChanges(
          db(),
          [{ variantId: 'v-tee-s', change: 1, reason: 'received', note }],
          Date.parse(iso),
        );
      await at('2020-03-01T23:59:59.999Z', 'before');
      await at('2020-03-02T00:00:00.000Z', 'first day');
      await at('2020-03-03T23:59:59.999Z', 'last day');
      await at('2020-03-04T00:00:00.000Z', 'after');
      const range = 'variantId=v-tee-s&from=2020-03-02&to=2020-03-03';
      const listed = (await s.request('GET', `${API}/ledger?${range}`)).json();
      expect(listed.entries.map((e: { note: string }) => e.note)).toEqual(['last day', 'first day']);
      const since = (await s.request('GET', `${API}/ledger?variantId=v-tee-s&from=2020-03-04`)).json();
      // From a day on: that day and every day after it (today's starting stock from the content).
      const sinceNotes = since.entries.map((e: { note: string }) => e.note);
      expect(sinceNotes).toContain('after');
      expect(sinceNotes).not.toContain('last day');
      const until = (await s.request('GET', `${API}/ledger?variantId=v-tee-s&to=2020-03-01`)).json();
      expect(until.entries.map((e: { note: string }) => e.note)).toEqual(['before']);

      const csv = await s.request('GET', `${API}/ledger/export?${range}`);
      expect(csv.statusCode).toBe(200);
      const [header, ...rows] = parseCsv(csv.body);
      expect(rows.map((r) => r[header?.indexOf('note') ?? -1])).toEqual(['last day', 'first day']);
      expect(rows.map((r) => r[0])).toEqual(['2020-03-03T23:59:59.999Z', '2020-03-02T00:00:00.000Z']);

      for (const bad of ['from=2020-3-2', 'to=2020-13-01', 'from=yesterday']) {
        for (const path of ['ledger', 'ledger/export']) {
          const res = await s.request('GET', `${API}/${path}?${bad}`);
          expect(res.statusCode, `${path}?${bad}`).toBe(400);
          expect(res.json().code).toBe('invalid-request');
        }
      }
    });

    it('needs stock.manage', async () => {
      for (const roles of [[10], [2], [3]] as RoleCode[][]) {
        const s = await staff(...roles);
        expect((await s.request('GET', API)).statusCode).toBe(403);
        expect((await s.request('GET', `${API}/ledger`)).statusCode).toBe(403);
        const r = await s.request('POST', `${API}/v-club`, { adjust: 1, reason: 'received' });
        expect(r.statusCode).toBe(403);
        expect(r.json()).toEqual({
          code: 'account.forbidden',
          message: 'You do not have permission to do this.',
        });
      }
    });
  });
}
