/**
 * The floating cart pill (spec section 2): a link to /cart showing the item count (capped at 100+),
 * `item` / `items` and the subtotal; hidden when the count is 0; not mounted on the cart page,
 * express checkout or custom-cart pages. The template's cart widget and its `.sqs-cart-quantity`
 * badges are `cart-widget.ts`'s. Plain DOM, so that a returning shopper's count shows without
 * loading React.
 */
import {
  CART_URL,
  type LocalizedStrings,
  PageType,
  cartPillText,
  cartPillVisible,
  formatMoney,
  message,
} from '../core.ts';
import type { CartStore } from '../cart-store.ts';
import { element } from '../element.ts';
import { CART_ROOT_ID } from './markers.ts';

const NO_PILL_PAGE_TYPES: readonly number[] = [PageType.SHOW_CART, PageType.CHECKOUT, PageType.CART_V2];

/** Whether the pill belongs on this page. */
export function pillShownOn(pageType: number, doc: Document): boolean {
  if (NO_PILL_PAGE_TYPES.includes(pageType)) return false;
  // A full-page cart is recognised by its root element.
  return !doc.getElementById(CART_ROOT_ID);
}

export interface CartPillOptions {
  cart: CartStore;
  currency: string;
  locale: string;
  ls: LocalizedStrings;
}

/** Renders the pill into `container`, following the cart; returns the cleanup. */
export function mountCartPill(container: Element, options: CartPillOptions): () => void {
  const { cart, currency, locale, ls } = options;
  const doc = container.ownerDocument;
  const count = element(doc, 'span', { class: 'sf-cart-pill__count' });
  const amount = doc.createTextNode('');
  const pill = element(
    doc,
    'a',
    { class: 'sf-cart-pill', href: CART_URL },
    count,
    element(
      doc,
      'span',
      { class: 'sf-cart-pill__subtotal' },
      element(doc, 'span', { class: 'sf-visually-hidden' }, `${message('cart.subtotal', {}, ls)}: `),
      amount,
    ),
  );
  const sync = () => {
    const { cart: current } = cart.getState();
    const n = current?.totalQuantity ?? 0;
    pill.hidden = !cartPillVisible(n);
    pill.dataset.count = String(n);
    count.textContent = cartPillText(n, locale, ls);
    const currencyCode = current?.subtotalAmount?.currencyCode ?? currency;
    amount.data = formatMoney(current?.subtotalCents ?? 0, currencyCode, { locale });
  };
  sync();
  container.append(pill);
  const unsubscribe = cart.subscribe(sync);
  return () => {
    unsubscribe();
    pill.remove();
  };
}
