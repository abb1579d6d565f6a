/**
 * Subscriptions (issue 17, docs/subscriptions.md): the renewal scheduler of this instance and the
 * customer's own actions on their subscriptions.
 *
 *   GET  /api/site-users/account/subscriptions              -> { subscriptions }
 *   POST /api/site-users/account/subscriptions/:id/:action  pause | resume | cancel -> { subscription }
 *   POST /account/subscriptions/:id                         the /account page's form (`action`, `crumb`)
 *   GET  /subscriptions/manage?token=                       a manage link's page (a guest's subscription)
 *   POST /subscriptions/manage                              its form (`token`, `action`, `crumb`)
 *
 * Only the signed-in customer's own subscriptions: another's answers the same 404 as none. A manage
 * link works for its one subscription, signed in or not; a forged or unknown token answers 404.
 */
import { message, PageType } from '@storefront/core';
import { SUBSCRIPTION_ACTIONS } from '@storefront/core/subscriptions';
import { escapeHtml as h } from '../../platform/http/html.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountSubscriptions,
  changeSubscription,
  SUBSCRIPTION_MANAGE_PATH,
  subscriptionByManageToken,
  subscriptionManagePath,
  subscriptionView,
  type SubscriptionAction,
  type SubscriptionOwner,
} from './store.ts';
import { CART_COOKIE } from '../../platform/http/cookies.ts';
import { crumbFailure, crumbMatches, ensureCrumb } from '../../platform/http/crumb.ts';
import { ApiError, apiError, invalidInput } from '../../platform/http/errors.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { requireMember } from '../../platform/http/guards.ts';
import { signedInCustomer } from '../../platform/http/session.ts';
import { sendPageResult } from '../../platform/http/page-result.ts';
import type { SystemPageRenderer } from '../../platform/site/page-renderer.ts';
import { subscriptionItemHtml } from './view-html.ts';
import { RenewalScheduler, type PlaceRenewal, type RenewalOrders, type TickResult } from './renewals.ts';
import type { SiteResolver } from '../../platform/site/context.ts';

export interface SubscriptionOptions {
  renderer: SystemPageRenderer;
  placeRenewal: PlaceRenewal;
  /** The orders module's answers about renewal orders (app.ts hands them over). */
  orders: RenewalOrders;
  /** The clock renewals and resumes run on; tests step it. */
  now: () => number;
  /** How often this instance looks for due renewals (ms); 0 turns the scheduler off. */
  intervalMs: number;
  /** Told of each finished look for due renewals. */
  onTick?: (result: TickResult) => void;
  /** The site whose renewals fail and are mailed (the scheduler runs with no request). */
  site: SiteResolver;
  /** Failed tries of one cycle before it stops (default 4), and the first retry's wait (default 1 h). */
  maxFailures?: number;
  retryBaseMs?: number;
}

const idParams = z.object({ id: z.string().uuid() }).strict();
const actionParams = idParams.extend({ action: z.enum(SUBSCRIPTION_ACTIONS) }).strict();
const actionForm = z
  .object({ action: z.enum(SUBSCRIPTION_ACTIONS), crumb: z.string().max(200).optional() })
  .strict();
/** A manage link's token: 32 bytes, base64url. Anything else names no subscription. */
const manageToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const manageQuery = z.object({ token: z.string().max(200) }).strict();
const manageForm = actionForm.extend({ token: z.string().max(200) }).strict();

