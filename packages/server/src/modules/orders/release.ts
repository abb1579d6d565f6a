/**
 * An order whose payment will not come (an expired Checkout Session, a declined renewal card) is
 * released from `awaiting-payment` only, in the caller's transaction: the stock its lines took, its
 * discount code use and what a gift card paid go back, and the gift cards it bought are voided. The
 * status update is conditional, so two deliveries (or a webhook racing the synchronous answer)
 * release it once. Callers run it through `writeTransaction` (db/transaction.ts): it returns stock
 * in the one lock order, and a deadlock it meets anyway is retried there.
 */
import { restoreGiftCards, voidGiftCardsOfOrder } from '../gift-cards/index.ts';
import type { Trx } from '../../platform/db/index.ts';
import { releaseDiscounts } from '../discounts/index.ts';
import { orderEvent, moveOrderStatus, stockLinesOf } from './store.ts';
import { returnOrderStock } from '../catalogue/index.ts';
import { AWAITING_PAYMENT } from '../payments/index.ts';

export interface Release {
  /** 'cancelled' (a session that ended unpaid) or 'payment-failed' (a declined renewal). */
  status: 'cancelled' | 'payment-failed';
  /** Only the order whose payment reference is this one (the session or intent made for it). */
  reference?: string;
  /** The reference to keep on the order, when the caller has just learnt it. */
  newReference?: string | null;
  provider: string;
  reason: string;
}

/** True when this call released the order; false when it was no longer awaiting payment. */
export async function releaseUnpaidOrder(trx: Trx, orderId: string, release: Release): Promise<boolean> {
  const released = await moveOrderStatus(trx, orderId, {
    from: AWAITING_PAYMENT,
    status: release.status,
    reference: release.newReference,
    whereReference: release.reference,
  });
  if (!released) return false;
  // Discount uses before stock, as checkout claims them: the two never wait on each other crosswise.
  await releaseDiscounts(trx, orderId);
  // Only what placing the order took goes back (digital and gift-card lines took none).
  await returnOrderStock(trx, orderId, await stockLinesOf(trx, orderId), {
    actorId: null,
    note: release.reason,
  });
  // What a gift card paid goes back on it; the cards this unpaid order bought no longer pay.
  const giftCardCents = await restoreGiftCards(trx, orderId);
  await voidGiftCardsOfOrder(trx, orderId, 'void-rest');
  await orderEvent(trx, orderId, release.status === 'cancelled' ? 'cancelled' : 'payment-failed', {
    provider: release.provider,
    reason: release.reason,
    wasPaid: false,
    ...(giftCardCents > 0 ? { giftCardCents } : {}),
  });
  return true;
}

/** Also exported here, where the Stripe webhook imports it from. */
export { orderEvent };
