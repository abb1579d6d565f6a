/**
 * Product reviews (issue 17):
 *   GET  /reviews/request?token=        the reviews request page (page type 209) of the mailed link
 *   POST /reviews/request               its form (crumb): pending reviews stored, the link spent
 *   GET  /api/reviews/items/:itemId     a product's approved reviews, for its page's reviews script
 *   GET  /api/config/reviews            the moderation queue (comments.moderate)
 *   POST /api/config/reviews/:id/approve | reject   (comments.moderate, crumb)
 *
 * With the site's reviews flag off (feature 66, db/reviews.ts `reviewsEnabled`) the shopper's three
 * routes answer as an unknown path would; moderation stays, for reviews stored while it was on.
 */
import { message, PageType } from '@storefront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { moderateReview, ratingSummary, REVIEW_REQUEST_PATH, reviewRow } from './store.ts';
import { CART_COOKIE } from '../../platform/http/cookies.ts';
import { crumbMatches, ensureCrumb } from '../../platform/http/crumb.ts';
import { ApiError, apiError, invalidInput } from '../../platform/http/errors.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { signedInCustomer } from '../../platform/http/session.ts';
import { sendPageResult } from '../../platform/http/page-result.ts';
import type { SystemPageRenderer } from '../../platform/site/page-renderer.ts';
import {
  moderationList,
  moderationQuery,
  moderationView,
  productReviews,
  productReviewsQuery,
} from './lists.ts';
import {
  openRequest,
  storeReviews,
  submissionBody,
  writtenReviews,
  type OpenRequest,
  type OrderToReview,
} from './requests.ts';
import { reviewFormPage, reviewNoticePage } from './pages.ts';
import { REVIEW_PAGE_TEMPLATES } from './templates.ts';
import type { SystemPageRequest } from '../../platform/site/system/index.ts';

export interface ReviewRouteOptions {
  renderer: SystemPageRenderer;
  /** The site's reviews flag (feature 66). */
  enabled: boolean;
  orderToReview: OrderToReview;
}

const tokenQuery = z.object({ token: z.string().max(100).default('') });
const itemParams = z.object({ itemId: z.string().min(1).max(100) }).strict();
const reviewParams = z.object({ id: z.string().min(1).max(100) }).strict();
const noBody = z.undefined().or(z.object({}).strict());

export async function reviewRoutes(plugin: FastifyInstance, options: ReviewRouteOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const shopperRoute = {
    onRequest: async (_request: FastifyRequest, reply: FastifyReply) => {
      if (options.enabled) return;
      reply.callNotFound();
      return reply;
    },
  };

  options.renderer.systemPages.register(REVIEW_PAGE_TEMPLATES);
  const showPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    page: SystemPageRequest,
  ) => {
    const ls = request.site.strings;
    const result = await options.renderer.renderSystemPage({
      site: request.site,
      path: REVIEW_REQUEST_PATH,
      cartToken: request.cookies[CART_COOKIE],
      member: signedInCustomer(request),
      status,
      pageType: PageType.REVIEWS_REQUEST,
      title: message('review.request-title', {}, ls),
      templatePage: page,
    });
    return sendPageResult(reply, result, 'no-store');
  };
  const refusal = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    const ls = request.site.strings;
    return showPage(
      request,
      reply,
      error.statusCode,
      reviewNoticePage(String(error.body(ls).message), true, ls),
    );
  };

  app.get(REVIEW_REQUEST_PATH, shopperRoute, async (request, reply) => {
    const ls = request.site.strings;
    // The token is read as any string: a malformed one is refused like a forged one, on the page.
    const token = tokenQuery.safeParse(request.query).data?.token ?? '';
    reply.header('referrer-policy', 'no-referrer');
    try {
      const open = await openRequest(db, options.orderToReview, token);
      const crumb = ensureCrumb(request, reply);
      return await showPage(request, reply, 200, reviewFormPage({ request: open, token, crumb }, ls));
    } catch (error) {
      return refusal(request, reply, error);
    }
  });

  app.post(REVIEW_REQUEST_PATH, shopperRoute, async (request, reply) => {
    const ls = request.site.strings;
    reply.header('referrer-policy', 'no-referrer');
    const parsed = submissionBody.safeParse(request.body ?? {});
    let open: OpenRequest | undefined;
    try {
      if (!parsed.success) throw invalidInput(parsed.error, 'form');
      if (!crumbMatches(request, parsed.data.crumb ?? '')) throw apiError('crumb-fail');
      open = await openRequest(db, options.orderToReview, parsed.data.token);
      await storeReviews(db, open, writtenReviews(open, parsed.data));
      return await showPage(
        request,
        reply,
        200,
        reviewNoticePage(message('review.thanks', {}, ls), false, ls),
      );
    } catch (error) {
      if (!(error instanceof ApiError) || !open || !parsed.success) return refusal(request, reply, error);
      // The form again, as typed, with what to fix above it.
      const page = reviewFormPage(
        {
          request: open,
          token: parsed.data.token,
          crumb: ensureCrumb(request, reply),
          values: parsed.data as Record<string, string>,
          error: String(error.body(ls).message),
        },
        ls,
      );
      return showPage(request, reply, error.statusCode, page);
    }
  });

  app.get(
    '/api/reviews/items/:itemId',
    { ...shopperRoute, schema: { params: itemParams, querystring: productReviewsQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const [summary, page] = await Promise.all([
        ratingSummary(db, request.params.itemId),
        productReviews(db, request.params.itemId, request.query),
      ]);
      return { summary: summary ?? { count: 0, averageRating: 0 }, ...page };
    },
  );

  const moderate = { preValidation: requirePermission('comments.moderate') };

  app.get(
    '/api/config/reviews',
    { ...moderate, schema: { querystring: moderationQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return moderationList(db, request.query);
    },
  );

  for (const [action, state] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const)
    app.post(
      `/api/config/reviews/:id/${action}`,
      { ...moderate, config: { crumb: true }, schema: { params: reviewParams, body: noBody } },
      async (request, reply) => {
        const { id } = request.params;
        const actorId = (request.member as { accountId: string }).accountId;
        if (!(await moderateReview(db, id, state, actorId))) throw apiError('review-not-found');
        reply.header('cache-control', 'no-store');
        return moderationView(await reviewRow(db, id));
      },
    );
}
