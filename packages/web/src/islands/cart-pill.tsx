/**
 * The floating cart pill (spec section 2): a link to /cart showing the item count (capped at 100+),
 * `item` / `items` and the subtotal; hidden when the count is 0; not mounted on the cart page,
 * express checkout or custom-cart pages. The template's cart widget and its `.sqs-cart-quantity`
 * badges are `cart-widget.tsx`'s.
 */
import { useSyncExternalStore } from 'react';
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

const NO_PILL_PAGE_TYPES: readonly number[] = [PageType.SHOW_CART, PageType.CHECKOUT, PageType.CART_V2];

/** Whether the pill belongs on this page. */
export function pillShownOn(pageType: number, doc: Document): boolean {
  if (NO_PILL_PAGE_TYPES.includes(pageType)) return false;
  // A full-page cart is recognised by its root element.
  return !doc.getElementById('sqs-cart-root');
}

export function CartPill(props: { cart: CartStore; currency: string; locale: string; ls: LocalizedStrings }) {
  const { cart, currency, locale, ls } = props;
  const { cart: current } = useSyncExternalStore(cart.subscribe, cart.getState);
  const count = current?.totalQuantity ?? 0;
  const visible = cartPillVisible(count);
  const currencyCode = current?.subtotalAmount?.currencyCode ?? currency;
  return (
    <a className="sf-cart-pill" href={CART_URL} hidden={!visible} data-count={count}>
      <span className="sf-cart-pill__count">{cartPillText(count, locale, ls)}</span>
      <span className="sf-cart-pill__subtotal">
        <span className="sf-visually-hidden">{message('cart.subtotal', {}, ls)}: </span>
        {formatMoney(current?.subtotalCents ?? 0, currencyCode, { locale })}
      </span>
    </a>
  );
}
