import { describe, expect, it } from 'vitest';
import {
  type ProductVariant,
  type Result,
  cartCountText,
  cartPillText,
  cartPillVisible,
  cartTotals,
  cartWidgetLabel,
  parseProduct,
  validateAddToCart,
  validateQuantityChange,
  variantIdOf,
} from './index.ts';

const variant = (size: string, color: string, qtyInStock: number) => ({
  sku: `${size}-${color}`,
  attributes: { Size: size, Color: color },
  priceMoney: { value: '10.00', currency: 'USD' },
  qtyInStock,
});

const shirt = parseProduct({
  id: 'p1',
  structuredContent: {
    productType: 1,
    variantOptionOrdering: ['Size', 'Color'],
    variants: [variant('S', 'Red', 2), variant('M', 'Red', 0), variant('S', 'Blue', 5)],
  },
}).product;

const refusal = (r: Result<unknown>) => (r.ok ? 'accepted' : r.error.message);

describe('validateAddToCart', () => {
  it('names every unselected option, joined with and', () => {
    expect(refusal(validateAddToCart({ product: shirt, chosen: {} }))).toBe(
      'Please select the Size and Color option.',
    );
    expect(refusal(validateAddToCart({ product: shirt, chosen: { Size: 'S' } }))).toBe(
      'Please select the Color option.',
    );
  });

  it('refuses a combination no variant has', () => {
    expect(refusal(validateAddToCart({ product: shirt, chosen: { Size: 'M', Color: 'Blue' } }))).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
    expect(refusal(validateAddToCart({ product: shirt, variantId: 'nope' }))).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
  });

  it('refuses more than the stock, counting what the cart already holds', () => {
    const chosen = { Size: 'S', Color: 'Red' };
    expect(validateAddToCart({ product: shirt, chosen, quantity: 2 }).ok).toBe(true);
    expect(refusal(validateAddToCart({ product: shirt, chosen, quantity: 3 }))).toBe(
      'Sorry, we do not have enough of that item available.',
    );
    expect(refusal(validateAddToCart({ product: shirt, chosen, quantity: 1, quantityInCart: () => 2 }))).toBe(
      'Sorry, we do not have enough of that item available.',
    );
    expect(refusal(validateAddToCart({ product: shirt, chosen: { Size: 'M', Color: 'Red' } }))).toBe(
      'Sorry, we do not have enough of that item available.',
    );
  });

  it('refuses quantities that are not whole numbers', () => {
    const chosen = { Size: 'S', Color: 'Blue' };
    expect(refusal(validateAddToCart({ product: shirt, chosen, quantity: 'two' }))).toBe(
      'Quantity must be a number.',
    );
    expect(refusal(validateAddToCart({ product: shirt, chosen, quantity: '' }))).toBe(
      'Quantity must be a number.',
    );
    expect(refusal(validateAddToCart({ product: shirt, chosen, quantity: '1.5' }))).toBe(
      'Quantity must be a whole number.',
    );
    const ok = validateAddToCart({ product: shirt, chosen, quantity: '4' });
    expect(ok.ok && ok.value.quantity).toBe(4);
    expect(ok.ok && ok.value.variant.sku).toBe('S-Blue');
  });

  it('asks for a gift card denomination', () => {
    const gift = parseProduct({
      structuredContent: {
        productType: 4,
        variantOptionOrdering: ['Value'],
        variants: [
          { sku: 'g25', attributes: { Value: '$25' } },
          { sku: 'g50', attributes: { Value: '$50' } },
        ],
      },
    }).product;
    expect(refusal(validateAddToCart({ product: gift, chosen: {} }))).toBe(
      'Select a denomination for the Gift Card.',
    );
    expect(validateAddToCart({ product: gift, chosen: { Value: '$50' }, quantity: 100 }).ok).toBe(true);
  });

  it('asks the cart how many units it holds of the variant the request resolves, once', () => {
    const asked: string[] = [];
    const holds = (v: ProductVariant) => {
      asked.push(v.sku);
      return v.sku === 'S-Blue' ? 4 : 0;
    };
    const chosen = { Size: 'S', Color: 'Blue' };
    expect(refusal(validateAddToCart({ product: shirt, chosen, quantity: 2, quantityInCart: holds }))).toBe(
      'Sorry, we do not have enough of that item available.',
    );
    expect(validateAddToCart({ product: shirt, chosen, quantity: 1, quantityInCart: holds }).ok).toBe(true);
    expect(asked).toEqual(['S-Blue', 'S-Blue']);
  });

  it('takes a variant by its id; the API names variants by SKU or id and variantIdOf maps either', () => {
    const mug = parseProduct({
      structuredContent: {
        productType: 1,
        variants: [
          { id: 'v-1', sku: 'MUG-1', qtyInStock: 3 },
          { id: 'v-2', sku: 'MUG-2', qtyInStock: 3 },
        ],
      },
    }).product;
    const byId = validateAddToCart({ product: mug, variantId: 'v-2' });
    expect(byId.ok && byId.value.variant.sku).toBe('MUG-2');
    expect(refusal(validateAddToCart({ product: mug, variantId: 'MUG-2' }))).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
    expect(variantIdOf(mug, 'MUG-2')).toBe('v-2');
    expect(variantIdOf(mug, 'v-1')).toBe('v-1');
    expect(variantIdOf(mug, 'nope')).toBe('nope');
    expect(variantIdOf(mug, null)).toBeUndefined();
  });

  it('takes refusal texts from the site localized strings', () => {
    const r = validateAddToCart({
      product: shirt,
      chosen: { Size: 'S', Color: 'Red' },
      quantity: 'x',
      localizedStrings: { 'cart.add.quantity-not-number': 'Die Menge muss eine Zahl sein.' },
    });
    expect(r).toEqual({
      ok: false,
      error: { code: 'cart.add.quantity-not-number', message: 'Die Menge muss eine Zahl sein.' },
    });
  });
});

