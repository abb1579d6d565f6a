/**
 * The gift card balance check (issue 17): `POST /api/gift-cards/balance` ({ code }) and the page
 * `/gift-card/balance` (a form that works without JavaScript), both rate limited per client under
 * their own counter; and the sweep that queues recipient mails on the day the buyer chose.
 */
import { formatMoney, message, PageType, type LocalizedStrings } from '@storefront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { giftCardBalance, groupGiftCardCode } from './store.ts';
import type { Db } from '../../platform/db/index.ts';
import { CART_COOKIE } from '../../platform/http/cookies.ts';
import { crumbMatches, ensureCrumb } from '../../platform/http/crumb.ts';
import { ApiError, apiError, invalidInput } from '../../platform/http/errors.ts';
import { registerDatabaseRateLimit } from '../../platform/http/rate-limit.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { signedInCustomer } from '../../platform/http/session.ts';
import { sendPageResult } from '../../platform/http/page-result.ts';
import type { SystemPageRenderer } from '../../platform/site/page-renderer.ts';
import type { SystemPageRequest } from '../../platform/site/system/index.ts';
import { queueDueGiftCardMails } from './gift-cards.ts';
import type { SiteResolver } from '../../platform/site/context.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';

const balanceBody = z.object({ code: z.string().max(64), crumb: z.string().max(200).optional() }).strict();

export interface GiftCardRouteOptions {
  renderer: SystemPageRenderer;
  /** Balance checks per client per window: a code cannot be found by trying many. */
  balanceLimit: { max: number; windowMs: number };
  /** The site whose cards the sweep mails (it runs with no request). */
  site: SiteResolver;
  /** How often due recipient mails are looked for (ms); 0 turns the sweep off. */
  sweepMs: number;
  /** The balance page's system template and context, in checkout's look (app.ts hands over the orders module's). */
  balancePage: (
    page: { crumb: string; code?: string; balance?: string; error?: string },
    ls?: LocalizedStrings,
  ) => SystemPageRequest;
}

export async function giftCardRoutes(plugin: FastifyInstance, options: GiftCardRouteOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  await registerDatabaseRateLimit(app, db, 'gift-card-balance', () => apiError('rate-limited'));
  const limit = { rateLimit: { max: options.balanceLimit.max, timeWindow: options.balanceLimit.windowMs } };

  app.post(
    '/api/gift-cards/balance',
    { config: { ...limit, crumb: true }, schema: { body: balanceBody } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return balanceAnswer(db, request.body.code);
    },
  );

  const showPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    shown: { code?: string; balance?: string; error?: string },
  ) => {
    const crumb = ensureCrumb(request, reply);
    const ls = request.site.strings;
    const title = message('giftcard.balance-title', {}, ls);
    const result = await options.renderer.renderSystemPage({
      site: request.site,
      path: '/gift-card/balance',
      cartToken: request.cookies[CART_COOKIE],
      member: signedInCustomer(request),
      status,
      pageType: PageType.PAGE,
      title,
      templatePage: options.balancePage({ crumb, ...shown }, ls),
    });
    return sendPageResult(reply, result, 'no-store');
  };

  app.get('/gift-card/balance', async (request, reply) => showPage(request, reply, 200, {}));

  app.post('/gift-card/balance', { config: limit }, async (request, reply) => {
    const parsed = balanceBody.safeParse(request.body ?? {});
    const code = parsed.success ? parsed.data.code : '';
    try {
      if (!parsed.success) throw invalidInput(parsed.error, 'form');
      if (!crumbMatches(request, parsed.data.crumb ?? '')) throw apiError('crumb-fail');
      const answer = await balanceAnswer(db, code);
      return showPage(request, reply, 200, { code: answer.code, balance: answer.balance });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return showPage(request, reply, error.statusCode, {
        code,
        error: String(error.body(request.site.strings).message),
      });
    }
  });

  if (options.sweepMs > 0) {
    const sweep = async () => {
      const ids = await writeTransaction(db, (trx) => queueDueGiftCardMails(trx, options.site()));
      for (const id of ids) app.mailer.deliverLater(id);
    };
    app.jobs.register({ name: 'gift-card mail sweep', everyMs: options.sweepMs, run: sweep });
  }
}

/** A code's balance, or the catalogue's refusal for a blank, unknown or voided one. */
async function balanceAnswer(db: Db, input: string) {
  if (!input.trim()) throw apiError('gift-card-blank');
  const card = await giftCardBalance(db, input);
  if (!card) throw apiError('gift-card-unknown');
  if (card.voided) throw apiError('gift-card-voided');
  return {
    code: groupGiftCardCode(card.code),
    balanceCents: card.balanceCents,
    currency: card.currency,
    balance: formatMoney(card.balanceCents, card.currency),
  };
}
