/**
 * Issue 28: a subscription's billing dates are counted on the site's calendar, not UTC's. A shopper
 * in Auckland who subscribes monthly at 00:30 on 31 January (still 30 January in UTC) renews on
 * 28 February there, and is told so on the confirmation page.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, makeCheckoutSite, Shopper } from '../orders/testing.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';

function siteIn(timeZone: string) {
  const site = makeCheckoutSite();
  const file = join(site.dir, 'content/website.json');
  const content = JSON.parse(readFileSync(file, 'utf8')) as { website: { timeZone?: string } };
  content.website.timeZone = timeZone;
  writeFileSync(file, JSON.stringify(content, null, 2));
  return site;
}

const CASES = [
  {
    // 00:30 on 31 January in Auckland (NZDT, UTC+13) is still 30 January in UTC.
    zone: 'Pacific/Auckland',
    subscribedAt: '2027-01-30T11:30:00Z',
    nextDay: '2027-02-28',
    nextDue: '2027-02-27T11:30:00Z',
  },
  {
    // 23:30 on 31 January in Los Angeles (PST, UTC-8) is already 1 February in UTC.
    zone: 'America/Los_Angeles',
    subscribedAt: '2027-02-01T07:30:00Z',
    nextDay: '2027-02-28',
    nextDue: '2027-03-01T07:30:00Z',
  },
];

describe.each(DATABASES.flatMap((database) => CASES.map((c) => ({ database, ...c }))))(
  'billing dates in $zone on $database.name',
  ({ database, zone, subscribedAt, nextDay, nextDue }) => {
    const site = siteIn(zone);
    const t = appForSuite(database, { siteDir: site.dir });
    afterAll(() => site.cleanup());
    beforeEach(() => {
      // Only the wall clock is controlled: timers run as they do, so the app's own work goes on.
      vi.useFakeTimers({ toFake: ['Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it(`a monthly plan started on 31 January there renews on ${nextDay} there`, async () => {
      vi.setSystemTime(new Date(subscribedAt));
      const shopper = new Shopper(t);
      await shopper.start();
      const cart = await shopper.request('POST', '/api/3/commerce/cart/subscription', {
        itemId: 'p-club',
        sku: 'CLUB',
        qty: 1,
      });
      expect(cart.statusCode, cart.body).toBe(200);
      const res = await shopper.order({ ...CUSTOMER, cartToken: cart.json().cartToken });
      expect(res.statusCode, res.body).toBe(200);
      const { order, confirmationUrl } = res.json() as { order: { id: string }; confirmationUrl: string };

      const page = await shopper.request('GET', confirmationUrl);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`the next renewal is on ${nextDay}.`);

      const row = await t.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('first_order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.next_due), 'when the renewal is placed').toBe(Date.parse(nextDue));
    });
  },
);
