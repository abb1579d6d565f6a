import { randomUUID } from 'node:crypto';
import {
  centsToMoney,
  checkMinimumSubtotal,
  findDiscountCode,
  message,
  priceCart,
  shippingLocationOf,
  findVariantBySku,
  lineNeeds,
  minorToDecimal,
  orderNeeds,
  orderTotals,
  parseProduct,
  productOf,
  ProductType,
  validateAddToCart,
  validateCustomer,
  variantIdOf,
  variantUnitPrice,
  type ConfirmedCheckoutOrder,
  type Customer,
  type CustomerInput,
  type ProductVariant,
} from '@storefront/core';
import type { LocalizedStrings } from '@storefront/core';
import type { Order, OrderLine } from '@storefront/core/wire';
import {
  cartChoices,
  cartEntryRows,
  customerKey,
  findCart,
  lockCartForPurchase,
  markCartPurchased,
  NO_PRICING,
  pricingLines,
  type CartRow,
  type Checked,
  type CommercePricing,
} from '../cart/index.ts';
import { claimDiscount, discountUsage, recordRedemption } from '../discounts/index.ts';
import { stockLockOrder, takeStock, itemsForSaleByIds } from '../catalogue/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { renewablePlan } from '@storefront/core/subscriptions';
import { claimRenewal, startSubscription, subscriptionManagePath } from '../subscriptions/index.ts';
import type { Db, Trx } from '../../platform/db/index.ts';
import { ApiError, apiError, coreRefusal } from '../../platform/http/errors.ts';
import { queueMail } from '../../platform/mail/mail.ts';
import type { ItemContent } from '../../platform/site/types.ts';
import { amountDueCents, payByGiftCard } from '../gift-cards/index.ts';
import type { MailingSite } from '../../platform/site/context.ts';
import { confirmationMail } from './mail.ts';
import { withSignedDownloads, type DownloadLinks } from './download-links.ts';
import { handOutPaidOrder } from './on-payment.ts';
import { AWAITING_PAYMENT, PAYMENT_FAILED, type PaymentProvider, type SavedCard } from '../payments/index.ts';
import { releaseUnpaidOrder } from './release.ts';
import { insertOrder, nextOrderNumber, recordPaymentAnswer } from './store.ts';

const PAID = 'paid';

export type OrderSource =
  /** The shopper's cart (the CART cookie) or a subscription cart (its `cartToken`). */
  | { kind: 'cart' | 'subscription'; token: string | undefined }
  /** One item bought directly (express checkout), or a gift card from its page. */
  | {
      kind: 'express' | 'gift-card';
      itemId: string;
      sku?: string | null | undefined;
      quantity?: unknown;
      additionalFields?: string | null | undefined;
    }
  /** A subscription's renewal (issue 17): its item bought again, claimed as its `cycle`. */
  | {
      kind: 'renewal';
      subscriptionId: string;
      cycle: number;
      itemId: string;
      sku: string;
      quantity: number;
      /** The card the subscription's first payment saved: the provider charges it off-session. */
      savedCard?: SavedCard | undefined;
    };

export interface PlaceOrderRequest {
  source: OrderSource;
  customer: CustomerInput;
  /** The site the order is placed on: the mail's words, its absolute links' origin, its title. */
  site: MailingSite;
  /** The signed-in customer placing it: the order shows in their account. */
  accountId?: string | undefined;
  /** The shipping option chosen on the checkout form (else the cart's, else the cheapest). */
  shippingOptionId?: string | undefined;
  /** A gift card code typed at checkout: it pays first, as much as it holds (issue 17). */
  giftCardCode?: string | undefined;
  /** Gift card orders: when the recipient's mail goes out (epoch ms); now when absent. */
  giftCardSendAt?: number | undefined;
  /**
   * Runs in the order's transaction once the order is written (the API completes its
   * Idempotency-Key here): what it writes commits with the order or not at all, and a throw rolls
   * the order back.
   */
  inTransaction?: ((trx: Trx, placed: PlacedInTransaction) => Promise<void>) | undefined;
}

/** The order as its transaction stored it, before the payment provider is asked. */
export interface PlacedInTransaction {
  order: OrderView;
  manageToken?: string | undefined;
}

