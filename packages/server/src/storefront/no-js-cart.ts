import { formatMoney, message } from '@storefront/core';
import { escapeHtml } from '../platform/http/html.ts';
import type { ShoppingCart } from '../modules/cart/index.ts';

/** The cart page without JavaScript: the entries as a plain list (the island replaces the root). */
export function noJsCart(cart: ShoppingCart, ls: Record<string, string>): string {
  const heading = `<h1>${escapeHtml(message('cart.shopping-cart', {}, ls))}</h1>`;
  if (cart.entries.length === 0)
    return `<div class="sf-cart-static">${heading}<p>${escapeHtml(message('cart.empty', {}, ls))}</p></div>`;
  const currency = cart.subtotalAmount.currencyCode;
  const rows = cart.entries
    .map((e) => {
      const variant = Object.values(e.chosenVariant.attributes).join(' / ');
      return `<li class="sf-cart-entry" data-entry-id="${escapeHtml(e.id)}"><a href="${escapeHtml(e.item.fullUrl)}">${escapeHtml(e.item.title)}</a>${variant ? ` <span class="sf-cart-variant">${escapeHtml(variant)}</span>` : ''} <span class="sf-cart-qty">${escapeHtml(message('cart.quantity', {}, ls))}: ${e.quantity}</span> <span class="sf-cart-price">${escapeHtml(formatMoney(e.unitPriceCents * e.quantity, currency))}</span></li>`;
    })
    .join('');
  return `<div class="sf-cart-static">${heading}<ul>${rows}</ul><p class="sf-cart-subtotal">${escapeHtml(message('cart.subtotal', {}, ls))}: ${escapeHtml(formatMoney(cart.subtotalCents, currency))}</p><p><a class="sf-cart-checkout" href="/checkout">${escapeHtml(message('cart.checkout', {}, ls))}</a></p></div>`;
}
