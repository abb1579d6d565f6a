import { message } from '@storefront/core';
import type {
  AddEntryAnswer,
  CartAnswer,
  CrumbFailure,
  Refusal as WireRefusal,
  SubscriptionAnswer,
  UpdateFieldsAnswer,
} from '@storefront/core/wire';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import {
  addEntry,
  createSubscriptionCart,
  emptyCart,
  findCart,
  itemStock,
  notFound,
  readCart,
  removeEntry,
  setEntryAdditionalFields,
  setEntryQuantity,
  type CartSettings,
} from './cart.ts';
import { crumbMatches, ensureCrumb } from './crumb.ts';
import { idempotent } from '../http/idempotency.ts';
import { CART_WRITES, registerDatabaseRateLimit } from './rate-limit-store.ts';
import type { Refusal } from './rules.ts';
import {
  addEntryBody,
  additionalFieldsBody,
  cartQuery,
  entryParams,
  quantityBody,
  stockQuery,
  subscriptionBody,
} from './schemas.ts';

export const CART_COOKIE = 'CART';
export const HAS_CART_COOKIE = 'hasCart';
const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 30; // 30 days

export interface CommerceOptions {
  db: Db;
  settings: CartSettings;
  writeLimit: { max: number; windowMs: number };
  /** The site's overrides of core's messages. */
  localizedStrings?: Record<string, string>;
}

function refuse(reply: FastifyReply, refusal: Refusal) {
  return reply
    .code(refusal.status)
    .send({ code: refusal.code, message: refusal.message } satisfies WireRefusal);
}

const refusalAnswer = (refusal: Refusal) => ({
  status: refusal.status,
  body: { code: refusal.code, message: refusal.message } satisfies WireRefusal,
});

