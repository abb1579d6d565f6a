/**
 * Subscriptions in the back office (issue 17, docs/subscriptions.md), on db/subscriptions.ts.
 * Registered by routes.ts; signed-in staff only (401 signed out, 403 `account.forbidden`):
 *
 * - `GET /api/config/subscriptions?state=&cursor=` (`orders.read`) -> `{ subscriptions: [{ id,
 *   customer: { email, name }, title, sku, quantity, billingPeriod, numBillingCycles, cyclesMade,
 *   nextRenewal, state, failures, lastError, created, firstOrderNumber }], hasNextPage,
 *   nextPageCursor }`, newest first;
 * - `POST /api/config/subscriptions/:id/{pause|resume|cancel}` (`orders.manage`) -> `{ subscription }`
 *   as listed: the customer's own actions, taken on their behalf (409 `subscription-not-allowed`
 *   when the state does not allow it, 404 `not-found` for an unknown id).
 */
import type {
  StaffSubscription,
  StaffSubscriptionAnswer,
  StaffSubscriptionPage,
} from '@storefront/core/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { SUBSCRIPTION_ACTIONS, SUBSCRIPTION_STATES } from '@storefront/core/subscriptions';
import { changeSubscription, subscriptionView, type SubscriptionRow } from './store.ts';
import { decodeCursor, pageOf } from '../../platform/http/cursor.ts';
import { orderNumbersOf } from '../orders/index.ts';
import { apiError } from '../../platform/http/errors.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';

const PAGE = 50;

export const subscriptionListQuery = z
  .object({ state: z.enum(SUBSCRIPTION_STATES).optional(), cursor: z.string().max(500).optional() })
  .strict();
const actionParams = z
  .object({
    id: z.string().uuid('expected a subscription id'),
    action: z.enum(SUBSCRIPTION_ACTIONS),
  })
  .strict();
const noBody = z.undefined().or(z.object({}).strict());

function staffView(row: SubscriptionRow, orderNumbers: ReadonlyMap<string, number>): StaffSubscription {
  const customer = JSON.parse(row.customer) as { name?: string };
  return {
    ...subscriptionView(row),
    customer: { email: row.email, name: customer.name ?? '' },
    failures: row.failures,
    lastError: row.last_error,
    firstOrderNumber: orderNumbers.get(row.first_order_id) ?? null,
  };
}

function subscriptions(db: Db) {
  return db.selectFrom('subscriptions').selectAll('subscriptions');
}

/** The rows as staff see them, with their first order's number. */
async function staffViews(db: Db, rows: readonly SubscriptionRow[]): Promise<StaffSubscription[]> {
  const orderNumbers = await orderNumbersOf(
    db,
    rows.map((r) => r.first_order_id),
  );
  return rows.map((row) => staffView(row, orderNumbers));
}

/** The subscriptions of the given state (all when none), newest first, a page at a time. */
export async function listSubscriptions(
  db: Db,
  query: z.infer<typeof subscriptionListQuery>,
): Promise<StaffSubscriptionPage> {
  let q = subscriptions(db);
  if (query.state) q = q.where('subscriptions.state', '=', query.state);
  if (query.cursor) {
    const [created, id] = decodeCursor(query.cursor, ['number', 'string']);
    q = q.where((eb) =>
      eb.or([
        eb('subscriptions.created', '<', created),
        eb.and([eb('subscriptions.created', '=', created), eb('subscriptions.id', '>', id)]),
      ]),
    );
  }
  const rows = await q
    .orderBy('subscriptions.created', 'desc')
    .orderBy('subscriptions.id')
    .limit(PAGE + 1)
    .execute();
  const { shown, ...paging } = pageOf(rows, PAGE, (r) => [Number(r.created), r.id]);
  return { subscriptions: await staffViews(db, shown), ...paging };
}

export async function subscriptionBackofficeRoutes(
  app: FastifyInstance,
  prefix: string,
  options: { now: () => number },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  api.get(
    `${prefix}/subscriptions`,
    { preValidation: requirePermission('orders.read'), schema: { querystring: subscriptionListQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSubscriptions(db, request.query);
    },
  );

  api.post(
    `${prefix}/subscriptions/:id/:action`,
    {
      preValidation: requirePermission('orders.manage'),
      config: { crumb: true },
      schema: { params: actionParams, body: noBody },
    },
    async (request, reply) => {
      const { id, action } = request.params;
      const changed = await changeSubscription(db, {
        owner: { staff: true },
        id,
        action,
        now: options.now(),
      });
      if (!changed.ok)
        throw apiError(
          changed.reason === 'not-found' ? 'subscription-not-found' : 'subscription-not-allowed',
        );
      request.log.info(
        { subscriptionId: id, action, staff: request.member?.accountId },
        'subscription changed by staff',
      );
      reply.header('cache-control', 'no-store');
      const row = await subscriptions(db).where('subscriptions.id', '=', id).executeTakeFirstOrThrow();
      const orderNumbers = await orderNumbersOf(db, [row.first_order_id]);
      return { subscription: staffView(row, orderNumbers) } satisfies StaffSubscriptionAnswer;
    },
  );
}