export interface OrderSettings {
  currency: string;
  minimumSubtotalCents: number;
  /** The site's time zone: a subscription's billing dates are counted on its calendar. */
  timeZone: string;
  /** Discount codes, shipping and tax (commerce/pricing.ts); none when absent. */
  pricing?: CommercePricing | undefined;
  /** Signs the links a paid order's confirmation mail gives to its downloads. */
  downloadLinks: DownloadLinks;
}

/** An order line and an order as the API answers them (core's wire contract). */
export type OrderLineView = OrderLine;
export type OrderView = Order;

/** The order as the confirmation page hands it to the browser's analytics (spec section 3). */
export function confirmedCheckoutOrder(order: OrderView, websiteId: string): ConfirmedCheckoutOrder {
  const money = (cents: number) => ({
    decimalValue: minorToDecimal(cents, order.currency),
    currencyCode: order.currency,
  });
  return {
    id: order.id,
    purchasedCartId: order.cartId,
    testMode: false,
    websiteId,
    items: order.lines.map((l) => ({
      sku: l.sku,
      productName: l.title,
      quantity: l.quantity,
      unitPrice: money(l.unitPriceCents),
      productType: l.productType,
    })),
    grandTotal: money(order.grandTotalCents),
    shippingTotal: money(order.shippingCents),
    taxTotal: money(order.taxCents),
  };
}

/** A placed order, or its refusal (customer problems name their field(s): `field`, `errors`). */
export type Placed = Checked<{
  order: OrderView;
  mailId: string;
  giftCardMails: string[];
  /** A subscription order's manage link token (shown once: on the confirmation and in its mail). */
  manageToken?: string | undefined;
  paymentUrl?: string;
  /** Why the provider refused the payment at once (a declined renewal card); the order is released. */
  paymentFailure?: string;
}>;

interface DraftLine {
  item: ItemContent;
  variantId: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  productType: number;
  attributes: Record<string, string>;
  additionalFields: string | null;
}

/** The download link of a digital line: the confirmation and the mail point at it. */
export const downloadPath = (orderId: string, lineId: string) =>
  `/checkout/download/${encodeURIComponent(orderId)}/${encodeURIComponent(lineId)}`;

/**
 * Places an order in ONE transaction: lock the cart (a cart is bought once), read the lines with
 * live prices, check the customer fields and the minimum subtotal, take the stock of every line
 * with a conditional update (never below zero; any line short rolls everything back with the
 * spec's out-of-stock text), number the order, store it with its lines, mark the cart purchased
 * and queue the confirmation mail. After the commit the payment provider is asked. Variants are
 * taken in id order, so two orders never wait on each other in opposite orders.
 */
export async function placeOrder(
  db: Db,
  req: PlaceOrderRequest,
  settings: OrderSettings,
  payment: PaymentProvider,
): Promise<Placed> {
  try {
    const placed = await writeTransaction(db, (trx) => placeIn(trx, req, settings, payment));
    // Nothing left to pay once a gift card has covered the total; else the provider asks for the rest.
    const savedCard = renewalFields(req).savedCard;
    const outcome =
      placed.order.status === PAID
        ? undefined
        : await payment
            .begin(
              {
                ...placed.order,
                grandTotalCents: amountDueCents(placed.order),
                ...(savedCard ? { savedCard } : {}),
              },
              req.site.origin,
            )
            .catch(() => undefined);
    if (outcome?.status === PAYMENT_FAILED) {
      const failure = outcome.failure ?? PAYMENT_FAILED;
      // If this fails, the provider's own failure event releases the order later.
      const released = await writeTransaction(db, (trx) =>
        releaseUnpaidOrder(trx, placed.order.id, {
          status: PAYMENT_FAILED,
          newReference: outcome.reference,
          provider: payment.name,
          reason: failure,
        }),
      ).catch(() => false);
      if (released) {
        placed.order.status = PAYMENT_FAILED;
        placed.order.paymentReference = outcome.reference;
      }
      return { ok: true, value: { ...placed, paymentFailure: failure } };
    }
    let recorded = true;
    if (outcome && (outcome.status !== placed.order.status || outcome.reference)) {
      // Conditional: a provider's webhook may already have settled the order (a renewal's charge).
      // The order is committed: a database fault here must not turn it into a failed answer.
      recorded = await recordPaymentAnswer(db, placed.order.id, outcome, AWAITING_PAYMENT).then(
        () => true,
        () => false,
      );
      if (recorded) {
        placed.order.status = outcome.status;
        placed.order.paymentReference = outcome.reference;
      }
    }
    // A payment the order does not reference could never be matched to it: no payment page then.
    if (outcome?.paymentUrl && recorded)
      return { ok: true, value: { ...placed, paymentUrl: outcome.paymentUrl } };
    return { ok: true, value: placed };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, refusal: error };
    throw error;
  }
}