/** The cart API of docs/interfaces.md (spec section 7). */
export async function commerceRoutes(app: FastifyInstance, options: CommerceOptions): Promise<void> {
  const { db, settings, localizedStrings } = options;

  await registerDatabaseRateLimit(
    app,
    db,
    CART_WRITES,
    () => new HttpError(429, 'rate-limited', message('rate-limited', {}, localizedStrings)),
  );

  const writeConfig = { rateLimit: { max: options.writeLimit.max, timeWindow: options.writeLimit.windowMs } };

  /**
   * Mutating calls: the crumb must match (after the rate limit, which runs on request), and a body
   * must be JSON (the app also parses form and text bodies for other calls; here they would only
   * reach the schema as a confusing shape).
   */
  const checkCrumb = async (request: FastifyRequest, reply: FastifyReply) => {
    const type = request.headers['content-type'];
    if (request.body !== undefined && (!type || !/^application\/json\b/i.test(type)))
      return reply
        .code(415)
        .send({ code: 'unsupported-media-type', message: 'Send the body as application/json.' });
    if (crumbMatches(request)) return;
    // No Cookie header at all: the browser keeps no cookies (spec section 8, cookies off); else the
    // crumb is missing or stale (session expired). `crumbFail` is what the browser keys on.
    const cookiesOff = !request.headers.cookie;
    return reply.code(403).send({
      crumbFail: true,
      code: cookiesOff ? 'cookies-off' : 'crumb-fail',
      message: message(cookiesOff ? 'cart.cookies-off' : 'cart.crumb-fail', {}, localizedStrings),
    } satisfies CrumbFailure);
  };

  const token = (request: FastifyRequest) => request.cookies[CART_COOKIE];

  app.get('/api/commerce/shopping-cart', async (request, reply) => {
    const query = parseInput(cartQuery, request.query, 'query');
    ensureCrumb(request, reply);
    reply.header('cache-control', 'no-store');
    if (query.mock === 'true') return emptyCart(settings);
    const cart = await findCart(db, token(request));
    const shoppingCart = await readCart(db, cart, settings);
    if (query.calculateSubtotal !== 'false') return shoppingCart;
    return {
      ...shoppingCart,
      subtotalCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: 0,
      subtotalAmount: emptyCart(settings).subtotalAmount,
    };
  });

  const stock = async (request: FastifyRequest) => {
    const { itemId } = parseInput(stockQuery, request.query, 'query');
    const results = await itemStock(db, itemId);
    if (!results) {
      const refusal = notFound(
        'item-not-found',
        message('cart.add.product-unavailable', {}, localizedStrings),
      );
      throw new HttpError(refusal.status, refusal.code, refusal.message);
    }
    return { results };
  };
  app.get('/api/commerce/inventory/stock', stock);
  app.get('/api/commerce/inventory/stock/', stock);

  app.post(
    '/api/commerce/shopping-cart/entries',
    { config: writeConfig, preHandler: checkCrumb },
    async (request, reply) => {
      const body = parseInput(addEntryBody, request.body, 'body');
      return idempotent(db, request, reply, 'cart-entries', async () => {
        const result = await addEntry(db, { token: token(request), ...body }, settings, localizedStrings);
        if (!result.ok) return refusalAnswer(result.refusal);
        const { cart, entryId } = result.value;
        const options = {
          path: '/',
          sameSite: 'lax' as const,
          httpOnly: false,
          maxAge: CART_COOKIE_MAX_AGE,
          secure: request.protocol === 'https',
        };
        reply.header('cache-control', 'no-store');
        const shoppingCart = await readCart(db, cart, settings);
        const newlyAdded = shoppingCart.entries.find((e) => e.id === entryId) ?? null;
        return {
          status: 200,
          body: { shoppingCart, newlyAdded } satisfies AddEntryAnswer,
          cookies: [
            { name: CART_COOKIE, value: cart.token, options },
            { name: HAS_CART_COOKIE, value: 'true', options },
          ],
        };
      });
    },
  );

  app.post(
    '/api/3/commerce/cart/subscription',
    { config: writeConfig, preHandler: checkCrumb },
    async (request, reply) => {
      const body = parseInput(subscriptionBody, request.body, 'body');
      const result = await createSubscriptionCart(db, body, settings, localizedStrings);
      if (!result.ok) return refuse(reply, result.refusal);
      reply.header('cache-control', 'no-store');
      return { cartToken: result.value.token } satisfies SubscriptionAnswer;
    },
  );

  app.put(
    '/api/commerce/shopping-cart/entries/:entryId/quantity',
    { config: writeConfig, preHandler: checkCrumb },
    async (request, reply) => {
      const { entryId } = parseInput(entryParams, request.params, 'path');
      const body = parseInput(quantityBody, request.body, 'body');
      const result = await setEntryQuantity(db, token(request), entryId, body.quantity, localizedStrings);
      if (!result.ok) return refuse(reply, result.refusal);
      reply.header('cache-control', 'no-store');
      return { shoppingCart: await readCart(db, result.value, settings) } satisfies CartAnswer;
    },
  );

  app.put(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    { config: writeConfig, preHandler: checkCrumb },
    async (request, reply) => {
      const { entryId } = parseInput(entryParams, request.params, 'path');
      const body = parseInput(additionalFieldsBody, request.body, 'body');
      const result = await setEntryAdditionalFields(db, token(request), entryId, body);
      if (!result.ok) return refuse(reply, result.refusal);
      reply.header('cache-control', 'no-store');
      const shoppingCart = await readCart(db, result.value, settings);
      const updatedEntry = shoppingCart.entries.find((e) => e.id === entryId) ?? null;
      return { shoppingCart, updatedEntry } satisfies UpdateFieldsAnswer;
    },
  );

  app.delete(
    '/api/commerce/shopping-cart/entries/:entryId',
    { config: writeConfig, preHandler: checkCrumb },
    async (request, reply) => {
      const { entryId } = parseInput(entryParams, request.params, 'path');
      const result = await removeEntry(db, token(request), entryId);
      if (!result.ok) return refuse(reply, result.refusal);
      reply.header('cache-control', 'no-store');
      return { shoppingCart: await readCart(db, result.value, settings) } satisfies CartAnswer;
    },
  );
}