describe('validateQuantityChange', () => {
  it('allows 0 (remove) and refuses over stock', () => {
    expect(validateQuantityChange(0, 3)).toEqual({ ok: true, value: 0 });
    expect(validateQuantityChange('3', 3)).toEqual({ ok: true, value: 3 });
    expect(refusal(validateQuantityChange(4, 3))).toBe(
      'Sorry, we do not have enough of that item available.',
    );
    expect(refusal(validateQuantityChange('1.2', 3))).toBe('Quantity must be a whole number.');
    expect(validateQuantityChange(500, Infinity).ok).toBe(true);
  });
});

describe('cartTotals', () => {
  it('sums entries in cents and flags shipping and digital goods', () => {
    expect(
      cartTotals([
        { quantity: 2, unitPriceCents: 1999, item: { productType: 1 } },
        { quantity: 1, unitPriceCents: 500, item: { productType: 2 } },
      ]),
    ).toEqual({
      subtotalCents: 4498,
      subtotalAmount: { decimalValue: '44.98', currencyCode: 'USD' },
      totalQuantity: 3,
      hasDigital: true,
      purelyDigital: false,
      requiresShipping: true,
    });
    const digital = cartTotals([{ quantity: 1, unitPriceCents: 500, item: { productType: 2 } }]);
    expect([digital.purelyDigital, digital.requiresShipping]).toEqual([true, false]);
    const empty = cartTotals([]);
    expect([empty.subtotalCents, empty.purelyDigital, empty.hasDigital]).toEqual([0, false, false]);
  });
});

describe('cart pill and widget', () => {
  it('caps the count at 100+ and words items', () => {
    expect(cartPillText(1)).toBe('1 item');
    expect(cartPillText(2)).toBe('2 items');
    expect(cartPillText(100)).toBe('100 items');
    expect(cartPillText(101)).toBe('100+ items');
    expect(cartCountText(250)).toBe('100+');
    expect(cartPillVisible(0)).toBe(false);
  });

  it('labels the widget for screen readers', () => {
    expect(cartWidgetLabel(1)).toBe('One item in cart');
    expect(cartWidgetLabel(0)).toBe('0 items in cart');
    expect(cartWidgetLabel(7)).toBe('7 items in cart');
    expect(cartWidgetLabel(101)).toBe('More than 100 items in cart');
    expect(cartWidgetLabel(undefined)).toBe('Cart');
  });
});
