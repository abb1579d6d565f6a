/**
 * The islands that need React, mounted on a started page (page.ts): the alert dialogs, the
 * add-to-cart buttons, quick view, the site forms and the /cart page. main.tsx loads this module
 * when an island is first used, or when one that needs React to show comes into view; `start` runs
 * both steps at once.
 */
import { StrictMode, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { DialogHost, Dialogs } from './dialogs.tsx';
import { AddToCartButton } from './islands/add-to-cart.tsx';
import { ADD_TO_CART_SELECTOR, CART_ROOT_ID, SITE_FORM_SELECTOR, labelOf } from './islands/markers.ts';
import { wireQuickView } from './islands/quick-view.tsx';
import { type PageOptions, startPage } from './page.ts';
import type { PageRuntime, Runtime } from './runtime.ts';

export type StartOptions = PageOptions;

export interface Started extends Runtime {
  /** Unmounts every island and removes every listener (tests; a page never needs it). */
  stop(): void;
}

export interface MountedIslands {
  readonly runtime: Runtime;
  stop(): void;
}

export function mountIslands(page: PageRuntime, options: { fetch?: typeof fetch } = {}): MountedIslands {
  const { doc, ctx, ls, locale, cart } = page;
  const cleanups: (() => void)[] = [];
  const mount = (container: Element, node: ReactNode) => {
    const root = createRoot(container);
    // Rendered and effects run before this returns: the loader replays the shopper's first
    // click or key on the island right after (main.tsx).
    flushSync(() => root.render(<StrictMode>{node}</StrictMode>));
    cleanups.push(() => root.unmount());
  };
  const appendRoot = (className: string) => {
    const el = doc.createElement('div');
    el.className = className;
    doc.body.appendChild(el);
    return el;
  };
  const dialogs = new Dialogs(doc);
  const runtime: Runtime = { ...page, dialogs };

  mount(appendRoot('sf-dialog-root'), <DialogHost dialogs={dialogs} />);
  for (const el of doc.querySelectorAll<HTMLElement>(ADD_TO_CART_SELECTOR)) {
    mount(labelOf(el), <AddToCartButton el={el} runtime={runtime} />);
  }
  cleanups.push(wireQuickView(runtime, { fetch: options.fetch }));

  // Site forms and the /cart page are chunks of their own: a product page never loads them.
  let stopped = false;
  const later = (what: string, load: () => Promise<void>) => {
    load().catch((error: unknown) => console.warn(`storefront: ${what} did not load`, error));
  };
  if (doc.querySelector(SITE_FORM_SELECTOR)) {
    later('the site forms', async () => {
      const { mountSiteForms } = await import('./forms/mount.tsx');
      if (!stopped) mountSiteForms(doc, mount, { fetch: options.fetch, navigate: runtime.navigate, ls });
    });
  }
  const cartRoot = doc.getElementById(CART_ROOT_ID);
  if (cartRoot) {
    later('the cart page', async () => {
      const { CartPage } = await import('./islands/cart-page.tsx');
      if (stopped) return;
      mount(
        cartRoot,
        <CartPage cart={cart} dialogs={dialogs} currency={ctx.storeCurrency} locale={locale} ls={ls} />,
      );
    });
  }
  return {
    runtime,
    stop: () => {
      stopped = true;
      for (const cleanup of cleanups.splice(0).reverse()) cleanup();
    },
  };
}

/** The page and every island at once. */
export function start(doc: Document = document, options: StartOptions = {}): Started {
  const page = startPage(doc, options);
  const islands = mountIslands(page.runtime, options);
  return {
    ...islands.runtime,
    stop: () => {
      islands.stop();
      page.stop();
    },
  };
}
