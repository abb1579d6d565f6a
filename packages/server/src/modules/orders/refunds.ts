/**
 * Refunds from the back office (issue 27), by line (with quantities) or by amount, never more than
 * was paid and not yet refunded. One transaction, holding the order's lock (order-actions.ts
 * `onOrder`), records the refund, gives back what gift cards paid onto them, puts the refunded
 * lines back in stock when asked, gives a limited-use discount code its use back on a full refund,
 * and writes the timeline. Then the provider's part: with Stripe, its refunds API is called once
 * the record is committed (the refund's id is the idempotency key, so a retried call makes one
 * refund) and the refund stays pending until the signed webhook settles it (db/refunds.ts); with
 * the manual provider staff give the money back by hand and the refund is done at once.
 */
import { randomUUID } from 'node:crypto';
import { formatMoney, lineNeeds, paidForLines, ProductType } from '@storefront/core';
import Stripe from 'stripe';
import { z } from 'zod';
import { releaseDiscounts } from '../discounts/index.ts';
import {
  giftCardHint,
  restoreGiftCards,
  voidGiftCardCents,
  giftCardCentsVoided,
  giftCardNow,
  giftCardsOfOrderHolding,
  giftCardsOfOrderWithBalances,
} from '../gift-cards/index.ts';
import type { Db, Trx } from '../../platform/db/index.ts';
import {
  failPendingRefund,
  insertRefund,
  markOrderRefundedWhenFull,
  refundFiguresOf,
  setProviderRefundId,
  REFUND_ID_KEY,
  REFUND_ORDER_ID_KEY,
  refundedQuantities,
  refundTotals,
  type RefundLine,
  type RefundStatus,
} from './refund-store.ts';
import { orderEvent, eventDetails, giftCardLinesOf, orderLines } from './store.ts';
import { returnStock, stockLockOrder } from '../catalogue/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { apiError } from '../../platform/http/errors.ts';
import { onOrder, type Actor, type OrderRowOf } from './admin-actions.ts';

export const refundBody = z
  .object({
    amountCents: z.number().int().min(1).optional(),
    lines: z
      .array(z.object({ lineId: z.string().min(1).max(100), quantity: z.number().int().min(1) }).strict())
      .min(1)
      .max(500)
      .optional(),
    /** Put the refunded lines back in stock, in the refund's transaction. */
    restock: z.boolean().optional(),
    reason: z.string().trim().max(1000).optional(),
  })
  .strict();
export type RefundInput = z.infer<typeof refundBody>;

/** What an order paid through Stripe needs after the record: the call to its refunds API. */
interface ProviderCall {
  refundId: string;
  orderId: string;
  paymentIntent: string;
  amountCents: number;
}

