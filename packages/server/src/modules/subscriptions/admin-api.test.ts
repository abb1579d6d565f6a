/**
 * Subscriptions in the back office (issue 17): staff list them (filtered by state, cursor-paged)
 * and pause, resume or cancel one on the customer's behalf; a role without the permission gets
 * 403; deleting a customer account cancels its subscriptions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_API } from '../accounts/routes.ts';
import { Customer, makeAccount, PASSWORD } from '../accounts/testing.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from '../orders/testing.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { signInNewStaff } from '../../testing/back-office.ts';

const API = '/api/config/subscriptions';

interface Listed {
  id: string;
  title: string;
  state: string;
  cyclesMade: number;
  numBillingCycles: number;
  nextRenewal: number | null;
  failures: number;
  customer: { email: string; name: string };
  firstOrderNumber: number | null;
}
interface ListPage {
  subscriptions: Listed[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

for (const database of DATABASES) {
  describe(`[${database.name}] back office: subscriptions`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;
    let manager: Customer;
    let billing: Customer;
    let editor: Customer;
    beforeAll(async () => {
      site = makeCheckoutSite({ stock: { 'v-club': 100 } });
      t = await startApp(database, { siteDir: site.dir });
      manager = await signInNewStaff(t, 'manager@example.test', [8]);
      billing = await signInNewStaff(t, 'billing@example.test', [2]);
      editor = await signInNewStaff(t, 'editor@example.test', [4]);
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
    });
    const db = () => t.app.database.db;

    /** Subscribes `browser` (a guest's by default) to the club as `email`; answers the subscription's id. */
    async function subscribe(email: string, browser: Shopper = new Shopper(t)) {
      await browser.start();
      const cart = await browser.request('POST', '/api/3/commerce/cart/subscription', {
        itemId: 'p-club',
        sku: 'CLUB',
        qty: 1,
      });
      expect(cart.statusCode, cart.body).toBe(200);
      const res = await browser.order({ ...CUSTOMER, email, cartToken: cart.json().cartToken });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().order as { id: string; orderNumber: number };
      const row = await db()
        .selectFrom('subscriptions')
        .select('id')
        .where('first_order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      return { id: row.id, orderNumber: order.orderNumber };
    }
    const list = async (query = '') => {
      const res = await manager.request('GET', `${API}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ListPage;
    };
    const stateOf = async (id: string) =>
      (await db().selectFrom('subscriptions').select('state').where('id', '=', id).executeTakeFirstOrThrow())
        .state;

    it('lists subscriptions newest first with customer, cycles, next renewal, state and failures', async () => {
      const older = await subscribe('first@example.test');
      const newer = await subscribe('second@example.test');
      const page = await list();
      expect(page.subscriptions.slice(0, 2).map((s) => s.id)).toEqual([newer.id, older.id]);
      expect(page.subscriptions[0]).toMatchObject({
        customer: { email: 'second@example.test', name: CUSTOMER.name },
        state: 'active',
        cyclesMade: 1,
        failures: 0,
        firstOrderNumber: newer.orderNumber,
        nextRenewal: expect.any(Number),
      });
      expect(page.hasNextPage).toBe(false);
    });

    it('filters by state and pages by cursor', async () => {
      for (let i = 0; i < 51; i++) await subscribe(`many${i}@example.test`);
      const first = await list();
      expect(first.subscriptions).toHaveLength(50);
      expect(first.hasNextPage).toBe(true);
      const second = await list(`?cursor=${first.nextPageCursor}`);
      const ids = new Set([...first.subscriptions, ...second.subscriptions].map((s) => s.id));
      expect(ids.size).toBe(first.subscriptions.length + second.subscriptions.length);
      expect(second.hasNextPage).toBe(false);

      const paused = await subscribe('paused@example.test');
      expect((await manager.request('POST', `${API}/${paused.id}/pause`)).statusCode).toBe(200);
      const onlyPaused = await list('?state=paused');
      expect(onlyPaused.subscriptions.map((s) => s.id)).toEqual([paused.id]);
      expect((await manager.request('GET', `${API}?state=nope`)).statusCode).toBe(400);
      expect((await manager.request('GET', `${API}?cursor=forged`)).statusCode).toBe(400);
    });

    it("a store manager pauses, resumes and cancels a customer's subscription", async () => {
      const { id } = await subscribe('guest@example.test');
      const pause = await manager.request('POST', `${API}/${id}/pause`);
      expect(pause.statusCode, pause.body).toBe(200);
      expect(pause.json().subscription).toMatchObject({ id, state: 'paused' });
      const resume = await manager.request('POST', `${API}/${id}/resume`);
      expect(resume.json().subscription).toMatchObject({ id, state: 'active' });
      const cancel = await manager.request('POST', `${API}/${id}/cancel`);
      expect(cancel.json().subscription).toMatchObject({ id, state: 'cancelled', nextRenewal: null });
      expect(await stateOf(id)).toBe('cancelled');
      // A cancelled one never comes back; an unknown one is 404; a malformed id 400.
      const again = await manager.request('POST', `${API}/${id}/resume`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('subscription-not-allowed');
      expect(
        (await manager.request('POST', `${API}/00000000-0000-4000-8000-000000000000/cancel`)).statusCode,
      ).toBe(404);
      expect((await manager.request('POST', `${API}/not-an-id/cancel`)).statusCode).toBe(400);
    });

    it('a role that may only read orders cannot act, and one without orders.read cannot list', async () => {
      const { id } = await subscribe('reader@example.test');
      expect((await billing.request('GET', API)).statusCode).toBe(200);
      const refused = await billing.request('POST', `${API}/${id}/cancel`);
      expect(refused.statusCode).toBe(403);
      expect(await stateOf(id)).toBe('active');
      expect((await editor.request('GET', API)).statusCode).toBe(403);
      expect((await editor.request('POST', `${API}/${id}/cancel`)).statusCode).toBe(403);
      expect((await new Shopper(t).request('GET', API)).statusCode).toBe(401);
    });

    it('deleting a customer account cancels its subscriptions and drops their personal data', async () => {
      await makeAccount(db(), 'leaving@example.test');
      const customer = new Customer(t);
      expect((await customer.signIn('leaving@example.test')).statusCode).toBe(200);
      const active = await subscribe('leaving@example.test', customer);
      const paused = await subscribe('leaving@example.test', customer);
      const ended = await subscribe('leaving@example.test', customer);
      expect(
        (await customer.request('POST', `/api/site-users/account/subscriptions/${paused.id}/pause`))
          .statusCode,
      ).toBe(200);
      await db().updateTable('subscriptions').set({ state: 'ended' }).where('id', '=', ended.id).execute();
      const other = await subscribe('staying@example.test');

      const deleted = await customer.request('DELETE', ACCOUNT_API, { password: PASSWORD });
      expect(deleted.statusCode, deleted.body).toBe(200);

      expect(await stateOf(active.id)).toBe('cancelled');
      expect(await stateOf(paused.id)).toBe('cancelled');
      expect(await stateOf(ended.id)).toBe('ended');
      expect(await stateOf(other.id)).toBe('active');
      const left = await db()
        .selectFrom('subscriptions')
        .select(['account_id', 'email', 'customer'])
        .where('id', 'in', [active.id, paused.id, ended.id])
        .execute();
      expect(left.every((r) => r.account_id === null && r.email === '' && r.customer === '{}')).toBe(true);
      const listed = (await list()).subscriptions.find((s) => s.id === active.id);
      expect(listed).toMatchObject({ state: 'cancelled', customer: { email: '', name: '' } });
    });
  });
}
