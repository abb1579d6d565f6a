// @vitest-environment happy-dom
/**
 * The product editor's screens against the catalogue contract (packages/core/src/wire/catalogue.ts),
 * with the server's answers played by a fake fetch: the variant grid made from the options, a save
 * refused with 409 keeping every typed value, and problems shown on their fields with focus on the first.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { ProductRecord, StorePages } from '@storefront/core/wire';
import { ProductEditorScreen } from './products-editor.tsx';
import { generateVariants, MAX_VARIANTS, newProduct } from './products-model.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const STORE_PAGES: StorePages = {
  storePages: [
    {
      id: 'shop',
      title: 'Shop',
      slug: 'shop',
      productCount: 3,
      userOrderable: true,
      pageSize: 200,
      categories: ['Kitchen'],
    },
  ],
};

function recordOf(overrides: Partial<ProductRecord> = {}): ProductRecord {
  return {
    ...newProduct('shop'),
    id: 'p1',
    version: 3,
    updatedOn: Date.UTC(2026, 10, 27, 9, 0),
    updatedBy: 'ada@example.test',
    currency: 'USD',
    url: '/shop/oat-mug',
    title: 'Oat Mug',
    slug: 'oat-mug',
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      {
        ...newProduct().variants[0]!,
        id: 'v1',
        sku: 'MUG-S',
        options: { Size: 'S' },
        price: '20.00',
        stock: 4,
      },
      {
        ...newProduct().variants[0]!,
        id: 'v2',
        sku: 'MUG-M',
        options: { Size: 'M' },
        price: '24.00',
        stock: 2,
      },
    ],
    ...overrides,
  };
}

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[] = [];
/** The server's answers by "METHOD path" (query left out); a function answers from the request's body. */
let answers: Record<string, (body: unknown) => { status: number; body: unknown }> = {};

