/**
 * What an order hands out only once it is paid (issue 27). Its gift cards are issued then (codes
 * made, stored, mailed), never when an unpaid order is placed, so no code of an unpaid order can be
 * shown, mailed or spent, and an order cancelled or expired before payment has none to void. Every
 * move to `paid` calls `handOutPaidOrder` in its own transaction, after its conditional status
 * update: staff marking the order paid, Stripe's signed webhook (a session or a renewal's intent),
 * and a placement that a gift card paid in full (the back office gets it from app.ts, as a feature
 * does not import another). A digital line's link answers only while `isPaid` (checkout/routes.ts);
 * the pages and mails of an unpaid order say what comes on payment.
 */
import type { Db } from '../../platform/db/index.ts';
import { isPaid, orderById, orderLines } from './store.ts';
import {
  issueGiftCards,
  orderHasGiftCards,
  planGiftCards,
  type GiftCardMailContext,
} from '../gift-cards/index.ts';

export { awaitsPayment, isPaid } from './store.ts';

/** Who receives the cards of a gift card order, as the buyer chose at checkout (kept in `extra`). */
export function giftCardRecipientOf(order: { email: string; extra: Record<string, unknown> | null }): string {
  const recipient = order.extra?.recipientEmail;
  return typeof recipient === 'string' && recipient !== '' ? recipient : order.email;
}

/**
 * Issues the gift cards of a just-paid order and queues the mails already due; answers their ids
 * (to deliver after the commit). An order whose cards exist already issues none again.
 */
export async function handOutPaidOrder(
  trx: Db,
  orderId: string,
  mail: GiftCardMailContext,
  now = Date.now(),
): Promise<string[]> {
  const order = await orderById(trx, orderId);
  if (!order || !isPaid(order.status)) return [];
  if (await orderHasGiftCards(trx, orderId)) return [];
  const lines = await orderLines(trx, orderId);
  const cards = planGiftCards(
    lines.map((l) => ({
      productType: l.product_type,
      quantity: l.quantity,
      unitPriceCents: l.unit_price_cents,
    })),
  );
  if (cards.length === 0) return [];
  const extra = order.extra ? (JSON.parse(order.extra) as Record<string, unknown>) : null;
  const giftMessage = extra?.giftMessage;
  const sendAt = extra?.giftCardSendAt;
  return issueGiftCards(
    trx,
    cards,
    order,
    {
      recipient: giftCardRecipientOf({ email: order.email, extra }),
      message: typeof giftMessage === 'string' && giftMessage !== '' ? giftMessage : null,
      // A day chosen at checkout that has passed by the time of payment: the card goes out now.
      sendAt: typeof sendAt === 'number' ? sendAt : now,
    },
    mail,
    now,
  );
}
