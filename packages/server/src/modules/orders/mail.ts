/**
 * The order confirmation mail (plain text). It goes through the app's outbox and mailer
 * (http/mail.ts): queued in the order's transaction, sent over SMTP when `SMTP_URL` is set.
 */
import { formatMoney, message, ProductType, type LocalizedStrings, type MessageCode } from '@storefront/core';
import type { Order } from '@storefront/core/wire';
import type { Db } from '../../platform/db/index.ts';
import { readOrder } from './store.ts';
import { withSignedDownloads, type DownloadLinks } from './download-links.ts';
import { amountDueCents, giftCardPaymentOf } from '../gift-cards/index.ts';
import { awaitsPayment, giftCardRecipientOf, isPaid } from './on-payment.ts';
import type { MailingSite } from '../../platform/site/context.ts';

/** The code the order's discount came from (stored with its pricing). */
const couponOf = (order: Order): string => {
  const pricing = order.extra?.pricing as { coupons?: unknown[] } | undefined;
  return String(pricing?.coupons?.[0] ?? '');
};

export function confirmationMail(
  order: Order,
  site: Pick<MailingSite, 'origin' | 'title'>,
  ls?: LocalizedStrings,
  /** A subscription order's manage link (its path), for a customer without an account. */
  subscriptionManagePath?: string,
): { subject: string; body: string } {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const subject = message('checkout.mail-subject', { number: order.orderNumber, site: site.title }, ls);
  const lines = order.lines.map((l) => {
    const attrs = Object.entries(l.attributes)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    const row = `- ${l.title}${attrs ? ` (${attrs})` : ''} x ${l.quantity}: ${money(l.unitPriceCents * l.quantity)}`;
    if (!l.downloadUrl) return row;
    // A download is handed out only once the order is paid (issue 27).
    if (isPaid(order.status))
      return `${row}\n  ${message('checkout.download', {}, ls)}: ${site.origin}${l.downloadUrl}`;
    return awaitsPayment(order.status) ? `${row}\n  ${message('checkout.download-on-payment', {}, ls)}` : row;
  });
  const giftCardPayment = giftCardPaymentOf(order);
  const giftCardsOnPayment =
    awaitsPayment(order.status) && order.lines.some((l) => l.productType === ProductType.GIFT_CARD)
      ? [message('giftcard.on-payment', { email: giftCardRecipientOf(order) }, ls), '']
      : [];
  const body = [
    message('checkout.order-number', { number: order.orderNumber }, ls),
    '',
    ...lines,
    '',
    `${message('cart.subtotal', {}, ls)}: ${money(order.subtotalCents)}`,
    // Only what the order charged beyond the subtotal (issue 17): an order without them reads as before.
    ...(order.discountCents > 0
      ? [`${message('discount.line', { code: couponOf(order) }, ls)}: −${money(order.discountCents)}`]
      : []),
    ...(order.shippingCents > 0
      ? [`${message('shipping.line', {}, ls)}: ${money(order.shippingCents)}`]
      : []),
    ...(order.taxCents > 0 ? [`${message('tax.line', {}, ls)}: ${money(order.taxCents)}`] : []),
    `${message('checkout.total', {}, ls)}: ${money(order.grandTotalCents)}`,
    ...(giftCardPayment
      ? [
          `${message('giftcard.line', { hint: giftCardPayment.hint }, ls)}: −${money(giftCardPayment.amountCents)}`,
          ...(awaitsPayment(order.status)
            ? [`${message('giftcard.due', {}, ls)}: ${money(amountDueCents(order))}`]
            : []),
        ]
      : []),
    '',
    paymentState(order.status, ls),
    '',
    ...giftCardsOnPayment,
    `${site.origin}/checkout/order-confirmed/${order.id}`,
    '',
    ...(subscriptionManagePath
      ? [`${message('subscription.manage-link', {}, ls)}: ${site.origin}${subscriptionManagePath}`, '']
      : []),
    site.title,
  ].join('\n');
  return { subject, body };
}

/** What the order's payment is as the mail is built: the on-payment texts only while it is awaited. */
function paymentState(status: string, ls?: LocalizedStrings): string {
  if (awaitsPayment(status)) return message('checkout.awaiting-payment', {}, ls);
  if (isPaid(status)) return message('checkout.paid', {}, ls);
  const label = STATUS_LABELS[status];
  return message('checkout.order-status', { status: label ? message(label, {}, ls) : status }, ls);
}

const STATUS_LABELS: Readonly<Record<string, MessageCode>> = {
  'payment-failed': 'account.status.payment-failed',
  cancelled: 'account.status.cancelled',
  refunded: 'account.status.refunded',
};

/**
 * The confirmation mail built again for the order as it is now (the back office's "Resend
 * confirmation"): an order paid since the first one says so. A guest subscription's manage link
 * exists only in the first mail (the token is kept as a digest), so it is carried over from there.
 */
export async function confirmationMailNow(
  db: Db,
  orderId: string,
  site: Pick<MailingSite, 'origin' | 'title'>,
  ls: LocalizedStrings | undefined,
  firstBody: string,
  downloadLinks: DownloadLinks,
): Promise<{ subject: string; body: string } | undefined> {
  const order = await readOrder(db, orderId);
  if (!order) return undefined;
  const manageLabel = `${message('subscription.manage-link', {}, ls)}: ${site.origin}`;
  const manageLine = firstBody.split('\n').find((line) => line.startsWith(manageLabel));
  return confirmationMail(
    withSignedDownloads(order, downloadLinks),
    site,
    ls,
    manageLine?.slice(manageLabel.length),
  );
}