export async function refund(
  db: Db,
  number: number,
  actor: Actor,
  input: RefundInput,
  stripe: Stripe | undefined,
): Promise<{ mailId?: string }> {
  if ((input.amountCents === undefined) === (input.lines === undefined))
    throw apiError('refund.amount-or-lines');
  if (input.restock && !input.lines) throw apiError('refund.restock-needs-lines');
  let call: ProviderCall | undefined;
  const acted = await onOrder(db, number, actor, async (trx, order) => {
    await refuseUnpaid(trx, order);
    const refunds = await refundFiguresOf(trx, order.id);
    const left = order.grand_total_cents - refundTotals(refunds).committedCents;
    const byLine = input.lines ? await linesToRefund(trx, order, input.lines, refunds) : undefined;
    const amountCents = byLine ? byLine.amountCents : (input.amountCents as number);
    if (amountCents > left)
      throw apiError('refund.over-refund', {
        params: {
          number,
          left: formatMoney(Math.max(0, left), order.currency),
          amount: formatMoney(amountCents, order.currency),
        },
      });
    const committedCents = refundTotals(refunds).committedCents;
    const giftCardsVoidedCents = await voidRefundedGiftCards(trx, order, {
      amountCents,
      committedCents,
      giftLines: byLine?.lines.filter((l) => l.productType === ProductType.GIFT_CARD) ?? [],
    });
    const refundId = randomUUID();
    // A gift card's part goes back onto the card first (issue 17); the rest through the provider.
    const giftCardCents = await restoreGiftCards(trx, order.id, amountCents);
    const providerCents = amountCents - giftCardCents;
    if (input.restock && byLine) await restockLines(trx, order, byLine.lines, actor, input.reason);
    const viaStripe = order.payment_provider === 'stripe' && providerCents > 0;
    // Refused here, the transaction takes back the gift cards' part and the stock with it.
    const paymentIntent = viaStripe ? await stripePaymentOf(trx, order, stripe) : null;
    const status: RefundStatus = viaStripe ? 'pending' : 'succeeded';
    await insertRefund(trx, {
      id: refundId,
      order_id: order.id,
      created: Date.now(),
      amount_cents: amountCents,
      reason: input.reason ?? null,
      status,
      gift_card_cents: giftCardCents,
      provider_cents: providerCents,
      provider: viaStripe ? 'stripe' : order.payment_provider,
      provider_payment_id: paymentIntent,
      provider_refund_id: null,
      lines: byLine ? JSON.stringify(input.lines) : null,
      restocked: input.restock ? 1 : 0,
    });
    const full = amountCents === left;
    if (full) await releaseDiscounts(trx, order.id);
    if (paymentIntent)
      call = {
        refundId,
        orderId: order.id,
        paymentIntent,
        amountCents: providerCents,
      };
    else await markOrderRefundedWhenFull(trx, order.id);
    return {
      kind: viaStripe ? 'refund-requested' : 'refunded',
      detail: {
        refundId,
        amountCents,
        ...(giftCardCents > 0 ? { giftCardCents } : {}),
        ...(giftCardsVoidedCents > 0 ? { giftCardsVoidedCents } : {}),
        ...(viaStripe
          ? { stripeCents: providerCents }
          : providerCents > 0
            ? { byHandCents: providerCents }
            : {}),
        ...(input.lines ? { lines: input.lines } : {}),
        ...(input.restock ? { restocked: true } : {}),
        ...(full ? { full: true } : {}),
        ...(input.reason ? { reason: input.reason } : {}),
      },
    };
  });
  if (call && stripe) await sendToStripe(db, stripe, call);
  return acted;
}

/** Paid, or cancelled after it was paid: otherwise there is nothing to give back. */
async function refuseUnpaid(trx: Trx, order: OrderRowOf): Promise<void> {
  if (order.status === 'paid' || order.status === 'refunded') return;
  if (order.status === 'cancelled') {
    const cancels = await eventDetails(trx, order.id, 'cancelled');
    if (cancels.some((detail) => detail !== null && (JSON.parse(detail) as { wasPaid?: boolean }).wasPaid))
      return;
  }
  throw apiError('order.not-paid', { params: { number: Number(order.order_number) } });
}

interface LineToRefund {
  lineId: string;
  variantId: string;
  quantity: number;
  takesStock: boolean;
  productType: number;
  unitPriceCents: number;
}

/**
 * The lines named, each at most what was ordered and not yet refunded; their amount is what was
 * paid for them: their price less their share of the order's discount.
 */
async function linesToRefund(
  trx: Trx,
  order: OrderRowOf,
  wanted: readonly RefundLine[],
  refunds: Parameters<typeof refundedQuantities>[0],
): Promise<{ amountCents: number; lines: LineToRefund[] }> {
  const number = Number(order.order_number);
  const lines = await orderLines(trx, order.id);
  const refunded = refundedQuantities(refunds);
  const seen = new Set<string>();
  const priced: { unitPriceCents: number; quantity: number }[] = [];
  const chosen: LineToRefund[] = [];
  for (const { lineId, quantity } of wanted) {
    const line = lines.find((l) => l.id === lineId);
    if (!line || seen.has(lineId)) throw apiError('refund.unknown-line', { params: { lineId, number } });
    seen.add(lineId);
    const left = line.quantity - (refunded.get(lineId) ?? 0);
    if (quantity > left)
      throw apiError('refund.over-quantity', { params: { left, title: line.title, number } });
    priced.push({ unitPriceCents: line.unit_price_cents, quantity });
    chosen.push({
      lineId,
      variantId: line.variant_id,
      quantity,
      takesStock: lineNeeds(line.product_type).takesStock,
      productType: line.product_type,
      unitPriceCents: line.unit_price_cents,
    });
  }
  const amountCents = paidForLines(priced, {
    subtotalCents: order.subtotal_cents,
    discountCents: order.discount_cents,
  });
  return { amountCents, lines: chosen };
}

