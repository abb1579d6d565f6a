// @vitest-environment storefront-browser
/**
 * The islands mounted by start() on product-page markup, talking HTTP to the real server
 * (test-support/store-server.ts).
 */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { Product } from './core.ts';
import { ITEM_ADDED_EVENT } from './cart-store.ts';
import { start } from './start.tsx';
import { startStoreServer } from '../../../test-support/store-server.ts';
import {
  browserProduct,
  contextScript,
  eventually,
  manualTimers,
  renderPending,
  productCheckoutMarkup,
} from './testing/dom.ts';
import { CRUMB_FAILURE, PAGE_CRUMB, useStorePage } from './testing/store-page.ts';

const shirt = browserProduct(
  'shirt',
  'Linen Camp Shirt',
  [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Color', values: ['Oat', 'Sage'] },
  ],
  [
    { sku: 'S-OAT', attributes: { Size: 'S', Color: 'Oat' }, priceCents: 9800, stock: 4 },
    { sku: 'M-OAT', attributes: { Size: 'M', Color: 'Oat' }, priceCents: 9800, stock: 0 },
    { sku: 'S-SAG', attributes: { Size: 'S', Color: 'Sage' }, priceCents: 9800, stock: 2 },
    // Enough for the 101 the cart-loading test puts in a cart (the real server checks stock on add).
    { sku: 'M-SAG', attributes: { Size: 'M', Color: 'Sage' }, priceCents: 9800, stock: 200 },
  ],
);

const page = useStorePage('/shop/shirt', () =>
  startStoreServer([
    {
      itemId: 'shirt',
      title: 'Linen Camp Shirt',
      variants: shirt.variants.map((v) => ({
        sku: v.sku,
        priceCents: v.price.cents,
        stock: v.qtyInStock,
        attributes: v.attributes,
      })),
    },
  ]),
);
let clock: ReturnType<typeof manualTimers>;
const navigate = vi.fn();

beforeEach(() => {
  clock = manualTimers();
  navigate.mockReset();
});

async function openShirtPage(
  extra: { expressCheckout?: boolean; label?: string; productType?: Product['productType'] } = {},
) {
  document.head.innerHTML = contextScript({
    pageType: 50,
    itemId: 'shirt',
    products: {
      shirt: extra.productType === undefined ? shirt : { ...shirt, productType: extra.productType },
    },
    storeSettings: {
      multipleQuantityAllowedForServices: true,
      expressCheckout: extra.expressCheckout ?? false,
    },
  });
  document.body.innerHTML = `<header><span class="sqs-cart-quantity">0</span></header>${productCheckoutMarkup(shirt, extra.label)}`;
  page.started = start(document, { timers: clock, navigate });
  // Islands are live once their effects ran.
  await eventually(() => {
    expect(button().dataset.state).toBe('idle');
    expect(document.querySelector('.product-variants [role="status"]')).not.toBeNull();
    expect(document.querySelector('.sf-cart-pill')).not.toBeNull();
  });
}

const button = () => document.querySelector<HTMLElement>('.sqs-add-to-cart-button')!;
const buttonText = () => button().textContent?.trim();
const radio = (option: string, value: string) =>
  document.getElementById(`variant-option-${option}-${value}`) as HTMLInputElement;
const pill = () => document.querySelector<HTMLAnchorElement>('.sf-cart-pill');
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');

async function pick(option: string, value: string) {
  radio(option, value).click();
  await eventually(() => expect(radio(option, value).checked).toBe(true));
}

