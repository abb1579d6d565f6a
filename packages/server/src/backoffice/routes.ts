/**
 * The back office (issue 15): its screens under `/config/*` (one HTML shell; the screens are the
 * back-office bundle's) and its calls under `/api/config/…`, every one for signed-in staff whose
 * roles grant its permission (docs/accounts.md): signed out, a screen redirects to `/config/login`
 * and a call answers 401; without the permission a call answers 403 `account.forbidden`.
 *
 * Orders (`orders.read` to read, `orders.manage` to act):
 * - `GET /api/config/orders?q=&status=&from=&to=&productId=&cursor=&limit=` -> `{ orders,
 *   hasNextPage, nextPageCursor }`, newest first;
 * - `GET /api/config/orders/export?<the same filters>` -> the filtered list as CSV, streamed;
 * - `GET /api/config/products?q=&limit=` -> `{ products: [{ productId, title }] }`: the products whose
 *   title holds `q`, by title (the list's product filter picks from them);
 * - `GET /api/config/orders/:number` -> the order's lines, customer, address, totals, payment,
 *   fulfilments, refunds and timeline;
 * - `POST /api/config/orders/:number/{mark-paid,fulfil,cancel,refund,resend-confirmation,notes}`
 *   -> the order as `GET` answers it after the action (refunds: refunds.ts). Each takes an `Idempotency-Key`
 *   (http/idempotency.ts); an action the order's state does not allow answers 409 `order-conflict`.
 *
 * Stock (`stock.manage`; modules/catalogue/admin-stock.ts):
 * - `GET /api/config/stock?q=&filter=low|sold-out&cursor=` -> `{ variants, hasNextPage, nextPageCursor }`;
 * - `POST /api/config/stock/:variantId` `{ adjust | set + expected, reason, note? }` -> `{ variantId,
 *   qtyInStock }`; 409 `stock-conflict` below zero or when the level changed since it was read;
 * - `GET /api/config/stock/ledger?variantId=&reason=&from=&to=&cursor=` -> `{ entries, hasNextPage,
 *   nextPageCursor }`; `from` and `to` are UTC days, both included;
 * - `GET /api/config/stock/ledger/export?variantId=&reason=&from=&to=` -> the filtered ledger as CSV, streamed.
 *
 * Form submissions, the mail outbox and the dashboard: records-routes.ts. Comment moderation: comments.ts.
 * Gift cards and their ledgers (`orders.read`): gift-cards.ts. Subscriptions (`orders.read` to list,
 * `orders.manage` to pause, resume or cancel): subscriptions.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { requirePermission } from '../platform/http/guards.ts';
import { hasPermission, PERMISSIONS } from '@storefront/core';
import { ensureCrumb } from '../platform/http/crumb.ts';
import { apiError } from '../platform/http/errors.ts';
import { accountEmails } from '../modules/accounts/index.ts';
import { idempotent } from '../platform/http/idempotency.ts';
import type { ZodTypeProvider } from '../platform/http/schemas.ts';
import type { WebBundle } from '../web-bundle.ts';
import {
  addNote,
  cancel,
  cancelBody,
  fulfil,
  fulfilBody,
  markPaid,
  markPaidBody,
  noteBody,
  orderDetail,
  resendConfirmation,
  type Actor,
  type ShopIdentity,
  listOrders,
  orderFilter,
  orderListQuery,
  ordersCsv,
  refund,
  refundBody,
} from '../modules/orders/index.ts';
import { commentModerationRoutes } from '../modules/comments/index.ts';
import { giftCardBackofficeRoutes } from '../modules/gift-cards/index.ts';
import { sendCsv } from '../platform/http/csv.ts';
import { recordsRoutes } from './records-routes.ts';
import { orderNumbersByIds } from '../modules/orders/index.ts';
import { shellHtml } from './shell.ts';
import { subscriptionBackofficeRoutes } from '../modules/subscriptions/index.ts';
import {
  changeStock,
  ledgerCsv,
  ledgerFilter,
  ledgerQuery,
  listStock,
  productSearchQuery,
  searchProducts,
  stockChangeBody,
  stockLedger,
  stockQuery,
  type AccountEmails,
} from '../modules/catalogue/index.ts';

export const CONFIG_API = '/api/config';
const LOGIN_PATH = '/config/login';

export interface BackofficeOptions {
  webBundle: WebBundle;
  /** The site's `content/forms/<formId>.json`, as loaded (the submissions' field titles). */
  forms?: Record<string, unknown>;
  /** The site's reviews flag: on, a fully shipped order mails its review request. */
  reviewsEnabled?: boolean;
  /** Stripe, when configured: an order it paid is refunded through its refunds API. */
  stripe?: Stripe;
  /** Issues what a just-paid order bought (issue 27; checkout's, through app.ts). */
  handOutPaidOrder: ShopIdentity['handOutPaidOrder'];
  /** The confirmation mail as the order is now, for "Resend confirmation" (checkout's, through app.ts). */
  confirmationMailNow: ShopIdentity['confirmationMailNow'];
}

