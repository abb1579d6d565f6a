/**
 * The renewal scheduler (issue 17), one per instance: every `intervalMs` it looks for active
 * subscriptions whose next try has come and asks checkout (through `placeRenewal`, which app.ts
 * hands over) for each one's order. Several instances may look at the same moment: the order's
 * own transaction claims the (subscription, cycle), so the loser is refused and moves on. A
 * refused or failed renewal (sold out, a database fault) is recorded and tried again after a
 * backoff; after `maxFailures` the subscription stops (state 'failed'), which is logged and mailed
 * to the customer (the mail sits in the back office's outbox like every other).
 */
import { message } from '@storefront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Trx } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import {
  dueSubscriptions,
  ordersHoldingClaims,
  recordRenewalFailure,
  undoRenewalClaim,
  type SubscriptionRow,
} from './store.ts';
import { queueMail, type Mailer } from '../../platform/mail/mail.ts';
import type { SiteResolver } from '../../platform/site/context.ts';

/** What checkout answers for one renewal. */
export type RenewalOutcome =
  { ok: true; orderId: string; mailIds: string[] } | { ok: false; code: string; message: string };

export type PlaceRenewal = (renewal: {
  subscriptionId: string;
  cycle: number;
  itemId: string;
  sku: string;
  quantity: number;
  customer: Record<string, unknown>;
  accountId: string | null;
  /** The card the first payment saved (Stripe): the renewal is charged with it, off-session. */
  savedCard?: { customer: string; paymentMethod: string } | undefined;
}) => Promise<RenewalOutcome>;

/** What renewals ask of the orders module (app.ts hands its functions over): subscriptions know orders by id. */
export interface RenewalOrders {
  /** Renewal orders whose payment failed, by id after `afterOrderId`, `limit` of them. */
  failedRenewalOrderIds(db: Db, afterOrderId: string | undefined, limit: number): Promise<string[]>;
  /** The detail JSON of the order's first event of that kind, if any (read in the caller's transaction). */
  orderEventDetail(db: Db, orderId: string, kind: string): Promise<string | null | undefined>;
}

export interface RenewalOptions {
  db: Db;
  placeRenewal: PlaceRenewal;
  orders: RenewalOrders;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The clock renewals run on (tests step it). */
  now: () => number;
  /** Failed tries of one cycle before the subscription stops. */
  maxFailures: number;
  /** The wait after the nth failure: `retryBaseMs * 4^(n-1)` (1 h, 4 h, 16 h by default). */
  retryBaseMs: number;
  /** How many due subscriptions one tick takes on. */
  batch: number;
  /** The site whose subscriptions renew: a tick has no request to ask. */
  site: SiteResolver;
  /** Told of each finished look (tests wait for one rather than sleeping). */
  onTick?: (result: TickResult) => void;
}

/** What one tick did: orders made, failures recorded, claims lost to another instance. */
export interface TickResult {
  renewed: number;
  failed: number;
  lost: number;
}

/** Another instance made this cycle first (or the customer paused it meanwhile): nothing to record. */
const LOST_CODE = 'renewal-not-claimed';
/** A failure recorded in a transaction, told of once it commits: its mail is sent only then. */
interface RecordedFailure {
  fields: { subscriptionId: string; cycle: number; failures: number; code: string };
  /** The queued mail of a subscription that gave up. */
  mailId: string | undefined;
}

/** The renewal's card was declined at once: its order is released, and counted as a failure below. */
const PAYMENT_FAILED_CODE = 'payment-failed';
/** How many failed renewal orders one statement reads when looking for claims to give back. */
const FAILED_PAGE = 500;

export class RenewalScheduler {
  private running: Promise<TickResult> | undefined;

  constructor(private readonly options: RenewalOptions) {}

