/**
 * The page at start, without React: reads the page context, builds the cart and the product stores,
 * wires what must work or show before any interaction (variants, quantity, scarcity, restock sign-up,
 * instalment notice, cart pill and cart widgets) and loads the cart when the spec's rule allows it
 * (section 4). The islands that need React (start.tsx) mount on top of it, on first use (main.tsx).
 */
import { PageType } from './core.ts';
import { createCartApi } from './api.ts';
import type { Timers } from './button-machine.ts';
import { CartStore, shouldLoadCartOnStart } from './cart-store.ts';
import { readPageContext } from './context.ts';
import { cookiesEnabled } from './cookies.ts';
import { element } from './element.ts';
import { mountCartPill, pillShownOn } from './islands/cart-pill.ts';
import { wireCartWidgets } from './islands/cart-widget.tsx';
import { INSTALMENTS_SELECTOR, mountInstalments } from './islands/instalments.ts';
import { ADD_TO_CART_SELECTOR, CART_ROOT_ID, labelOf } from './islands/markers.ts';
import { wireQuantity, wireRestock, wireScarcity } from './islands/product-extras.ts';
import { mountRestock } from './islands/restock-mount.ts';
import { mountReviews } from './islands/reviews-mount.ts';
import { PRODUCT_PRICE_SELECTOR, wireVariantPrice } from './islands/variant-price.ts';
import { mountVariants } from './islands/variants.ts';
import { type PageRuntime, productStores } from './runtime.ts';

const CART_PAGE_TYPES: readonly number[] = [PageType.SHOW_CART, PageType.CART_V2];

export interface PageOptions {
  fetch?: typeof fetch;
  navigate?: (url: string) => void;
  /** The add-to-cart button's timers (tests drive a manual clock). */
  timers?: Timers;
}

export interface StartedPage {
  readonly runtime: PageRuntime;
  /** Undoes every wiring and removes every listener (tests; a page never needs it). */
  stop(): void;
}

export function startPage(doc: Document = document, options: PageOptions = {}): StartedPage {
  const cleanups: (() => void)[] = [];
  const ctx = readPageContext(doc);
  const ls = ctx.localizedStrings;
  const locale = doc.documentElement.lang || 'en-US';
  const win = doc.defaultView;
  const api = createCartApi({
    fetch: options.fetch,
    cookies: () => doc.cookie,
    cookiesEnabled: () => cookiesEnabled(win?.navigator),
    localizedStrings: ls,
  });
  const cart = new CartStore(api, doc);
  const runtime: PageRuntime = {
    doc,
    ctx,
    ls,
    locale,
    api,
    cart,
    productStore: productStores(ctx),
    navigate: options.navigate ?? ((url) => win?.location.assign(url)),
    timers: options.timers,
  };
  const appendRoot = (parent: Element, className: string) => {
    const root = element(doc, 'div', { class: className });
    parent.appendChild(root);
    cleanups.push(() => root.remove());
    return root;
  };

  const pickedItems = new Set<string>();
  for (const root of doc.querySelectorAll<HTMLElement>('.product-variants[data-item-id]')) {
    const itemId = root.dataset.itemId ?? '';
    const store = runtime.productStore(itemId);
    if (!store) continue;
    cleanups.push(mountVariants(root, appendRoot(root, 'sf-variants-status'), { store, ls, locale }));
    pickedItems.add(itemId);
  }
  // The price line of a product shown with its picker (not its cards elsewhere on the page).
  for (const priceLine of doc.querySelectorAll<HTMLElement>(PRODUCT_PRICE_SELECTOR)) {
    const itemId = priceLine.closest<HTMLElement>('[data-item-id]')?.dataset.itemId ?? ctx.itemId ?? '';
    const store = pickedItems.has(itemId) ? runtime.productStore(itemId) : undefined;
    if (store) cleanups.push(wireVariantPrice(priceLine, { store, ls, locale }));
  }
  for (const box of doc.querySelectorAll<HTMLElement>('.product-quantity-input[data-item-id]')) {
    const store = runtime.productStore(box.dataset.itemId ?? '');
    const input = box.querySelector<HTMLInputElement>('input[type=number], input');
    if (store && input) cleanups.push(wireQuantity(input, store, ls));
  }
  const pageStore = ctx.itemId ? runtime.productStore(ctx.itemId) : undefined;
  if (pageStore) {
    cleanups.push(
      wireScarcity(
        [...doc.querySelectorAll<HTMLElement>('.product-scarcity[data-variant-attributes]')],
        pageStore,
      ),
    );
  }
  for (const itemId of Object.keys(ctx.products)) {
    const forms = [
      ...doc.querySelectorAll<HTMLElement>('.product-restock-notification[data-product-id][data-variant-id]'),
    ].filter((el) => el.dataset.productId === itemId);
    const store = forms.length > 0 ? runtime.productStore(itemId) : undefined;
    if (store) cleanups.push(wireRestock(forms, store));
  }
  // After wireRestock: the sign-up loads once its form is on show.
  cleanups.push(mountRestock(doc, { ctx, ls, fetch: options.fetch }));
  cleanups.push(mountReviews(doc, { ls, fetch: options.fetch }));
  // Live before the button's island mounts, so that its first `Adding…` is announced.
  for (const el of doc.querySelectorAll<HTMLElement>(ADD_TO_CART_SELECTOR))
    labelOf(el).setAttribute('aria-live', 'polite');
  for (const el of doc.querySelectorAll<HTMLElement>(INSTALMENTS_SELECTOR)) {
    const store = runtime.productStore(el.dataset.itemId ?? '');
    if (store)
      cleanups.push(mountInstalments(el, { store, context: el.dataset.instalmentContext ?? '', locale, ls }));
  }

  const cartRoot = doc.getElementById(CART_ROOT_ID);
  if (!cartRoot && pillShownOn(ctx.pageType, doc) && ctx.pageType !== PageType.CHECKOUT) {
    cleanups.push(
      mountCartPill(appendRoot(doc.body, 'sf-cart-pill-root'), {
        cart,
        currency: ctx.storeCurrency,
        locale,
        ls,
      }),
    );
  }
  // The cart widget, like the pill, is not mounted on the cart page (spec section 2).
  if (!cartRoot && !CART_PAGE_TYPES.includes(ctx.pageType)) {
    cleanups.push(wireCartWidgets(doc, cart, { ls, locale, currency: ctx.storeCurrency }));
  }

  if (shouldLoadCartOnStart(ctx.authenticated, doc.cookie)) {
    cart.load().catch((error: unknown) => console.warn('storefront: the cart did not load', error));
  }
  return {
    runtime,
    stop: () => {
      for (const cleanup of cleanups.splice(0).reverse()) cleanup();
    },
  };
}