/** The renewal's own fields, when the order is one. */
const renewalFields = (req: PlaceOrderRequest): { savedCard?: SavedCard | undefined } =>
  req.source.kind === 'renewal' ? req.source : {};

interface Drafted {
  cartId: string | null;
  cartRow: CartRow | undefined;
  drafts: DraftLine[];
}

/**
 * The order's lines with live prices: the cart's (locked first: a second placement of the same
 * cart waits here, then finds it bought), or the one item bought directly.
 */
async function draftLines(
  trx: Trx,
  source: OrderSource,
  ls: LocalizedStrings | undefined,
  now: number,
): Promise<Drafted> {
  if ('token' in source) {
    const cart = await findCart(trx, source.token);
    if (!cart) throw apiError('empty-cart');
    // Locks the cart row first: a second placement of the same cart waits here, then finds it bought.
    if (!(await lockCartForPurchase(trx, cart.id, now))) throw apiError('cart-purchased');
    const entries = await cartEntryRows(trx, cart.id);
    if (entries.length === 0) throw apiError('empty-cart');
    // An item hidden or scheduled since it was added is no longer for sale.
    const items = await itemsForSaleByIds(
      trx,
      entries.map((e) => e.item_id),
      now,
    );
    const drafts = entries.map((e) => {
      const item = items.get(e.item_id);
      const variant = item && findVariantBySku(productOf(item), e.sku);
      if (!item || !variant) throw apiError('variant-gone');
      return draft(item, variant, e.quantity, e.additional_fields);
    });
    return { cartId: cart.id, cartRow: cart, drafts };
  }
  const item = (await itemsForSaleByIds(trx, [source.itemId], now)).get(source.itemId);
  if (!item || !item.structuredContent) throw apiError('item-not-found');
  const product = parseProduct(item).product;
  if (source.kind === 'gift-card' && product.productType !== ProductType.GIFT_CARD)
    throw apiError('not-gift-card');
  if (source.sku) {
    const known = findVariantBySku(product, source.sku);
    if (!known) throw apiError('variant-not-found');
  }
  const checked = validateAddToCart({
    product,
    variantId: variantIdOf(product, source.sku),
    quantity: source.quantity === undefined ? 1 : source.quantity,
    localizedStrings: ls,
  });
  if (!checked.ok)
    throw checked.error.code === 'cart.add.not-enough-stock'
      ? apiError('express-not-enough-stock', { refusal: { message: checked.error.message } })
      : coreRefusal(checked.error);
  const additionalFields = source.kind === 'renewal' ? null : (source.additionalFields ?? null);
  return {
    cartId: null,
    cartRow: undefined,
    drafts: [draft(item, checked.value.variant, checked.value.quantity, additionalFields)],
  };
}

/** The customer's fields for what the lines need, and the order's totals over its minimum. */
function checkCustomer(req: PlaceOrderRequest, drafts: readonly DraftLine[], settings: OrderSettings) {
  const ls = req.site.strings;
  const types = drafts.map((d) => d.productType);
  const customer = validateCustomer(req.customer, orderNeeds(types), ls);
  if (!customer.ok)
    throw apiError('invalid-customer', {
      refusal: { message: customer.error.message },
      extra: {
        ...(customer.error.field ? { field: customer.error.field } : {}),
        errors: { ...customer.errors },
      },
    });

  const totals = orderTotals(drafts, settings.currency);
  const minimum = checkMinimumSubtotal(
    totals.subtotalCents,
    settings.minimumSubtotalCents,
    settings.currency,
    ls,
  );
  if (!minimum.ok) throw coreRefusal(minimum.error);

  return { types, customer: customer.value, totals };
}

