/**
 * The signed-in customer's addresses and orders as JSON (docs/accounts.md "Addresses and orders
 * as JSON"), the calls behind what the /account pages do with forms. Writes need the crumb and the
 * session's xsrfToken like every signed-in write.
 *
 *   GET    /api/site-users/account/addresses               -> { addresses }
 *   POST   /api/site-users/account/addresses               { address, makeDefault? } -> 201 { id, addresses }
 *   PUT    /api/site-users/account/addresses/:id           { address, makeDefault? } -> { addresses }
 *   PUT    /api/site-users/account/addresses/:id/default   -> { addresses }
 *   DELETE /api/site-users/account/addresses/:id           -> { addresses }
 *   GET    /api/site-users/account/orders?cursor=&limit=   -> { orders, hasNextPage, nextPageCursor }
 *   GET    /api/site-users/account/orders/:number          -> the order; 404 for another's
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountOrder, accountOrderRows } from '../orders/index.ts';
import type { Db } from '../../platform/db/index.ts';
import { decodeCursor, pageOf } from '../../platform/http/cursor.ts';
import { apiError } from '../../platform/http/errors.ts';
import { requireMember } from '../../platform/http/guards.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import { deleteAddress, listAddresses, saveAddress, setDefault } from './address-store.ts';
import { requireAddress } from './addresses.ts';
import type { AccountFlows } from './flows.ts';

export const ORDERS_PAGE_DEFAULT = 20;
export const ORDERS_PAGE_MAX = 100;

const PART = z.string().max(200).optional();
const addressBody = z
  .object({
    address: z
      .object({ line1: PART, line2: PART, city: PART, state: PART, zip: PART, country: PART })
      .strict(),
    makeDefault: z.boolean().optional(),
  })
  .strict();
const idParams = z.object({ id: z.string().min(1).max(100) }).strict();
const orderParams = z.object({ number: z.string().max(20) }).strict();
const ordersQuery = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(ORDERS_PAGE_MAX).optional(),
  })
  .strict();

export function customerApiRoutes(
  plugin: FastifyInstance,
  options: { db: Db; flows: AccountFlows; base: string },
): void {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db, flows, base } = options;
  // Before the schemas: a signed-out call is refused as such, whatever it sent.
  const signedIn = { preValidation: requireMember('customer') };
  const writes = { config: { crumb: true, jsonBody: true }, ...signedIn };
  const noStore = { 'cache-control': 'no-store' };
  const addressesOf = async (accountId: string) => ({ addresses: await listAddresses(db, accountId) });
  const save = async (
    request: FastifyRequest,
    input: z.output<typeof addressBody>,
    id: string | undefined,
  ) => {
    const account = await flows.signedInAccount(request);
    const address = requireAddress(account, input.address, request.site.strings);
    const saved = await saveAddress(db, account.id, {
      id,
      address,
      makeDefault: input.makeDefault === true,
    });
    return { id: saved, ...(await addressesOf(account.id)) };
  };
  const accountIdOf = (request: FastifyRequest) => (request.member as { accountId: string }).accountId;

  app.get(`${base}/addresses`, signedIn, async (request, reply) =>
    reply.headers(noStore).send(await addressesOf(accountIdOf(request))),
  );

  app.post(`${base}/addresses`, { ...writes, schema: { body: addressBody } }, async (request, reply) =>
    reply
      .code(201)
      .headers(noStore)
      .send(await save(request, request.body, undefined)),
  );

  app.put(
    `${base}/addresses/:id`,
    { ...writes, schema: { params: idParams, body: addressBody } },
    async (request, reply) => {
      const { addresses } = await save(request, request.body, request.params.id);
      return reply.headers(noStore).send({ addresses });
    },
  );

  app.put(
    `${base}/addresses/:id/default`,
    { ...writes, schema: { params: idParams } },
    async (request, reply) => {
      const { id } = request.params;
      await setDefault(db, accountIdOf(request), id);
      return reply.headers(noStore).send(await addressesOf(accountIdOf(request)));
    },
  );

  app.delete(`${base}/addresses/:id`, { ...writes, schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    await deleteAddress(db, accountIdOf(request), id);
    return reply.headers(noStore).send(await addressesOf(accountIdOf(request)));
  });

  app.get(`${base}/orders`, { ...signedIn, schema: { querystring: ordersQuery } }, async (request, reply) => {
    const { query } = request;
    const limit = query.limit ?? ORDERS_PAGE_DEFAULT;
    const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor, ['number'])[0];
    const rows = await accountOrderRows(db, accountIdOf(request), { before, limit });
    const page = pageOf(rows, limit, (order) => [order.orderNumber]);
    return reply
      .headers(noStore)
      .send({ orders: page.shown, hasNextPage: page.hasNextPage, nextPageCursor: page.nextPageCursor });
  });

  app.get(
    `${base}/orders/:number`,
    { ...signedIn, schema: { params: orderParams } },
    async (request, reply) => {
      const { number } = request.params;
      // A number that is not one answers as an order that is not theirs: the same 404.
      const order = /^\d{1,12}$/.test(number)
        ? await accountOrder(db, accountIdOf(request), Number(number))
        : undefined;
      if (!order) throw apiError('account.order-not-found');
      return reply.headers(noStore).send(order);
    },
  );
}
