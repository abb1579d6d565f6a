/**
 * The template cart widget (spec section 2): a `.sqs-custom-cart` element (or the link around a
 * `.sqs-cart-quantity` badge) shows the item count (`100+` above 100) and the subtotal
 * (`.sqs-cart-subtotal`, core's `cart-quantity` and `cart-subtotal` helpers), and carries the
 * screen-reader label `One item in cart`, `{n} items in cart` or `More than 100 items in cart`;
 * `Cart` when it has no quantity element. It becomes initialized (`data-initialized="true"`) on
 * its first sync with a cart read or returned by a change. Not mounted on /cart (start.tsx).
 * Badges outside any widget follow the count too.
 */
import {
  CART_COUNT_CAP,
  type LocalizedStrings,
  cartCountText,
  cartWidgetLabel,
  formatMoney,
} from '../core.ts';
import type { CartStore } from '../cart-store.ts';

export const CART_WIDGET_SELECTOR = '.sqs-custom-cart';
const QUANTITY = '.sqs-cart-quantity';
const SUBTOTAL = '.sqs-cart-subtotal';

/** The widgets of a page: `.sqs-custom-cart`, and links holding a cart badge. */
export function findCartWidgets(doc: Document): HTMLElement[] {
  const found = new Set<HTMLElement>(doc.querySelectorAll<HTMLElement>(CART_WIDGET_SELECTOR));
  for (const badge of doc.querySelectorAll<HTMLElement>(QUANTITY)) {
    if (badge.closest(CART_WIDGET_SELECTOR)) continue;
    const link = badge.closest<HTMLElement>('a[href]');
    if (link) found.add(link);
  }
  return [...found];
}

/** The count a server-rendered badge shows (`100+` reads as above the cap). */
export function renderedCount(text: string | null | undefined): number | undefined {
  const t = (text ?? '').trim();
  if (/^\d+\+$/.test(t)) return CART_COUNT_CAP + 1;
  if (/^\d+$/.test(t)) return Number(t);
  return undefined;
}

export interface CartWidgetOptions {
  ls: LocalizedStrings;
  locale: string;
  currency: string;
}

/** Wires every widget and badge of the page to the cart; returns the cleanup. */
export function wireCartWidgets(doc: Document, cart: CartStore, options: CartWidgetOptions): () => void {
  const { ls, locale, currency } = options;
  const widgets = findCartWidgets(doc);
  const label = (widget: HTMLElement, count: number | undefined) => {
    const hasQuantity = widget.querySelector(QUANTITY) !== null;
    widget.setAttribute('aria-label', cartWidgetLabel(hasQuantity ? (count ?? 0) : undefined, ls));
  };
  // Before the first sync: the label of what the server rendered.
  for (const widget of widgets) label(widget, renderedCount(widget.querySelector(QUANTITY)?.textContent));

  const sync = () => {
    const { cart: current } = cart.getState();
    if (!current) return;
    const count = current.totalQuantity;
    for (const badge of doc.querySelectorAll(QUANTITY)) badge.textContent = cartCountText(count, ls);
    const amount = formatMoney(current.subtotalCents, current.subtotalAmount?.currencyCode ?? currency, {
      locale,
      valueOnly: true,
    });
    for (const el of doc.querySelectorAll(SUBTOTAL)) {
      const target = el.querySelector('.sqs-money-native') ?? el;
      target.textContent = amount;
    }
    for (const widget of widgets) {
      label(widget, count);
      widget.dataset.initialized = 'true';
    }
  };
  sync();
  return cart.subscribe(sync);
}
