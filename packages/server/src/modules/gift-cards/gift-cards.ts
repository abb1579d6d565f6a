/**
 * Gift cards at checkout (issue 17; balances and the ledger live in db/gift-cards.ts): a gift card
 * order issues one card per unit, each mailed to the recipient through the outbox (at once, or on
 * the day the shopper chose: a due time stored, queued by the sweep below); a code typed at checkout
 * pays first, in the order's transaction. The balance check: gift-card-routes.ts.
 */
import { formatMoney, message, ProductType } from '@storefront/core';
import type { Order } from '@storefront/core/wire';
import {
  claimGiftCardMail,
  giftCardHint,
  giftCardsDueForMail,
  groupGiftCardCode,
  issueGiftCard,
  newGiftCardCode,
  redeemGiftCard,
} from './store.ts';
import type { Db } from '../../platform/db/index.ts';
import { apiError } from '../../platform/http/errors.ts';
import { queueMail, withdrawMail } from '../../platform/mail/mail.ts';
import type { MailingSite } from '../../platform/site/context.ts';

/** What a gift card line issues: one card per unit, worth the unit price. */
export interface PlannedGiftCard {
  code: string;
  balanceCents: number;
}

/** How a gift card paid part (or all) of an order: stored in the order's `extra.giftCardPayment`. */
export interface GiftCardPayment {
  hint: string;
  amountCents: number;
  /** What the card held after paying. */
  remainingCents: number;
}

export function planGiftCards(
  lines: readonly { productType: number; quantity: number; unitPriceCents: number }[],
): PlannedGiftCard[] {
  return lines
    .filter((l) => l.productType === ProductType.GIFT_CARD)
    .flatMap((l) =>
      Array.from({ length: l.quantity }, () => ({ code: newGiftCardCode(), balanceCents: l.unitPriceCents })),
    );
}

/** The site a card's mail comes from (platform/site/context.ts). */
export type GiftCardMailContext = MailingSite;

/**
 * Stores the order's cards (after the order row) and queues the mail of those already due; the
 * others wait for `queueDueGiftCardMails`. Returns the ids of the mails queued.
 */
export async function issueGiftCards(
  trx: Db,
  cards: readonly PlannedGiftCard[],
  order: { id: string; currency: string },
  to: { recipient: string; message: string | null; sendAt: number },
  mail: GiftCardMailContext,
  now: number,
): Promise<string[]> {
  for (const card of cards)
    await issueGiftCard(
      trx,
      { code: card.code, orderId: order.id, currency: order.currency, cents: card.balanceCents, ...to },
      now,
    );
  return to.sendAt <= now ? queueDueGiftCardMails(trx, mail, now, order.id) : [];
}

/**
 * Queues the recipient mail of every card whose day has come and that has none yet. Each card is
 * claimed by a conditional update (`mail_id is null`), so two instances never mail one card twice.
 */
export async function queueDueGiftCardMails(
  trx: Db,
  context: GiftCardMailContext,
  now = Date.now(),
  orderId?: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (const card of await giftCardsDueForMail(trx, now, orderId)) {
    const ls = context.strings;
    const body = [
      message(
        'giftcard.mail-body',
        {
          balance: formatMoney(card.balance_cents, card.currency),
          site: context.title,
          code: groupGiftCardCode(card.code),
          url: `${context.origin}/gift-card/balance`,
        },
        ls,
      ),
      ...(card.message ? ['', message('giftcard.mail-message', {}, ls), card.message] : []),
    ].join('\n');
    const mailId = await queueMail(
      trx,
      {
        kind: 'gift-card',
        refId: card.order_id,
        to: card.recipient,
        subject: message('giftcard.mail-subject', { site: context.title }, ls),
        body,
      },
      now,
    );
    if (await claimGiftCardMail(trx, card.code, mailId)) ids.push(mailId);
    else await withdrawMail(trx, mailId);
  }
  return ids;
}

const REFUSAL = {
  unknown: 'gift-card-unknown',
  empty: 'gift-card-empty',
  voided: 'gift-card-voided',
} as const;

/** Pays up to `dueCents` of the order being placed with the card; refuses an unknown, empty or voided card. */
export async function payByGiftCard(
  trx: Db,
  code: string,
  order: { id: string; currency: string; dueCents: number },
  now: number,
): Promise<GiftCardPayment> {
  if (order.dueCents <= 0) throw apiError('gift-card-empty');
  const redeemed = await redeemGiftCard(
    trx,
    { code, currency: order.currency, wantedCents: order.dueCents, orderId: order.id },
    now,
  );
  if (!redeemed.ok) throw apiError(REFUSAL[redeemed.reason]);
  return {
    hint: giftCardHint(redeemed.code),
    amountCents: redeemed.amountCents,
    remainingCents: redeemed.balanceCents,
  };
}

/** The order's gift card payment, when it had one. */
export function giftCardPaymentOf(order: Order): GiftCardPayment | undefined {
  const payment = order.extra?.giftCardPayment as GiftCardPayment | undefined;
  return payment && typeof payment.amountCents === 'number' ? payment : undefined;
}

/** What is left to pay after the gift card. */
export const amountDueCents = (order: Order) =>
  order.grandTotalCents - (giftCardPaymentOf(order)?.amountCents ?? 0);
