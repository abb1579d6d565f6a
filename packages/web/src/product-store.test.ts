import { describe, expect, test } from 'vitest';
import { ProductStore } from './product-store.ts';
import { browserProduct } from './testing/dom.ts';

const shirt = () =>
  new ProductStore(
    browserProduct(
      'shirt',
      'Shirt',
      [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Color', values: ['Oat', 'Sage'] },
      ],
      [
        { sku: 'S-OAT', attributes: { Size: 'S', Color: 'Oat' }, priceCents: 9800, stock: 4 },
        { sku: 'M-OAT', attributes: { Size: 'M', Color: 'Oat' }, priceCents: 9800, stock: 0 },
        { sku: 'S-SAG', attributes: { Size: 'S', Color: 'Sage' }, priceCents: 9800, stock: 2 },
        { sku: 'M-SAG', attributes: { Size: 'M', Color: 'Sage' }, priceCents: 10800, stock: 6 },
      ],
    ),
  );
const none = () => 0;
const messageOf = (r: ReturnType<ProductStore['validate']>) => (r.ok ? 'ok' : r.error.message);

describe('product state and core validation (spec section 5)', () => {
  test('unselected options are named, joined with and', () => {
    const s = shirt();
    expect(messageOf(s.validate(none))).toBe('Please select the Size and Color option.');
    s.choose('Color', 'Sage');
    expect(messageOf(s.validate(none))).toBe('Please select the Size option.');
  });

  test('the chosen variant, its stock and what the cart already holds', () => {
    const s = shirt();
    s.choose('Size', 'M');
    s.choose('Color', 'Oat');
    expect(messageOf(s.validate(none))).toBe('Sorry, we do not have enough of that item available.');
    s.choose('Color', 'Sage');
    expect(s.selectedVariant()?.sku).toBe('M-SAG');
    const ok = s.validate(none);
    expect(ok.ok && ok.value).toMatchObject({ quantity: 1, variant: { sku: 'M-SAG' } });
    s.setQuantity('6');
    expect(messageOf(s.validate(none))).toBe('ok');
    expect(messageOf(s.validate((sku) => (sku === 'M-SAG' ? 1 : 0)))).toBe(
      'Sorry, we do not have enough of that item available.',
    );
  });

  test('the quantity as typed', () => {
    const s = shirt();
    s.choose('Size', 'S');
    s.choose('Color', 'Oat');
    s.setQuantity('');
    expect(messageOf(s.validate(none))).toBe('Quantity must be a number.');
    s.setQuantity('1.5');
    expect(messageOf(s.validate(none))).toBe('Quantity must be a whole number.');
    s.setQuantity('2');
    expect(messageOf(s.validate(none))).toBe('ok');
  });

  test('subscribers hear every change once', () => {
    const s = shirt();
    const seen: string[] = [];
    s.subscribe((st) => seen.push(JSON.stringify(st.chosen)));
    s.choose('Size', 'S');
    s.choose('Size', 'S');
    s.choose('Size', 'M');
    expect(seen).toEqual(['{"Size":"S"}', '{"Size":"M"}']);
  });

  test('a single-variant product needs no choice', () => {
    const s = new ProductStore(
      browserProduct('candle', 'Candle', [], [{ sku: 'C', attributes: {}, priceCents: 2600, stock: 3 }]),
    );
    expect(s.complete()).toBe(true);
    expect(s.selectedVariant()?.sku).toBe('C');
    expect(messageOf(s.validate(none))).toBe('ok');
  });
});