/**
 * A refund that gives back what the order's gift cards were bought with takes that value off the
 * cards (issue 27), in the refund's transaction, so no refunded card still pays. A refunded gift-card
 * line voids its cards whole. Otherwise the order's other lines, shipping and tax are taken to be
 * refunded first: once all refunds together pass them, the cards lose what goes beyond, less what
 * they lost already. A card spent below what is to be taken refuses the refund, saying how much is
 * left on it. Answers the value taken off the cards.
 */
async function voidRefundedGiftCards(
  trx: Trx,
  order: OrderRowOf,
  refund: { amountCents: number; committedCents: number; giftLines: readonly LineToRefund[] },
): Promise<number> {
  const cards = await giftCardsOfOrderWithBalances(trx, order.id);
  if (cards.length === 0) return 0;
  const number = Number(order.order_number);
  const pricing = { subtotalCents: order.subtotal_cents, discountCents: order.discount_cents };
  /** The cards named, what is left on them, and what of this refund they allow. */
  const refuse = (codes: readonly string[], leftCents: number, refundableCents: number) =>
    apiError('refund.gift-card-spent', {
      params: {
        number,
        hint: codes.map(giftCardHint).join(', '),
        left: formatMoney(leftCents, order.currency),
        refundable: formatMoney(Math.max(0, refundableCents), order.currency),
      },
    });
  const raced = async (code: string) => {
    const card = await giftCardNow(trx, code);
    return refuse([code], card.balance_cents, 0);
  };
  let voidedNow = 0;
  const untouched = [...cards].sort((a, b) => b.balance_cents - a.balance_cents);
  for (const line of refund.giftLines) {
    const paidPerCard = paidForLines([{ unitPriceCents: line.unitPriceCents, quantity: 1 }], pricing);
    for (let i = 0; i < line.quantity; i++) {
      const at = untouched.findIndex((c) => c.initial_cents === line.unitPriceCents && c.balance_cents > 0);
      // Cards voided already (a cancelled order) have nothing left to take.
      if (at < 0) break;
      const [card] = untouched.splice(at, 1);
      if (!card) break;
      if (card.balance_cents < paidPerCard) throw refuse([card.code], card.balance_cents, card.balance_cents);
      if (!(await voidGiftCardCents(trx, card.code, order.id, card.balance_cents)))
        throw await raced(card.code);
      voidedNow += card.balance_cents;
    }
  }
  const lines = await giftCardLinesOf(trx, order.id, ProductType.GIFT_CARD);
  const giftCardsPaidCents = paidForLines(
    lines.map((l) => ({ unitPriceCents: l.unit_price_cents, quantity: l.quantity })),
    pricing,
  );
  const otherCents = order.grand_total_cents - giftCardsPaidCents;
  const voidedBefore = await giftCardCentsVoided(
    trx,
    order.id,
    cards.map((c) => c.code),
  );
  const refundedCents = refund.committedCents + refund.amountCents;
  const owed = Math.max(0, refundedCents - otherCents) - voidedBefore;
  if (owed <= 0) return voidedNow;
  const holding = await giftCardsOfOrderHolding(trx, order.id);
  const leftCents = holding.reduce((sum, card) => sum + card.balance_cents, 0);
  if (leftCents < owed)
    throw refuse(
      holding.length > 0 ? holding.map((c) => c.code) : cards.map((c) => c.code),
      leftCents,
      refund.amountCents - (owed - leftCents),
    );
  // Once the whole order is refunded nothing it bought pays, not even what its discount gave.
  let toTake = refundedCents >= order.grand_total_cents ? leftCents : owed;
  for (const card of holding) {
    const take = Math.min(card.balance_cents, toTake);
    if (take <= 0) break;
    if (!(await voidGiftCardCents(trx, card.code, order.id, take))) throw await raced(card.code);
    toTake -= take;
    voidedNow += take;
  }
  return voidedNow;
}

