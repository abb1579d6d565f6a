import { describe, expect, it } from 'vitest';
import { appForSuite, DATABASES } from '../../testing/app.ts';
import { ROLES, type RoleCode } from '@storefront/core';
import { STAFF_SESSION_PATH } from './routes.ts';
import { Customer, makeAccount, PASSWORD } from './testing.ts';

const pageView = (memberAccountId?: string) => ({
  event: 'page-view',
  data: { pagePath: '/shop', pageType: 1, ...(memberAccountId ? { memberAccountId } : {}) },
});
const performanceRecord = (memberId?: string) => [
  {
    app: 'storefront',
    event: 'page-speed',
    pageLoadId: '6f7a1c2e-1111-4222-8333-944455556666',
    timestamp: Date.now(),
    data: {
      context: { pageType: 50, websiteId: 'w1', path: '/shop', ...(memberId ? { memberId } : {}) },
      metrics: { largestContentfulPaint: 1200 },
    },
  },
];

describe.each(DATABASES)('spec section 6 tracking rules for signed-in visitors on $name', (database) => {
  const t = appForSuite(database);

  const lastHit = async () =>
    JSON.parse(
      (
        await t.db
          .selectFrom('telemetry_hits')
          .select(['data', 'created'])
          .orderBy('created', 'desc')
          .executeTakeFirstOrThrow()
      ).data,
    ) as Record<string, unknown>;

  it("records the signed-in customer's member id from the session in page views and performance records", async () => {
    const accountId = await makeAccount(t.db, 'tracked@example.test');
    const customer = new Customer(t);
    await customer.signIn('tracked@example.test');
    const hit = await customer.request('POST', '/api/census/RecordHit', pageView('someone-else'));
    expect(hit.json()).toEqual({ stored: true });
    expect((await lastHit()).memberAccountId).toBe(accountId);

    const perf = await customer.request('POST', '/api/1/performance/records', performanceRecord('forged'));
    expect(perf.statusCode, perf.body).toBe(204);
    const row = await t.db.selectFrom('telemetry_performance').select('context').executeTakeFirstOrThrow();
    expect(JSON.parse(row.context)).toMatchObject({ memberId: accountId });

    const anonymous = new Customer(t);
    await anonymous.start();
    await anonymous.request('POST', '/api/census/RecordHit', pageView('forged'));
    expect((await lastHit()).memberAccountId).toBeNull();
  });

  it.each([
    ['an editor', [ROLES.editor], false],
    ['an admin', [ROLES.admin], false],
    ['a viewer and an editor', [ROLES.viewer, ROLES.editor], false],
    ['only a viewer', [ROLES.viewer], true],
  ] as [string, RoleCode[], boolean][])(
    'counts the page views of signed-in staff who are %s only when their only role is viewer',
    async (_, roles, stored) => {
      const email = `staff-${roles.join('-')}@example.test`;
      await makeAccount(t.db, email, { kind: 'staff', roles });
      const staff = new Customer(t);
      expect((await staff.signIn(email, PASSWORD, false, STAFF_SESSION_PATH)).statusCode).toBe(200);
      const hit = await staff.request('POST', '/api/census/RecordHit', pageView());
      expect(hit.statusCode).toBe(202);
      expect(hit.json()).toEqual({ stored });
    },
  );
});