describe('product page islands', () => {
  test('the button shows its label and is keyboard-focusable', async () => {
    await openShirtPage({ label: 'Buy Now' });
    await vi.waitFor(() => expect(button().dataset.state).toBe('idle'));
    expect(buttonText()).toBe('Buy Now');
    expect(button().getAttribute('role')).toBe('button');
    expect(button().tabIndex).toBe(0);
  });

  test('radios and selects drive one choice, and the variant is announced', async () => {
    await openShirtPage();
    await pick('Size', 'M');
    const sizeSelect = document.querySelector<HTMLSelectElement>('select[data-variant-option-name="Size"]')!;
    await vi.waitFor(() => expect(sizeSelect.value).toBe('M'));
    const colorSelect = document.querySelector<HTMLSelectElement>(
      'select[data-variant-option-name="Color"]',
    )!;
    colorSelect.value = 'Sage';
    colorSelect.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(radio('Color', 'Sage').checked).toBe(true));
    const status = document.querySelector('.product-variants [role="status"]')!;
    await vi.waitFor(() => expect(status.textContent).toBe('M / Sage, $98.00'));
    expect(status.getAttribute('aria-live')).toBe('polite');
  });

  test('choices that cannot be bought with the other chosen options are marked sold out', async () => {
    await openShirtPage();
    const label = (option: string, value: string) =>
      document.querySelector<HTMLElement>(`label[for="variant-option-${option}-${value}"]`)!;
    // M / Oat has no stock, M / Sage has: nothing is marked before a colour is chosen.
    expect(label('Size', 'M').hasAttribute('data-unavailable')).toBe(false);
    await pick('Color', 'Oat');
    await vi.waitFor(() => expect(label('Size', 'M').hasAttribute('data-unavailable')).toBe(true));
    expect(label('Size', 'M').textContent).toBe('M, sold out');
    expect(label('Size', 'S').hasAttribute('data-unavailable')).toBe(false);
    const option = document.querySelector<HTMLOptionElement>(
      'select[data-variant-option-name="Size"] option[value="M"]',
    )!;
    expect(option.hasAttribute('data-unavailable')).toBe(true);
    await pick('Color', 'Sage');
    await vi.waitFor(() => expect(label('Size', 'M').hasAttribute('data-unavailable')).toBe(false));
    expect(label('Size', 'M').textContent).toBe('M');
  });

  test('add to cart: Adding…, the POST with crumb, Added! 1 s later, the label 2 s after; the pill and badge follow', async () => {
    await openShirtPage();
    const added = vi.fn();
    document.addEventListener(ITEM_ADDED_EVENT, added);
    await pick('Size', 'S');
    await pick('Color', 'Sage');
    const qty = document.querySelector<HTMLInputElement>('.product-quantity-input input')!;
    qty.value = '2';
    qty.dispatchEvent(new Event('input', { bubbles: true }));

    button().click();
    await vi.waitFor(() => expect(buttonText()).toBe('Adding…'));
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().dataset.state).toBe('adding');
    await vi.waitFor(() => expect(added).toHaveBeenCalledTimes(1));
    document.removeEventListener(ITEM_ADDED_EVENT, added);
    const post = page.server.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ itemId: 'shirt', sku: 'S-SAG', quantity: 2 });
    expect(post.csrf).toBe(PAGE_CRUMB);

    await vi.waitFor(() => expect(pill()?.hidden).toBe(false));
    expect(pill()!.textContent).toContain('2 items');
    expect(pill()!.textContent).toContain('$196.00');
    expect(pill()!.getAttribute('href')).toBe('/cart');
    expect(document.querySelector('.sqs-cart-quantity')!.textContent).toBe('2');

    expect(buttonText()).toBe('Adding…');
    clock.advance(999);
    await Promise.resolve();
    expect(buttonText()).toBe('Adding…');
    clock.advance(1);
    await vi.waitFor(() => expect(buttonText()).toBe('Added!'));
    // Ignored while added.
    button().click();
    clock.advance(1999);
    await vi.waitFor(() => expect(buttonText()).toBe('Added!'));
    clock.advance(1);
    await vi.waitFor(() => expect(buttonText()).toBe('Add To Cart'));
    expect(page.server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  test('unselected options: the alert dialog titled Unable to Add Item, no request, idle after 1 s', async () => {
    await openShirtPage();
    await pick('Color', 'Oat');
    button().click();
    await eventually(() => expect(dialog()).not.toBeNull());
    expect(dialog()!.textContent).toContain('Unable to Add Item');
    expect(dialog()!.textContent).toContain('Please select the Size option.');
    const labelledBy = dialog()!.getAttribute('aria-labelledby')!;
    expect(document.getElementById(labelledBy)!.textContent).toBe('Unable to Add Item');
    expect(page.server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(buttonText()).toBe('Adding…');
    clock.advance(999);
    await renderPending();
    expect(buttonText()).toBe('Adding…');
    clock.advance(1);
    await eventually(() => expect(buttonText()).toBe('Add To Cart'));
    [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === 'OK')!.click();
    await eventually(() => expect(dialog()).toBeNull());
  });

  test('a server refusal shows its message; a crumb failure shows the session message', async () => {
    await openShirtPage();
    await pick('Size', 'S');
    await pick('Color', 'Oat');
    // Another tab put every S / Oat in this cart after the page read it: the server refuses the add.
    document.cookie = `CART=${await page.server.seedCart([{ sku: 'S-OAT', quantity: 4 }])}; Path=/`;
    button().click();
    await vi.waitFor(() =>
      expect(dialog()?.textContent).toContain('Sorry, we do not have enough of that item available.'),
    );
    expect(page.server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    clock.advance(1000);
    [...dialog()!.querySelectorAll('button')][0]!.click();
    await vi.waitFor(() => expect(buttonText()).toBe('Add To Cart'));

    page.server.failNext('POST', 403, CRUMB_FAILURE);
    button().click();
    await vi.waitFor(() =>
      expect(dialog()?.textContent).toContain(
        'Your session has expired. Please reload the page and try again.',
      ),
    );
    clock.advance(1000);
    expect(pill()?.hidden).toBe(true);
  });

  test('Enter and Space activate the button; other keys do not', async () => {
    await openShirtPage();
    await pick('Size', 'S');
    await pick('Color', 'Oat');
    button().dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    await Promise.resolve();
    expect(buttonText()).toBe('Add To Cart');
    button().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true }));
    await vi.waitFor(() => expect(page.server.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    // The button's timers run from the answer: wait for it (the pill shows the cart it brought).
    await vi.waitFor(() => expect(pill()?.hidden).toBe(false));
    clock.advance(3000);
    await vi.waitFor(() => expect(buttonText()).toBe('Add To Cart'));
    button().dispatchEvent(new KeyboardEvent('keydown', { key: ' ', keyCode: 32, bubbles: true }));
    await vi.waitFor(() => expect(page.server.requests.filter((r) => r.method === 'POST')).toHaveLength(2));
  });

  test('a refusal in express checkout is titled Unable to Purchase Item; for a gift card, Unable to purchase Gift Card.', async () => {
    const title = () => document.getElementById(dialog()!.getAttribute('aria-labelledby')!)!.textContent;
    await openShirtPage({ expressCheckout: true });
    await pick('Size', 'S');
    await pick('Color', 'Oat');
    page.server.failNext('POST', 400, { code: 'cart.add.not-enough-stock', message: 'Not enough.' });
    button().click();
    await vi.waitFor(() => expect(dialog()?.textContent).toContain('Not enough.'));
    expect(title()).toBe('Unable to Purchase Item');
    expect(navigate).not.toHaveBeenCalled();
    page.started?.stop();
    document.body.innerHTML = '';

    await openShirtPage({ productType: 4 });
    await pick('Size', 'S');
    await pick('Color', 'Oat');
    page.server.failNext('POST', 400, { code: 'cart.add.not-enough-stock', message: 'Not enough.' });
    button().click();
    await vi.waitFor(() => expect(dialog()?.textContent).toContain('Not enough.'));
    expect(title()).toBe('Unable to purchase Gift Card.');
  });

  test('express checkout goes to the checkout page without the added state', async () => {
    await openShirtPage({ expressCheckout: true });
    await pick('Size', 'S');
    await pick('Color', 'Oat');
    button().click();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout'));
    clock.advance(5000);
    await Promise.resolve();
    expect(buttonText()).toBe('Adding…');
  });
});

describe('the cart-loading rule on start', () => {
  test('no cookies, not signed in: no cart read, the pill hidden', async () => {
    await openShirtPage();
    await vi.waitFor(() => expect(pill()).not.toBeNull());
    expect(pill()!.hidden).toBe(true);
    // The start decides at once whether to read the cart: a read would have left the store loading.
    expect(page.started!.cart.getState().status).toBe('idle');
    expect(page.server.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
  });

  test('a CART cookie: the cart is read and the pill shows it', async () => {
    const token = await page.server.seedCart([{ sku: 'M-SAG', quantity: 101 }]);
    document.cookie = `CART=${token}; Path=/`;
    await openShirtPage();
    await vi.waitFor(() => expect(pill()?.hidden).toBe(false));
    expect(pill()!.textContent).toContain('100+ items');
    expect(document.querySelector('.sqs-cart-quantity')!.textContent).toBe('100+');
    expect(page.server.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
  });
});
