/**
 * The back office's calls for orders (issue 15), mounted by backoffice/routes.ts under `/api/config`,
 * each for staff whose roles grant its permission (`orders.read` to read, `orders.manage` to act):
 * - `GET /orders?q=&status=&from=&to=&productId=&cursor=&limit=` -> `{ orders, hasNextPage,
 *   nextPageCursor }`, newest first;
 * - `GET /orders/export?<the same filters>` -> the filtered list as CSV, streamed;
 * - `GET /orders/:number` -> the order's lines, customer, address, totals, payment, fulfilments,
 *   refunds and timeline;
 * - `POST /orders/:number/{mark-paid,fulfil,cancel,refund,resend-confirmation,notes}` -> the order as
 *   `GET` answers it after the action (refunds: refunds.ts). Each takes an `Idempotency-Key`
 *   (platform/http/idempotency.ts); an action the order's state does not allow answers 409
 *   `order-conflict`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { sendCsv } from '../../platform/http/csv.ts';
import { apiError } from '../../platform/http/errors.ts';
import { requirePermission } from '../../platform/http/guards.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
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
} from './admin-actions.ts';
import { listOrders, orderFilter, orderListQuery, ordersCsv } from './admin-orders.ts';
import { refund, refundBody } from './refunds.ts';

export interface OrderAdminOptions {
  /** The site's reviews flag: on, a fully shipped order mails its review request. */
  reviewsEnabled: boolean;
  /** Stripe, when configured: an order it paid is refunded through its refunds API. */
  stripe?: Stripe | undefined;
  /** Issues what a just-paid order bought (issue 27). */
  handOutPaidOrder: ShopIdentity['handOutPaidOrder'];
  /** The confirmation mail as the order is now, for "Resend confirmation". */
  confirmationMailNow: ShopIdentity['confirmationMailNow'];
  /** Signs the download links of the "payment received" mail. */
  downloadLinks: ShopIdentity['downloadLinks'];
}

const orderParams = z.object({ number: z.string().regex(/^\d{1,9}$/, 'an order number') }).strict();
const noBody = z.undefined().or(z.object({}).strict());

/** The staff member acting, as the session read them. */
const actorOf = (request: FastifyRequest): Actor => {
  const member = request.member as { accountId: string; email: string };
  return { accountId: member.accountId, email: member.email };
};

export async function orderAdminRoutes(
  plugin: FastifyInstance,
  CONFIG_API: string,
  options: OrderAdminOptions,
): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const shopFor = (request: FastifyRequest): ShopIdentity => ({
    site: request.site,
    reviewsEnabled: options.reviewsEnabled,
    handOutPaidOrder: options.handOutPaidOrder,
    confirmationMailNow: options.confirmationMailNow,
    downloadLinks: options.downloadLinks,
  });

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
}