beforeEach(() => {
  calls = [];
  answers = {
    'GET /api/config/store-pages': () => ({ status: 200, body: STORE_PAGES }),
    'GET /api/config/forms': () => ({ status: 403, body: { code: 'account.forbidden', message: 'No.' } }),
    'GET /api/config/products/p1': () => ({ status: 200, body: recordOf() }),
    'GET /api/config/products/p1/revisions': () => ({ status: 200, body: { revisions: [] } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const answer = answers[`${method} ${url.split('?')[0]}`];
      const { status, body: out } = answer
        ? answer(body)
        : { status: 404, body: { code: 'not-found', message: 'Not found.' } };
      return new Response(JSON.stringify(out), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function openEditor(id: string | null, canEdit = true) {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<ProductEditorScreen id={id} canEdit={canEdit} />));
  await vi.waitFor(() => expect(document.querySelector('form[aria-label="Product"]')).not.toBeNull());
  await vi.waitFor(() =>
    expect(document.querySelector<HTMLSelectElement>('#product-store-page')?.value).toBe('shop'),
  );
}

const field = (label: string) => {
  const found = [...document.querySelectorAll<HTMLInputElement>('input, textarea, select')].find(
    (el) =>
      el.getAttribute('aria-label') === label ||
      (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent === label) ||
      el.closest('label')?.textContent?.trim() === label,
  );
  if (!found) throw new Error(`no field labelled ${label}`);
  return found;
};
const button = (text: string) => {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};

async function type(element: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function click(element: HTMLElement) {
  await act(async () => element.click());
}
const gridRows = () =>
  [...document.querySelectorAll('.cfg-variants tbody th[scope="row"]')].map((th) => th.textContent);

describe('the variant grid', () => {
  test('two options of two values make four variants, in the options’ order', async () => {
    await openEditor(null);
    expect(gridRows()).toEqual(['Default']);
    await type(field('Price of Default'), '30.00');
    await click(button('Add an option'));
    await type(field('Option 1 name'), 'Size');
    await type(field('Option 1 values'), 'S, M');
    await click(button('Add an option'));
    await type(field('Option 2 name'), 'Colour');
    await type(field('Option 2 values'), 'Oat, Moss');
    expect(gridRows()).toEqual(['S / Oat', 'S / Moss', 'M / Oat', 'M / Moss']);
    // The price typed before the options were there carries over to the new variants.
    expect(field('Price of M / Moss').value).toBe('30.00');
  });

  test('a variant already filled in keeps its SKU and price when a value is added or an option reordered', async () => {
    await openEditor('p1');
    expect(gridRows()).toEqual(['S', 'M']);
    await type(field('Option 1 values'), 'S, M, L');
    expect(gridRows()).toEqual(['S', 'M', 'L']);
    expect(field('SKU of M').value).toBe('MUG-M');
    expect(field('Price of M').value).toBe('24.00');
    await type(field('Option 1 values'), 'M, L');
    expect(gridRows()).toEqual(['M', 'L']);
    expect(field('SKU of M').value).toBe('MUG-M');
  });

  test('Up and Down move to the same field of the row above or below', async () => {
    await openEditor('p1');
    field('SKU of S').focus();
    await act(async () => {
      document.activeElement!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }),
      );
    });
    expect(document.activeElement).toBe(field('SKU of M'));
    await act(async () => {
      document.activeElement!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true, cancelable: true }),
      );
    });
    expect(document.activeElement).toBe(field('SKU of S'));
  });

  test('options making more than 250 variants leave the grid as it was and say so', async () => {
    await openEditor(null);
    await click(button('Add an option'));
    await type(field('Option 1 name'), 'A');
    await type(field('Option 1 values'), Array.from({ length: 16 }, (_, i) => `a${i}`).join(','));
    await click(button('Add an option'));
    await type(field('Option 2 name'), 'B');
    await type(field('Option 2 values'), Array.from({ length: 16 }, (_, i) => `b${i}`).join(','));
    expect(gridRows()).toHaveLength(16);
    await click(button('Create the product'));
    const options = document.getElementById('product-options')!;
    expect(options.textContent).toContain('These options make 256 variants: a product has at most 250.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  test('generateVariants: at most 250, and none lost when an option is added', () => {
    const product = newProduct();
    const base = [{ ...product.variants[0]!, id: 'v1', sku: 'ONE', price: '9.00' }];
    const grown = generateVariants([{ name: 'Size', values: ['S', 'M'] }], base)!;
    expect(grown.map((v) => [v.id, v.sku, v.price, v.options])).toEqual([
      ['v1', 'ONE', '9.00', { Size: 'S' }],
      [undefined, '', '9.00', { Size: 'M' }],
    ]);
    const values = (n: number) => Array.from({ length: n }, (_, i) => String(i));
    expect(generateVariants([{ name: 'A', values: values(MAX_VARIANTS) }], base)).toHaveLength(250);
    expect(generateVariants([{ name: 'A', values: values(MAX_VARIANTS + 1) }], base)).toBeUndefined();
  });
});

