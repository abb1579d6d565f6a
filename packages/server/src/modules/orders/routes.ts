import {
  findVariantBySku,
  formatMoney,
  message,
  orderNeeds,
  orderTotals,
  PageType,
  parseProduct,
  ProductType,
  variantUnitPrice,
  type ConfirmedCheckoutOrder,
  type Address,
  type LocalizedStrings,
} from '@storefront/core';
import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { OrderAnswer } from '@storefront/core/wire';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  applyCoupon,
  findCart,
  readCart,
  setShippingLocation,
  setShippingOption,
  type CartSettings,
} from '../cart/index.ts';
import { crumbMatches, ensureCrumb } from '../../platform/http/crumb.ts';
import { CART_WRITES, registerDatabaseRateLimit } from '../../platform/http/rate-limit.ts';
import { CART_COOKIE } from '../../platform/http/cookies.ts';
import { digest, signedInCustomer, type Member } from '../../platform/http/session.ts';
import { apiError, invalidInput, refusalAnswer, type ApiError } from '../../platform/http/errors.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import {
  digitalFileById,
  digitalFileChunks,
  firstGiftCardId,
  getItemsByIds,
  itemsForSaleByIds,
} from '../catalogue/index.ts';
import { giftCardsOfOrder } from '../gift-cards/index.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import { isDatabaseUnavailable } from '../../platform/db/faults.ts';
import { sendPageResult } from '../../platform/http/page-result.ts';
import type { SystemPageRenderer } from '../../platform/site/page-renderer.ts';
import { subscriptionManagePath, subscriptionOfOrder } from '../subscriptions/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { Json } from '../../platform/site/types.ts';
import {
  confirmedCheckoutOrder,
  placeOrder,
  readOrder,
  type OrderSettings,
  type OrderSource,
  type OrderView,
  type PlaceOrderRequest,
} from './place-order.ts';
import {
  checkoutFormPage,
  checkoutMessagePage,
  orderConfirmedPage,
  subscriptionConfirmedPage,
  type CheckoutFormPage,
  type FormTarget,
} from './pages.ts';
import { CHECKOUT_PAGE_TEMPLATES } from './templates.ts';
import { withSignedDownloads, type DownloadLinks } from './download-links.ts';
import { isPaid } from './on-payment.ts';
import type { SiteResolver } from '../../platform/site/context.ts';
import {
  manualPaymentProvider,
  PAYMENT_FAILED,
  type PaymentProvider,
  type SavedCard,
} from '../payments/index.ts';

/** A signed-in customer's email, name and default address (the accounts module's). */
export type CustomerDetailsOf = (
  accountId: string,
) => Promise<{ email: string; name: string; address?: Address | undefined } | undefined>;

export interface CheckoutOptions {
  renderer: SystemPageRenderer;
  /** Fills the checkout form for a signed-in customer (app.ts hands over the accounts module's). */
  customerDetails?: CustomerDetailsOf | undefined;
  settings: CartSettings;
  /** The site's time zone (`website.timeZone`), for subscriptions' billing dates. */
  timeZone: string;
  minimumSubtotalCents: number;
  writeLimit: { max: number; windowMs: number };
  payment?: PaymentProvider;
  /** Signs and checks the links a paid order gives to its downloads (download-links.ts). */
  downloadLinks: DownloadLinks;
}

// ------------------------------------------------------------------ input schemas

const hasControl = (s: string) => [...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
const line = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !hasControl(s), 'must not contain control characters');
const id = (max: number) => line(max).min(1);
const freeText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters');

const addressSchema = z
  .object({
    line1: line(200).optional(),
    line2: line(200).optional(),
    city: line(200).optional(),
    state: line(200).optional(),
    zip: line(40).optional(),
    country: line(100).optional(),
  })
  .strict();

const customerFields = {
  email: line(320).optional(),
  name: line(200).optional(),
  address: addressSchema.optional(),
  recipientEmail: line(320).optional(),
  giftMessage: freeText(1000).optional(),
};

/** Issue 17: a gift card that pays; a gift card order's mail date (YYYY-MM-DD, the shop's UTC day). */
const giftCardFields = {
  giftCardCode: line(64).optional(),
  giftCardSendOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
    .or(z.literal(''))
    .optional(),
};

