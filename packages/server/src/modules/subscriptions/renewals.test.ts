/**
 * Subscription renewals (issue 17) on a clock the test steps: two app instances on one database,
 * each with its scheduler ticking every few milliseconds, renew each due cycle exactly once; a
 * cancelled or paused subscription makes no order; a failed renewal is retried, then given up and
 * reported; the customer's pause/resume/cancel answer 4xx for what is not theirs to do; the
 * subscription checkout lands on page type 206 and /account lists the subscription.
 */
import { EventEmitter, once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { Customer, makeAccount } from '../accounts/testing.ts';
import { CUSTOMER, makeCheckoutSite } from '../orders/testing.ts';
import { addBillingPeriods } from '@storefront/core/subscriptions';
import { DATABASES, testConfig, type TestApp } from '../../testing/app.ts';
import type { Mailer } from '../../platform/mail/mail.ts';
import { RenewalScheduler, type TickResult } from './renewals.ts';

const CYCLES = 3;
const STOCK = 10;

/** The fixture site's `website.timeZone`: its subscriptions' billing dates are counted there. */
const SITE_ZONE = 'America/New_York';

/** The fixture site with the subscription product on a plan of `CYCLES` monthly cycles. */
function subscriptionSite() {
  const site = makeCheckoutSite({ stock: { 'v-club': STOCK } });
  const file = join(site.dir, 'content/collections/shop.json');
  const shop = JSON.parse(readFileSync(file, 'utf8')) as {
    items: {
      id: string;
      structuredContent: {
        productSubscriptionOptions?: { subscriptionPlan: { numBillingCycles: number } }[];
      };
    }[];
  };
  const club = shop.items.find((i) => i.id === 'p-club');
  const option = club?.structuredContent.productSubscriptionOptions?.[0];
  if (!option) throw new Error('the fixture has no subscription product');
  option.subscriptionPlan.numBillingCycles = CYCLES;
  writeFileSync(file, JSON.stringify(shop, null, 2));
  return site;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await sleep(20);
  }
}

describe('billing periods', () => {
  const at = (iso: string) => Date.parse(iso);
  it('adds calendar months clamped to the month end, counted from the first day', () => {
    expect(addBillingPeriods(at('2027-01-31T10:00:00Z'), 1, 'MONTH', 'UTC')).toBe(at('2027-02-28T10:00:00Z'));
    expect(addBillingPeriods(at('2028-01-31T10:00:00Z'), 1, 'MONTH', 'UTC')).toBe(at('2028-02-29T10:00:00Z'));
    expect(addBillingPeriods(at('2027-01-31T10:00:00Z'), 2, 'MONTH', 'UTC')).toBe(at('2027-03-31T10:00:00Z'));
    expect(addBillingPeriods(at('2027-11-30T00:00:00Z'), 3, 'MONTH', 'UTC')).toBe(at('2028-02-29T00:00:00Z'));
    expect(addBillingPeriods(at('2028-02-29T00:00:00Z'), 1, 'YEAR', 'UTC')).toBe(at('2029-02-28T00:00:00Z'));
    expect(addBillingPeriods(at('2027-01-01T00:00:00Z'), 2, 'WEEK', 'UTC')).toBe(at('2027-01-15T00:00:00Z'));
  });
});

