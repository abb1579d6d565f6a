/**
 * The quick-view lightbox (loaded by `quick-view.tsx` on first use): the product's checkout block
 * from its page, with the variants and quantity wired and the add-to-cart island portalled into it.
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { formatMoney, variantUnitPrice, type Product } from '../core.ts';
import { openModal } from '../modal.tsx';
import { ProductStore } from '../product-store.ts';
import type { Runtime } from '../runtime.ts';
import { AddToCartButton } from './add-to-cart.tsx';
import { wireQuantity } from './product-extras.ts';
import { PRODUCT_PRICE_SELECTOR, wireVariantPrice } from './variant-price.ts';
import { mountVariants } from './variants.ts';

/** A product as the quick view shows it, read from its page by quick-view.tsx. */
export interface QuickViewProduct {
  product: Product;
  /** The checkout block's nodes (variants, quantity input, add-to-cart button), from the page. */
  checkout: Element[];
  /** The price markup of core's `product-price`, when the page shows it. */
  price: Element | null;
  image: { src: string; alt: string } | null;
}

function QuickView({
  runtime,
  view,
  store,
}: {
  runtime: Runtime;
  view: QuickViewProduct;
  store: ProductStore;
}) {
  const { product } = view;
  const host = useRef<HTMLDivElement>(null);
  const [parts, setParts] = useState<{
    variants: HTMLElement | null;
    status: HTMLElement | null;
    button: HTMLElement | null;
    inner: HTMLElement | null;
  } | null>(null);
  useSyncExternalStore(store.subscribe, store.getState);

  // The page's nodes go in as they are; the islands are portalled into them.
  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    const doc = el.ownerDocument;
    const nodes = view.checkout.map((n) => doc.importNode(n, true));
    for (const n of nodes) el.appendChild(n);
    // Radio ids must stay unique beside the page's own checkout block.
    for (const input of el.querySelectorAll<HTMLInputElement>('input.variant-radiobtn[id]')) {
      const label = el.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(input.id)}"]`);
      input.id = `qv-${input.id}`;
      input.name = `qv-${input.name}`;
      if (label) label.htmlFor = input.id;
    }
    const variants = el.querySelector<HTMLElement>('.product-variants');
    let status: HTMLElement | null = null;
    if (variants) {
      status = doc.createElement('div');
      status.className = 'sf-variants-status';
      variants.appendChild(status);
    }
    const button = el.querySelector<HTMLElement>('.sqs-add-to-cart-button');
    const inner = button?.querySelector<HTMLElement>('.sqs-add-to-cart-button-inner') ?? button ?? null;
    inner?.setAttribute('aria-live', 'polite');
    // The island renders the label (as createRoot does on the product page).
    if (inner) inner.textContent = '';
    setParts({ variants, status, button: button ?? null, inner });
    return () => {
      for (const n of nodes) n.remove();
    };
  }, [view]);

  useEffect(() => {
    const input = host.current?.querySelector<HTMLInputElement>('.product-quantity-input input');
    return input ? wireQuantity(input, store, runtime.ls) : undefined;
  }, [parts, store, runtime.ls]);

  useEffect(() => {
    if (!parts?.variants || !parts.status) return undefined;
    return mountVariants(parts.variants, parts.status, { store, ls: runtime.ls, locale: runtime.locale });
  }, [parts, store, runtime.ls, runtime.locale]);

  const priceHost = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const priceLine = priceHost.current?.querySelector<HTMLElement>(PRODUCT_PRICE_SELECTOR);
    return priceLine
      ? wireVariantPrice(priceLine, { store, ls: runtime.ls, locale: runtime.locale })
      : undefined;
  }, [view, store, runtime.ls, runtime.locale]);

  const scoped: Runtime = {
    ...runtime,
    productStore: (id) => (id === product.id ? store : runtime.productStore(id)),
  };
  const variant = store.selectedVariant();
  const shown = variant ? variantUnitPrice(product, variant) : null;
  return (
    <div className="sf-quick-view__body">
      {view.image && <img className="sf-quick-view__image" src={view.image.src} alt={view.image.alt} />}
      <div className="sf-quick-view__details">
        {view.price ? (
          <div
            className="sf-quick-view__price"
            ref={priceHost}
            dangerouslySetInnerHTML={{ __html: view.price.outerHTML }}
          />
        ) : shown !== null ? (
          <p className="sf-quick-view__price">
            {formatMoney(shown.cents, shown.currency, { locale: runtime.locale })}
          </p>
        ) : null}
        <div className="product-checkout sf-quick-view__checkout" ref={host} />
        {parts?.button &&
          parts.inner &&
          createPortal(<AddToCartButton el={parts.button} runtime={scoped} />, parts.inner)}
        <a className="sf-quick-view__more" href={product.fullUrl}>
          {product.title}
        </a>
      </div>
    </div>
  );
}

/** Opens the lightbox for a product read from its page; focus goes back to `button`. */
export function showQuickView(runtime: Runtime, view: QuickViewProduct, button: HTMLElement) {
  const store = new ProductStore(view.product);
  return openModal(runtime.doc, {
    title: view.product.title,
    className: 'sf-quick-view',
    ls: runtime.ls,
    returnFocus: button,
    render: () => <QuickView runtime={runtime} view={view} store={store} />,
  });
}