/**
 * Discounts, shipping and tax for the order; a code's use is claimed here, before any stock:
 * exactly its limit of orders get past this.
 */
async function priceOrder(
  trx: Trx,
  req: PlaceOrderRequest,
  settings: OrderSettings,
  placing: { c: Customer; cartRow: CartRow | undefined; drafts: readonly DraftLine[]; now: number },
) {
  const ls = req.site.strings;
  const { c, cartRow, drafts, now } = placing;
  const pricing = settings.pricing ?? NO_PRICING;
  const choices = cartChoices(cartRow);
  const address = c.address;
  const location = address
    ? shippingLocationOf({ country: address.country, region: address.state, postalCode: address.zip })
    : (choices.location ?? undefined);
  const code = choices.couponCodes[0]
    ? findDiscountCode(pricing.config.discountCodes, choices.couponCodes[0])
    : undefined;
  const buyer = customerKey(c.email);
  const usage = code ? await discountUsage(trx, code.code, buyer) : undefined;
  const priced = priceCart({
    lines: pricingLines(
      drafts.map((d) => ({ ...d, itemId: d.item.id })),
      pricing,
    ),
    config: pricing.config,
    currency: settings.currency,
    couponCodes: choices.couponCodes,
    location: location ?? null,
    chosenShippingOptionId: req.shippingOptionId ?? choices.shippingOptionId,
    now,
    usageOf: () => usage,
    ...(ls ? { localizedStrings: ls } : {}),
  });
  const refusedCoupon = priced.invalidCoupons[0];
  if (refusedCoupon) throw coreRefusal({ code: refusedCoupon.reason, message: refusedCoupon.message });
  const shipsByRates = pricing.config.shippingZones.length > 0 || pricing.config.pickup.length > 0;
  if (priced.requiresShipping && shipsByRates) {
    if (!location) {
      const text = message('shipping.country-invalid', {}, ls);
      throw apiError('shipping-country-invalid', {
        extra: { field: 'address.country', errors: { 'address.country': text } },
      });
    }
    if (!priced.selectedShippingOption) throw apiError('shipping-unavailable');
  }
  // The code's use is claimed here, before any stock: exactly its limit of orders get past this.
  if (code && priced.validCoupons.length > 0) {
    const refused = await claimDiscount(trx, code, buyer);
    if (refused) throw coreRefusal({ code: refused, message: message(refused, { code: code.code }, ls) });
  }

  return { priced, code, buyer };
}

/**
 * Takes the lines' stock: one conditional update per variant, in id order; any short line refuses
 * the whole order. A renewal is claimed first.
 */
async function takeOrderStock(
  trx: Trx,
  req: PlaceOrderRequest,
  drafts: readonly DraftLine[],
  order: { orderId: string; now: number },
): Promise<void> {
  const { source } = req;
  const { orderId, now } = order;
  const wanted = new Map<string, number>();
  for (const d of drafts)
    if (lineNeeds(d.productType).takesStock)
      wanted.set(d.variantId, (wanted.get(d.variantId) ?? 0) + d.quantity);
  // A renewal is claimed before its stock: a cycle another instance made (or a paused one) stops here.
  if (
    source.kind === 'renewal' &&
    !(await claimRenewal(trx, { subscriptionId: source.subscriptionId, cycle: source.cycle, orderId, now }))
  )
    throw apiError('renewal-not-claimed');
  const taker = { orderId, actorId: req.accountId ?? null };
  for (const variantId of [...wanted.keys()].sort(stockLockOrder)) {
    if (!(await takeStock(trx, variantId, wanted.get(variantId) as number, taker)))
      throw apiError('out-of-stock');
  }
}

