/**
 * Subscriptions (issue 17): the queries checkout (which starts one and writes each renewal order)
 * and the subscriptions feature (the scheduler, the customer's pause/resume/cancel) share. A
 * renewal is claimed by `claimRenewal` inside the transaction that writes its order, so a cycle
 * becomes one order whatever number of instances try it at the same time.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { CustomerInput } from '@storefront/core';
import type { SubscriptionView } from '@storefront/core/wire';
import {
  addBillingPeriods,
  billingDay,
  renewsLater,
  subscriptionActionAllowed,
  subscriptionStateAfter,
  SUBSCRIPTION_ACTION_FROM,
  type RenewablePlan,
  type SubscriptionAction,
} from '@storefront/core/subscriptions';
import type { Selectable } from 'kysely';
import type { SubscriptionState, SubscriptionsTable, SubscriptionTables } from './tables.ts';
import { digest } from '../../platform/http/session.ts';
import type { TablesHandle } from '../../platform/db/index.ts';

type SubscriptionsDb = TablesHandle<SubscriptionTables>;

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type { SubscriptionState };

export type { RenewablePlan, SubscriptionAction };

const dueAt = (
  row: Pick<SubscriptionRow, 'created' | 'period_value' | 'period_unit' | 'time_zone'>,
  periods: number,
) => addBillingPeriods(Number(row.created), periods * row.period_value, row.period_unit, row.time_zone);

/**
 * Where a subscription is managed without an account: the link carries 32 random bytes from the
 * operating system's CSPRNG, which only the confirmation page and mail ever hold; the row keeps
 * their SHA-256 digest (like the sign-in code's `?pending=` token and review links), so a link
 * cannot be guessed nor made from a leaked table.
 */
export const SUBSCRIPTION_MANAGE_PATH = '/subscriptions/manage';
export const subscriptionManagePath = (token: string) =>
  `${SUBSCRIPTION_MANAGE_PATH}?token=${encodeURIComponent(token)}`;

/** The subscription a manage link's token names, if any. */
export function subscriptionByManageToken(
  db: SubscriptionsDb,
  token: string,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('manage_digest', '=', digest(token))
    .executeTakeFirst();
}

/**
 * Starts the subscription of a subscription order (its cycle 1), in that order's transaction.
 * Answers its id and, for a guest's, its manage link's token (shown once: on the confirmation and
 * in its mail).
 */
export async function startSubscription(
  trx: SubscriptionsDb,
  start: {
    orderId: string;
    accountId: string | null;
    customer: CustomerInput & { email: string };
    line: { itemId: string; sku: string; quantity: number; title: string };
    plan: RenewablePlan;
    now: number;
    /** The site's time zone: the subscription's billing dates are counted on its calendar. */
    timeZone: string;
  },
): Promise<{ id: string; manageToken: string | undefined }> {
  const { plan, now } = start;
  // A guest's only way to manage it; an account's customer has /account.
  const manageToken = start.accountId === null ? randomBytes(32).toString('base64url') : undefined;
  const ended = plan.numCycles === 1;
  const row = {
    id: randomUUID(),
    first_order_id: start.orderId,
    account_id: start.accountId,
    email: start.customer.email,
    customer: JSON.stringify(start.customer),
    item_id: start.line.itemId,
    sku: start.line.sku,
    quantity: start.line.quantity,
    title: start.line.title,
    period_value: plan.periodValue,
    period_unit: plan.periodUnit,
    num_cycles: plan.numCycles,
    cycles_made: 1,
    state: (ended ? 'ended' : 'active') as SubscriptionState,
    due_periods: 1,
    next_due: 0,
    attempt_at: 0,
    failures: 0,
    last_error: null,
    manage_digest: manageToken === undefined ? null : digest(manageToken),
    time_zone: start.timeZone,
    created: now,
    updated: now,
  };
  row.next_due = row.attempt_at = dueAt(row, 1);
  await trx.insertInto('subscriptions').values(row).execute();
  return { id: row.id, manageToken };
}

/**
 * Claims `cycle` of the subscription for `orderId`, in the renewal order's transaction: only an
 * active subscription whose previous cycle is the last one made moves on (a conditional update
 * that a concurrent claim waits on, then finds done), and the (subscription, cycle) key is
 * written beside it. False when it is not this caller's to make (made, paused, cancelled, ended).
 */