describe('saving', () => {
  test('a save on a stale version shows who changed it and when, and keeps every typed value', async () => {
    answers['PUT /api/config/products/p1'] = () => ({
      status: 409,
      body: {
        code: 'record-changed',
        message:
          'grace@example.test saved this product at 2026-11-27 10:15 (UTC), after you opened it. What you typed is still here: check their changes, then save again.',
        changedBy: 'grace@example.test',
        changedOn: Date.UTC(2026, 10, 27, 10, 15),
        currentVersion: 4,
      },
    });
    await openEditor('p1');
    await type(field('Title'), 'Oat Mug, large');
    await type(field('Price of M'), '26.50');
    await click(button('Save the product'));

    await vi.waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toContain(
        'grace@example.test saved this product at 2026-11-27 10:15 (UTC), after you opened it.',
      ),
    );
    expect(field('Title').value).toBe('Oat Mug, large');
    expect(field('Price of M').value).toBe('26.50');
    const sent = calls.find((c) => c.method === 'PUT')!.body as {
      version: number;
      product: { title: string };
    };
    expect(sent.version).toBe(3);
    expect(sent.product.title).toBe('Oat Mug, large');

    // Saving over theirs sends their version with what was typed.
    answers['PUT /api/config/products/p1'] = (body) => ({
      status: 200,
      body: { ...recordOf(), ...(body as { product: object }).product, version: 5 },
    });
    await click(button('Save mine over theirs'));
    await vi.waitFor(() =>
      expect(document.querySelector('[role="status"]')?.textContent).toBe('Saved. Version 5.'),
    );
    const again = calls.filter((c) => c.method === 'PUT')[1]!.body as {
      version: number;
      product: { title: string };
    };
    expect(again).toMatchObject({ version: 4, product: { title: 'Oat Mug, large' } });
  });

  test('a new product’s blank SKUs are made, each its own, and a sale price never typed goes as 0', async () => {
    answers['POST /api/config/products'] = (body) => ({
      status: 201,
      body: { ...recordOf(), ...(body as object), id: 'p9', version: 1 },
    });
    await openEditor(null);
    await type(field('Title'), 'Oat Mug');
    await type(field('Price of Default'), '20.00');
    await click(button('Add an option'));
    await type(field('Option 1 name'), 'Size');
    await type(field('Option 1 values'), 'S, M');
    await type(field('SKU of M'), 'MUG-M');
    await click(button('Create the product'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!.body as {
      variants: { sku: string; salePrice: string }[];
    };
    expect(sent.variants.map((v) => [v.sku, v.salePrice])).toEqual([
      ['OAT-MUG-S', '0'],
      ['MUG-M', '0'],
    ]);
  });

  test('a gift card’s amounts are what it sells: a variant per amount at that price, never out of stock', async () => {
    answers['POST /api/config/products'] = (body) => ({
      status: 201,
      body: { ...recordOf(), ...(body as object), id: 'p9', version: 1 },
    });
    await openEditor(null);
    await type(field('Title'), 'Gift Card');
    await click(field('Gift card'));
    const amounts = field('Amounts offered');
    await type(amounts, '15.00,');
    expect(amounts.value).toBe('15.00,');
    await type(amounts, '15.00, 40.00');
    await click(button('Create the product'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!.body as {
      options: { name: string; values: string[] }[];
      variants: { price: string; stock: number | 'unlimited'; options: Record<string, string> }[];
      giftCardDenominations: string[];
    };
    expect(sent.giftCardDenominations).toEqual(['15.00', '40.00']);
    expect(sent.options).toEqual([{ name: 'Value', values: ['15.00', '40.00'] }]);
    expect(sent.variants.map((v) => [v.options.Value, v.price, v.stock])).toEqual([
      ['15.00', '15.00', 'unlimited'],
      ['40.00', '40.00', 'unlimited'],
    ]);
  });

  test('a stock change goes with the stock the form was loaded with, and each save starts from the last answer', async () => {
    answers['PUT /api/config/products/p1'] = (body) => {
      const { product } = body as { product: ProductRecord };
      return { status: 200, body: { ...recordOf(), ...product, version: recordOf().version + calls.length } };
    };
    await openEditor('p1');
    await type(field('Stock of S'), '6');
    await click(button('Save the product'));
    await vi.waitFor(() => expect(document.querySelector('[role="status"]')?.textContent).toMatch(/^Saved/));
    await click(button('Save the product'));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const [first, second] = calls
      .filter((c) => c.method === 'PUT')
      .map(
        (c) =>
          (c.body as { product: { variants: { stock: number; stockSeen?: number }[] } }).product.variants[0],
      );
    expect(first).toMatchObject({ stock: 6, stockSeen: 4 });
    expect(second).toMatchObject({ stock: 6, stockSeen: 6 });
  });

  test('problems show on their fields, tied by aria-describedby, and the focus goes to the first', async () => {
    await openEditor(null);
    await type(field('Tags'), `gift, ${'x'.repeat(51)}`);
    const tags = field('Tags');
    expect(document.getElementById(`${tags.id}-error`)?.textContent).toBe(
      `Tags are limited to 50 characters: "${'x'.repeat(51)}" is too long.`,
    );
    await click(button('Create the product'));
    const title = field('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toContain('product-title-error');
    expect(document.getElementById('product-title-error')?.textContent).toBe('Enter the title.');
    expect(document.getElementById('variant-0-price-error')?.textContent).toBe(
      'Enter the price of Default, like 44.00.',
    );
    expect(tags.getAttribute('aria-describedby')).toContain(`${tags.id}-error`);
    await vi.waitFor(() => expect(document.activeElement).toBe(title));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  test('a field the server refuses shows its message on that field', async () => {
    answers['PUT /api/config/products/p1'] = () => ({
      status: 409,
      body: {
        code: 'slug-taken',
        message: 'Another product on this store page already has the URL slug "candle".',
        field: 'slug',
      },
    });
    await openEditor('p1');
    await type(field('URL slug'), 'candle');
    await click(button('Save the product'));
    const slug = field('URL slug');
    await vi.waitFor(() =>
      expect(document.getElementById(`${slug.id}-error`)?.textContent).toBe(
        'Another product on this store page already has the URL slug "candle".',
      ),
    );
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(slug.getAttribute('aria-describedby')).toContain(`${slug.id}-error`);
    await vi.waitFor(() => expect(document.activeElement).toBe(slug));
    expect(slug.value).toBe('candle');
  });

  test('without catalogue.edit the form reads only: no save, every field disabled', async () => {
    await openEditor('p1', false);
    expect([...document.querySelectorAll('button')].some((b) => b.textContent === 'Save the product')).toBe(
      false,
    );
    expect(document.querySelector<HTMLFieldSetElement>('form fieldset')?.disabled).toBe(true);
    expect(document.body.textContent).toContain('Editing the catalogue needs the catalogue permission.');
  });

  test('a digital product offers no subscription plan, and says why', async () => {
    await openEditor(null);
    await click(button('Add a subscription plan'));
    expect(document.querySelector('#plan-0-price')).not.toBeNull();
    await act(async () => field('Digital download').click());
    expect(document.querySelector('#plan-0-price')).toBeNull();
    expect(document.getElementById('subscriptions-unavailable')?.textContent).toBe(
      'A digital product cannot be sold by subscription: only physical and service products can.',
    );
  });
});

describe('tags and categories', () => {
  const labelled = (label: string) => {
    const found = document.querySelector<HTMLElement>(`[aria-label="${label}"]`);
    if (!found) throw new Error(`nothing labelled ${label}`);
    return found;
  };
  const chipsOf = (label: string) =>
    [...document.querySelectorAll(`ul[aria-label="${label} of the product"] .cfg-chip-text`)].map(
      (chip) => chip.textContent,
    );
  const noticeOf = (input: HTMLElement) => document.getElementById(`${input.id}-notice`);
  async function press(element: HTMLElement, key: string) {
    await act(async () => {
      element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    });
  }
  const savedProduct = () =>
    (
      calls.filter((c) => c.method === 'PUT').at(-1)?.body as {
        product: { tags: string[]; categories: string[] };
      }
    ).product;

  beforeEach(() => {
    answers['GET /api/config/products/p1'] = () => ({
      status: 200,
      body: recordOf({ tags: ['Linen', 'summer'], categories: ['Kitchen'] }),
    });
    answers['PUT /api/config/products/p1'] = (body) => ({
      status: 200,
      body: { ...recordOf(), ...(body as { product: object }).product, version: 4 },
    });
  });

  test('a tag the product already has, in any case, is refused with the spec’s hint, read out', async () => {
    await openEditor('p1');
    const tags = field('Tags');
    await type(tags, 'LINEN');
    await press(tags, 'Enter');
    const notice = noticeOf(tags);
    expect(notice?.textContent).toBe('This tag already exists');
    expect(notice?.getAttribute('aria-live')).toBe('polite');
    expect(tags.getAttribute('aria-describedby')).toContain(notice?.id);
    expect(chipsOf('Tags')).toEqual(['Linen', 'summer']);
    await type(tags, 'Summer, wool');
    expect(notice?.textContent).toBe('This tag already exists');
    expect(chipsOf('Tags')).toEqual(['Linen', 'summer']);
    expect(tags.value).toBe('wool');
    // What is still in the box is saved with the rest.
    await click(button('Save the product'));
    await vi.waitFor(() => expect(savedProduct().tags).toEqual(['Linen', 'summer', 'wool']));
  });

  test('a category the product already has is refused with “This category already exists”', async () => {
    await openEditor('p1');
    const categories = field('Categories');
    await type(categories, 'kitchen');
    await press(categories, 'Enter');
    expect(noticeOf(categories)?.textContent).toBe('This category already exists');
    expect(chipsOf('Categories')).toEqual(['Kitchen']);
  });

  test('starting a second tag edit while one is open says “You may only edit one tag at a time”', async () => {
    await openEditor('p1');
    await click(labelled('Edit tag Linen'));
    const editing = labelled('Edit tag Linen') as HTMLInputElement;
    expect(editing.tagName).toBe('INPUT');
    await type(editing, 'Linen blend');
    await click(labelled('Edit tag summer'));
    const tags = field('Tags');
    expect(noticeOf(tags)?.textContent).toBe('You may only edit one tag at a time');
    expect(document.activeElement).toBe(editing);
    expect(editing.value).toBe('Linen blend');
    await type(editing, 'SUMMER');
    await press(editing, 'Enter');
    expect(noticeOf(tags)?.textContent).toBe('This tag already exists');
    await type(editing, 'Linen blend');
    await press(editing, 'Enter');
    expect(noticeOf(tags)?.textContent).toBe('');
    expect(chipsOf('Tags')).toEqual(['Linen blend', 'summer']);
    await click(labelled('Edit category Kitchen'));
    await click(labelled('Edit tag summer'));
    expect(noticeOf(tags)?.textContent).toBe('');
  });

  test('keyboard: Enter adds a tag without sending the form, Backspace in the empty box removes the last, each chip has a labelled Remove', async () => {
    await openEditor('p1');
    const tags = field('Tags');
    await type(tags, 'wool');
    await press(tags, 'Enter');
    expect(tags.value).toBe('');
    expect(chipsOf('Tags')).toEqual(['Linen', 'summer', 'wool']);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await press(tags, 'Backspace');
    expect(chipsOf('Tags')).toEqual(['Linen', 'summer']);
    await click(labelled('Remove tag Linen'));
    expect(chipsOf('Tags')).toEqual(['summer']);
    expect(document.activeElement).toBe(tags);
    await click(button('Save the product'));
    await vi.waitFor(() => expect(savedProduct().tags).toEqual(['summer']));
  });
});

describe('the product list', () => {
  const summary = (id: string, title: string) => ({
    id,
    title,
    kind: 'physical',
    storePageId: 'shop',
    storePageTitle: 'Shop',
    visibility: 'visible',
    price: '20.00',
    onSale: false,
    variantCount: 1,
    stock: 4,
    stockState: 'in-stock',
    imageUrl: null,
    updatedOn: 0,
  });

  async function openList() {
    const { ProductsScreen } = await import('./products.tsx');
    answers['GET /api/config/products'] = () => {
      const cursor = new URL(calls[calls.length - 1]!.url, 'http://x').searchParams.get('cursor');
      return {
        status: 200,
        body: cursor
          ? { products: [summary('p3', 'Candle')], hasNextPage: false, nextPageCursor: null, total: 3 }
          : {
              products: [summary('p1', 'Oat Mug'), summary('p2', 'Linen Apron')],
              hasNextPage: true,
              nextPageCursor: 'after-p2',
              total: 3,
            },
      };
    };
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root!.render(<ProductsScreen canEdit />));
    await vi.waitFor(() => expect(document.querySelectorAll('table.cfg-products tbody tr')).toHaveLength(2));
  }
  const titles = () =>
    [...document.querySelectorAll('table.cfg-products tbody th')].map((th) => th.textContent);

  test('Next and Previous walk the pages by their cursors', async () => {
    await openList();
    await click(button('Next'));
    await vi.waitFor(() => expect(titles()).toEqual(['Candle']));
    expect(calls[calls.length - 1]!.url).toContain('cursor=after-p2');
    await click(button('Previous'));
    await vi.waitFor(() => expect(titles()).toEqual(['Oat Mug', 'Linen Apron']));
  });

  test('the selected products get one bulk price change by percent', async () => {
    answers['POST /api/config/products/bulk'] = () => ({ status: 200, body: { changed: 2 } });
    await openList();
    await act(async () => field('Select Oat Mug').click());
    await act(async () => field('Select Linen Apron').click());
    expect(document.body.textContent).toContain('2 products selected');
    const action = field('Action') as unknown as HTMLSelectElement;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(
        action,
        'price-percent',
      );
      action.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await type(field('Change (%)'), '-10');
    await click(button('Apply to selected'));
    await vi.waitFor(() => expect(document.body.textContent).toContain('2 products changed.'));
    const bulk = calls.filter((c) => c.url === '/api/config/products/bulk');
    expect(bulk.map((c) => c.body)).toEqual([
      { productIds: ['p1', 'p2'], action: 'price-percent', percent: -10 },
    ]);
  });
});