export async function subscriptionRoutes(app: FastifyInstance, options: SubscriptionOptions): Promise<void> {
  const { db } = app.database;
  const scheduler = new RenewalScheduler({
    db,
    placeRenewal: options.placeRenewal,
    orders: options.orders,
    mailer: app.mailer,
    log: app.log,
    now: options.now,
    maxFailures: options.maxFailures ?? 4,
    retryBaseMs: options.retryBaseMs ?? 3_600_000,
    batch: 50,
    site: options.site,
    ...(options.onTick ? { onTick: options.onTick } : {}),
  });

  const accountIdOf = (request: FastifyRequest) =>
    request.member?.kind === 'customer' ? request.member.accountId : undefined;

  const changeAs = async (owner: SubscriptionOwner, id: string, action: SubscriptionAction) => {
    const changed = await changeSubscription(db, { owner, id, action, now: options.now() });
    if (!changed.ok)
      throw apiError(changed.reason === 'not-found' ? 'subscription-not-found' : 'subscription-not-allowed');
    return changed.row;
  };
  const change = async (request: FastifyRequest, id: string, action: SubscriptionAction) => {
    const accountId = accountIdOf(request);
    if (!accountId) throw apiError('account.sign-in-required');
    return changeAs({ accountId }, id, action);
  };

  const signedIn = { preHandler: requireMember('customer') };
  app.get('/api/site-users/account/subscriptions', signedIn, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await accountSubscriptions(db, accountIdOf(request) as string);
    return { subscriptions: rows.map(subscriptionView) };
  });

  app.post(
    '/api/site-users/account/subscriptions/:id/:action',
    { config: { crumb: true }, ...signedIn },
    async (request, reply) => {
      // A malformed id is a subscription that does not exist, as for anyone else's.
      const params = actionParams.safeParse(request.params);
      if (!params.success) {
        const action = (request.params as { action?: string }).action;
        if (SUBSCRIPTION_ACTIONS.includes(action as SubscriptionAction))
          throw apiError('subscription-not-found');
        throw invalidInput(params.error, 'path');
      }
      reply.header('cache-control', 'no-store');
      const row = await change(request, params.data.id, params.data.action);
      return { subscription: subscriptionView(row) };
    },
  );

  /** A refused form post: its message on a page of its own, with its status and a way back. */
  const refusedPage = async (request: FastifyRequest, reply: FastifyReply, error: ApiError) => {
    ensureCrumb(request, reply);
    const ls = request.site.strings;
    const title = message('account.subscriptions', {}, ls);
    const text = String(error.body(ls).message);
    const result = await options.renderer.renderSystemPage({
      site: request.site,
      path: '/account/subscriptions',
      cartToken: request.cookies[CART_COOKIE],
      member: signedInCustomer(request),
      status: error.statusCode,
      pageType: PageType.PAGE,
      title,
      html: `<h1>${h(title)}</h1><p role="alert">${h(text)}</p><p><a href="/account">${h(
        message('account.title', {}, ls),
      )}</a></p>`,
    });
    return sendPageResult(reply, result, 'no-store');
  };

  // A refused form is answered with a page, after the sign-in check: the route schema's refusal is
  // attached to the request (attachValidation) for the handler to show.
  const formRoute = {
    schema: { body: actionForm },
    attachValidation: true,
    config: { xsrf: false as const },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/account/subscriptions/:id', formRoute, async (request, reply) => {
      if (!accountIdOf(request)) return reply.code(303).header('location', '/account/login').send();
      try {
        const params = idParams.safeParse(request.params);
        if (!params.success) throw apiError('subscription-not-found');
        if (request.validationError) throw request.validationError;
        const form = request.body;
        if (!crumbMatches(request, form.crumb)) throw crumbFailure(request);
        await change(request, params.data.id, form.action);
        return reply.code(303).header('location', '/account#subscriptions').send();
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return refusedPage(request, reply, error);
      }
    });

  /** A manage link's page: the subscription with the buttons its state allows; 404 for a token naming none. */
  app.get(SUBSCRIPTION_MANAGE_PATH, async (request, reply) => {
    // The token is in the address: no page it links to may be told it.
    reply.header('referrer-policy', 'no-referrer');
    const query = manageQuery.safeParse(request.query);
    const token =
      query.success && manageToken.safeParse(query.data.token).success ? query.data.token : undefined;
    const row = token ? await subscriptionByManageToken(db, token) : undefined;
    if (!token || !row) return refusedPage(request, reply, apiError('subscription-not-found'));
    const crumb = ensureCrumb(request, reply);
    const ls = request.site.strings;
    const title = message('subscription.manage-title', {}, ls);
    const item = subscriptionItemHtml(
      subscriptionView(row),
      { action: SUBSCRIPTION_MANAGE_PATH, crumb, fields: { token } },
      ls,
    );
    const result = await options.renderer.renderSystemPage({
      site: request.site,
      path: SUBSCRIPTION_MANAGE_PATH,
      cartToken: request.cookies[CART_COOKIE],
      member: signedInCustomer(request),
      status: 200,
      pageType: PageType.PAGE,
      title,
      html: `<h1>${h(title)}</h1><ul class="sf-account__subscriptions">${item}</ul>`,
    });
    return sendPageResult(reply, result, 'no-store');
  });

  app.post(SUBSCRIPTION_MANAGE_PATH, { config: { xsrf: false } }, async (request, reply) => {
    reply.header('referrer-policy', 'no-referrer');
    try {
      const parsed = manageForm.safeParse(request.body ?? {});
      if (!parsed.success) throw invalidInput(parsed.error, 'form');
      const form = parsed.data;
      if (!crumbMatches(request, form.crumb)) throw crumbFailure(request);
      if (!manageToken.safeParse(form.token).success) throw apiError('subscription-not-found');
      const row = await subscriptionByManageToken(db, form.token);
      if (!row) throw apiError('subscription-not-found');
      await changeAs({ manageToken: form.token }, row.id, form.action);
      return reply.code(303).header('location', subscriptionManagePath(form.token)).send();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return refusedPage(request, reply, error);
    }
  });

  if (options.intervalMs > 0) {
    // The runner stops before the database closes, waiting for a tick under way.
    app.jobs.register({
      name: 'subscription renewals',
      everyMs: options.intervalMs,
      run: async () => void (await scheduler.tick()),
    });
  }
}
