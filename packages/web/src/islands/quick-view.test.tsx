// @vitest-environment storefront-browser
/** Quick view on a list page: the product's page is read, its checkout block works in the lightbox. */
import { describe, expect, test, vi } from 'vitest';
import { start } from '../start.tsx';
import { startStoreServer } from '../../../../test-support/store-server.ts';
import { browserProduct, contextScript, manualTimers, productCheckoutMarkup } from '../testing/dom.ts';
import { useStorePage } from '../testing/store-page.ts';

const shirt = browserProduct(
  'shirt',
  'Linen Camp Shirt',
  [{ name: 'Size', values: ['S', 'M'] }],
  [
    { sku: 'S', attributes: { Size: 'S' }, priceCents: 9800, stock: 4 },
    { sku: 'M', attributes: { Size: 'M' }, priceCents: 9800, stock: 6 },
  ],
);

const productPage =
  `<html><head>${contextScript({ pageType: 50, itemId: 'shirt', products: { shirt } })}</head><body>` +
  `<article class="product-detail" data-item-id="shirt"><img src="/media/shirt.svg" alt="Linen Camp Shirt">` +
  `<div class="product-price">$98.00</div>${productCheckoutMarkup(shirt)}</article></body></html>`;

const board = browserProduct(
  'board',
  'Walnut Serving Board',
  [{ name: 'Size', values: ['Small', 'Large'] }],
  [
    { sku: 'B-S', attributes: { Size: 'Small' }, priceCents: 6400, stock: 3 },
    { sku: 'B-L', attributes: { Size: 'Large' }, priceCents: 9200, stock: 3 },
  ],
);

const boardPage =
  `<html><head>${contextScript({ pageType: 50, itemId: 'board', products: { board } })}</head><body>` +
  `<article class="product-detail" data-item-id="board">` +
  `<div class="product-price">from $64.00</div>${productCheckoutMarkup(board)}</article></body></html>`;

const page = useStorePage('/shop', () =>
  startStoreServer(
    [
      {
        itemId: 'shirt',
        title: 'Linen Camp Shirt',
        variants: shirt.variants.map((v) => ({ sku: v.sku, priceCents: 9800, stock: v.qtyInStock })),
      },
      {
        itemId: 'board',
        title: 'Walnut Serving Board',
        variants: board.variants.map((v) => ({ sku: v.sku, priceCents: v.price.cents, stock: v.qtyInStock })),
      },
    ],
    { pages: { '/shop/shirt': productPage, '/shop/board': boardPage } },
  ),
);

function openListPage(products: Record<string, typeof shirt> = { shirt }) {
  document.head.innerHTML = contextScript({ pageType: 1, path: '/shop', products });
  document.body.innerHTML = Object.values(products)
    .map(
      (p) =>
        `<article class="product-card" data-item-id="${p.id}"><a href="/shop/${p.id}">${p.title}</a>` +
        `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${p.id}" data-group="">Quick View</span></article>`,
    )
    .join('');
  page.started = start(document, { timers: manualTimers() });
}

const quickButton = (id = 'shirt') =>
  document.querySelector<HTMLElement>(`.sqs-product-quick-view-button[data-id="${id}"]`)!;
const panel = () => document.querySelector<HTMLElement>('.sf-quick-view[role="dialog"]');

describe('quick view', () => {
  test('Enter opens the product in a labelled lightbox; its checkout block adds to the cart; Escape closes and focus returns', async () => {
    openListPage();
    quickButton().focus();
    quickButton().dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
    );
    await vi.waitFor(() =>
      expect(panel()?.querySelector('.sqs-add-to-cart-button')?.textContent?.trim()).toBe('Add To Cart'),
    );
    const dialog = panel()!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe(
      'Linen Camp Shirt',
    );
    expect(dialog.querySelector('.sf-quick-view__price')!.textContent).toBe('$98.00');
    expect(dialog.querySelector('img')!.getAttribute('src')).toBe('/media/shirt.svg');
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Radio ids stay unique on the page.
    const radio = dialog.querySelector<HTMLInputElement>('input.variant-radiobtn[value="M"]')!;
    expect(radio.id).toBe('qv-variant-option-Size-M');
    expect(dialog.querySelector(`label[for="${radio.id}"]`)).not.toBeNull();
    radio.click();
    await vi.waitFor(() => expect(dialog.querySelector('[role="status"]')!.textContent).toBe('M, $98.00'));
    const qty = dialog.querySelector<HTMLInputElement>('.product-quantity-input input')!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(qty, '2');
    qty.dispatchEvent(new Event('input', { bubbles: true }));
    dialog.querySelector<HTMLElement>('.sqs-add-to-cart-button')!.click();
    await vi.waitFor(() =>
      expect(page.server.requests.some((r) => r.method === 'POST' && r.path.endsWith('/entries'))).toBe(true),
    );
    const post = page.server.requests.find((r) => r.method === 'POST' && r.path.endsWith('/entries'))!;
    expect(post.body).toEqual({ itemId: 'shirt', sku: 'M', quantity: 2 });
    await vi.waitFor(() => expect(page.started!.cart.getState().cart?.totalQuantity).toBe(2));
    const census = page.server.requests.find((r) => r.path === '/api/census/RecordQuickView/shirt');
    expect(census?.method).toBe('POST');

    document.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
    );
    expect(document.activeElement).toBe(quickButton());
    await vi.waitFor(() => expect(document.querySelector('.sf-modal')).toBeNull());
  });

  test('the price in the lightbox follows the picked variant', async () => {
    openListPage({ board });
    quickButton('board').click();
    await vi.waitFor(() => expect(panel()?.querySelector('.sf-quick-view__price')).toBeTruthy());
    const dialog = panel()!;
    const price = () => dialog.querySelector('.sf-quick-view__price')!.textContent;
    expect(price()).toBe('from $64.00');
    dialog.querySelector<HTMLInputElement>('input.variant-radiobtn[value="Large"]')!.click();
    await vi.waitFor(() => expect(price()).toBe('$92.00'));
    dialog.querySelector<HTMLInputElement>('input.variant-radiobtn[value="Small"]')!.click();
    await vi.waitFor(() => expect(price()).toBe('$64.00'));
    document.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
    );
    await vi.waitFor(() => expect(document.querySelector('.sf-modal')).toBeNull());
  });

  test('a product page that cannot be read: an alert, no lightbox', async () => {
    openListPage({ shirt: { ...shirt, fullUrl: '/shop/gone' } });
    quickButton().click();
    await vi.waitFor(() => expect(document.querySelector('[role="alertdialog"]')).not.toBeNull());
    expect(document.querySelector('[role="alertdialog"]')!.textContent).toContain('Something went wrong');
    expect(panel()).toBeNull();
  });
});
