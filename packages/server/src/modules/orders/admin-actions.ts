/**
 * What staff do to an order, each in one transaction that first locks the order's row (an UPDATE
 * that changes nothing: a row lock on PostgreSQL, the write lock on SQLite), so two staff members
 * acting at once are serialised and the second sees what the first did. A deadlock with a checkout
 * or a serialization failure runs the action again (db/transaction.ts), never answers 500. Each action is written to
 * the order's timeline with who did it, and the customer's mail (payment received, shipped,
 * cancelled) is queued in the same transaction: an action that happened has its mail waiting.
 */
import type { DownloadLinks } from './download-links.ts';
import { randomUUID } from 'node:crypto';
import { lineNeeds, message, ProductType } from '@storefront/core';
import type { OrderDetail } from '@storefront/core/wire';
import { z } from 'zod';
import {
  giftCardHint,
  giftCardPaymentNetCents,
  giftCardsOfOrderWithBalances,
  restoreGiftCards,
  voidGiftCardsOfOrder,
} from '../gift-cards/index.ts';
import { refundedQuantities, refundTotals, type RefundLine } from './refund-store.ts';
import { queueReviewRequest } from '../reviews/index.ts';
import { returnOrderStock } from '../catalogue/index.ts';
import type { Db, Trx } from '../../platform/db/index.ts';
import {
  awaitsPayment,
  downloadLinesOf,
  insertFulfilment,
  insertOrderEvent,
  lockOrder,
  orderByNumber,
  orderLines,
  orderPageRows,
  setOrderStatus,
  shippedLines,
  stockLinesOf,
  type OrderRecord,
} from './store.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { apiError } from '../../platform/http/errors.ts';
import { queueMail, firstMailAbout } from '../../platform/mail/mail.ts';
import type { MailingSite } from '../../platform/site/context.ts';

export interface ShopIdentity {
  /** The site the staff's request is for: the mails' words, links and title. */
  site: MailingSite;
  /** Reviews are on (db/reviews.ts `reviewsEnabled`): a fully shipped order asks for them. */
  reviewsEnabled?: boolean;
  /**
   * What an order hands out once paid (issue 27; checkout's `handOutPaidOrder`, given by app.ts):
   * issues its gift cards in the caller's transaction; answers the mails to deliver after it.
   */
  handOutPaidOrder: (trx: Db, orderId: string, site: MailingSite) => Promise<string[]>;
  /**
   * The order's confirmation mail built for the order as it is now (checkout's, given by app.ts),
   * from the first one sent; undefined for an unknown order.
   */
  confirmationMailNow: (
    trx: Db,
    orderId: string,
    site: MailingSite,
    firstBody: string,
  ) => Promise<{ subject: string; body: string } | undefined>;
  /** Signs the download links the "payment received" mail gives (download-links.ts). */
  downloadLinks: DownloadLinks;
}

/** The staff member acting, as the session read them (their address is kept on the order's timeline). */
export interface Actor {
  accountId: string;
  email: string;
}

export const fulfilBody = z
  .object({
    /** The lines and quantities shipped; without it, everything not shipped yet. */
    lines: z
      .array(z.object({ lineId: z.string().min(1).max(100), quantity: z.number().int().min(1) }).strict())
      .min(1)
      .max(500)
      .optional(),
    trackingNumber: z.string().trim().min(1).max(100).optional(),
    trackingUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
  })
  .strict();
export const cancelBody = z.object({ reason: z.string().trim().max(1000).optional() }).strict();
export const noteBody = z.object({ text: z.string().trim().min(1).max(4000) }).strict();
export const markPaidBody = z.object({ reference: z.string().trim().min(1).max(200).optional() }).strict();

// ------------------------------------------------------------------ reading one order