/** `POST /api/commerce/orders`: the customer plus either an express item, a subscription cart token, or (neither) the CART cookie's cart. */
export const orderBody = z
  .object({
    ...customerFields,
    item: z
      .object({
        itemId: id(200),
        sku: line(200).nullish(),
        quantity: z.unknown().optional(),
        additionalFields: freeText(100_000).nullish(),
      })
      .strict()
      .optional(),
    cartToken: id(128).optional(),
    ...giftCardFields,
  })
  .strict();

/** The checkout form (form-encoded; `address.*` flattened). */
const formBody = z
  .object({
    crumb: z.string().max(200).optional(),
    mode: z.enum(['cart', 'express', 'subscription', 'gift-card']),
    itemId: id(200).optional(),
    sku: line(200).optional(),
    quantity: line(20).optional(),
    cartToken: id(128).optional(),
    email: line(320).optional(),
    name: line(200).optional(),
    'address.line1': line(200).optional(),
    'address.line2': line(200).optional(),
    'address.city': line(200).optional(),
    'address.state': line(200).optional(),
    'address.zip': line(40).optional(),
    'address.country': line(100).optional(),
    recipientEmail: line(320).optional(),
    giftMessage: freeText(1000).optional(),
    // Issue 17: the estimate button, the chosen shipping option, a discount code typed here.
    estimate: z.literal('1').optional(),
    shippingOption: line(100).optional(),
    discountCode: line(40).optional(),
    ...giftCardFields,
  })
  .strict();

const pageQuery = z
  .object({
    itemId: id(200).optional(),
    sku: line(200).optional(),
    quantity: line(20).optional(),
    cartToken: line(128).optional(),
  })
  .loose();

/**
 * When a gift card's mail is due: undefined (now) without a date, null for a date before today or
 * more than a year ahead (UTC days), else that day's start.
 */
function giftCardSendAt(day: string | undefined, now = Date.now()): number | undefined | null {
  if (!day) return undefined;
  const at = Date.parse(`${day}T00:00:00Z`);
  const today = Math.floor(now / 86_400_000) * 86_400_000;
  if (!Number.isFinite(at) || at < today || at > today + 366 * 86_400_000) return null;
  return at <= now ? undefined : at;
}

/** Read through on each order: staff change the site settings while the server runs (issue 31). */
const orderSettingsOf = (options: CheckoutOptions): OrderSettings => ({
  get currency() {
    return options.settings.currency;
  },
  get minimumSubtotalCents() {
    return options.minimumSubtotalCents;
  },
  get timeZone() {
    return options.timeZone;
  },
  pricing: options.settings.pricing,
  downloadLinks: options.downloadLinks,
});

/**
 * Where the shopper lands after an order: page type 206 for a subscription (with its manage link's
 * token, which that page alone shows besides the mail), else 202.
 */
const confirmationPath = (order: { id: string; kind: string }, manageToken?: string) =>
  order.kind === 'subscription'
    ? `/checkout/subscription-confirmed/${order.id}${manageToken ? `?manage=${encodeURIComponent(manageToken)}` : ''}`
    : `/checkout/order-confirmed/${order.id}`;

/** What `POST /api/commerce/orders` answers for a placed order. */
const orderAnswer = (order: OrderView, manageToken?: string, paymentUrl?: string): OrderAnswer => ({
  order,
  confirmationUrl: confirmationPath(order, manageToken),
  // A card provider's hosted payment page: the shopper pays there before the confirmation.
  ...(paymentUrl ? { paymentUrl } : {}),
});

const PLACEMENT_ATTEMPTS = 3;

/** No connection came free in time: another attempt would only keep the shopper waiting as long again. */
const poolExhausted = (error: unknown) =>
  error instanceof Error && /^timeout exceeded when trying to connect/.test(error.message);

/**
 * Places an order again when its connection dropped. Only for placements that complete their
 * Idempotency-Key in the order's transaction: if an attempt did commit, the next one finds the key
 * answered and rolls back, so a retry can never store a second order.
 */
