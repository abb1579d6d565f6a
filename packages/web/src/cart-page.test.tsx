// @vitest-environment storefront-browser
/** The /cart page island against an in-process server keeping the cart API contract. */
import { describe, expect, test, vi } from 'vitest';
import { start } from './start.tsx';
import { startStoreServer } from '../../../test-support/store-server.ts';
import { contextScript } from './testing/dom.ts';
import { engravingAnswers, engravingForm } from './testing/fields-form.ts';
import { CRUMB_FAILURE, PAGE_CRUMB, useStorePage } from './testing/store-page.ts';

const page = useStorePage('/cart', () =>
  startStoreServer(
    [
      {
        itemId: 'shirt',
        title: 'Linen Camp Shirt',
        variants: [{ sku: 'M-SAG', priceCents: 9800, stock: 6, attributes: { Size: 'M', Color: 'Sage' } }],
      },
      { itemId: 'candle', title: 'Pillar Candle', variants: [{ sku: 'C', priceCents: 2600, stock: 3 }] },
    ],
    { forms: { engraving: engravingForm() } },
  ),
);

async function openCart(entries: { sku: string; quantity: number; additionalFields?: string }[]) {
  if (entries.length > 0) {
    document.cookie = `CART=${await page.server.seedCart(entries)}; Path=/`;
    document.cookie = 'hasCart=true; Path=/';
  }
  document.head.innerHTML = contextScript({ pageType: 200, path: '/cart' });
  document.body.innerHTML =
    '<main><div id="sqs-cart-root" class="sqs-cart-root" data-page-type="200"></div></main>';
  page.started = start(document);
  await vi.waitFor(() =>
    expect(document.querySelector('#sqs-cart-root h1')?.textContent).toBe('Shopping Cart'),
  );
  if (entries.length > 0) await vi.waitFor(() => expect(items()).toHaveLength(entries.length));
}

const root = () => document.getElementById('sqs-cart-root')!;
const items = () => [...root().querySelectorAll('li.sf-cart-item')];
const subtotal = () => root().querySelector('.sf-cart__subtotal')?.textContent ?? '';
const quantityInput = (li: Element) => li.querySelector<HTMLInputElement>('input[type="number"]')!;
const buttonNamed = (scope: ParentNode, text: string) =>
  [...scope.querySelectorAll('button')].find((b) => b.textContent === text);
const dialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');

/** Types a quantity and leaves the field (the change is sent on blur). */
function typeQuantity(li: Element, value: string) {
  const input = quantityInput(li);
  input.focus();
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.blur();
  input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
}