/** The order as stored and answered, with what its `extra` keeps of its kind and pricing. */
function orderViewOf(placing: {
  req: PlaceOrderRequest;
  settings: OrderSettings;
  payment: PaymentProvider;
  drafts: readonly DraftLine[];
  types: readonly number[];
  c: Customer;
  totals: { subtotalCents: number };
  priced: ReturnType<typeof priceCart>;
  giftCardPayment: Awaited<ReturnType<typeof payByGiftCard>> | undefined;
  ids: { orderId: string; orderNumber: number; cartId: string | null };
  now: number;
}) {
  const { req, settings, payment, drafts, types, c, totals, priced, giftCardPayment, now } = placing;
  const { orderId, orderNumber, cartId } = placing.ids;
  const { source } = req;
  const kindExtra =
    source.kind === 'subscription'
      ? { subscriptionPlan: subscriptionPlanOf(drafts[0]?.item) }
      : source.kind === 'renewal'
        ? { subscriptionId: source.subscriptionId, cycle: source.cycle }
        : types.includes(ProductType.GIFT_CARD)
          ? {
              recipientEmail: c.recipientEmail,
              giftMessage: c.giftMessage,
              giftCardSendAt: req.giftCardSendAt ?? now,
            }
          : null;
  // What the amounts came from, for the confirmation and the back office.
  const pricingExtra =
    priced.validCoupons.length > 0 || priced.selectedShippingOption || priced.applicableTaxRules.length > 0
      ? {
          pricing: {
            coupons: priced.validCoupons.map((v) => v.code),
            shippingOption: priced.selectedShippingOption,
            taxRules: priced.applicableTaxRules,
            pricesIncludeTax: priced.pricesIncludeTax,
          },
        }
      : null;
  const extra =
    kindExtra || pricingExtra || giftCardPayment
      ? { ...kindExtra, ...pricingExtra, ...(giftCardPayment ? { giftCardPayment } : {}) }
      : null;
  const order: OrderView = {
    id: orderId,
    orderNumber,
    created: now,
    status:
      giftCardPayment && giftCardPayment.amountCents >= priced.grandTotalCents ? PAID : AWAITING_PAYMENT,
    kind: source.kind,
    email: c.email,
    customerName: c.name,
    address: c.address,
    currency: settings.currency,
    subtotalCents: totals.subtotalCents,
    taxCents: priced.taxCents,
    shippingCents: priced.shippingCostCents,
    discountCents: priced.discountCents,
    grandTotalCents: priced.grandTotalCents,
    grandTotal: centsToMoney(priced.grandTotalCents, settings.currency),
    paymentProvider: payment.name,
    paymentReference: null,
    cartId,
    extra,
    lines: drafts.map((d) => {
      const id = randomUUID();
      return {
        id,
        itemId: d.item.id,
        sku: d.sku,
        title: d.item.title,
        quantity: d.quantity,
        unitPriceCents: d.unitPriceCents,
        productType: d.productType,
        attributes: d.attributes,
        additionalFields: d.additionalFields,
        downloadUrl: lineNeeds(d.productType).downloadLink ? downloadPath(orderId, id) : null,
      };
    }),
  };
  return { order, kindExtra, extra };
}

/** Stores the order and its lines (each line keeps the variant it took stock from). */
async function storeOrder(
  trx: Trx,
  order: OrderView,
  placing: { drafts: readonly DraftLine[]; extra: unknown; accountId: string | undefined; now: number },
): Promise<void> {
  const { drafts, extra, now } = placing;
  const { orderNumber, cartId } = order;
  await insertOrder(
    trx,
    {
      id: order.id,
      order_number: orderNumber,
      created: now,
      email: order.email,
      customer_name: order.customerName,
      address: order.address ? JSON.stringify(order.address) : null,
      subtotal_cents: order.subtotalCents,
      tax_cents: order.taxCents,
      shipping_cents: order.shippingCents,
      discount_cents: order.discountCents,
      grand_total_cents: order.grandTotalCents,
      currency: order.currency,
      status: order.status,
      payment_provider: order.paymentProvider,
      payment_reference: null,
      cart_id: cartId,
      account_id: placing.accountId ?? null,
      kind: order.kind,
      extra: extra ? JSON.stringify(extra) : null,
    },
    order.lines.map((l, i) => ({
      id: l.id,
      item_id: l.itemId,
      variant_id: (drafts[i] as DraftLine).variantId,
      sku: l.sku,
      title: l.title,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      product_type: l.productType,
      attributes: JSON.stringify(l.attributes),
      additional_fields: l.additionalFields,
      download_url: l.downloadUrl,
    })),
  );
}

