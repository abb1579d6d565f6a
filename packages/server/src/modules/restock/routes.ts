/**
 * Restock sign-up over HTTP (spec sections 2, 3, 5, 7; issue 6):
 *
 * `POST /api/site-users/account/notifications/restock` with the restock payload `{ productId,
 * variantId, siteVisitorEmail, isJoinMailingList?, captchaToken? }` answers `{ success: true,
 * alreadySignedUp }`. One sign-up per email and variant: a second one for the same pair is
 * accepted and stores no second row (a tick of the mailing-list box is kept).
 *
 * Refusals answer `{ code, message }`, entries of http/errors.ts (the browser shows the message in
 * place): 400 `invalid-request` / `restock.email-blank` / `restock.email-invalid` /
 * `restock.captcha-incomplete` / `restock.captcha-failed`; 403 the crumb failure; 404
 * `product-not-found` / `variant-not-found`; 429 `rate-limited`; 500 `server-error`.
 * The captcha (ALTCHA, the site forms' provider and challenge route) is asked for when the site
 * has `website.captchaSettings.siteKey`, the same condition under which the helper renders its
 * container.
 *
 * The staff's calls (spec section 7; issue 15), under the same path, each needing `stock.manage`
 * (401 signed out, 403 without it):
 * - `GET …/restock/groups?cursor=` -> `{ signUpGroups: [{ productId, variantId, productTitle, sku,
 *   attributes, waiting, sent, inStock, readyToSend }], hasNextPage, nextPageCursor }`;
 * - `GET …/restock?productId=&variantId=&cursor=` -> `{ signUps: [{ id, siteVisitorEmail,
 *   isJoinMailingList, created, notifiedAt }], hasNextPage, nextPageCursor }`;
 * - `POST …/restock/send` `{ productId, variantId }` -> `{ sent }`, the sign-ups mailed now (each
 *   sign-up is mailed once, ever: signups.ts `sendGroup`); 409 `restock.sold-out` while the variant
 *   is still sold out (no one is told it is back when it is not);
 * - `POST …/restock/send/all` `{ sendRequests: [{ productId, variantId }] }` -> `{ sent, results:
 *   [{ productId, variantId, sent }] }`; one target refused (unknown, still sold out) sends nothing.
 */
import { message, validateRestockEmail } from '@storefront/core';
import type { RestockSendAllAnswer, RestockSendAnswer } from '@storefront/core/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerDatabaseRateLimit } from '../../platform/http/rate-limit.ts';
import {
  altchaProvider,
  sharedSecret,
  spendSolution,
  type CaptchaProvider,
} from '../../platform/http/captcha.ts';
import { apiError, coreRefusal } from '../../platform/http/errors.ts';
import type { SiteContext } from '../../platform/site/context.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import { decodeCursor } from '../../platform/http/cursor.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { itemAddresses } from '../catalogue/index.ts';
import {
  sendGroup,
  signUp,
  signUpGroups,
  signUpsOf,
  signUpTargetProblem,
  stillSoldOut,
  type RestockMail,
} from './signups.ts';

export const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

export interface RestockOptions {
  /** True when the site has a captcha site key: every sign-up must carry a solved captcha. */
  captchaRequired: boolean;
  /** Sign-ups per client address and window. */
  limit?: { max: number; windowMs: number };
  /** Replaces the ALTCHA provider (reCAPTCHA). */
  captcha?: CaptchaProvider;
}

export const DEFAULT_RESTOCK_LIMIT = { max: 30, windowMs: 10 * 60_000 };

const ID = z.string().min(1).max(100);
const body = z
  .object({
    productId: ID,
    variantId: ID,
    siteVisitorEmail: z.string().max(1000),
    isJoinMailingList: z.boolean().optional(),
    captchaToken: z.string().max(20_000).nullable().optional(),
  })
  .strict();

const PAGE_SIZE = 50;
const target = z.object({ productId: ID, variantId: ID }).strict();
const groupsQuery = z.object({ cursor: z.string().max(500).optional() }).strict();
const signUpsQuery = target.extend({ cursor: z.string().max(500).optional() }).strict();
const sendAllBody = z.object({ sendRequests: z.array(target).min(1).max(500) }).strict();

