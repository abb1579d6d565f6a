import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appForSuite, DATABASES, type TestApp } from '../testing/app.ts';
import { signInNewStaff } from '../testing/back-office.ts';

const DASHBOARD = '/api/config/dashboard';

/** Restock sign-ups for a variant, straight into the table (`notified`: already mailed). */
async function signUps(t: TestApp, variantId: string, count: number, notified = false): Promise<void> {
  for (let i = 0; i < count; i++)
    await t.app.database.db
      .insertInto('restock_signups')
      .values({
        id: randomUUID(),
        product_id: 'p-any',
        variant_id: variantId,
        email: `${variantId}-${i}-${notified}@example.test`,
        email_key: `${variantId}-${i}-${notified}@example.test`,
        join_mailing_list: 0,
        created: Date.now(),
        notified_at: notified ? Date.now() : null,
        client_ip: '10.9.0.1',
      })
      .execute();
}

for (const database of DATABASES) {
  describe(`[${database.name}] the back office's dashboard`, () => {
    const t = appForSuite(database);

    it('counts the sign-ups waiting for a mail, and those whose variant a shopper can buy again', async () => {
      const manager = await signInNewStaff(t, 'dashboard-manager@example.test', [8]);
      // Sold out, in stock, and a variant the content no longer has; mailed sign-ups never count.
      await signUps(t, 'v-soldout', 3);
      await signUps(t, 'v-tee-m', 2);
      await signUps(t, 'v-gone', 1);
      await signUps(t, 'v-tee-m', 4, true);

      const answer = await manager.request('GET', DASHBOARD);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().restock).toEqual({ waiting: 6, readyToSend: 2 });
    });

    it('lists the limited variants low on stock, fewest first, with their product and attributes', async () => {
      const manager = await signInNewStaff(t, 'dashboard-stock@example.test', [8]);
      const { lowStock } = (await manager.request('GET', DASHBOARD)).json() as {
        lowStock: { sku: string; qtyInStock: number; productTitle: string; attributes: object }[];
      };
      expect(lowStock.length).toBeGreaterThan(0);
      expect(lowStock.length).toBeLessThanOrEqual(10);
      const levels = lowStock.map((v) => v.qtyInStock);
      expect(levels).toEqual([...levels].sort((a, b) => a - b));
      expect(levels.every((level) => level <= 5)).toBe(true);
      expect(lowStock.find((v) => v.sku === 'CAP')).toMatchObject({
        qtyInStock: 0,
        productTitle: 'Sold Out Cap',
      });
    });
  });
}