/** Everything the order's page shows, or undefined when there is no such order. */
export async function orderDetail(db: Db, number: number): Promise<OrderDetail | undefined> {
  const order = await orderByNumber(db, number);
  if (!order) return undefined;
  const [{ lines, shipped, fulfilments, refunds, events }, giftCardNet, giftCards] = await Promise.all([
    orderPageRows(db, order.id),
    // What gift cards paid and has not gone back onto them: a refund gives it back there first.
    giftCardPaymentNetCents(db, order.id),
    giftCardsOfOrderWithBalances(db, order.id),
  ]);
  const fulfilledOf = (lineId: string) =>
    shipped.filter((s) => s.line_id === lineId).reduce((n, s) => n + s.quantity, 0);
  const refundTotalsNow = refundTotals(refunds);
  const refundedOf = refundedQuantities(refunds);
  return {
    id: order.id,
    number: Number(order.order_number),
    created: Number(order.created),
    status: order.status,
    kind: order.kind,
    customer: { email: order.email, name: order.customer_name, accountId: order.account_id ?? null },
    address: order.address ? (JSON.parse(order.address) as Record<string, string>) : null,
    currency: order.currency,
    totals: {
      subtotalCents: order.subtotal_cents,
      taxCents: order.tax_cents,
      shippingCents: order.shipping_cents,
      discountCents: order.discount_cents,
      grandTotalCents: order.grand_total_cents,
      refundedCents: refundTotalsNow.refundedCents,
      pendingRefundCents: refundTotalsNow.pendingCents,
      refundableCents: Math.max(0, order.grand_total_cents - refundTotalsNow.committedCents),
    },
    payment: {
      provider: order.payment_provider,
      reference: order.payment_reference,
      giftCardCents: Math.max(0, -giftCardNet),
    },
    giftCards: {
      // Issue 27: an unpaid order's cards do not exist yet; staff see that they go out on payment.
      onPayment:
        giftCards.length === 0 &&
        awaitsPayment(order.status) &&
        lines.some((l) => l.product_type === ProductType.GIFT_CARD),
      cards: giftCards.map((c) => ({
        hint: giftCardHint(c.code),
        initialCents: c.initial_cents,
        balanceCents: c.balance_cents,
      })),
    },
    lines: lines.map((l) => ({
      id: l.id,
      itemId: l.item_id,
      variantId: l.variant_id,
      sku: l.sku,
      title: l.title,
      attributes: JSON.parse(l.attributes) as Record<string, string>,
      quantity: l.quantity,
      fulfilledQuantity: fulfilledOf(l.id),
      refundedQuantity: refundedOf.get(l.id) ?? 0,
      takesStock: lineNeeds(l.product_type).takesStock,
      unitPriceCents: l.unit_price_cents,
    })),
    fulfilments: fulfilments.map((f) => ({
      id: f.id,
      created: Number(f.created),
      trackingNumber: f.tracking_number,
      trackingUrl: f.tracking_url,
      lines: shipped
        .filter((s) => s.fulfilment_id === f.id)
        .map((s) => ({ lineId: s.line_id, quantity: s.quantity })),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      created: Number(r.created),
      amountCents: r.amount_cents,
      reason: r.reason,
      status: r.status,
      giftCardCents: r.gift_card_cents,
      providerCents: r.provider_cents,
      lines: r.lines ? (JSON.parse(r.lines) as RefundLine[]) : null,
      restocked: r.restocked === 1,
    })),
    timeline: events.map((e) => ({
      id: e.id,
      created: Number(e.created),
      kind: e.kind,
      by: e.actor_email,
      detail: e.detail ? (JSON.parse(e.detail) as Record<string, unknown>) : null,
    })),
  };
}
export type { OrderDetail };

// ------------------------------------------------------------------ acting on one

interface Acted {
  /** Outbox mail to send once the transaction has committed. */
  mailId?: string;
  /** The buyer's review request, queued with the order's last shipment (issue 17). */
  reviewMailId?: string;
  /** The recipients' mails of the gift cards the order issued on payment (issue 27). */
  giftCardMailIds?: string[];
}

/**
 * Runs `act` in a transaction holding the order's lock, with the order as it is now; writes the
 * timeline event it returns. Unknown order: 404.
 */
export async function onOrder(
  db: Db,
  number: number,
  actor: Actor,
  act: (trx: Trx, order: OrderRecord) => Promise<{ kind: string; detail?: Record<string, unknown> } & Acted>,
): Promise<Acted> {
  return writeTransaction(db, async (trx) => {
    if (!(await lockOrder(trx, number))) throw apiError('backoffice.order-not-found');
    const order = await orderByNumber(trx, number);
    if (!order) throw apiError('backoffice.order-not-found');
    const event = await act(trx, order);
    await insertOrderEvent(trx, order.id, event.kind, event.detail, {
      id: actor.accountId,
      email: actor.email,
    });
    return {
      ...(event.mailId ? { mailId: event.mailId } : {}),
      ...(event.reviewMailId ? { reviewMailId: event.reviewMailId } : {}),
      ...(event.giftCardMailIds?.length ? { giftCardMailIds: event.giftCardMailIds } : {}),
    };
  });
}