describe('/cart', () => {
  test('each entry with title, variant attributes, unit price, quantity; the subtotal; no pill', async () => {
    await openCart([
      { sku: 'M-SAG', quantity: 1 },
      { sku: 'C', quantity: 2 },
    ]);
    const [shirt, candle] = items();
    expect(shirt!.textContent).toContain('Linen Camp Shirt');
    expect(shirt!.textContent).toContain('Size: M, Color: Sage');
    expect(shirt!.textContent).toContain('$98.00');
    expect(quantityInput(candle!).value).toBe('2');
    expect(quantityInput(candle!).min).toBe('0');
    expect(quantityInput(candle!).max).toBe('9999');
    expect(root().querySelector(`label[for="${quantityInput(candle!).id}"]`)?.textContent).toBe('Quantity');
    expect(subtotal()).toContain('Subtotal');
    expect(subtotal()).toContain('$150.00');
    expect([...root().querySelectorAll('a')].map((a) => a.textContent)).toEqual(
      expect.arrayContaining(['Continue Shopping', 'Checkout']),
    );
    expect(buttonNamed(root(), 'Edit Details')).toBeUndefined();
    expect(document.querySelector('.sf-cart-pill')).toBeNull();
  });

  test('Edit Details only for entries with additional fields', async () => {
    await openCart([
      { sku: 'M-SAG', quantity: 1, additionalFields: '{"Monogram":"JR"}' },
      { sku: 'C', quantity: 1 },
    ]);
    const [withFields, without] = items();
    expect(buttonNamed(withFields!, 'Edit Details')).toBeDefined();
    expect(buttonNamed(without!, 'Edit Details')).toBeUndefined();
  });

  test('changing a quantity calls the quantity API and the subtotal follows', async () => {
    await openCart([{ sku: 'M-SAG', quantity: 1 }]);
    typeQuantity(items()[0]!, '2');
    await vi.waitFor(() => expect(subtotal()).toContain('$196.00'));
    const put = page.server.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toMatch(/\/api\/commerce\/shopping-cart\/entries\/[^/]+\/quantity$/);
    expect(put.body).toEqual({ quantity: 2 });
    expect(put.csrf).toBe(PAGE_CRUMB);
  });

  test('a quantity of 0 asks first: Cancel keeps the entry, Remove Item removes it', async () => {
    await openCart([{ sku: 'M-SAG', quantity: 1 }]);
    typeQuantity(items()[0]!, '0');
    await vi.waitFor(() => expect(dialog()).not.toBeNull());
    expect(dialog()!.textContent).toContain('Are you sure you want to remove this item from your cart?');
    buttonNamed(dialog()!, 'Cancel')!.click();
    await vi.waitFor(() => expect(quantityInput(items()[0]!).value).toBe('1'));
    expect(dialog()).toBeNull();
    expect(page.server.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);

    typeQuantity(items()[0]!, '0');
    await vi.waitFor(() => expect(dialog()).not.toBeNull());
    buttonNamed(dialog()!, 'Remove Item')!.click();
    await vi.waitFor(() => expect(items()).toHaveLength(0));
    expect(root().textContent).toContain('You have nothing in your shopping cart.');
    expect(root().textContent).not.toContain('Subtotal');
  });

  test('Remove Item on the last entry empties the cart', async () => {
    await openCart([{ sku: 'C', quantity: 1 }]);
    const remove = buttonNamed(items()[0]!, 'Remove Item')!;
    expect(remove.getAttribute('aria-label')).toBe('Remove Item: Pillar Candle');
    remove.click();
    await vi.waitFor(() => expect(root().textContent).toContain('You have nothing in your shopping cart.'));
    expect(page.server.requests.find((r) => r.method === 'DELETE')?.csrf).toBe(PAGE_CRUMB);
  });

  test('failures: Unable to update quantity / Unable to remove item with the reason', async () => {
    await openCart([{ sku: 'C', quantity: 1 }]);
    const alert = () => root().querySelector('[role="alert"]')?.textContent ?? '';

    page.server.failNext('PUT', 500, {});
    typeQuantity(items()[0]!, '3');
    await vi.waitFor(() => expect(alert()).toBe('Unable to update quantity Please try again.'));
    await vi.waitFor(() => expect(quantityInput(items()[0]!).value).toBe('1'));

    page.server.failNext('PUT', 429, { code: 'rate-limited', message: 'Please try again in a few seconds.' });
    typeQuantity(items()[0]!, '2');
    await vi.waitFor(() =>
      expect(alert()).toBe('Unable to update quantity Please try again in a few seconds.'),
    );

    page.server.failNext('DELETE', 403, CRUMB_FAILURE);
    buttonNamed(items()[0]!, 'Remove Item')!.click();
    await vi.waitFor(() =>
      expect(alert()).toBe(
        'Unable to remove item Your session has expired. Please reload the page and try again.',
      ),
    );
    expect(items()).toHaveLength(1);

    typeQuantity(items()[0]!, '1.5');
    await vi.waitFor(() =>
      expect(alert()).toBe('Unable to update quantity Quantity must be a whole number.'),
    );

    typeQuantity(items()[0]!, '2');
    await vi.waitFor(() => expect(subtotal()).toContain('$52.00'));
    expect(root().querySelector('[role="alert"]')).toBeNull();
  });

  test('a cart that cannot be read is not shown as empty', async () => {
    page.server.failNext('GET', 500, {});
    document.cookie = `CART=${await page.server.seedCart([{ sku: 'C', quantity: 1 }])}; Path=/`;
    document.head.innerHTML = contextScript({ pageType: 200, path: '/cart' });
    document.body.innerHTML = '<div id="sqs-cart-root"></div>';
    page.started = start(document);
    await vi.waitFor(() =>
      expect(root().querySelector('[role="alert"]')?.textContent).toBe('Please try again.'),
    );
    expect(root().textContent).not.toContain('You have nothing in your shopping cart.');
  });

  test('without a cart cookie the page shows the empty cart without reading it', async () => {
    await openCart([]);
    await vi.waitFor(() => expect(root().textContent).toContain('You have nothing in your shopping cart.'));
    expect(page.server.requests).toHaveLength(0);
  });

  describe('Edit Details', () => {
    const fieldsDialog = () => document.querySelector<HTMLElement>('.sf-modal [role="dialog"]');
    const typeInto = (input: HTMLInputElement | HTMLTextAreaElement, value: string) => {
      const proto =
        input instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };

    test('opens the form filled with the entry answers and saves them with the PUT call', async () => {
      await openCart([{ sku: 'M-SAG', quantity: 1, additionalFields: engravingAnswers('JR', 'For Ada') }]);
      expect(items()[0]!.textContent).toContain('Monogram: JR');
      expect(items()[0]!.textContent).toContain('Gift note: For Ada');
      const edit = buttonNamed(items()[0]!, 'Edit Details')!;
      edit.focus();
      edit.click();
      await vi.waitFor(() => expect(fieldsDialog()?.querySelector('input[type="text"]')).toBeTruthy());
      const dialogEl = fieldsDialog()!;
      expect(dialogEl.getAttribute('aria-modal')).toBe('true');
      expect(document.getElementById(dialogEl.getAttribute('aria-labelledby')!)?.textContent).toBe(
        'Engraving',
      );
      const monogram = dialogEl.querySelector<HTMLInputElement>('input[type="text"]')!;
      expect(monogram.value).toBe('JR');
      expect(dialogEl.querySelector('textarea')!.value).toBe('For Ada');
      expect(document.documentElement.style.overflow).toBe('hidden');
      typeInto(monogram, 'AB');
      dialogEl.querySelector<HTMLFormElement>('form')!.requestSubmit();
      await vi.waitFor(() => expect(items()[0]!.textContent).toContain('Monogram: AB'));
      const put = page.server.requests.find((r) => r.method === 'PUT')!;
      expect(put.path).toMatch(/\/entries\/[^/]+\/additionalFields$/);
      expect(put.body).toEqual({
        itemId: 'shirt',
        sku: 'M-SAG',
        additionalFields: engravingAnswers('AB', 'For Ada'),
      });
      expect(put.csrf).toBe(PAGE_CRUMB);
      expect(document.documentElement.style.overflow).toBe('');
      expect(document.activeElement).toBe(buttonNamed(items()[0]!, 'Edit Details'));
    });

    test('a required answer left empty is refused by core rules, nothing is sent', async () => {
      await openCart([{ sku: 'M-SAG', quantity: 1, additionalFields: engravingAnswers('JR') }]);
      buttonNamed(items()[0]!, 'Edit Details')!.click();
      await vi.waitFor(() => expect(fieldsDialog()?.querySelector('input[type="text"]')).toBeTruthy());
      typeInto(fieldsDialog()!.querySelector<HTMLInputElement>('input[type="text"]')!, '');
      fieldsDialog()!.querySelector<HTMLFormElement>('form')!.requestSubmit();
      await vi.waitFor(() => expect(fieldsDialog()!.textContent).toContain('Required'));
      expect(page.server.requests.some((r) => r.method === 'PUT')).toBe(false);
    });

    test('a refused save shows Unable to update form in the form, which stays open', async () => {
      await openCart([{ sku: 'M-SAG', quantity: 1, additionalFields: engravingAnswers('JR') }]);
      buttonNamed(items()[0]!, 'Edit Details')!.click();
      await vi.waitFor(() => expect(fieldsDialog()?.querySelector('form')).toBeTruthy());
      page.server.failNext('PUT', 500, {});
      fieldsDialog()!.querySelector<HTMLFormElement>('form')!.requestSubmit();
      await vi.waitFor(() =>
        expect(fieldsDialog()!.querySelector('[role="alert"]')?.textContent).toBe(
          'Unable to update form. Please try again.',
        ),
      );
      expect(items()[0]!.textContent).toContain('Monogram: JR');
    });

    test('a form that cannot be read: Unable to open form', async () => {
      await openCart([
        { sku: 'M-SAG', quantity: 1, additionalFields: engravingAnswers('JR').replace('engraving', 'gone') },
      ]);
      buttonNamed(items()[0]!, 'Edit Details')!.click();
      await vi.waitFor(() =>
        expect(root().querySelector('.sf-cart__error')?.textContent).toBe(
          'Unable to open form This form has not been configured yet.',
        ),
      );
      expect(fieldsDialog()).toBeNull();
    });
  });
});