export async function claimRenewal(
  trx: SubscriptionsDb,
  claim: { subscriptionId: string; cycle: number; orderId: string; now: number },
): Promise<boolean> {
  const row = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', claim.subscriptionId)
    .executeTakeFirst();
  if (!row) return false;
  const nextPeriods = row.due_periods + 1;
  const ends = row.num_cycles > 0 && claim.cycle >= row.num_cycles;
  const nextDue = dueAt(row, nextPeriods);
  const claimed = await trx
    .updateTable('subscriptions')
    .set({
      cycles_made: claim.cycle,
      due_periods: nextPeriods,
      next_due: nextDue,
      attempt_at: nextDue,
      failures: 0,
      last_error: null,
      state: ends ? 'ended' : 'active',
      updated: claim.now,
    })
    .where('id', '=', claim.subscriptionId)
    .where('cycles_made', '=', claim.cycle - 1)
    .where('state', '=', 'active')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('subscription_renewals')
    .values({
      subscription_id: claim.subscriptionId,
      cycle: claim.cycle,
      order_id: claim.orderId,
      failures_before: row.failures,
      created: claim.now,
    })
    .execute();
  return true;
}

/** Which of the renewal orders named still hold their cycle's claim. */
export async function ordersHoldingClaims(
  db: SubscriptionsDb,
  orderIds: readonly string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('subscription_renewals')
    .select('order_id')
    .where('order_id', 'in', orderIds)
    .execute();
  return new Set(rows.map((r) => r.order_id));
}

/**
 * Gives back the cycle a renewal order claimed when its payment failed (in the caller's
 * transaction): its key is deleted (once: a second caller deletes nothing and gets undefined), and
 * the subscription is put back where it was before the claim, with the failures it had then, so
 * the failure is then recorded like any refused renewal. A pause or cancel made meanwhile stays.
 */
export async function undoRenewalClaim(
  trx: SubscriptionsDb,
  orderId: string,
): Promise<SubscriptionRow | undefined> {
  const key = await trx
    .deleteFrom('subscription_renewals')
    .where('order_id', '=', orderId)
    .returningAll()
    .executeTakeFirst();
  if (!key) return undefined;
  const row = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', key.subscription_id)
    .executeTakeFirst();
  if (row?.cycles_made !== key.cycle) return undefined;
  const duePeriods = row.due_periods - 1;
  const nextDue = dueAt(row, duePeriods);
  const back = {
    cycles_made: key.cycle - 1,
    due_periods: duePeriods,
    next_due: nextDue,
    attempt_at: nextDue,
    failures: key.failures_before,
    state: row.state === 'ended' ? ('active' as const) : row.state,
  };
  await trx
    .updateTable('subscriptions')
    .set(back)
    .where('id', '=', row.id)
    .where('cycles_made', '=', key.cycle)
    .execute();
  return { ...row, ...back };
}

/** Keeps the customer and card a subscription's first (Stripe) payment saved, for its renewals. */
export async function saveRenewalCard(
  trx: SubscriptionsDb,
  firstOrderId: string,
  card: { customer: string; paymentMethod: string },
): Promise<boolean> {
  const saved = await trx
    .updateTable('subscriptions')
    .set({ stripe_customer: card.customer, stripe_payment_method: card.paymentMethod })
    .where('first_order_id', '=', firstOrderId)
    .executeTakeFirst();
  return Number(saved.numUpdatedRows) > 0;
}

