/**
 * The order confirmation mail (plain text). It goes through the app's outbox and mailer
 * (http/mail.ts): queued in the order's transaction, sent over SMTP when `SMTP_URL` is set.
 */
import { formatMoney, message, ProductType, type LocalizedStrings } from '@storefront/core';
import type { Order } from '@storefront/core/wire';
import { awaitsPayment, giftCardRecipientOf, isPaid } from './on-payment.ts';

/** The code the order's discount came from (stored with its pricing). */
const couponOf = (order: Order): string => {
  const pricing = order.extra?.pricing as { coupons?: unknown[] } | undefined;
  return String(pricing?.coupons?.[0] ?? '');
};

export function confirmationMail(
  order: Order,
  site: { siteTitle: string; origin: string },
  ls?: LocalizedStrings,
  /** A subscription order's manage link (its path), for a customer without an account. */
  subscriptionManagePath?: string,
): { subject: string; body: string } {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const subject = message('checkout.mail-subject', { number: order.orderNumber, site: site.siteTitle }, ls);
  const lines = order.lines.map((l) => {
    const attrs = Object.entries(l.attributes)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    const row = `- ${l.title}${attrs ? ` (${attrs})` : ''} x ${l.quantity}: ${money(l.unitPriceCents * l.quantity)}`;
    if (!l.downloadUrl) return row;
    // A download is handed out only once the order is paid (issue 27).
    return isPaid(order.status)
      ? `${row}\n  ${message('checkout.download', {}, ls)}: ${site.origin}${l.downloadUrl}`
      : `${row}\n  ${message('checkout.download-on-payment', {}, ls)}`;
  });
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
    '',
    message('checkout.awaiting-payment', {}, ls),
    '',
    ...giftCardsOnPayment,
    `${site.origin}/checkout/order-confirmed/${order.id}`,
    '',
    ...(subscriptionManagePath
      ? [`${message('subscription.manage-link', {}, ls)}: ${site.origin}${subscriptionManagePath}`, '']
      : []),
    site.siteTitle,
  ].join('\n');
  return { subject, body };
}
