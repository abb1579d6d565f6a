// @vitest-environment happy-dom
/** The price line of a product page follows the variant the shopper picks, and says it once. */
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../core.ts';
import { type StartedPage, startPage } from '../page.ts';
import { browserProduct, contextScript, productCheckoutMarkup } from '../testing/dom.ts';

const board = (sale: boolean): Product => {
  const product = browserProduct(
    'board',
    'Walnut Serving Board',
    [{ name: 'Size', values: ['Small', 'Large'] }],
    [
      { sku: 'B-S', attributes: { Size: 'Small' }, priceCents: 6400, stock: 3 },
      { sku: 'B-L', attributes: { Size: 'Large' }, priceCents: 9200, stock: 3 },
    ],
  );
  if (!sale) return product;
  const [small, large] = product.variants;
  return {
    ...product,
    variants: [small!, { ...large!, onSale: true, salePrice: { cents: 7500, currency: 'USD' } }],
  };
};

/** Core's `product-price` markup for the board, as the server writes it. */
const SERVER_LINE = 'from <span class="sqs-money-native">64.00</span>\n';

let started: StartedPage | undefined;
afterEach(() => {
  started?.stop();
  started = undefined;
  document.body.innerHTML = '';
});

function open(product: Product, itemId: string | null = product.id): HTMLElement {
  document.head.innerHTML = contextScript({ pageType: 51, itemId, products: { [product.id]: product } });
  document.body.innerHTML =
    `<article class="product-detail" data-item-id="${product.id}">` +
    `<div class="product-price">\n${SERVER_LINE}</div>${productCheckoutMarkup(product)}</article>` +
    // The same product's card elsewhere on the page keeps its own line.
    `<article class="product-card" data-item-id="other"><div class="product-price">\n${SERVER_LINE}</div></article>`;
  started = startPage(document);
  return document.querySelector<HTMLElement>('.product-detail .product-price')!;
}

const pick = (value: string) => {
  const select = document.querySelector<HTMLSelectElement>('select[data-variant-option-name="Size"]')!;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
};
const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, ' ').trim();

describe('the price line follows the chosen variant', () => {
  it('shows the picked variant\'s price, and the "from" price again when the choice is undone', () => {
    const line = open(board(false));
    expect(text(line)).toBe('from 64.00');
    pick('Large');
    expect(line.innerHTML).toBe('<span class="sqs-money-native">92.00</span>');
    pick('Small');
    expect(line.innerHTML).toBe('<span class="sqs-money-native">64.00</span>');
    pick('');
    expect(line.innerHTML).toBe(`\n${SERVER_LINE}`);
    expect(text(document.querySelector('.product-card .product-price'))).toBe('from 64.00');
  });

  it('shows a variant on sale at its sale price beside the struck original, as the server writes it', () => {
    const line = open(board(true));
    pick('Large');
    expect(line.innerHTML).toBe(
      '<span class="visually-hidden v6-visually-hidden">Sale Price:</span><span class="sqs-money-native">75.00</span> ' +
        '<span class="visually-hidden v6-visually-hidden">Original Price:</span>' +
        '<span class="original-price"><span class="sqs-money-native">92.00</span></span>',
    );
  });

  it('is announced once, by the variants status, not by the price line itself', () => {
    const line = open(board(false));
    pick('Large');
    expect(line.closest('[aria-live]')).toBeNull();
    const live = [...document.querySelectorAll('[aria-live]')].filter((el) =>
      /92\.00/.test(el.textContent ?? ''),
    );
    expect(live.map((el) => el.textContent)).toEqual(['Large, $92.00']);
  });
});
