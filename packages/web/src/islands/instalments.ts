/**
 * The instalment notice on physical products (spec sections 2, 3, 4, 5, 9): `Pay in 4 interest-free
 * payments…` when the selected variant's price is above the minimum and not above the maximum,
 * else the out-of-range message; the brand by the account's country and the shopper's language.
 * The pill and the info button open a popup that closes with its close button, Escape or a click
 * outside, focus returning to what opened it. Mounted on `.product-instalments[data-item-id]
 * [data-instalment-context]` (the demo's products.item renders it). Plain DOM: the notice shows
 * at the top of a product page, before any interaction, so it must not wait for React.
 */
import { type InstalmentView, instalmentView, parseInstalmentContext } from '@storefront/core/instalments';
import { INSTALMENT_COUNT } from '@storefront/core/rules';
import { type LocalizedStrings, message, variantUnitPrice } from '../core.ts';
import { element } from '../element.ts';
import type { ProductStore } from '../product-store.ts';
import './instalments.css';

export const INSTALMENTS_SELECTOR = '.product-instalments[data-item-id][data-instalment-context]';

/** The selected variant's price; before a choice, the lowest (what the price line shows `from`). */
function currentPrice(store: ProductStore): number {
  const { product } = store;
  const chosen = store.complete() ? store.selectedVariant() : undefined;
  if (chosen) return variantUnitPrice(product, chosen).cents;
  const prices = product.variants.map((v) => variantUnitPrice(product, v).cents);
  return prices.length > 0 ? Math.min(...prices) : (product.price?.cents ?? 0);
}

export interface InstalmentsOptions {
  store: ProductStore;
  /** The data attribute's JSON. */
  context: string;
  /** `<html lang>`: the shopper's language when the context names none. */
  locale: string;
  ls?: LocalizedStrings | undefined;
}

let popups = 0;

/** Renders the notice into `host`, following the chosen variant; returns the cleanup. */
export function mountInstalments(host: HTMLElement, options: InstalmentsOptions): () => void {
  const { store, context, locale, ls } = options;
  const parsed = parseInstalmentContext(context);
  if (!parsed) return () => undefined;
  const doc = host.ownerDocument;
  const titleId = `sf-instalments-title-${++popups}`;
  const buttonAttributes = { type: 'button', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' };
  const pill = element(doc, 'button', { ...buttonAttributes, class: 'sf-instalments__pill' });
  const text = element(doc, 'span', { class: 'sf-instalments__text', 'aria-live': 'polite' });
  const info = element(
    doc,
    'button',
    { ...buttonAttributes, class: 'sf-instalments__info' },
    element(doc, 'span', { 'aria-hidden': 'true' }, 'i'),
  );
  const box = element(
    doc,
    'div',
    {},
    element(doc, 'p', { class: 'sf-instalments__line' }, pill, ' ', text, ' ', info),
  );
  let view: InstalmentView = { kind: 'none' };
  let popup: HTMLElement | null = null;
  let opener: HTMLButtonElement | null = null;

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close(true);
  };
  const onPointer = (event: Event) => {
    const target = event.target as Node | null;
    if (target && (popup?.contains(target) || opener?.contains(target))) return;
    close(false);
  };
  const close = (returnFocus: boolean) => {
    if (!popup) return;
    popup.remove();
    popup = null;
    for (const b of [pill, info]) b.setAttribute('aria-expanded', 'false');
    doc.removeEventListener('keydown', onKey);
    doc.removeEventListener('mousedown', onPointer);
    doc.removeEventListener('touchstart', onPointer);
    if (returnFocus) opener?.focus();
  };
  const open = () => {
    if (view.kind === 'none') return;
    const params = { brand: view.brand, count: INSTALMENT_COUNT };
    const closeButton = element(
      doc,
      'button',
      { type: 'button', class: 'sf-instalments__close' },
      message('instalments.close', params, ls),
    );
    closeButton.addEventListener('click', () => close(true));
    popup = element(
      doc,
      'div',
      { class: 'sf-instalments__popup', role: 'dialog', 'aria-labelledby': titleId, tabindex: '-1' },
      element(
        doc,
        'h2',
        { id: titleId, class: 'sf-instalments__title' },
        message('instalments.popup-title', params, ls),
      ),
      element(doc, 'p', {}, message('instalments.popup-body', params, ls)),
      closeButton,
    );
    box.append(popup);
    for (const b of [pill, info]) b.setAttribute('aria-expanded', 'true');
    popup.focus();
    doc.addEventListener('keydown', onKey);
    doc.addEventListener('mousedown', onPointer);
    doc.addEventListener('touchstart', onPointer);
  };
  const toggle = (event: MouseEvent) => {
    opener = event.currentTarget as HTMLButtonElement;
    if (popup) close(false);
    else open();
  };
  pill.addEventListener('click', toggle);
  info.addEventListener('click', toggle);

  const sync = () => {
    view = instalmentView(
      store.product.productType,
      currentPrice(store),
      { ...parsed, shopperLanguage: parsed.shopperLanguage || locale },
      store.product.currency,
      ls,
    );
    if (view.kind === 'none') {
      close(false);
      box.remove();
      return;
    }
    box.className = `sf-instalments sf-instalments--${view.kind}`;
    pill.textContent = view.brand;
    text.textContent = view.text;
    info.setAttribute(
      'aria-label',
      message('instalments.info', { brand: view.brand, count: INSTALMENT_COUNT }, ls),
    );
    if (!box.isConnected) host.append(box);
  };
  sync();
  const unsubscribe = store.subscribe(sync);
  return () => {
    unsubscribe();
    close(false);
    box.remove();
  };
}
