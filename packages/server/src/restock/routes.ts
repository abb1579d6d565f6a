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
 */
import { validateRestockEmail } from '@storefront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerDatabaseRateLimit } from '../http/rate-limit.ts';
import { altchaProvider, sharedSecret, spendSolution, type CaptchaProvider } from '../http/captcha.ts';
import { apiError, coreRefusal } from '../http/errors.ts';
import type { ZodTypeProvider } from '../http/schemas.ts';
import { signUp, signUpTargetProblem } from './signups.ts';

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

export async function restockRoutes(plugin: FastifyInstance, options: RestockOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const ls = app.localizedStrings;
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
      const email = validateRestockEmail(input.siteVisitorEmail, ls);
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
}
