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
  type CustomerInput,
  type LocalizedStrings,
  type ProductVariant,
} from '@storefront/core';
import type { Order, OrderLine } from '@storefront/core/wire';
import type { Transaction } from 'kysely';
import { findCart } from '../cart/cart.ts';
import {
  cartChoices,
  claimDiscount,
  customerKey,
  discountUsage,
  NO_PRICING,
  pricingLines,
  type CommercePricing,
} from '../cart/pricing.ts';
import type { CartRow } from '../../database.ts';
import type { Checked } from '../cart/rules.ts';
import { getItemsByIds, stockLockOrder, takeStock } from '../catalogue/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { renewablePlan } from '@storefront/core/subscriptions';
import { claimRenewal, startSubscription, subscriptionManagePath } from '../subscriptions/store.ts';
import type { Db, Trx } from '../../platform/db/index.ts';
import type { Database } from '../../database.ts';
import { ApiError, apiError, coreRefusal } from '../../platform/http/errors.ts';
import { queueMail } from '../../platform/mail/mail.ts';
import type { ItemContent } from '../../platform/site/types.ts';
import { amountDueCents, payByGiftCard } from '../gift-cards/gift-cards.ts';
import { confirmationMail } from './mail.ts';
import { handOutPaidOrder } from './on-payment.ts';
import {
  AWAITING_PAYMENT,
  PAYMENT_FAILED,
  type PaymentProvider,
  type SavedCard,
} from '../payments/payment.ts';
import { releaseUnpaidOrder } from './release.ts';

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
  /** `https://shop.example` — for the absolute links in the confirmation mail. */
  origin: string;
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
  inTransaction?: ((trx: Transaction<Database>, placed: PlacedInTransaction) => Promise<void>) | undefined;
}

/** The order as its transaction stored it, before the payment provider is asked. */
export interface PlacedInTransaction {
  order: OrderView;
  manageToken?: string | undefined;
}

export interface OrderSettings {
  currency: string;
  minimumSubtotalCents: number;
  siteTitle: string;
  /** The site's time zone: a subscription's billing dates are counted on its calendar. */
  timeZone: string;
  localizedStrings?: LocalizedStrings;
  /** Discount codes, shipping and tax (commerce/pricing.ts); none when absent. */
  pricing?: CommercePricing | undefined;
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
              req.origin,
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
      recorded = await db
        .updateTable('orders')
        .set({ status: outcome.status, payment_reference: outcome.reference })
        .where('id', '=', placed.order.id)
        .where('status', '=', AWAITING_PAYMENT)
        .execute()
        .then(
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

async function placeIn(
  trx: Trx,
  req: PlaceOrderRequest,
  settings: OrderSettings,
  payment: PaymentProvider,
): Promise<{ order: OrderView; mailId: string; giftCardMails: string[]; manageToken?: string | undefined }> {
  const ls = settings.localizedStrings;
  const now = Date.now();
  const { source } = req;
  let cartId: string | null = null;
  let cartRow: CartRow | undefined;
  let drafts: DraftLine[];

  if ('token' in source) {
    const cart = await findCart(trx, source.token);
    if (!cart) throw apiError('empty-cart');
    // Locks the cart row first: a second placement of the same cart waits here, then finds it bought.
    const locked = await trx
      .updateTable('carts')
      .set({ updated: now })
      .where('id', '=', cart.id)
      .where('is_purchased', '=', 0)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) !== 1) throw apiError('cart-purchased');
    cartId = cart.id;
    cartRow = cart;
    const entries = await trx
      .selectFrom('cart_entries')
      .selectAll()
      .where('cart_id', '=', cart.id)
      .orderBy('position')
      .execute();
    if (entries.length === 0) throw apiError('empty-cart');
    const items = await getItemsByIds(
      trx,
      entries.map((e) => e.item_id),
    );
    drafts = entries.map((e) => {
      const item = items.get(e.item_id);
      const variant = item && findVariantBySku(productOf(item), e.sku);
      if (!item || !variant) throw apiError('variant-gone');
      return draft(item, variant, e.quantity, e.additional_fields);
    });
  } else {
    const item = (await getItemsByIds(trx, [source.itemId])).get(source.itemId);
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
    drafts = [draft(item, checked.value.variant, checked.value.quantity, additionalFields)];
  }

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

  const c = customer.value;
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

  // Stock: one conditional update per variant, in id order; any short line refuses the whole order.
  const wanted = new Map<string, number>();
  for (const d of drafts)
    if (lineNeeds(d.productType).takesStock)
      wanted.set(d.variantId, (wanted.get(d.variantId) ?? 0) + d.quantity);
  const orderId = randomUUID();
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

  // A gift card pays first (issue 17): its balance is taken in this transaction, never below zero.
  const giftCardPayment = req.giftCardCode
    ? await payByGiftCard(
        trx,
        req.giftCardCode,
        { id: orderId, currency: settings.currency, dueCents: priced.grandTotalCents },
        now,
      )
    : undefined;

  const counter = await trx
    .updateTable('order_counter')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('id', '=', 'orders')
    .returning('value')
    .executeTakeFirstOrThrow();
  const orderNumber = Number(counter.value);
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
  await trx
    .insertInto('orders')
    .values({
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
      account_id: req.accountId ?? null,
      kind: order.kind,
      extra: extra ? JSON.stringify(extra) : null,
    })
    .execute();
  await trx
    .insertInto('order_lines')
    .values(
      order.lines.map((l, i) => ({
        id: l.id,
        order_id: orderId,
        position: i + 1,
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
    )
    .execute();
  if (code && priced.validCoupons.length > 0)
    await trx
      .insertInto('discount_redemptions')
      .values({
        order_id: orderId,
        code: code.code,
        customer: buyer,
        discount_cents: priced.discountCents,
        created: now,
      })
      .execute();
  // Gift cards exist only once their order is paid (issue 27): here, when a gift card paid it all.
  const giftCardMails =
    order.status === PAID
      ? await handOutPaidOrder(
          trx,
          orderId,
          { siteTitle: settings.siteTitle, origin: req.origin, localizedStrings: ls },
          now,
        )
      : [];
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
  if (cartId)
    await trx
      .updateTable('carts')
      .set({ is_purchased: 1, order_id: orderId })
      .where('id', '=', cartId)
      .execute();
  // The mail is queued in the same transaction: an order that exists has its confirmation waiting.
  const mail = confirmationMail(
    order,
    { siteTitle: settings.siteTitle, origin: req.origin },
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