/** Active subscriptions whose next try has come, oldest first. */
export function dueSubscriptions(
  db: SubscriptionsDb,
  now: number,
  limit: number,
): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('state', '=', 'active')
    .where('attempt_at', '<=', now)
    .orderBy('attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Records a failed try of the row's next cycle, unless someone else already moved it on: the next
 * try `retryInMs` later, or `failed` once `gaveUp`. Answers whether this caller recorded it.
 */
export async function recordRenewalFailure(
  db: SubscriptionsDb,
  row: SubscriptionRow,
  failure: { error: string; now: number; retryInMs: number; gaveUp: boolean },
): Promise<boolean> {
  const updated = await db
    .updateTable('subscriptions')
    .set({
      failures: row.failures + 1,
      last_error: failure.error.slice(0, 500),
      attempt_at: failure.now + failure.retryInMs,
      state: failure.gaveUp ? 'failed' : 'active',
      updated: failure.now,
    })
    .where('id', '=', row.id)
    .where('state', '=', 'active')
    .where('cycles_made', '=', row.cycles_made)
    .where('failures', '=', row.failures)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The customer's subscriptions, newest first. */
export function accountSubscriptions(db: SubscriptionsDb, accountId: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created', 'desc')
    .orderBy('id')
    .limit(100)
    .execute();
}

/**
 * Who acts: the customer's account (only its own subscriptions), the holder of a manage link (only
 * its subscription), or staff on the customer's behalf (any).
 */
export type SubscriptionOwner = { accountId: string } | { staff: true } | { manageToken: string };

/**
 * The customer's (or staff's) action on a subscription: 'not-found' when it is not theirs (or does not
 * exist), 'not-allowed' when its state does not allow it (a cancelled or ended one never changes).
 * A resume skips the periods that passed while paused: the next renewal is the first due date
 * from now on, never a burst of missed ones.
 */
export async function changeSubscription(
  db: SubscriptionsDb,
  change: { owner: SubscriptionOwner; id: string; action: SubscriptionAction; now: number },
): Promise<{ ok: true; row: SubscriptionRow } | { ok: false; reason: 'not-found' | 'not-allowed' }> {
  let query = db.selectFrom('subscriptions').selectAll().where('id', '=', change.id);
  if ('accountId' in change.owner) query = query.where('account_id', '=', change.owner.accountId);
  if ('manageToken' in change.owner)
    query = query.where('manage_digest', '=', digest(change.owner.manageToken));
  const row = await query.executeTakeFirst();
  if (!row) return { ok: false, reason: 'not-found' };
  if (!subscriptionActionAllowed(change.action, row.state)) return { ok: false, reason: 'not-allowed' };
  let set: {
    state: SubscriptionState;
    due_periods?: number;
    next_due?: number;
    attempt_at?: number;
    failures?: number;
    last_error?: null;
  } = { state: subscriptionStateAfter(change.action) };
  if (change.action === 'resume') {
    let periods = row.due_periods;
    while (dueAt(row, periods) < change.now) periods++;
    const nextDue = dueAt(row, periods);
    set = {
      state: subscriptionStateAfter('resume'),
      due_periods: periods,
      next_due: nextDue,
      attempt_at: nextDue,
      failures: 0,
      last_error: null,
    };
  }
  const updated = await db
    .updateTable('subscriptions')
    .set({ ...set, updated: change.now })
    .where('id', '=', row.id)
    .where('state', '=', row.state)
    .where('cycles_made', '=', row.cycles_made)
    .executeTakeFirst();
  // Changed under us (a renewal or another tab): the customer sees the new state and may try again.
  if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: 'not-allowed' };
  return { ok: true, row: { ...row, ...set } };
}

/**
 * In the transaction deleting the account: cancels its subscriptions that could still renew
 * (nobody could manage them any more, and renewing needs the customer's address), then detaches
 * them all and drops their personal data, as the account's orders are.
 */
export async function cancelAccountSubscriptions(
  trx: SubscriptionsDb,
  accountId: string,
  now: number,
): Promise<void> {
  await trx
    .updateTable('subscriptions')
    .set({ state: 'cancelled', updated: now })
    .where('account_id', '=', accountId)
    .where('state', 'in', [...SUBSCRIPTION_ACTION_FROM.cancel])
    .execute();
  await trx
    .updateTable('subscriptions')
    .set({ account_id: null, email: '', customer: '{}' })
    .where('account_id', '=', accountId)
    .execute();
}

/** The subscription a subscription order started, if any. */
export function subscriptionOfOrder(
  db: SubscriptionsDb,
  orderId: string,
): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('first_order_id', '=', orderId).executeTakeFirst();
}

export type { SubscriptionView };

export function subscriptionView(row: SubscriptionRow): SubscriptionView {
  return {
    id: row.id,
    title: row.title,
    itemId: row.item_id,
    sku: row.sku,
    quantity: row.quantity,
    state: row.state,
    billingPeriod: { value: row.period_value, unit: row.period_unit },
    numBillingCycles: row.num_cycles,
    cyclesMade: row.cycles_made,
    nextRenewal: renewsLater(row.state) ? Number(row.next_due) : null,
    nextRenewalDay: renewsLater(row.state) ? billingDay(Number(row.next_due), row.time_zone) : null,
    created: Number(row.created),
  };
}

/** Subscriptions newest first (of one state, when given), after the (created, id) position given. */
export function subscriptionsNewestFirst(
  db: SubscriptionsDb,
  options: {
    state?: SubscriptionState | undefined;
    before?: readonly [number, string] | undefined;
    limit: number;
  },
): Promise<SubscriptionRow[]> {
  let q = db.selectFrom('subscriptions').selectAll();
  if (options.state) q = q.where('state', '=', options.state);
  const { before } = options;
  if (before)
    q = q.where((eb) =>
      eb.or([
        eb('created', '<', before[0]),
        eb.and([eb('created', '=', before[0]), eb('id', '>', before[1])]),
      ]),
    );
  return q.orderBy('created', 'desc').orderBy('id').limit(options.limit).execute();
}

/** The subscription of that id, if any. */
export function subscriptionById(db: SubscriptionsDb, id: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}