export async function restockRoutes(plugin: FastifyInstance, options: RestockOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  // Verifying needs only the shared HMAC secret: the challenge comes from the site forms' route.
  const captcha =
    options.captcha ??
    altchaProvider({
      secret: await sharedSecret(db, 'altcha-hmac'),
      cost: 1,
      minCounter: 0,
      maxCounter: 1,
      ttlMs: 0,
    });
  const limit = options.limit ?? DEFAULT_RESTOCK_LIMIT;

  await registerDatabaseRateLimit(app, db, 'restock', () => apiError('rate-limited'));

  app.post(
    RESTOCK_PATH,
    {
      schema: { body },
      config: {
        crumb: true,
        rateLimit: {
          max: limit.max,
          timeWindow: limit.windowMs,
          keyGenerator: (r: FastifyRequest) => `signup:${r.ip}`,
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const email = validateRestockEmail(input.siteVisitorEmail, request.site.strings);
      if (!email.ok) throw coreRefusal(email.error);

      const problem = await signUpTargetProblem(db, input.productId, input.variantId);
      if (problem) throw apiError(problem);

      if (options.captchaRequired) {
        if (!input.captchaToken) throw apiError('restock.captcha-incomplete');
        const verdict = await captcha.verify(input.captchaToken);
        if (!verdict.ok || !(await spendSolution(db, verdict.id))) throw apiError('restock.captcha-failed');
      }

      const { alreadySignedUp } = await signUp(db, {
        productId: input.productId,
        variantId: input.variantId,
        email: email.value,
        joinMailingList: input.isJoinMailingList === true,
        clientIp: request.ip,
      });
      reply.header('cache-control', 'no-store');
      return { success: true, alreadySignedUp };
    },
  );
  // ------------------------------------------------------------------ the staff's calls

  const staff = { preValidation: requirePermission('stock.manage') };

  app.get(
    `${RESTOCK_PATH}/groups`,
    { ...staff, schema: { querystring: groupsQuery } },
    async (request, reply) => {
      const after = request.query.cursor
        ? decodeCursor(request.query.cursor, ['string', 'string'])
        : undefined;
      reply.header('cache-control', 'no-store');
      return signUpGroups(db, after, PAGE_SIZE);
    },
  );

  app.get(RESTOCK_PATH, { ...staff, schema: { querystring: signUpsQuery } }, async (request, reply) => {
    const { productId, variantId, cursor } = request.query;
    const after = cursor ? decodeCursor(cursor, ['number', 'string']) : undefined;
    reply.header('cache-control', 'no-store');
    return signUpsOf(db, productId, variantId, after, PAGE_SIZE);
  });

  /**
   * Refuses a send that would mail "back in stock" wrongly: 404 when the product or variant is not
   * the shop's, 409 `restock.sold-out` while the variant is still sold out.
   */
  const refuseSend = async (productId: string, variantId: string): Promise<void> => {
    const problem = await signUpTargetProblem(db, productId, variantId);
    if (problem) throw apiError(problem);
    const soldOut = await stillSoldOut(db, variantId);
    if (soldOut) throw apiError('restock.send-sold-out', { params: soldOut });
  };
  /** Mails a variant's waiting sign-ups. */
  const send = async (site: SiteContext, productId: string, variantId: string): Promise<number> => {
    await refuseSend(productId, variantId);
    const mailIds = await sendGroup(db, productId, variantId, await restockMail(site, productId));
    for (const id of mailIds) app.mailer.deliverLater(id);
    return mailIds.length;
  };
  const restockMail = async (site: SiteContext, productId: string): Promise<RestockMail> => {
    const ls = site.strings;
    const item = (await itemAddresses(db, [productId])).get(productId);
    if (!item) throw new Error(`restock: product ${productId} is not in a collection`);
    const params = { product: item.title, site: site.title };
    return {
      subject: message('restock.mail-subject', params, ls),
      body: [
        message('restock.mail', params, ls),
        '',
        `${site.origin}/${item.collectionUrlId}/${item.urlId}`,
        '',
        site.title,
      ].join('\n'),
    };
  };

  app.post(
    `${RESTOCK_PATH}/send`,
    { ...staff, config: { crumb: true }, schema: { body: target } },
    async (request) =>
      ({
        sent: await send(request.site, request.body.productId, request.body.variantId),
      }) satisfies RestockSendAnswer,
  );

  app.post(
    `${RESTOCK_PATH}/send/all`,
    { ...staff, config: { crumb: true }, schema: { body: sendAllBody } },
    async (request) => {
      // Every request is checked before any is sent: a refusal sends nothing.
      for (const { productId, variantId } of request.body.sendRequests)
        await refuseSend(productId, variantId);
      const results = [];
      for (const { productId, variantId } of request.body.sendRequests)
        results.push({ productId, variantId, sent: await send(request.site, productId, variantId) });
      return { sent: results.reduce((n, r) => n + r.sent, 0), results } satisfies RestockSendAllAnswer;
    },
  );
}
