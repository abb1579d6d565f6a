import type {
  AddEntryAnswer,
  CartAnswer,
  SubscriptionAnswer,
  UpdateFieldsAnswer,
} from '@storefront/core/wire';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CartRow } from './tables.ts';
import { apiError, refusalAnswer } from '../../platform/http/errors.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import {
  addEntry,
  createSubscriptionCart,
  emptyCart,
  findCart,
  itemStock,
  readCart,
  removeEntry,
  setEntryAdditionalFields,
  setEntryQuantity,
  type CartSettings,
} from './cart.ts';
import { CART_COOKIE, cartCookieOptions, HAS_CART_COOKIE } from '../../platform/http/cookies.ts';
import { ensureCrumb } from '../../platform/http/crumb.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import { signedInCustomer } from '../../platform/http/session.ts';
import { CART_WRITES, RateLimited, registerDatabaseRateLimit } from '../../platform/http/rate-limit.ts';
import { applyCoupon, removeCoupon, setShippingLocation, setShippingOption } from './cart-choices.ts';
import type { Checked } from './rules.ts';
import {
  addEntryBody,
  additionalFieldsBody,
  cartQuery,
  couponBody,
  couponParams,
  shippingLocationBody,
  shippingOptionBody,
  entryParams,
  quantityBody,
  stockQuery,
  subscriptionBody,
} from './schemas.ts';

export interface CommerceOptions {
  settings: CartSettings;
  writeLimit: { max: number; windowMs: number };
}

/** The cart API of docs/interfaces.md (spec section 7). */
export async function commerceRoutes(plugin: FastifyInstance, options: CommerceOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { settings } = options;
  const { db } = app.database;

  await registerDatabaseRateLimit(app, db, CART_WRITES, () => apiError('rate-limited'));

  /**
   * Mutating calls: the crumb must match (after the rate limit, which runs on request), and a body
   * must be JSON (the app also parses form and text bodies for other calls; here they would only
   * reach the schema as a confusing shape).
   */
  const writeConfig = {
    rateLimit: { max: options.writeLimit.max, timeWindow: options.writeLimit.windowMs },
    crumb: true,
    jsonBody: true,
  };
  // Add-to-cart, the busiest write, counts against the same budget inside its own transaction.
  const { rateLimit: _countedInTheAdd, ...addConfig } = writeConfig;

  const token = (request: FastifyRequest) => request.cookies[CART_COOKIE];

  /** A write's answer: its refusal, or the cart as it now prices for this shopper (never cached). */
  const cartAnswer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    written: Checked<CartRow>,
  ): Promise<CartAnswer> => {
    if (!written.ok) throw written.refusal;
    reply.header('cache-control', 'no-store');
    return { shoppingCart: await readCart(db, written.value, settings, signedInCustomer(request)) };
  };

  app.get('/api/commerce/shopping-cart', { schema: { querystring: cartQuery } }, async (request, reply) => {
    const query = request.query;
    ensureCrumb(request, reply);
    reply.header('cache-control', 'no-store');
    if (query.mock === 'true') return emptyCart(settings);
    const cart = await findCart(db, token(request));
    const shoppingCart = await readCart(db, cart, settings, signedInCustomer(request));
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
    const { itemId } = request.query as { itemId: string };
    const results = await itemStock(db, itemId);
    if (!results) throw apiError('item-not-found');
    return { results };
  };
  app.get('/api/commerce/inventory/stock', { schema: { querystring: stockQuery } }, stock);
  app.get('/api/commerce/inventory/stock/', { schema: { querystring: stockQuery } }, stock);

  app.post(
    '/api/commerce/shopping-cart/entries',
    { config: addConfig, schema: { body: addEntryBody } },
    async (request, reply) => {
      const body = request.body;
      const limit = { key: `${CART_WRITES}:${request.ip}`, ...options.writeLimit };
      return idempotent(db, request, reply, 'cart-entries', async () => {
        const result = await addEntry(
          db,
          {
            token: token(request),
            ...body,
            accountId: request.member?.kind === 'customer' ? request.member.accountId : undefined,
            shownAt: request.site.now(),
          },
          settings,
          limit,
          request.site.strings,
        ).catch((error: unknown) => {
          if (!(error instanceof RateLimited)) throw error;
          reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
          throw apiError('rate-limited');
        });
        if (!result.ok) return refusalAnswer(result.refusal, request.site.strings);
        const { cart, entryId, shoppingCart } = result.value;
        const options = cartCookieOptions(request.protocol === 'https');
        reply.header('cache-control', 'no-store');
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
    { config: writeConfig, schema: { body: subscriptionBody } },
    async (request, reply) => {
      const body = request.body;
      const result = await createSubscriptionCart(db, body, settings, request.site.strings);
      if (!result.ok) throw result.refusal;
      reply.header('cache-control', 'no-store');
      return { cartToken: result.value.token } satisfies SubscriptionAnswer;
    },
  );

  app.put(
    '/api/commerce/shopping-cart/entries/:entryId/quantity',
    { config: writeConfig, schema: { params: entryParams, body: quantityBody } },
    async (request, reply) =>
      cartAnswer(
        request,
        reply,
        await setEntryQuantity(
          db,
          token(request),
          request.params.entryId,
          request.body.quantity,
          request.site.strings,
        ),
      ),
  );

  app.put(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    { config: writeConfig, schema: { params: entryParams, body: additionalFieldsBody } },
    async (request, reply) => {
      const { entryId } = request.params;
      const body = request.body;
      const result = await setEntryAdditionalFields(db, token(request), entryId, body);
      if (!result.ok) throw result.refusal;
      reply.header('cache-control', 'no-store');
      const shoppingCart = await readCart(db, result.value, settings);
      const updatedEntry = shoppingCart.entries.find((e) => e.id === entryId) ?? null;
      return { shoppingCart, updatedEntry } satisfies UpdateFieldsAnswer;
    },
  );

  // Discount code, shipping location and option (issue 17): each answers the cart as it now prices.
  app.post(
    '/api/commerce/shopping-cart/coupons',
    { config: writeConfig, schema: { body: couponBody } },
    async (request, reply) =>
      cartAnswer(
        request,
        reply,
        await applyCoupon(
          db,
          token(request),
          request.body.code,
          settings,
          request.site.strings,
          signedInCustomer(request),
        ),
      ),
  );

  app.delete(
    '/api/commerce/shopping-cart/coupons/:code',
    { config: writeConfig, schema: { params: couponParams } },
    async (request, reply) =>
      cartAnswer(request, reply, await removeCoupon(db, token(request), request.params.code)),
  );

  app.put(
    '/api/commerce/shopping-cart/shipping-location',
    { config: writeConfig, schema: { body: shippingLocationBody } },
    async (request, reply) =>
      cartAnswer(request, reply, await setShippingLocation(db, token(request), request.body)),
  );

  app.put(
    '/api/commerce/shopping-cart/shipping-option',
    { config: writeConfig, schema: { body: shippingOptionBody } },
    async (request, reply) =>
      cartAnswer(
        request,
        reply,
        await setShippingOption(db, token(request), request.body.optionId, settings),
      ),
  );

  app.delete(
    '/api/commerce/shopping-cart/entries/:entryId',
    { config: writeConfig, schema: { params: entryParams } },
    async (request, reply) =>
      cartAnswer(request, reply, await removeEntry(db, token(request), request.params.entryId)),
  );
}
