/**
 * What the islands of a page share: the context, the cart, the product stores (`PageRuntime`, no
 * React: page.ts builds it at start), and the dialogs of the React islands (`Runtime`, start.tsx).
 */
import type { LocalizedStrings, PageContext } from './core.ts';
import type { CartApi } from './api.ts';
import type { Timers } from './button-machine.ts';
import type { CartStore } from './cart-store.ts';
import type { Dialogs } from './dialogs.tsx';
import { ProductStore } from './product-store.ts';

export interface PageRuntime {
  readonly doc: Document;
  readonly ctx: PageContext;
  readonly ls: LocalizedStrings;
  /** BCP 47 locale of the page (`<html lang>`), for plurals and money. */
  readonly locale: string;
  readonly api: CartApi;
  readonly cart: CartStore;
  /** The shared state of one product, created on first use; undefined when the context lacks it. */
  productStore(itemId: string): ProductStore | undefined;
  /** Leaves the page (express checkout, subscription page). */
  navigate(url: string): void;
  readonly timers?: Timers;
}

export interface Runtime extends PageRuntime {
  readonly dialogs: Dialogs;
}

export function productStores(ctx: PageContext): (itemId: string) => ProductStore | undefined {
  const stores = new Map<string, ProductStore>();
  return (itemId) => {
    const existing = stores.get(itemId);
    if (existing) return existing;
    const product = ctx.products[itemId];
    if (!product) return undefined;
    const store = new ProductStore(product);
    stores.set(itemId, store);
    return store;
  };
}