async function placedDespiteDroppedConnections<T>(placement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await placement();
    } catch (error) {
      if (attempt >= PLACEMENT_ATTEMPTS || !isDatabaseUnavailable(error) || poolExhausted(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** A subscription's renewal as the subscriptions feature asks for it (app.ts hands it over). */
export interface RenewalOrder {
  subscriptionId: string;
  cycle: number;
  itemId: string;
  sku: string;
  quantity: number;
  customer: Record<string, unknown>;
  accountId: string | null;
  savedCard?: SavedCard | undefined;
}

/**
 * Places subscription renewals exactly as checkout places any order (the same settings, stock,
 * pricing, payment provider and confirmation mail); answers the mails to deliver, or the refusal.
 */
export function renewalPlacer(db: Db, options: CheckoutOptions, resolveSite: SiteResolver) {
  const payment = options.payment ?? manualPaymentProvider;
  const orderSettings = orderSettingsOf(options);
  return async (renewal: RenewalOrder) => {
    const { customer, accountId, ...line } = renewal;
    // A renewal has no request: the scheduler's site is the one it renews for.
    const site = resolveSite();
    const placed = await placeOrder(
      db,
      {
        source: { kind: 'renewal', ...line },
        customer,
        site,
        accountId: accountId ?? undefined,
      },
      orderSettings,
      payment,
    );
    if (!placed.ok) {
      const body = placed.refusal.body(site.strings);
      return { ok: false as const, code: String(body.code), message: String(body.message) };
    }
    // A declined card: the order is released; the scheduler counts the failure and retries.
    if (placed.value.paymentFailure !== undefined)
      return { ok: false as const, code: PAYMENT_FAILED, message: placed.value.paymentFailure };
    return {
      ok: true as const,
      orderId: placed.value.order.id,
      mailIds: [placed.value.mailId, ...placed.value.giftCardMails],
    };
  };
}

// ------------------------------------------------------------------ routes

/** Checkout (DESIGN.md): the order API, the checkout pages, the confirmation, digital downloads. */
export async function checkoutRoutes(plugin: FastifyInstance, options: CheckoutOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { renderer, settings } = options;
  renderer.systemPages.register(CHECKOUT_PAGE_TEMPLATES);
  const { db } = app.database;
  const payment = options.payment ?? manualPaymentProvider;

  // The cart's counter: placing an order is one more cart write.
  await registerDatabaseRateLimit(app, db, CART_WRITES, () => apiError('rate-limited'));
  const writeConfig = { rateLimit: { max: options.writeLimit.max, timeWindow: options.writeLimit.windowMs } };
  const orderSettings = orderSettingsOf(options);

  /** The signed-in customer's account id: their orders are linked to it and their details fill the form. */
  const customerId = (request: FastifyRequest) =>
    request.member?.kind === 'customer' ? request.member.accountId : undefined;

  const place = async (
    request: FastifyRequest,
    source: OrderSource,
    customer: Record<string, unknown>,
    shippingOptionId?: string,
    giftCard: { giftCardCode?: string | undefined; giftCardSendOn?: string | undefined } = {},
    inTransaction?: PlaceOrderRequest['inTransaction'],
  ) => {
    const sendAt = giftCardSendAt(giftCard.giftCardSendOn);
    if (sendAt === null) return { ok: false as const, refusal: apiError('gift-card-send-on-invalid') };
    const giftCardCode = giftCard.giftCardCode?.trim() || undefined;
    const placement = () =>
      placeOrder(
        db,
        {
          source,
          customer,
          site: request.site,
          accountId: customerId(request),
          shippingOptionId,
          giftCardCode,
          giftCardSendAt: sendAt,
          inTransaction,
        },
        orderSettings,
        payment,
      );
    const placed = inTransaction ? await placedDespiteDroppedConnections(placement) : await placement();
    if (placed.ok)
      for (const id of [placed.value.mailId, ...placed.value.giftCardMails]) app.mailer.deliverLater(id);
    return placed;
  };

  // ---------------------------------------------------------------- JSON API

  const orderRoute = { config: { ...writeConfig, crumb: true }, schema: { body: orderBody } };
  app.post('/api/commerce/orders', orderRoute, async (request, reply) => {
    const body = request.body;
    const { item, cartToken, giftCardCode, giftCardSendOn, ...customer } = body;
    const source: OrderSource = item
      ? { kind: 'express', ...item }
      : cartToken
        ? { kind: 'subscription', token: cartToken }
        : { kind: 'cart', token: request.cookies[CART_COOKIE] };
    reply.header('cache-control', 'no-store');
    // A retried placement (same Idempotency-Key) answers the first order instead of a second one.
    return idempotent(db, request, reply, 'orders', async (claim) => {
      // With a key, the order and its answer commit together: a stored order always replays.
      const completeKey: PlaceOrderRequest['inTransaction'] = claim
        ? (trx, stored) =>
            claim.complete(trx, { status: 200, body: orderAnswer(stored.order, stored.manageToken) })
        : undefined;
      const placed = await place(
        request,
        source,
        customer,
        undefined,
        { giftCardCode, giftCardSendOn },
        completeKey,
      );
      if (!placed.ok) return refusalAnswer(placed.refusal, request.site.strings);
      return {
        status: 200,
        body: orderAnswer(placed.value.order, placed.value.manageToken, placed.value.paymentUrl),
      };
    });
  });

  // ---------------------------------------------------------------- pages

  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: {
      status: number;
      pageType: number;
      title: string;
      html?: string;
      confirmedOrder?: ConfirmedCheckoutOrder;
      templatePage?: { name: string; context: Json };
    },
  ) => {
    const url = new URL(request.url, 'http://localhost');
    const result = await renderer.renderSystemPage({
      site: request.site,
      path: url.pathname,
      cartToken: request.cookies[CART_COOKIE],
      member: signedInCustomer(request),
      ...page,
    });
    return sendPageResult(reply, result, 'no-store');
  };

  /**
   * The form page for a target, or a message page when there is nothing to buy. The signed-in
   * customer prices the cart as /cart does: a per-customer code they used up shows no discount.
   */
  const formPage = async (
    target: FormTarget,
    crumb: string,
    extra: Pick<CheckoutFormPage, 'values' | 'error' | 'fieldErrors'>,
    customer: Member | undefined,
    ls: LocalizedStrings,
  ): Promise<
    { ok: true; page: CheckoutFormPage } | { ok: false; status: number; title: string; text: string }
  > => {
    const title = message('checkout.title', {}, ls);
    if (target.mode === 'cart' || target.mode === 'subscription') {
      const cart = await readCart(db, await findCart(db, target.cartToken), settings, customer);
      if (cart.entries.length === 0)
        return {
          ok: false,
          status: target.mode === 'subscription' ? 404 : 200,
          title,
          text: message('checkout.empty-cart', {}, ls),
        };
      return {
        ok: true,
        page: {
          heading: target.mode === 'subscription' ? message('checkout.subscription-title', {}, ls) : title,
          lines: cart.entries.map((e) => ({
            title: e.item.title,
            quantity: e.quantity,
            unitPriceCents: e.unitPriceCents,
            attributes: e.chosenVariant.attributes,
            url: e.item.fullUrl,
          })),
          currency: settings.currency,
          subtotalCents: cart.subtotalCents,
          pricing: {
            couponCode: cart.coupons[0] ?? null,
            discountCents: cart.discountCents,
            shippingOptions: cart.shippingOptions,
            selectedShippingOptionId: cart.selectedShippingOption?.id ?? null,
            shippingCents: cart.shippingCostCents,
            taxCents: cart.taxCents,
            pricesIncludeTax: settings.pricing?.config.pricesIncludeTax ?? false,
            grandTotalCents: cart.grandTotalCents,
            estimated: cart.shippingLocation !== null && cart.requiresShipping,
          },
          needs: orderNeeds(cart.entries.map((e) => e.item.productType ?? 0)),
          target: target.mode === 'subscription' ? target : { mode: 'cart' },
          crumb,
          ...extra,
        },
      };
    }
    // Express checkout of one item, or a gift card.
    let itemId = target.itemId;
    if (!itemId && target.mode === 'gift-card') itemId = await firstGiftCardId(db);
    const item = itemId ? (await itemsForSaleByIds(db, [itemId], Date.now())).get(itemId) : undefined;
    const unavailable = {
      ok: false as const,
      status: 404,
      title,
      text: message('cart.add.product-unavailable', {}, ls),
    };
    if (!item || !item.structuredContent) return unavailable;
    const product = parseProduct(item).product;
    const type = product.productType;
    if (target.mode === 'gift-card') {
      if (type !== ProductType.GIFT_CARD) return unavailable;
      const denominations = product.variants.map((v) => ({
        sku: v.sku,
        label: formatMoney(variantUnitPrice(product, v).cents, settings.currency),
      }));
      return {
        ok: true,
        page: {
          heading: message('checkout.gift-card-title', {}, ls),
          lines: [],
          currency: settings.currency,
          subtotalCents: 0,
          needs: orderNeeds([type]),
          target: { mode: 'gift-card', itemId: item.id },
          crumb,
          denominations,
          note: item.title,
          ...extra,
          values: { sku: target.sku ?? '', ...extra.values },
        },
      };
    }
    const variant = target.sku ? findVariantBySku(product, target.sku) : product.variants[0];
    if (!variant) return unavailable;
    const quantity = Number(target.quantity ?? '1');
    const q = Number.isInteger(quantity) && quantity > 0 ? quantity : 1;
    const unit = variantUnitPrice(product, variant).cents;
    return {
      ok: true,
      page: {
        heading: title,
        lines: [
          {
            title: item.title,
            quantity: q,
            unitPriceCents: unit,
            attributes: (variant.attributes as Record<string, string>) ?? {},
          },
        ],
        currency: settings.currency,
        subtotalCents: orderTotals(
          [{ productType: type, unitPriceCents: unit, quantity: q }],
          settings.currency,
        ).subtotalCents,
        needs: orderNeeds([type]),
        target: { mode: 'express', itemId: item.id, sku: String(variant.sku ?? ''), quantity: String(q) },
        crumb,
        ...extra,
      },
    };
  };

  /** A signed-in customer's email, name and default address, as the form's fields. */
  const prefill = async (request: FastifyRequest): Promise<Record<string, string>> => {
    const accountId = customerId(request);
    const details =
      accountId && options.customerDetails ? await options.customerDetails(accountId) : undefined;
    if (!details) return {};
    const address = Object.entries(details.address ?? {}).map(([k, v]) => [`address.${k}`, String(v)]);
    return { email: details.email, name: details.name, ...Object.fromEntries(address) };
  };

  const showForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    target: FormTarget,
    status = 200,
    extra: Pick<CheckoutFormPage, 'values' | 'error' | 'fieldErrors'> = { values: {} },
  ) => {
    const crumb = ensureCrumb(request, reply);
    const ls = request.site.strings;
    const known = await prefill(request);
    const built = await formPage(
      target,
      crumb,
      { ...extra, values: { ...known, ...extra.values } },
      signedInCustomer(request),
      ls,
    );
    if (!built.ok)
      return sendPage(request, reply, {
        status: extra.error ? status : built.status,
        pageType: PageType.CHECKOUT,
        title: built.title,
        templatePage: checkoutMessagePage(built.title, extra.error ?? built.text, ls),
      });
    return sendPage(request, reply, {
      status,
      pageType: PageType.CHECKOUT,
      title: built.page.heading,
      templatePage: checkoutFormPage(built.page, ls),
    });
  };

  const pageRoute = { schema: { querystring: pageQuery } };
  app.get('/checkout', pageRoute, async (request, reply) => {
    const q = request.query;
    if (q.itemId)
      return showForm(request, reply, {
        mode: 'express',
        itemId: q.itemId,
        ...(q.sku ? { sku: q.sku } : {}),
        ...(q.quantity ? { quantity: q.quantity } : {}),
      });
    return showForm(request, reply, {
      mode: 'cart',
      ...(request.cookies[CART_COOKIE] ? { cartToken: request.cookies[CART_COOKIE] } : {}),
    });
  });

  app.get('/checkout/subscription', pageRoute, async (request, reply) => {
    const q = request.query;
    return showForm(request, reply, {
      mode: 'subscription',
      ...(q.cartToken ? { cartToken: q.cartToken } : {}),
    });
  });

  app.get('/checkout/gift-card', pageRoute, async (request, reply) => {
    const q = request.query;
    return showForm(request, reply, {
      mode: 'gift-card',
      ...(q.itemId ? { itemId: q.itemId } : {}),
      ...(q.sku ? { sku: q.sku } : {}),
    });
  });

  app.post('/checkout', { config: writeConfig }, async (request, reply) => {
    const ls = request.site.strings;
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const parsed = formBody.safeParse(raw);
    const mode = parsed.success ? parsed.data.mode : 'cart';
    const values = Object.fromEntries(
      Object.entries(raw).filter(([k, v]) => typeof v === 'string' && k !== 'crumb') as [string, string][],
    );
    const cartCookie = request.cookies[CART_COOKIE];
    const target: FormTarget = parsed.success
      ? {
          mode,
          ...(parsed.data.itemId ? { itemId: parsed.data.itemId } : {}),
          ...(parsed.data.sku ? { sku: parsed.data.sku } : {}),
          ...(parsed.data.quantity ? { quantity: parsed.data.quantity } : {}),
          ...(mode === 'subscription' && parsed.data.cartToken ? { cartToken: parsed.data.cartToken } : {}),
          ...(mode === 'cart' && cartCookie ? { cartToken: cartCookie } : {}),
        }
      : { mode: 'cart', ...(cartCookie ? { cartToken: cartCookie } : {}) };
    if (!parsed.success || !crumbMatches(request, parsed.data.crumb ?? '')) {
      const refusal = parsed.success ? apiError('crumb-fail') : invalidInput(parsed.error, 'form');
      return showForm(request, reply, target, refusal.statusCode, {
        values,
        error: String(refusal.body(ls).message),
      });
    }
    const d = parsed.data;
    const customer = {
      email: d.email,
      name: d.name,
      address: {
        line1: d['address.line1'],
        line2: d['address.line2'],
        city: d['address.city'],
        state: d['address.state'],
        zip: d['address.zip'],
        country: d['address.country'],
      },
      recipientEmail: d.recipientEmail,
      giftMessage: d.giftMessage,
    };
    if (mode === 'cart') {
      // The cart's choices from the form first: the estimate's address, the option, a code.
      const chosen = await saveCartChoices(cartCookie, d, ls);
      if (chosen)
        return showForm(request, reply, target, chosen.statusCode, {
          values,
          error: String(chosen.body(ls).message),
        });
      if (d.estimate) return showForm(request, reply, target, 200, { values });
    }
    const source: OrderSource =
      mode === 'express' || mode === 'gift-card'
        ? { kind: mode, itemId: d.itemId ?? '', sku: d.sku ?? null, quantity: d.quantity ?? '1' }
        : { kind: mode, token: mode === 'subscription' ? d.cartToken : cartCookie };
    const placed = await place(request, source, customer, d.shippingOption, d);
    if (placed.ok)
      return reply
        .code(303)
        .header(
          'location',
          placed.value.paymentUrl ?? confirmationPath(placed.value.order, placed.value.manageToken),
        )
        .send();
    const refusal = placed.refusal.body(ls);
    return showForm(request, reply, target, placed.refusal.statusCode, {
      values,
      error: String(refusal.message),
      ...(refusal.errors ? { fieldErrors: refusal.errors as Record<string, string> } : {}),
    });
  });

  /**
   * Keeps what the checkout form says about pricing on the cart: the address as the estimate's
   * location (when its country is a code), the chosen option, and a newly typed discount code
   * (checked like on /cart). Answers the refusal to show, if any.
   */
  async function saveCartChoices(
    cartToken: string | undefined,
    d: z.infer<typeof formBody>,
    ls: LocalizedStrings,
  ): Promise<ApiError | undefined> {
    const country = d['address.country']?.trim() ?? '';
    if (/^[A-Za-z]{2}$/.test(country)) {
      const located = await setShippingLocation(db, cartToken, {
        country,
        region: d['address.state'] ?? '',
        postalCode: d['address.zip'] ?? '',
      });
      if (!located.ok) return located.refusal;
    } else if (d.estimate) return apiError('shipping-country-invalid');
    if (d.shippingOption && !d.estimate) {
      const chosen = await setShippingOption(db, cartToken, d.shippingOption, settings);
      if (!chosen.ok) return chosen.refusal;
    }
    const typed = d.discountCode?.trim();
    if (typed) {
      const cart = await findCart(db, cartToken);
      if (!cart?.coupon_code || cart.coupon_code !== typed.toUpperCase()) {
        const applied = await applyCoupon(db, cartToken, typed, settings, ls);
        if (!applied.ok) return applied.refusal;
      }
    }
    return undefined;
  }

  app.get('/checkout/order-confirmed/:orderId', async (request, reply) => {
    const ls = request.site.strings;
    const { orderId } = request.params as { orderId: string };
    const order = await readOrder(db, orderId);
    if (!order) {
      const title = message('checkout.order-not-found', {}, ls);
      return sendPage(request, reply, {
        status: 404,
        pageType: PageType.NOT_FOUND,
        title,
        templatePage: checkoutMessagePage(title, title, ls),
      });
    }
    return sendPage(request, reply, {
      status: 200,
      pageType: PageType.ORDER_CONFIRMED,
      title: message('checkout.order-confirmed', {}, ls),
      templatePage: orderConfirmedPage(
        withSignedDownloads(order, options.downloadLinks),
        ls,
        await giftCardsOfOrder(db, order.id),
      ),
      confirmedOrder: confirmedCheckoutOrder(order, settings.websiteId),
    });
  });

  /** Page type 206: the subscription order's confirmation, with when it renews (the template's page when it has one). */
  app.get('/checkout/subscription-confirmed/:orderId', async (request, reply) => {
    const ls = request.site.strings;
    const { orderId } = request.params as { orderId: string };
    const order = await readOrder(db, orderId);
    if (!order || order.kind !== 'subscription') {
      const title = message('checkout.order-not-found', {}, ls);
      return sendPage(request, reply, {
        status: 404,
        pageType: PageType.NOT_FOUND,
        title,
        templatePage: checkoutMessagePage(title, title, ls),
      });
    }
    const subscription = await subscriptionOfOrder(db, order.id);
    // The manage link is shown only to whoever holds its token (the address checkout sent them to).
    const manage = String((request.query as { manage?: unknown }).manage ?? '');
    const managePath =
      subscription?.manage_digest && manage && subscription.manage_digest === digest(manage)
        ? subscriptionManagePath(manage)
        : undefined;
    if (manage) reply.header('referrer-policy', 'no-referrer');
    return sendPage(request, reply, {
      status: 200,
      pageType: PageType.SUBSCRIPTION_CONFIRMED,
      title: message('subscription.confirmed', {}, ls),
      confirmedOrder: confirmedCheckoutOrder(order, settings.websiteId),
      templatePage: subscriptionConfirmedPage(order, subscription, ls, managePath),
    });
  });

  /**
   * A download refused, as a page saying why and what to do: before payment (issue 27), after a
   * cancel or refund, or a link that is expired or not the one the shop signed (issue 30).
   */
  const refuseDownload = (
    request: FastifyRequest,
    reply: FastifyReply,
    code: 'download-unpaid' | 'download-withdrawn' | 'download-link-expired' | 'download-link-invalid',
  ) => {
    const ls = request.site.strings;
    const refusal = apiError(code);
    const text = String(refusal.body(ls).message);
    return sendPage(request, reply, {
      status: refusal.statusCode,
      pageType: PageType.NOT_FOUND,
      title: text,
      templatePage: checkoutMessagePage(message('checkout.download', {}, ls), text, ls),
    });
  };

  /**
   * A digital line's download, through a link the shop signed that has not expired, while the order
   * is paid. The product's file (`structuredContent.digitalFileId`, as it is now: a replaced file
   * reaches earlier buyers too) streams from the database a chunk at a time; a product without one
   * whose content has a `structuredContent.downloadUrl` (demo content) is redirected there,
   * otherwise a small receipt file stands in.
   */
  app.get('/checkout/download/:orderId/:lineId', async (request, reply) => {
    const ls = request.site.strings;
    const { orderId, lineId } = request.params as { orderId: string; lineId: string };
    const order = await readOrder(db, orderId);
    const lineRow = order?.lines.find((l) => l.id === lineId && l.downloadUrl);
    if (!order || !lineRow?.downloadUrl) throw apiError('download-not-found');
    if (!isPaid(order.status))
      return refuseDownload(
        request,
        reply,
        order.status === 'cancelled' || order.status === 'refunded'
          ? 'download-withdrawn'
          : 'download-unpaid',
      );
    const { expires, signature } = request.query as { expires?: unknown; signature?: unknown };
    const link = options.downloadLinks.check(lineRow.downloadUrl, expires, signature);
    if (link !== 'valid')
      return refuseDownload(
        request,
        reply,
        link === 'expired' ? 'download-link-expired' : 'download-link-invalid',
      );
    const item = (await getItemsByIds(db, [lineRow.itemId])).get(lineRow.itemId);
    const fileId = item?.structuredContent?.digitalFileId;
    const file = typeof fileId === 'string' ? await digitalFileById(db, fileId) : undefined;
    if (file)
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.bytes))
        .header('content-disposition', contentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(digitalFileChunks(db, file.id)));
    const target = item?.structuredContent?.downloadUrl;
    if (typeof target === 'string' && /^(https?:\/\/|\/)/.test(target)) return reply.redirect(target, 302);
    const name = `${lineRow.title.replace(/[^\w.-]+/g, '-').slice(0, 80) || 'download'}.txt`;
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(`${lineRow.title}\n${message('checkout.order-number', { number: order.orderNumber }, ls)}\n`);
  });
}