  /** One look for due renewals; a tick still running is joined, never run twice at once here. */
  tick(): Promise<TickResult> {
    this.running ??= this.renewDue()
      .then((result) => {
        this.options.onTick?.(result);
        return result;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Waits for a tick under way, if any (closing waits for it before the database goes). */
  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async renewDue(): Promise<TickResult> {
    const { db, now, batch } = this.options;
    const result: TickResult = { renewed: 0, failed: 0, lost: 0 };
    result.failed += await this.countDeclinedPayments();
    for (const row of await dueSubscriptions(db, now(), batch)) {
      const outcome = await this.renew(row);
      result[outcome]++;
    }
    return result;
  }

  private async renew(row: SubscriptionRow): Promise<keyof TickResult> {
    const { placeRenewal, mailer } = this.options;
    let outcome: RenewalOutcome;
    try {
      outcome = await placeRenewal({
        subscriptionId: row.id,
        cycle: row.cycles_made + 1,
        itemId: row.item_id,
        sku: row.sku,
        quantity: row.quantity,
        customer: JSON.parse(row.customer) as Record<string, unknown>,
        accountId: row.account_id,
        ...(row.stripe_customer && row.stripe_payment_method
          ? { savedCard: { customer: row.stripe_customer, paymentMethod: row.stripe_payment_method } }
          : {}),
      });
    } catch (error) {
      outcome = { ok: false, code: 'fault', message: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.ok) {
      for (const id of outcome.mailIds) mailer.deliverLater(id);
      return 'renewed';
    }
    if (outcome.code === LOST_CODE) return 'lost';
    if (outcome.code === PAYMENT_FAILED_CODE)
      return (await this.countDeclinedPayments()) > 0 ? 'failed' : 'lost';
    const recorded = await writeTransaction(this.options.db, (trx) => this.recordFailure(trx, row, outcome));
    if (!recorded) return 'lost';
    this.announceFailure(recorded);
    return 'failed';
  }

  /**
   * Renewal orders whose card payment failed (declined at once, or later by the provider's
   * webhook, which released their stock): each gives its cycle back and counts as one failed try,
   * in one transaction, so two instances count it once and the usual backoff applies.
   */
  private async countDeclinedPayments(): Promise<number> {
    const { db, batch } = this.options;
    let counted = 0;
    for (const orderId of await this.declinedRenewalOrders(batch)) {
      const recorded = await writeTransaction(db, async (trx) => {
        const row = await undoRenewalClaim(trx, orderId);
        if (!row) return undefined;
        const problem = await this.releaseReason(trx, orderId);
        return this.recordFailure(trx, row, { code: PAYMENT_FAILED_CODE, message: problem });
      });
      if (!recorded) continue;
      this.announceFailure(recorded);
      counted++;
    }
    return counted;
  }

  /** Renewal orders whose card payment failed and that still hold their cycle's claim (at most `limit`). */
  private async declinedRenewalOrders(limit: number): Promise<string[]> {
    const { db, orders } = this.options;
    const declined: string[] = [];
    let after: string | undefined;
    while (declined.length < limit) {
      const failed = await orders.failedRenewalOrderIds(db, after, FAILED_PAGE);
      if (failed.length === 0) break;
      const claimed = await ordersHoldingClaims(db, failed);
      declined.push(...failed.filter((id) => claimed.has(id)));
      if (failed.length < FAILED_PAGE) break;
      after = failed.at(-1);
    }
    return declined.slice(0, limit);
  }

  /** The provider's reason for a declined renewal, as the release recorded it in the order's history. */
  private async releaseReason(db: Db, orderId: string): Promise<string> {
    const detail = await this.options.orders.orderEventDetail(db, orderId, PAYMENT_FAILED_CODE);
    const reason = detail ? (JSON.parse(detail) as { reason?: unknown }).reason : undefined;
    return typeof reason === 'string' && reason ? reason : PAYMENT_FAILED_CODE;
  }

  /**
   * Records the failure (if no other instance did first) and, for one that gives up, queues its
   * mail: in the caller's transaction, so that the failure is never recorded without its mail.
   * Undefined when another instance recorded it.
   */
  private async recordFailure(
    trx: Trx,
    row: SubscriptionRow,
    failure: { code: string; message: string },
  ): Promise<RecordedFailure | undefined> {
    const { now, maxFailures, retryBaseMs } = this.options;
    const failures = row.failures + 1;
    const gaveUp = failures >= maxFailures;
    const at = now();
    const recorded = await recordRenewalFailure(trx, row, {
      error: `${failure.code}: ${failure.message}`,
      now: at,
      retryInMs: retryBaseMs * 4 ** (failures - 1),
      gaveUp,
    });
    if (!recorded) return undefined;
    const fields = { subscriptionId: row.id, cycle: row.cycles_made + 1, failures, code: failure.code };
    if (!gaveUp) return { fields, mailId: undefined };
    const site = this.options.site();
    const ls = site.strings;
    const mailId = await queueMail(
      trx,
      {
        kind: 'subscription-failed',
        refId: row.id,
        to: row.email,
        subject: message('subscription.failed-subject', { title: row.title, site: site.title }, ls),
        body: message(
          'subscription.failed-body',
          { title: row.title, count: failures, problem: failure.message, url: `${site.origin}/account` },
          ls,
        ),
      },
      at,
    );
    return { fields, mailId };
  }

  /** After the commit: a failure is logged, and the mail of one that gave up is sent. */
  private announceFailure({ fields, mailId }: RecordedFailure): void {
    const { log, mailer } = this.options;
    if (mailId === undefined) {
      log.warn(fields, 'subscription renewal failed; it will be tried again');
      return;
    }
    log.error(fields, 'subscription renewal failed too often; the subscription is stopped');
    mailer.deliverLater(mailId);
  }
}