async function placeIn(
  trx: Trx,
  req: PlaceOrderRequest,
  settings: OrderSettings,
  payment: PaymentProvider,
): Promise<{ order: OrderView; mailId: string; giftCardMails: string[]; manageToken?: string | undefined }> {
  const ls = req.site.strings;
  const now = Date.now();
  const { source } = req;
  const { cartId, cartRow, drafts } = await draftLines(trx, source, ls, now);
  const { types, customer: c, totals } = checkCustomer(req, drafts, settings);
  const { priced, code, buyer } = await priceOrder(trx, req, settings, { c, cartRow, drafts, now });
  const orderId = randomUUID();
  await takeOrderStock(trx, req, drafts, { orderId, now });

  // A gift card pays first (issue 17): its balance is taken in this transaction, never below zero.
  const giftCardPayment = req.giftCardCode
    ? await payByGiftCard(
        trx,
        req.giftCardCode,
        { id: orderId, currency: settings.currency, dueCents: priced.grandTotalCents },
        now,
      )
    : undefined;

  const orderNumber = await nextOrderNumber(trx);
  const { order, kindExtra, extra } = orderViewOf({
    req,
    settings,
    payment,
    drafts,
    types,
    c,
    totals,
    priced,
    giftCardPayment,
    ids: { orderId, orderNumber, cartId },
    now,
  });
  await storeOrder(trx, order, { drafts, extra, accountId: req.accountId, now });
  if (code && priced.validCoupons.length > 0)
    await recordRedemption(trx, {
      orderId,
      code: code.code,
      customer: buyer,
      discountCents: priced.discountCents,
      created: now,
    });
  // Gift cards exist only once their order is paid (issue 27): here, when a gift card paid it all.
  const giftCardMails = order.status === PAID ? await handOutPaidOrder(trx, orderId, req.site, now) : [];
  const plan = source.kind === 'subscription' ? renewablePlan(kindExtra?.subscriptionPlan) : undefined;
  const subscribed = drafts[0];
  const subscription =
    plan && subscribed
      ? await startSubscription(trx, {
          orderId,
          accountId: req.accountId ?? null,
          customer: { email: c.email, name: c.name, ...(c.address ? { address: c.address } : {}) },
          line: {
            itemId: subscribed.item.id,
            sku: subscribed.sku,
            quantity: subscribed.quantity,
            title: subscribed.item.title,
          },
          plan,
          now,
          timeZone: settings.timeZone,
        })
      : undefined;
  if (cartId) await markCartPurchased(trx, cartId, orderId);
  // The mail is queued in the same transaction: an order that exists has its confirmation waiting.
  const mail = confirmationMail(
    withSignedDownloads(order, settings.downloadLinks),
    req.site,
    ls,
    subscription?.manageToken && subscriptionManagePath(subscription.manageToken),
  );
  const mailId = await queueMail(
    trx,
    { kind: 'order-confirmation', refId: orderId, to: order.email, subject: mail.subject, body: mail.body },
    now,
  );
  await req.inTransaction?.(trx, { order, manageToken: subscription?.manageToken });
  return { order, mailId, giftCardMails, manageToken: subscription?.manageToken };
}

/** The plan of a subscription product: its own `subscriptionPlan`, else its first subscription option's. */
function subscriptionPlanOf(item: ItemContent | undefined): unknown {
  const sc = item?.structuredContent as
    { subscriptionPlan?: unknown; productSubscriptionOptions?: { subscriptionPlan?: unknown }[] } | undefined;
  return sc?.subscriptionPlan ?? sc?.productSubscriptionOptions?.[0]?.subscriptionPlan ?? null;
}

function draft(
  item: ItemContent,
  variant: ProductVariant,
  quantity: number,
  additionalFields: string | null,
): DraftLine {
  const product = productOf(item);
  return {
    item,
    variantId: variant.id,
    sku: variant.sku,
    quantity,
    unitPriceCents: variantUnitPrice(product, variant).cents,
    productType: product.productType,
    attributes: { ...variant.attributes },
    additionalFields,
  };
}

export { readOrder } from './store.ts';