export type OrderRowOf = OrderRecord;

function customerMail(
  trx: Trx,
  order: OrderRowOf,
  shop: ShopIdentity,
  kind: 'paid' | 'shipped' | 'cancelled',
  extra: string[] = [],
): Promise<string> {
  const ls = shop.site.strings;
  const params = { number: Number(order.order_number), site: shop.site.title };
  const body = [
    message(`order.mail-${kind}`, params, ls),
    ...(extra.length ? ['', ...extra] : []),
    '',
    `${shop.site.origin}/checkout/order-confirmed/${order.id}`,
    '',
    shop.site.title,
  ].join('\n');
  return queueMail(trx, {
    kind: `order-${kind}`,
    refId: order.id,
    to: order.email,
    subject: message(`order.mail-${kind}-subject`, params, ls),
    body,
  });
}

export function markPaid(
  db: Db,
  number: number,
  actor: Actor,
  shop: ShopIdentity,
  input: z.infer<typeof markPaidBody>,
): Promise<Acted> {
  return onOrder(db, number, actor, async (trx, order) => {
    if (order.status === 'paid') throw apiError('order.already-paid', { params: { number } });
    if (order.status !== 'awaiting-payment')
      throw apiError('order.not-awaiting-payment', { params: { number, status: order.status } });
    await setOrderStatus(trx, order.id, 'paid', input.reference);
    const handedOut = await handOutOnPayment(trx, order, shop);
    const mailId = await customerMail(trx, order, shop, 'paid', handedOut.downloadLines);
    return {
      kind: 'paid',
      detail: input.reference ? { reference: input.reference } : {},
      mailId,
      giftCardMailIds: handedOut.giftCardMailIds,
    };
  });
}

/**
 * Issue 27: what the order hands out now that it is paid, in the same transaction: its gift cards
 * (issued and mailed to their recipient) and its downloads' links (in the customer's mail).
 */
async function handOutOnPayment(trx: Trx, order: OrderRowOf, shop: ShopIdentity) {
  const giftCardMailIds = await shop.handOutPaidOrder(trx, order.id, shop.site);
  const downloads = await downloadLinesOf(trx, order.id);
  const label = message('checkout.download', {}, shop.site.strings);
  const downloadLines = downloads.map(
    (l) =>
      `- ${l.title}: ${label}: ${shop.site.origin}${l.download_url ? shop.downloadLinks.sign(l.download_url) : ''}`,
  );
  return { giftCardMailIds, downloadLines };
}

