/**
 * The order confirmation mail (plain text). It goes through the app's outbox and mailer
 * (http/mail.ts): queued in the order's transaction, sent over SMTP when `SMTP_URL` is set.
 */
import { formatMoney, message, type LocalizedStrings } from '@storefront/core';
import type { Order } from '@storefront/core/wire';

export function confirmationMail(
  order: Order,
  site: { siteTitle: string; origin: string },
  ls?: LocalizedStrings,
): { subject: string; body: string } {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const subject = message('checkout.mail-subject', { number: order.orderNumber, site: site.siteTitle }, ls);
  const lines = order.lines.map((l) => {
    const attrs = Object.entries(l.attributes)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    const row = `- ${l.title}${attrs ? ` (${attrs})` : ''} x ${l.quantity}: ${money(l.unitPriceCents * l.quantity)}`;
    return l.downloadUrl
      ? `${row}\n  ${message('checkout.download', {}, ls)}: ${site.origin}${l.downloadUrl}`
      : row;
  });
  const body = [
    message('checkout.order-number', { number: order.orderNumber }, ls),
    '',
    ...lines,
    '',
    `${message('cart.subtotal', {}, ls)}: ${money(order.subtotalCents)}`,
    `${message('checkout.total', {}, ls)}: ${money(order.grandTotalCents)}`,
    '',
    message('checkout.awaiting-payment', {}, ls),
    '',
    `${site.origin}/checkout/order-confirmed/${order.id}`,
    '',
    site.siteTitle,
  ].join('\n');
  return { subject, body };
}
