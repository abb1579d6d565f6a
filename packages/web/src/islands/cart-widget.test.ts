// @vitest-environment storefront-browser
/** The template cart widget against the real server: labels, count, subtotal, initialized. */
import { describe, expect, test, vi } from 'vitest';
import { start } from '../start.tsx';
import { startStoreServer } from '../../../../test-support/store-server.ts';
import { contextScript, eventually } from '../testing/dom.ts';
import { findCartWidgets, renderedCount } from './cart-widget.tsx';
import { useStorePage } from '../testing/store-page.ts';

const page = useStorePage('/', () =>
  startStoreServer([
    { itemId: 'candle', title: 'Pillar Candle', variants: [{ sku: 'C', priceCents: 2600, stock: 500 }] },
  ]),
);

const WIDGET =
  '<a class="site-cart sqs-custom-cart" href="/cart"><span>Cart</span>' +
  '<span class="sqs-cart-quantity">0</span>' +
  '<span class="sqs-cart-subtotal"><span class="sqs-money-native">0.00</span></span></a>' +
  '<a class="bare sqs-custom-cart" href="/cart">Bag</a>';

async function openPage(pageType = 2, cartEntries?: { sku: string; quantity: number }[]) {
  if (cartEntries) document.cookie = `CART=${await page.server.seedCart(cartEntries)}; Path=/`;
  document.head.innerHTML = contextScript({ pageType, path: pageType === 200 ? '/cart' : '/' });
  document.body.innerHTML = `<header>${WIDGET}</header>`;
  page.started = start(document);
}

const widget = () => document.querySelector<HTMLElement>('.site-cart')!;
const bare = () => document.querySelector<HTMLElement>('.bare')!;

describe('cart widget', () => {
  test.each([
    [1, 'One item in cart', '1'],
    [2, '2 items in cart', '2'],
    [100, '100 items in cart', '100'],
    [101, 'More than 100 items in cart', '100+'],
  ])(
    '%i in the cart: label %j, count %j, subtotal; initialized on the first sync',
    async (n, label, shown) => {
      await openPage(2, [{ sku: 'C', quantity: n }]);
      expect(widget().dataset.initialized).toBeUndefined();
      await vi.waitFor(() => expect(widget().dataset.initialized).toBe('true'));
      expect(widget().getAttribute('aria-label')).toBe(label);
      expect(widget().querySelector('.sqs-cart-quantity')!.textContent).toBe(shown);
      const subtotal = ((n * 2600) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
      expect(widget().querySelector('.sqs-money-native')!.textContent).toBe(subtotal);
      // No quantity element: the label is Cart.
      expect(bare().getAttribute('aria-label')).toBe('Cart');
    },
  );

  test('before any sync, the label reads what the server rendered; an add syncs it', async () => {
    await openPage(2);
    expect(widget().getAttribute('aria-label')).toBe('0 items in cart');
    expect(widget().dataset.initialized).toBeUndefined();
    await page.started!.cart.add({ itemId: 'candle', sku: 'C', quantity: 1 });
    expect(widget().getAttribute('aria-label')).toBe('One item in cart');
    expect(widget().dataset.initialized).toBe('true');
  });

  test('not mounted on /cart', async () => {
    await openPage(200, [{ sku: 'C', quantity: 3 }]);
    await vi.waitFor(() => expect(page.server.requests.some((r) => r.method === 'GET')).toBe(true));
    // The cart's answer has reached every listener: a widget wired to it would have synced by now.
    await eventually(() => expect(page.started!.cart.getState().status).toBe('loaded'));
    expect(widget().hasAttribute('aria-label')).toBe(false);
    expect(widget().dataset.initialized).toBeUndefined();
    expect(widget().querySelector('.sqs-cart-quantity')!.textContent).toBe('0');
  });

  test('a link holding a badge counts as a widget; server counts read back', () => {
    document.body.innerHTML =
      '<a href="/cart" id="a"><span class="sqs-cart-quantity">3</span></a><span class="sqs-cart-quantity">1</span>';
    expect(findCartWidgets(document).map((w) => w.id)).toEqual(['a']);
    expect(renderedCount('100+')).toBe(101);
    expect(renderedCount(' 7 ')).toBe(7);
    expect(renderedCount('')).toBeUndefined();
  });
});