for (const database of DATABASES) {
  describe(`[${database.name}] subscription renewals`, () => {
    let clock = Date.now();
    const fresh = database.fresh();
    const site = subscriptionSite();
    const apps: TestApp[] = [];
    const looks: EventEmitter[] = [];
    let customer: Customer;
    let other: Customer;

    beforeAll(async () => {
      const config = testConfig(fresh.config, { siteDir: site.dir });
      // Two instances on one database, started one after the other (each migrates and syncs).
      for (let i = 0; i < 2; i++) {
        const looked = new EventEmitter();
        looks.push(looked);
        const app: FastifyInstance = await buildApp(config, {
          logger: false,
          renewals: { now: () => clock, intervalMs: 10, onTick: (result) => looked.emit('tick', result) },
        });
        apps.push({ app, config, close: () => app.close() });
      }
      const first = apps[0] as TestApp;
      await makeAccount(first.app.database.db, 'subscriber@example.test');
      await makeAccount(first.app.database.db, 'other@example.test');
      customer = new Customer(first);
      other = new Customer(apps[1] as TestApp);
      expect((await customer.signIn('subscriber@example.test')).statusCode).toBe(200);
      expect((await other.signIn('other@example.test')).statusCode).toBe(200);
    });
    afterAll(async () => {
      for (const t of apps) await t.close();
      await fresh.cleanup();
      site.cleanup();
    });
    beforeEach(() => {
      // Subscriptions start on the real clock; each test steps on from there.
      clock = Date.now();
    });

    const db = () => (apps[0] as TestApp).app.database.db;
    /**
     * Resolves once both instances have finished a whole look for due renewals that began after
     * the call, so on the clock as it is now: the first look each hears of may have read the clock
     * before it was stepped, the second began after that one ended.
     */
    const bothLookedAgain = () =>
      Promise.all(
        looks.map(async (looked) => {
          await once(looked, 'tick');
          await once(looked, 'tick');
        }),
      );
    /** Resolves once a look by either instance has recorded a failure (listening from the call on). */
    const aFailureRecorded = () =>
      new Promise<void>((resolve) => {
        const heard = (result: TickResult) => {
          if (result.failed === 0) return;
          for (const looked of looks) looked.off('tick', heard);
          resolve();
        };
        for (const looked of looks) looked.on('tick', heard);
      });
    const subscription = (id: string) =>
      db().selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const renewalOrders = async (id: string) =>
      (
        await db().selectFrom('orders').select(['extra', 'kind']).where('kind', '=', 'renewal').execute()
      ).filter((o) => (JSON.parse(o.extra ?? '{}') as { subscriptionId?: string }).subscriptionId === id);
    const renewalIds = async (id: string) =>
      (
        await db()
          .selectFrom('subscription_renewals')
          .select('order_id')
          .where('subscription_id', '=', id)
          .execute()
      ).map((r) => r.order_id);
    const stock = async () =>
      (
        await db()
          .selectFrom('variants')
          .select('qty_in_stock')
          .where('id', '=', 'v-club')
          .executeTakeFirstOrThrow()
      ).qty_in_stock;
    const setStock = (qty: number) =>
      db().updateTable('variants').set({ qty_in_stock: qty }).where('id', '=', 'v-club').execute();

    /** Subscribes the signed-in browser to the club; answers the subscription's id and the first order. */
    async function subscribe(browser: Customer) {
      const cart = await browser.request('POST', '/api/3/commerce/cart/subscription', {
        itemId: 'p-club',
        sku: 'CLUB',
        qty: 1,
      });
      expect(cart.statusCode, cart.body).toBe(200);
      const res = await browser.order({ ...CUSTOMER, cartToken: cart.json().cartToken });
      expect(res.statusCode, res.body).toBe(200);
      const { order, confirmationUrl } = res.json() as { order: { id: string }; confirmationUrl: string };
      const row = await db()
        .selectFrom('subscriptions')
        .selectAll()
        .where('first_order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      return { id: row.id, orderId: order.id, confirmationUrl };
    }
    const act = (browser: Customer, id: string, action: string) =>
      browser.request('POST', `/api/site-users/account/subscriptions/${id}/${action}`);
    /** Steps the clock just past the subscription's next try. */
    const stepPastDue = async (id: string) => {
      clock = Number((await subscription(id)).attempt_at) + 1;
    };

    it('a monthly plan with 3 cycles makes exactly 3 orders across two server instances, then stops', async () => {
      const stockBefore = await stock();
      const { id } = await subscribe(customer);
      expect(await subscription(id)).toMatchObject({ cycles_made: 1, state: 'active', num_cycles: CYCLES });
      const created = Number((await subscription(id)).created);
      for (let cycle = 2; cycle <= CYCLES; cycle++) {
        const due = Number((await subscription(id)).next_due);
        expect(due).toBe(addBillingPeriods(created, cycle - 1, 'MONTH', SITE_ZONE));
        // Just before the due date nothing happens.
        clock = due - 1;
        await bothLookedAgain();
        expect((await subscription(id)).cycles_made).toBe(cycle - 1);
        await stepPastDue(id);
        await waitFor(
          'the renewal',
          () => subscription(id),
          (s) => s.cycles_made === cycle,
        );
      }
      expect((await subscription(id)).state).toBe('ended');
      // Long after: both schedulers keep ticking and nothing more is made.
      clock += 5 * 366 * 86_400_000;
      await bothLookedAgain();
      const renewals = await renewalOrders(id);
      expect(renewals).toHaveLength(CYCLES - 1);
      const claims = await db()
        .selectFrom('subscription_renewals')
        .select('cycle')
        .where('subscription_id', '=', id)
        .orderBy('cycle')
        .execute();
      expect(claims.map((c) => c.cycle)).toEqual([2, 3]);
      // Each order took its stock, and each was mailed to the customer.
      expect(await stock()).toBe(stockBefore - CYCLES);
      const mails = await db()
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', CUSTOMER.email)
        .where('kind', '=', 'order-confirmation')
        .where('ref_id', 'in', await renewalIds(id))
        .execute();
      expect(mails).toHaveLength(CYCLES - 1);
    });

    it('a cancelled one makes no more', async () => {
      const { id } = await subscribe(customer);
      const cancelled = await act(customer, id, 'cancel');
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().subscription).toMatchObject({ id, state: 'cancelled', nextRenewal: null });
      clock += 3 * 366 * 86_400_000;
      await bothLookedAgain();
      expect(await renewalOrders(id)).toHaveLength(0);
      // Cancelled is for good.
      for (const action of ['resume', 'pause', 'cancel']) {
        const again = await act(customer, id, action);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({
          code: 'subscription-not-allowed',
          message: 'That subscription cannot be changed that way now.',
        });
      }
    });

    it('a paused one makes none until resumed, and then renews from the next due date on', async () => {
      const { id } = await subscribe(customer);
      expect((await act(customer, id, 'pause')).json().subscription.state).toBe('paused');
      // Two periods pass while paused: no orders.
      const due = Number((await subscription(id)).next_due);
      clock = addBillingPeriods(due, 1, 'MONTH', SITE_ZONE) + 1;
      await bothLookedAgain();
      expect(await renewalOrders(id)).toHaveLength(0);
      const resumed = await act(customer, id, 'resume');
      expect(resumed.statusCode, resumed.body).toBe(200);
      // The periods missed are skipped: the next renewal is due after now, not a burst of old ones.
      const row = await subscription(id);
      expect(row.state).toBe('active');
      expect(Number(row.next_due)).toBe(addBillingPeriods(Number(row.created), 3, 'MONTH', SITE_ZONE));
      await bothLookedAgain();
      expect(await renewalOrders(id)).toHaveLength(0);
      await stepPastDue(id);
      await waitFor(
        'the renewal after resuming',
        () => subscription(id),
        (s) => s.cycles_made === 2,
      );
      expect(await renewalOrders(id)).toHaveLength(1);
      expect((await act(customer, id, 'cancel')).statusCode).toBe(200);
    });

    it('a failed renewal is retried with a backoff; after 4 failures it stops and is reported', async () => {
      const { id } = await subscribe(customer);
      await setStock(0);
      try {
        const firstFailure = aFailureRecorded();
        await stepPastDue(id);
        await firstFailure;
        const failed = await subscription(id);
        expect(failed).toMatchObject({ state: 'active', cycles_made: 1 });
        expect(failed.last_error).toContain('Sorry, we do not have enough of that item available.');
        // Retried an hour later, not at the next tick.
        expect(Number(failed.attempt_at)).toBe(clock + 3_600_000);
        await bothLookedAgain();
        expect((await subscription(id)).failures).toBe(1);
        // Back in stock: the retry makes the order.
        await setStock(5);
        await stepPastDue(id);
        const renewed = await waitFor(
          'the retried renewal',
          () => subscription(id),
          (s) => s.cycles_made === 2,
        );
        expect(renewed).toMatchObject({ failures: 0, last_error: null, state: 'active' });
        expect(await renewalOrders(id)).toHaveLength(1);
        // Sold out for good: four tries (1 h, 4 h, 16 h apart), then it stops and the customer is told.
        await setStock(0);
        for (let failures = 1; failures <= 4; failures++) {
          const recorded = aFailureRecorded();
          await stepPastDue(id);
          await recorded;
          expect((await subscription(id)).failures).toBe(failures);
        }
        expect((await subscription(id)).state).toBe('failed');
        const report = await db()
          .selectFrom('mail_outbox')
          .selectAll()
          .where('kind', '=', 'subscription-failed')
          .where('ref_id', '=', id)
          .execute();
        expect(report).toHaveLength(1);
        expect(report[0]?.body).toContain('after 4 tries');
        clock += 366 * 86_400_000;
        await bothLookedAgain();
        expect((await subscription(id)).failures).toBe(4);
        // The customer may resume it once the shop has stock again.
        await setStock(5);
        expect((await act(customer, id, 'resume')).json().subscription.state).toBe('active');
        await stepPastDue(id);
        await waitFor(
          'the renewal after a resume',
          () => subscription(id),
          (s) => s.cycles_made === 3,
        );
      } finally {
        await setStock(STOCK);
      }
    });

    it("pause, resume and cancel answer 4xx for what is not the customer's", async () => {
      const { id } = await subscribe(customer);
      // Another customer's subscription: the same 404 as one that does not exist.
      for (const action of ['pause', 'resume', 'cancel']) {
        const res = await act(other, id, action);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({
          code: 'not-found',
          message: 'That subscription does not exist.',
        });
      }
      expect((await act(customer, '00000000-0000-4000-8000-000000000000', 'pause')).statusCode).toBe(404);
      expect((await act(customer, 'not-a-uuid', 'pause')).statusCode).toBe(404);
      const unknownAction = await act(customer, id, 'delete');
      expect(unknownAction.statusCode).toBe(400);
      expect(unknownAction.json().code).toBe('invalid-request');
      // Resuming an active one is refused; signed out, sign in first; without the crumb, refused.
      expect((await act(customer, id, 'resume')).statusCode).toBe(409);
      const signedOut = new Customer(apps[0] as TestApp);
      await signedOut.start();
      expect((await act(signedOut, id, 'pause')).statusCode).toBe(401);
      const noCrumb = await customer.request(
        'POST',
        `/api/site-users/account/subscriptions/${id}/pause`,
        undefined,
        { 'x-csrf-token': '' },
      );
      expect(noCrumb.statusCode).toBe(403);
      expect((await subscription(id)).state).toBe('active');
      // The listing shows only the customer's own.
      const mine = await customer.request('GET', '/api/site-users/account/subscriptions');
      expect(mine.json().subscriptions.map((s: { id: string }) => s.id)).toContain(id);
      const theirs = await other.request('GET', '/api/site-users/account/subscriptions');
      expect(theirs.json().subscriptions).toEqual([]);

      // The /account page's form: another's is a 404 page; the customer's own pauses it.
      const form = (browser: Customer, action: string) =>
        browser.request(
          'POST',
          `/account/subscriptions/${id}`,
          new URLSearchParams({ action, crumb: browser.cookies.crumb ?? '' }),
        );
      const refused = await form(other, 'cancel');
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toContain('That subscription does not exist.');
      const paused = await form(customer, 'pause');
      expect(paused.statusCode).toBe(303);
      expect(paused.headers.location).toBe('/account#subscriptions');
      expect((await subscription(id)).state).toBe('paused');
      expect((await form(customer, 'cancel')).statusCode).toBe(303);
      expect((await subscription(id)).state).toBe('cancelled');
    });

    it('the subscription checkout lands on page type 206, and /account lists it with its buttons', async () => {
      const { id, orderId, confirmationUrl } = await subscribe(customer);
      expect(confirmationUrl).toBe(`/checkout/subscription-confirmed/${orderId}`);
      const page = await customer.request('GET', confirmationUrl);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-page-type']).toBe('206');
      expect(page.body).toContain('Subscription Confirmed');
      expect(page.body).toContain('It renews every month; the next renewal is on');
      // An order that started no subscription is not a subscription confirmation.
      const express = await customer.order({ ...CUSTOMER, item: { itemId: 'p-club', sku: 'CLUB' } });
      expect(express.json().confirmationUrl).toMatch(/^\/checkout\/order-confirmed\//);
      const notOne = await customer.request(
        'GET',
        `/checkout/subscription-confirmed/${express.json().order.id as string}`,
      );
      expect(notOne.statusCode).toBe(404);
      const account = await customer.request('GET', '/account');
      expect(account.statusCode).toBe(200);
      expect(account.body).toContain(`data-subscription-id="${id}"`);
      expect(account.body).toContain('Candle Club × 1: active, 1 order(s) so far');
      expect(account.body).toContain('>Pause</button>');
      expect(account.body).toContain('>Cancel subscription</button>');
      expect((await act(customer, id, 'cancel')).statusCode).toBe(200);
    });

    it('a fault while mailing the failure that stops a subscription records neither; the retry records both and sends one mail', async () => {
      const { id } = await subscribe(customer);
      const failedMails = () =>
        db()
          .selectFrom('mail_outbox')
          .select('id')
          .where('kind', '=', 'subscription-failed')
          .where('ref_id', '=', id)
          .execute();
      const delivered: string[] = [];
      const mailer: Mailer = {
        sends: false,
        deliver: async () => undefined,
        deliverPending: async () => undefined,
        deliverLater: (mailId) => void delivered.push(mailId),
        close: async () => undefined,
      };
      const first = (apps[0] as TestApp).app;
      // A scheduler of the test's own, a year ahead of the instances' clock (so they leave this
      // subscription alone), that gives up at the first failure: that failure is mailed.
      const scheduler = new RenewalScheduler({
        db: db(),
        placeRenewal: async ({ subscriptionId }) =>
          subscriptionId === id
            ? { ok: false, code: 'sold-out', message: 'Sorry, we do not have enough of that item available.' }
            : { ok: false, code: 'renewal-not-claimed', message: 'not this one' },
        orders: { failedRenewalOrderIds: async () => [], orderEventDetail: async () => undefined },
        mailer,
        log: first.log,
        now: () => clock + 366 * 86_400_000,
        maxFailures: 1,
        retryBaseMs: 3_600_000,
        batch: 50,
        site: first.resolveSite,
      });
      // The database refuses the failure's mail once, between recording the failure and the commit.
      if (database.name === 'sqlite') {
        await sql`CREATE TRIGGER refuse_failed_mail BEFORE INSERT ON mail_outbox
          WHEN NEW.kind = 'subscription-failed' BEGIN SELECT RAISE(ABORT, 'mail queue down'); END`.execute(
          db(),
        );
      } else {
        await sql`CREATE FUNCTION refuse_failed_mail() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN IF NEW.kind = 'subscription-failed' THEN RAISE EXCEPTION 'mail queue down'; END IF;
          RETURN NEW; END $$`.execute(db());
        await sql`CREATE TRIGGER refuse_failed_mail BEFORE INSERT ON mail_outbox
          FOR EACH ROW EXECUTE FUNCTION refuse_failed_mail()`.execute(db());
      }
      try {
        await expect(scheduler.tick()).rejects.toThrow('mail queue down');
      } finally {
        await sql`DROP TRIGGER refuse_failed_mail${database.name === 'sqlite' ? sql`` : sql` ON mail_outbox`}`.execute(
          db(),
        );
      }
      expect(await subscription(id)).toMatchObject({ state: 'active', failures: 0, last_error: null });
      expect(await failedMails()).toHaveLength(0);
      expect(delivered).toEqual([]);

      expect(await scheduler.tick()).toMatchObject({ failed: 1 });
      expect(await subscription(id)).toMatchObject({ state: 'failed', failures: 1 });
      const mails = await failedMails();
      expect(mails).toHaveLength(1);
      expect(delivered).toEqual([mails[0]?.id]);
      // Stopped: later looks neither record nor mail it again.
      expect(await scheduler.tick()).toMatchObject({ failed: 0 });
      expect(await failedMails()).toHaveLength(1);
      expect(delivered).toHaveLength(1);
    });
  });
}
