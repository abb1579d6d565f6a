// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { CartApi, ShoppingCart } from './api.ts';
import { CartStore } from './cart-store.ts';
import { mountCartPill, pillShownOn } from './islands/cart-pill.ts';
import { wireCart } from './testing/carts.ts';

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  document.body.innerHTML = '';
});

async function pillFor(totalQuantity: number, subtotalCents: number) {
  const cart: ShoppingCart = wireCart({ id: 'c', totalQuantity, subtotalCents });
  const api = { getCart: async () => cart } as unknown as CartApi;
  const store = new CartStore(api);
  await store.load();
  const container = document.createElement('div');
  document.body.appendChild(container);
  unmount = mountCartPill(container, { cart: store, currency: 'USD', locale: 'en-US', ls: {} });
  await vi.waitFor(() => expect(document.querySelector('.sf-cart-pill')).not.toBeNull());
  return document.querySelector<HTMLAnchorElement>('.sf-cart-pill')!;
}

describe('the floating cart pill (spec sections 2 and 9)', () => {
  test.each([
    [1, 9800, '1 item', '$98.00'],
    [2, 19600, '2 items', '$196.00'],
    [100, 100000, '100 items', '$1,000.00'],
    [101, 101000, '100+ items', '$1,010.00'],
  ])('%i in the cart: %s, %s, a link to /cart', async (count, cents, countText, money) => {
    const pill = await pillFor(count, cents);
    expect(pill.hidden).toBe(false);
    expect(pill.querySelector('.sf-cart-pill__count')!.textContent).toBe(countText);
    expect(pill.querySelector('.sf-cart-pill__subtotal')!.textContent).toContain(money);
    expect(pill.getAttribute('href')).toBe('/cart');
  });

  test('hidden when the count is 0', async () => {
    const pill = await pillFor(0, 0);
    expect(pill.hidden).toBe(true);
  });

  test('not on the cart page, checkout or a page with a cart root', () => {
    expect(pillShownOn(50, document)).toBe(true);
    expect(pillShownOn(200, document)).toBe(false);
    expect(pillShownOn(201, document)).toBe(false);
    expect(pillShownOn(205, document)).toBe(false);
    document.body.innerHTML = '<div id="sqs-cart-root"></div>';
    expect(pillShownOn(1, document)).toBe(false);
  });
});
