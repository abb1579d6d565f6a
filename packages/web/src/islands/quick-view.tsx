/**
 * Quick view (spec sections 1, 2 and 7): the quick-view button (`.sqs-product-quick-view-button`,
 * core's `product-quick-view`; a `role=button` span answering click, Enter and Space) opens the
 * product in a lightbox holding its checkout block, which works as on the product page: the same
 * variants, quantity and add-to-cart islands, on the same markup.
 *
 * Where the product comes from: its own page, fetched when the button is used. That page carries
 * the checkout block exactly as core's helpers render it for this product (variants, quantity
 * input when the spec's conditions show one, the button with its `use-form` mark and custom label)
 * and a page context with the product's live stock and merchandising. So the lightbox needs no
 * second copy of the helpers' markup, and a list page's context does not grow with data only a
 * quick view uses. Cost: one same-origin GET per opening (cached for the page's life). The
 * lightbox code (`quick-view-panel.tsx`) is a chunk loaded on first use.
 */
import { BoundedCache } from '@storefront/core/bounded-cache';
import { type Product, message } from '../core.ts';
import { readPageContext } from '../context.ts';
import type { Runtime } from '../runtime.ts';
import { isActivationKey } from '../keys.ts';
import { QUICK_VIEW_SELECTOR } from './markers.ts';
import type { QuickViewProduct } from './quick-view-panel.tsx';

export type { QuickViewProduct } from './quick-view-panel.tsx';

export const RECORD_QUICK_VIEW_PATH = '/api/census/RecordQuickView/';

/** What the lightbox shows, read from the product's page. */

const attrSelector = (name: string, value: string) => `[${name}="${CSS.escape(value)}"]`;

/** Picks the product's pieces out of its page. */
export function readQuickView(page: Document, itemId: string, fallback?: Product): QuickViewProduct | null {
  const ctx = readPageContext(page);
  const product = ctx.products[itemId] ?? fallback;
  if (!product) return null;
  const id = attrSelector('data-item-id', itemId);
  const checkout: Element[] = [];
  const variants = page.querySelector(`.product-variants${id}`);
  if (variants) checkout.push(variants);
  const quantity = page.querySelector(`.product-quantity-input${id}`);
  if (quantity) checkout.push(quantity);
  const button = page.querySelector(`.sqs-add-to-cart-button${id}`);
  if (button) checkout.push(button.closest('.sqs-add-to-cart-button-wrapper') ?? button);
  if (!button) return null;
  const detail = page.querySelector(`${id}:not(.sqs-add-to-cart-button):not(.product-variants)`) ?? page;
  const price = detail.querySelector('.product-price') ?? page.querySelector('.product-price');
  const img = detail.querySelector('img');
  const image = img?.getAttribute('src') ? { src: img.getAttribute('src') ?? '', alt: img.alt } : null;
  return { product, checkout, price, image };
}

/** Fetches product pages once per page life (the last few dozen: each is a whole parsed document). */
function pageLoader(runtime: Runtime, fetchImpl: typeof fetch) {
  const pages = new BoundedCache<string, Promise<Document>>(24);
  return (url: string) => {
    let found = pages.get(url);
    if (!found) {
      found = fetchImpl(url, { credentials: 'same-origin', headers: { accept: 'text/html' } }).then(
        async (r) => {
          if (!r.ok) throw new Error(`quick view: ${url} answered ${r.status}`);
          return new DOMParser().parseFromString(await r.text(), 'text/html');
        },
      );
      pages.set(url, found);
      found.catch(() => pages.delete(url));
    }
    return found;
  };
}

export interface QuickViewOptions {
  fetch?: typeof fetch;
}

/** Answers every quick-view button of the page (delegated, so buttons added later work too). */
export function wireQuickView(runtime: Runtime, options: QuickViewOptions = {}): () => void {
  const { doc } = runtime;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const load = pageLoader(runtime, doFetch);
  let opening = false;

  const open = async (button: HTMLElement) => {
    if (opening) return;
    const itemId = button.dataset.id ?? '';
    const known = runtime.ctx.products[itemId];
    const url =
      known?.fullUrl ||
      button.closest(`[data-item-id="${CSS.escape(itemId)}"]`)?.querySelector<HTMLAnchorElement>('a[href]')
        ?.href;
    if (!itemId || !url) return;
    opening = true;
    button.setAttribute('aria-busy', 'true');
    let view: QuickViewProduct | null = null;
    let failure = message('ui.unable-to-load-results', {}, runtime.ls);
    try {
      view = readQuickView(await load(url), itemId, known);
    } catch {
      failure = message('ui.network-error', {}, runtime.ls);
    }
    button.removeAttribute('aria-busy');
    opening = false;
    if (!view) {
      void runtime.dialogs.alert(message('ui.something-went-wrong', {}, runtime.ls), failure);
      return;
    }
    try {
      const { showQuickView } = await import('./quick-view-panel.tsx');
      showQuickView(runtime, view, button);
    } catch {
      void runtime.dialogs.alert(
        message('ui.something-went-wrong', {}, runtime.ls),
        message('ui.network-error', {}, runtime.ls),
      );
      return;
    }
    // Census (spec section 7): failures are swallowed.
    void doFetch(`${RECORD_QUICK_VIEW_PATH}${encodeURIComponent(itemId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pagePath: runtime.ctx.path, pageType: runtime.ctx.pageType }),
      keepalive: true,
    }).catch(() => undefined);
  };

  const target = (event: Event) =>
    event.target instanceof Element ? event.target.closest<HTMLElement>(QUICK_VIEW_SELECTOR) : null;
  const onClick = (event: MouseEvent) => {
    const button = target(event);
    if (!button) return;
    event.preventDefault();
    void open(button);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const button = target(event);
    if (!button || !isActivationKey(event)) return;
    event.preventDefault();
    if (!event.repeat) void open(button);
  };
  doc.addEventListener('click', onClick);
  doc.addEventListener('keydown', onKeyDown);
  return () => {
    doc.removeEventListener('click', onClick);
    doc.removeEventListener('keydown', onKeyDown);
  };
}
