/**
 * The instalment notice on physical products (spec sections 2, 3, 4, 5, 9): `Pay in 4 interest-free
 * payments…` when the selected variant's price is above the minimum and not above the maximum,
 * else the out-of-range message; the brand by the account's country and the shopper's language.
 * The pill and the info button open a popup that closes with its close button, Escape or a click
 * outside, focus returning to what opened it. Mounted on `.product-instalments[data-item-id]
 * [data-instalment-context]` (the demo's products.item renders it).
 */
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { instalmentView, parseInstalmentContext } from '@storefront/core/instalments';
import { INSTALMENT_COUNT } from '@storefront/core/rules';
import { type LocalizedStrings, type VariantForBrowser, message } from '../core.ts';
import type { ProductStore } from '../product-store.ts';
import './instalments.css';

export const INSTALMENTS_SELECTOR = '.product-instalments[data-item-id][data-instalment-context]';

const priceOf = (v: VariantForBrowser): number => (v.onSale ? v.salePriceCents : v.priceCents);

/** The selected variant's price; before a choice, the lowest (what the price line shows `from`). */
function currentPrice(store: ProductStore): number {
  const chosen = store.complete() ? store.selectedVariant() : undefined;
  if (chosen) return priceOf(chosen);
  const prices = store.product.variants.map(priceOf);
  return prices.length > 0 ? Math.min(...prices) : (store.product.priceCents ?? 0);
}

export interface InstalmentsProps {
  store: ProductStore;
  /** The data attribute's JSON. */
  context: string;
  /** `<html lang>`: the shopper's language when the context names none. */
  locale: string;
  ls?: LocalizedStrings | undefined;
}

export function Instalments({ store, context, locale, ls }: InstalmentsProps) {
  useSyncExternalStore(store.subscribe, store.getState);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const popup = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const parsed = parseInstalmentContext(context);

  const close = useCallback(() => {
    setOpen(false);
    opener.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    popup.current?.focus();
    const doc = popup.current?.ownerDocument ?? document;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: Event) => {
      const target = event.target as Node | null;
      if (target && popup.current?.contains(target)) return;
      if (target && opener.current?.contains(target)) return;
      setOpen(false);
    };
    doc.addEventListener('keydown', onKey);
    doc.addEventListener('mousedown', onPointer);
    doc.addEventListener('touchstart', onPointer);
    return () => {
      doc.removeEventListener('keydown', onKey);
      doc.removeEventListener('mousedown', onPointer);
      doc.removeEventListener('touchstart', onPointer);
    };
  }, [open, close]);

  if (!parsed) return null;
  const view = instalmentView(
    store.product.productType,
    currentPrice(store),
    { ...parsed, shopperLanguage: parsed.shopperLanguage || locale },
    store.product.currency,
    ls,
  );
  if (view.kind === 'none') return null;
  const toggle = (event: { currentTarget: HTMLButtonElement }) => {
    opener.current = event.currentTarget;
    setOpen((o) => !o);
  };
  const params = { brand: view.brand, count: INSTALMENT_COUNT };
  return (
    <div className={`sf-instalments sf-instalments--${view.kind}`}>
      <p className="sf-instalments__line">
        <button
          type="button"
          className="sf-instalments__pill"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={toggle}
        >
          {view.brand}
        </button>{' '}
        <span className="sf-instalments__text" aria-live="polite">
          {view.text}
        </span>{' '}
        <button
          type="button"
          className="sf-instalments__info"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-label={message('instalments.info', params, ls)}
          onClick={toggle}
        >
          <span aria-hidden="true">i</span>
        </button>
      </p>
      {open ? (
        <div
          ref={popup}
          className="sf-instalments__popup"
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
        >
          <h2 id={titleId} className="sf-instalments__title">
            {message('instalments.popup-title', params, ls)}
          </h2>
          <p>{message('instalments.popup-body', params, ls)}</p>
          <button type="button" className="sf-instalments__close" onClick={close}>
            {message('instalments.close', params, ls)}
          </button>
        </div>
      ) : null}
    </div>
  );
}
