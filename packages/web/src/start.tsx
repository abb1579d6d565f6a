/**
 * Start-up: read the page context, build the shared runtime, mount every island on the markup the
 * server rendered, and load the cart when the spec's rule allows it (section 4).
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { PageType } from './core.ts';
import { createCartApi } from './api.ts';
import type { Timers } from './button-machine.ts';
import { CartStore, shouldLoadCartOnStart } from './cart-store.ts';
import { readPageContext } from './context.ts';
import { cookiesEnabled } from './cookies.ts';
import { DialogHost, Dialogs } from './dialogs.tsx';
import { AddToCartButton } from './islands/add-to-cart.tsx';
import { CartPill, pillShownOn } from './islands/cart-pill.tsx';
import { wireCartWidgets } from './islands/cart-widget.tsx';
import { INSTALMENTS_SELECTOR, Instalments } from './islands/instalments.tsx';
import { wireQuantity, wireRestock, wireScarcity } from './islands/product-extras.ts';
import { mountRestock } from './islands/restock-mount.ts';
import { wireQuickView } from './islands/quick-view.tsx';
import { VariantsIsland } from './islands/variants.tsx';
import { type Runtime, productStores } from './runtime.ts';

const CART_PAGE_TYPES: readonly number[] = [PageType.SHOW_CART, PageType.CART_V2];

export interface StartOptions {
  fetch?: typeof fetch;
  navigate?: (url: string) => void;
  /** The button's timers (tests drive a manual clock). */
  timers?: Timers;
}

export interface Started extends Runtime {
  /** Unmounts every island and removes every listener (tests; a page never needs it). */
  stop(): void;
}

function appendRoot(doc: Document, parent: Element, className: string): HTMLElement {
  const el = doc.createElement('div');
  el.className = className;
  parent.appendChild(el);
  return el;
}

export function start(doc: Document = document, options: StartOptions = {}): Started {
  const cleanups: (() => void)[] = [];
  const mount = (container: Element, node: ReactNode) => {
    const root = createRoot(container);
    root.render(<StrictMode>{node}</StrictMode>);
    cleanups.push(() => root.unmount());
  };
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
  const dialogs = new Dialogs(doc);
  const runtime: Runtime = {
    doc,
    ctx,
    ls,
    locale,
    api,
    cart,
    dialogs,
    productStore: productStores(ctx),
    navigate: options.navigate ?? ((url) => win?.location.assign(url)),
    timers: options.timers,
  };

  mount(appendRoot(doc, doc.body, 'sf-dialog-root'), <DialogHost dialogs={dialogs} />);

  for (const root of doc.querySelectorAll<HTMLElement>('.product-variants[data-item-id]')) {
    const store = runtime.productStore(root.dataset.itemId ?? '');
    if (!store) continue;
    mount(
      appendRoot(doc, root, 'sf-variants-status'),
      <VariantsIsland root={root} store={store} ls={ls} locale={locale} />,
    );
  }
  for (const box of doc.querySelectorAll<HTMLElement>('.product-quantity-input[data-item-id]')) {
    const store = runtime.productStore(box.dataset.itemId ?? '');
    const input = box.querySelector<HTMLInputElement>('input[type=number], input');
    if (store && input) cleanups.push(wireQuantity(input, store, ls));
  }
  for (const el of doc.querySelectorAll<HTMLElement>('.sqs-add-to-cart-button[data-item-id]')) {
    const inner = el.querySelector('.sqs-add-to-cart-button-inner') ?? el;
    inner.setAttribute('aria-live', 'polite');
    mount(inner, <AddToCartButton el={el} runtime={runtime} />);
  }
  const pageStore = ctx.itemId ? runtime.productStore(ctx.itemId) : undefined;
  if (pageStore) {
    wireScarcity(
      [...doc.querySelectorAll<HTMLElement>('.product-scarcity[data-variant-attributes]')],
      pageStore,
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
  for (const el of doc.querySelectorAll<HTMLElement>(INSTALMENTS_SELECTOR)) {
    const store = runtime.productStore(el.dataset.itemId ?? '');
    if (store)
      mount(
        el,
        <Instalments store={store} context={el.dataset.instalmentContext ?? ''} locale={locale} ls={ls} />,
      );
  }

  cleanups.push(wireQuickView(runtime, { fetch: options.fetch }));

  // Site forms and the /cart page are chunks of their own: a product page never loads them.
  let stopped = false;
  const later = (what: string, load: () => Promise<void>) => {
    load().catch((error: unknown) => console.warn(`storefront: ${what} did not load`, error));
  };
  if (doc.querySelector('.sf-form[data-form-id]')) {
    later('the site forms', async () => {
      const { mountSiteForms } = await import('./forms/mount.tsx');
      if (!stopped) mountSiteForms(doc, mount, { fetch: options.fetch, navigate: runtime.navigate, ls });
    });
  }

  const cartRoot = doc.getElementById('sqs-cart-root');
  if (cartRoot) {
    later('the cart page', async () => {
      const { CartPage } = await import('./islands/cart-page.tsx');
      if (stopped) return;
      mount(
        cartRoot,
        <CartPage cart={cart} dialogs={dialogs} currency={ctx.storeCurrency} locale={locale} ls={ls} />,
      );
    });
  } else if (pillShownOn(ctx.pageType, doc) && ctx.pageType !== PageType.CHECKOUT) {
    mount(
      appendRoot(doc, doc.body, 'sf-cart-pill-root'),
      <CartPill cart={cart} currency={ctx.storeCurrency} locale={locale} ls={ls} />,
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
    ...runtime,
    stop: () => {
      stopped = true;
      for (const cleanup of cleanups.splice(0).reverse()) cleanup();
    },
  };
}