const orderParams = z.object({ number: z.string().regex(/^\d{1,9}$/, 'an order number') }).strict();
const noBody = z.undefined().or(z.object({}).strict());

/**
 * The handler answering a back-office screen: the shell (the bundle draws the screen of the path),
 * or, signed out, the way to the sign-in page. Also given to screens another feature routes
 * (`/config/analytics`, telemetry/owner.ts), through app.ts.
 */
export function backofficeScreen(options: Pick<BackofficeOptions, 'webBundle'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const member = request.member;
    if (!member || member.kind !== 'staff') return reply.code(303).header('location', LOGIN_PATH).send();
    // The crumb cookie the screens' calls send back as their header.
    ensureCrumb(request, reply);
    const html = shellHtml(
      {
        email: member.email,
        permissions: PERMISSIONS.filter((p) => hasPermission(member.roles, p)),
        siteTitle: request.site.title,
      },
      options.webBundle.current().configScript ?? null,
      reply.cspNonce,
      request.site.strings,
    );
    return reply.type('text/html; charset=utf-8').send(html);
  };
}

export async function backofficeRoutes(plugin: FastifyInstance, options: BackofficeOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const shopFor = (request: FastifyRequest): ShopIdentity => ({
    site: request.site,
    reviewsEnabled: options.reviewsEnabled === true,
    handOutPaidOrder: options.handOutPaidOrder,
    confirmationMailNow: options.confirmationMailNow,
  });
  const actorOf = (request: FastifyRequest): Actor => {
    const member = request.member as { accountId: string; email: string };
    return { accountId: member.accountId, email: member.email };
  };

  // ------------------------------------------------------------------ the screens

  const screen = backofficeScreen(options);
  app.get('/config', screen);
  app.get('/config/*', screen);

  // ------------------------------------------------------------------ orders

  const read = { preValidation: requirePermission('orders.read') };
  const manage = { preValidation: requirePermission('orders.manage') };

  app.get(
    `${CONFIG_API}/orders`,
    { ...read, schema: { querystring: orderListQuery } },
    async (request, reply) => {
      const { cursor, limit, ...filter } = request.query;
      reply.header('cache-control', 'no-store');
      return listOrders(db, filter, cursor, limit);
    },
  );

  app.get(
    `${CONFIG_API}/orders/export`,
    { ...read, schema: { querystring: orderFilter } },
    async (request, reply) => sendCsv(reply, 'orders.csv', ordersCsv(db, request.query)),
  );

  app.get(
    `${CONFIG_API}/products`,
    { ...read, schema: { querystring: productSearchQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return searchProducts(db, request.query);
    },
  );

  const detailOf = async (number: number) => {
    const detail = await orderDetail(db, number);
    if (!detail) throw apiError('backoffice.order-not-found');
    return detail;
  };

  app.get(
    `${CONFIG_API}/orders/:number`,
    { ...read, schema: { params: orderParams } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return detailOf(Number(request.params.number));
    },
  );

  /** An action's route: idempotent, then the mail it queued is sent, and the order answered. */
  const action = <S extends z.ZodType>(
    name: string,
    body: S,
    run: (
      number: number,
      actor: Actor,
      input: z.infer<S>,
      shop: ShopIdentity,
    ) => Promise<{ mailId?: string; reviewMailId?: string; giftCardMailIds?: string[] }>,
  ) =>
    app.post(
      `${CONFIG_API}/orders/:number/${name}`,
      { ...manage, config: { crumb: true }, schema: { params: orderParams, body } },
      async (request, reply) =>
        idempotent(db, request, reply, `backoffice-order-${name}`, async () => {
          const number = Number(request.params.number);
          const acted = await run(number, actorOf(request), request.body as z.infer<S>, shopFor(request));
          if (acted.mailId) app.mailer.deliverLater(acted.mailId);
          if (acted.reviewMailId) app.mailer.deliverLater(acted.reviewMailId);
          for (const id of acted.giftCardMailIds ?? []) app.mailer.deliverLater(id);
          return { status: 200, body: await detailOf(number) };
        }),
    );

  action('mark-paid', markPaidBody.optional(), (n, actor, input, shop) =>
    markPaid(db, n, actor, shop, input ?? {}),
  );
  action('fulfil', fulfilBody.optional(), (n, actor, input, shop) => fulfil(db, n, actor, shop, input ?? {}));
  action('cancel', cancelBody.optional(), (n, actor, input, shop) => cancel(db, n, actor, shop, input ?? {}));
  action('refund', refundBody, (n, actor, input) => refund(db, n, actor, input, options.stripe));
  action('resend-confirmation', noBody, (n, actor, _input, shop) => resendConfirmation(db, n, actor, shop));
  action('notes', noteBody, (n, actor, input) => addNote(db, n, actor, input));

  await recordsRoutes(app, CONFIG_API, { forms: options.forms ?? {} });
  await commentModerationRoutes(app, CONFIG_API);
  const orderNumbersOf = (orderIds: readonly string[]) => orderNumbersByIds(db, orderIds);
  await giftCardBackofficeRoutes(app, CONFIG_API, { orderNumbersOf });
  await subscriptionBackofficeRoutes(app, CONFIG_API, { now: Date.now, orderNumbersOf });

  // ------------------------------------------------------------------ stock

  const stock = { preValidation: requirePermission('stock.manage') };
  const variantParams = z.object({ variantId: z.string().min(1).max(100) }).strict();

  app.get(
    `${CONFIG_API}/stock`,
    { ...stock, schema: { querystring: stockQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listStock(db, request.query);
    },
  );
  // Who made each ledger entry, by the address of their account.
  const staffEmails: AccountEmails = (ids) => accountEmails(db, ids);
  app.get(
    `${CONFIG_API}/stock/ledger`,
    { ...stock, schema: { querystring: ledgerQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stockLedger(db, staffEmails, request.query);
    },
  );
  app.get(
    `${CONFIG_API}/stock/ledger/export`,
    { ...stock, schema: { querystring: ledgerFilter } },
    async (request, reply) => sendCsv(reply, 'stock-ledger.csv', ledgerCsv(db, staffEmails, request.query)),
  );
  app.post(
    `${CONFIG_API}/stock/:variantId`,
    { ...stock, config: { crumb: true }, schema: { params: variantParams, body: stockChangeBody } },
    async (request, reply) =>
      idempotent(db, request, reply, 'backoffice-stock', async () => ({
        status: 200,
        body: await changeStock(db, request.params.variantId, request.body, actorOf(request).accountId),
      })),
  );
}