/** The refunded lines that took stock give it back, in variant order (a stable lock order). */
async function restockLines(
  trx: Trx,
  order: OrderRowOf,
  lines: readonly LineToRefund[],
  actor: Actor,
  reason: string | undefined,
): Promise<void> {
  const stocked = lines.filter((l) => l.takesStock).sort((a, b) => stockLockOrder(a.variantId, b.variantId));
  for (const line of stocked)
    await returnStock(trx, line.variantId, line.quantity, {
      reason: 'returned',
      refId: order.id,
      actorId: actor.accountId,
      note: reason ?? null,
    });
}

/**
 * The PaymentIntent that paid the order: a renewal's reference is its intent; a Checkout Session's
 * intent came with the webhook that marked it paid (its timeline's `paid` event).
 */
async function stripePaymentOf(trx: Trx, order: OrderRowOf, stripe: Stripe | undefined): Promise<string> {
  const number = Number(order.order_number);
  if (!stripe) throw apiError('refund.provider-not-configured', { params: { number } });
  if (order.payment_reference?.startsWith('pi_')) return order.payment_reference;
  const paid = await eventDetails(trx, order.id, 'paid');
  for (const detail of paid) {
    const intent = detail ? (JSON.parse(detail) as { paymentIntent?: unknown }).paymentIntent : null;
    if (typeof intent === 'string' && intent) return intent;
  }
  throw apiError('refund.no-payment', { params: { number } });
}

/**
 * Asks Stripe for the refund. Its answer keeps the refund pending (only the webhook settles it);
 * a refusal marks the provider's part failed, on the timeline; no answer leaves it pending (and
 * says so on the timeline) for the webhook to settle if Stripe made it after all.
 */
async function sendToStripe(db: Db, stripe: Stripe, call: ProviderCall): Promise<void> {
  let stripeRefund: Stripe.Refund;
  try {
    stripeRefund = await stripe.refunds.create(
      {
        payment_intent: call.paymentIntent,
        amount: call.amountCents,
        reason: 'requested_by_customer',
        metadata: { [REFUND_ORDER_ID_KEY]: call.orderId, [REFUND_ID_KEY]: call.refundId },
      },
      { idempotencyKey: `refund-${call.refundId}` },
    );
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeError &&
      error.statusCode !== undefined &&
      error.statusCode < 500
    ) {
      await writeTransaction(db, async (trx) => {
        if (await failPendingRefund(trx, call.refundId))
          await orderEvent(trx, call.orderId, 'refund-failed', {
            refundId: call.refundId,
            providerCents: call.amountCents,
            problem: error.message,
          });
      });
      throw apiError('refund.provider-refused', { params: { problem: error.message } });
    }
    await writeTransaction(db, (trx) =>
      orderEvent(trx, call.orderId, 'refund-unanswered', {
        refundId: call.refundId,
        stripeCents: call.amountCents,
        problem: error instanceof Error ? error.message : String(error),
      }),
    );
    throw apiError('refund.provider-unavailable');
  }
  await writeTransaction(db, async (trx) => {
    await setProviderRefundId(trx, call.refundId, stripeRefund.id);
    await orderEvent(trx, call.orderId, 'refund-sent', {
      refundId: call.refundId,
      stripeRefund: stripeRefund.id,
      stripeCents: call.amountCents,
      paymentIntent: call.paymentIntent,
    });
  });
}