export function fulfil(
  db: Db,
  number: number,
  actor: Actor,
  shop: ShopIdentity,
  input: z.infer<typeof fulfilBody>,
): Promise<Acted> {
  return onOrder(db, number, actor, async (trx, order) => {
    if (order.status === 'cancelled') throw apiError('order.cancelled', { params: { number } });
    const lines = await orderLines(trx, order.id);
    const shipped = await shippedLines(trx, order.id);
    const remaining = new Map(
      lines.map((l) => [
        l.id,
        l.quantity - shipped.filter((s) => s.line_id === l.id).reduce((n, s) => n + s.quantity, 0),
      ]),
    );
    const wanted = input.lines
      ? input.lines
      : [...remaining].filter(([, left]) => left > 0).map(([lineId, quantity]) => ({ lineId, quantity }));
    if (wanted.length === 0) throw apiError('order.already-fulfilled', { params: { number } });
    const seen = new Set<string>();
    for (const { lineId, quantity } of wanted) {
      const left = remaining.get(lineId);
      if (left === undefined || seen.has(lineId))
        throw apiError('backoffice.invalid-action', {
          params: { problem: `lines: ${lineId} is not a line of order #${number}, or is named twice.` },
        });
      seen.add(lineId);
      if (quantity > left) throw apiError('order.too-many-to-fulfil', { params: { left, lineId, number } });
    }
    const fulfilmentId = randomUUID();
    await insertFulfilment(
      trx,
      {
        id: fulfilmentId,
        orderId: order.id,
        trackingNumber: input.trackingNumber ?? null,
        trackingUrl: input.trackingUrl ?? null,
      },
      wanted,
    );
    const ls = shop.site.strings;
    const titled = wanted.map(
      (w) => `- ${lines.find((l) => l.id === w.lineId)?.title ?? ''} x ${w.quantity}`,
    );
    const mailId = await customerMail(trx, order, shop, 'shipped', [
      ...titled,
      ...(input.trackingNumber
        ? ['', message('order.mail-tracking-number', { tracking: input.trackingNumber }, ls)]
        : []),
      ...(input.trackingUrl ? [message('order.mail-tracking-link', { url: input.trackingUrl }, ls)] : []),
    ]);
    const everythingShipped = [...remaining].every(
      ([lineId, left]) => left - (wanted.find((w) => w.lineId === lineId)?.quantity ?? 0) === 0,
    );
    const reviewMailId = everythingShipped
      ? await queueReviewRequest(trx, order, { ...shop.site, reviewsEnabled: shop.reviewsEnabled === true })
      : undefined;
    return {
      kind: 'fulfilled',
      detail: {
        fulfilmentId,
        lines: wanted,
        ...(input.trackingNumber ? { trackingNumber: input.trackingNumber } : {}),
        ...(input.trackingUrl ? { trackingUrl: input.trackingUrl } : {}),
      },
      mailId,
      ...(reviewMailId ? { reviewMailId } : {}),
    };
  });
}

/** Cancels an order nothing of which has shipped; its stock goes back in the same transaction. */
export function cancel(
  db: Db,
  number: number,
  actor: Actor,
  shop: ShopIdentity,
  input: z.infer<typeof cancelBody>,
): Promise<Acted> {
  return onOrder(db, number, actor, async (trx, order) => {
    if (order.status === 'cancelled') throw apiError('order.already-cancelled', { params: { number } });
    const shipped = (await shippedLines(trx, order.id))[0];
    if (shipped) throw apiError('order.shipped', { params: { number } });
    await setOrderStatus(trx, order.id, 'cancelled');
    await returnOrderStock(trx, order.id, await stockLinesOf(trx, order.id), {
      actorId: actor.accountId,
      note: input.reason ?? null,
    });
    // What a gift card paid goes back on it (issue 17), in this transaction.
    const giftCardCents = await restoreGiftCards(trx, order.id);
    // The cards the order bought stop paying; one already spent, even in part, keeps the order.
    const voided = await voidGiftCardsOfOrder(trx, order.id, 'refuse');
    if (!voided.ok) throw apiError('order.gift-card-spent', { params: { number, giftCard: voided.spent } });
    const mailId = await customerMail(trx, order, shop, 'cancelled');
    return {
      kind: 'cancelled',
      detail: {
        wasPaid: order.status === 'paid',
        ...(input.reason ? { reason: input.reason } : {}),
        ...(giftCardCents > 0 ? { giftCardCents } : {}),
        ...(voided.voidedCents > 0 ? { giftCardsVoidedCents: voided.voidedCents } : {}),
      },
      mailId,
    };
  });
}

/** Queues the order's confirmation again, saying what is true of the order now (paid since...). */
export function resendConfirmation(db: Db, number: number, actor: Actor, shop: ShopIdentity): Promise<Acted> {
  return onOrder(db, number, actor, async (trx, order) => {
    const sent = await firstMailAbout(trx, order.id, 'order-confirmation');
    if (!sent) throw apiError('order.no-confirmation', { params: { number } });
    const now = (await shop.confirmationMailNow(trx, order.id, shop.site, sent.body)) ?? sent;
    const mailId = await queueMail(trx, {
      kind: 'order-confirmation',
      refId: order.id,
      to: order.email,
      subject: now.subject,
      body: now.body,
    });
    return { kind: 'confirmation-resent', detail: { to: order.email }, mailId };
  });
}

/** A private note on the timeline (never mailed). */
export function addNote(
  db: Db,
  number: number,
  actor: Actor,
  input: z.infer<typeof noteBody>,
): Promise<Acted> {
  return onOrder(db, number, actor, async () => ({ kind: 'note', detail: { text: input.text } }));
}
