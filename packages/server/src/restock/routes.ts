/**
 * Restock sign-up over HTTP (spec sections 2, 3, 5, 7; issue 6):
 *
 * `POST /api/site-users/account/notifications/restock` with the restock payload `{ productId,
 * variantId, siteVisitorEmail, isJoinMailingList?, captchaToken? }` answers `{ success: true,
 * alreadySignedUp }`. One sign-up per email and variant: a second one for the same pair is
 * accepted and stores no second row (a tick of the mailing-list box is kept).
 *
 * Refusals answer `{ code, message }`, the message from core's catalogue (the browser shows it in
 * place): 400 `invalid-request` / `restock.email-blank` / `restock.email-invalid` /
 * `restock.captcha-incomplete` / `restock.captcha-failed`; 403 `{ crumbFail: true }`; 404
 * `product-not-found` / `variant-not-found`; 429 `rate-limited`; 500 `server-error`.
 * The captcha (ALTCHA, the site forms' provider and challenge route) is asked for when the site
 * has `website.captchaSettings.siteKey`, the same condition under which the helper renders its
 * container.
 */
import { randomUUID } from 'node:crypto';
import { message, validateRestockEmail, type MessageCode } from '@storefront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireCrumb } from '../commerce/crumb.ts';
import { registerDatabaseRateLimit } from '../commerce/rate-limit-store.ts';
import type { Db } from '../db/index.ts';
import { altchaProvider, sharedSecret, spendSolution, type CaptchaProvider } from '../forms/captcha.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { replyIfDatabaseUnavailable } from '../http/unavailable.ts';

export const RESTOCK_PATH = '/api/site-users/account/notifications/restock';

export interface RestockOptions {
  db: Db;
  localizedStrings?: Record<string, string>;
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

export async function restockRoutes(app: FastifyInstance, options: RestockOptions): Promise<void> {
  const { db, localizedStrings: ls } = options;
  const text = (code: MessageCode) => message(code, {}, ls);
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

  await registerDatabaseRateLimit(
    app,
    db,
    'restock',
    () => new HttpError(429, 'rate-limited', text('rate-limited')),
  );

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.statusCode).send({ code: error.code, message: error.message });
    const unavailable = replyIfDatabaseUnavailable(error, request, reply, ls);
    if (unavailable) return unavailable;
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'restock sign-up failed');
      return reply.code(500).send({ code: 'server-error', message: text('ui.something-went-wrong') });
    }
    const invalidJson = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError;
    return reply
      .code(status)
      .send(
        invalidJson
          ? { code: 'invalid-json', message: 'The request body is not valid JSON.' }
          : { code: 'bad-request', message: error.message },
      );
  });

  app.post(
    RESTOCK_PATH,
    {
      preHandler: requireCrumb,
      config: {
        rateLimit: {
          max: limit.max,
          timeWindow: limit.windowMs,
          keyGenerator: (r: FastifyRequest) => `signup:${r.ip}`,
        },
      },
    },
    async (request, reply) => {
      const input = parseInput(body, request.body, 'body');
      const email = validateRestockEmail(input.siteVisitorEmail, ls);
      if (!email.ok) throw new HttpError(400, email.error.code, email.error.message);

      const variant = await db
        .selectFrom('variants')
        .select(['id', 'item_id'])
        .where('id', '=', input.variantId)
        .executeTakeFirst();
      const product = await db
        .selectFrom('items')
        .select(['id', 'product_type'])
        .where('id', '=', input.productId)
        .executeTakeFirst();
      if (!product || product.product_type === null)
        throw new HttpError(404, 'product-not-found', text('cart.add.product-unavailable'));
      if (!variant || variant.item_id !== product.id)
        throw new HttpError(404, 'variant-not-found', text('cart.add.variant-unavailable'));

      if (options.captchaRequired) {
        if (!input.captchaToken)
          throw new HttpError(400, 'restock.captcha-incomplete', text('restock.captcha-incomplete'));
        const verdict = await captcha.verify(input.captchaToken);
        if (!verdict.ok || !(await spendSolution(db, verdict.id)))
          throw new HttpError(400, 'restock.captcha-failed', text('restock.captcha-failed'));
      }

      const join = input.isJoinMailingList === true ? 1 : 0;
      const inserted = await db
        .insertInto('restock_signups')
        .values({
          id: randomUUID(),
          product_id: product.id,
          variant_id: variant.id,
          email: email.value,
          email_key: email.value.toLowerCase(),
          join_mailing_list: join,
          created: Date.now(),
          notified_at: null,
          client_ip: request.ip,
        })
        .onConflict((oc) => oc.columns(['product_id', 'variant_id', 'email_key']).doNothing())
        .executeTakeFirst();
      const alreadySignedUp = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0;
      if (alreadySignedUp && join === 1) {
        await db
          .updateTable('restock_signups')
          .set({ join_mailing_list: 1 })
          .where('product_id', '=', product.id)
          .where('variant_id', '=', variant.id)
          .where('email_key', '=', email.value.toLowerCase())
          .execute();
      }
      reply.header('cache-control', 'no-store');
      return { success: true, alreadySignedUp };
    },
  );
}
