import { describe, expect, it } from 'vitest';
import { MESSAGES, interpolate, joinWithAnd, message } from './index.ts';

describe('messages', () => {
  it('holds the spec texts word for word', () => {
    expect(message('cart.crumb-fail')).toBe(
      'Your session has expired. Please reload the page and try again.',
    );
    expect(message('cart.cookies-off')).toBe(
      'Please enable cookies in your browser, reload the page, and try again.',
    );
    expect(message('rate-limited')).toBe('Please try again in a few seconds.');
    expect(message('alert.unable-to-add-item')).toBe('Unable to Add Item');
    expect(message('checkout.minimum-subtotal', { subtotal: '$10.00' })).toBe(
      'To check out, your order subtotal must be $10.00 or more.',
    );
    expect(message('product.add-to-cart')).toBe('Add To Cart');
    expect(message('comments.none')).toBe('No Comment');
  });

  it('lets a site override by our code or by the reference key', () => {
    expect(message('product.add-to-cart', {}, { productAddToCartText: 'In den Warenkorb' })).toBe(
      'In den Warenkorb',
    );
    expect(message('product.add-to-cart', {}, { 'product.add-to-cart': 'Buy' })).toBe('Buy');
    expect(message('product.add-to-cart', {}, { productAddToCartText: '' })).toBe('Add To Cart');
    expect(
      message(
        'product.variant-select',
        { variantName: 'Size' },
        { productVariantSelectText: 'Wähle {variantName}' },
      ),
    ).toBe('Wähle Size');
  });

  it('interpolates named placeholders and leaves unknown ones', () => {
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(joinWithAnd(['Size', 'Color', 'Material'])).toBe('Size and Color and Material');
    expect(Object.keys(MESSAGES).length).toBeGreaterThan(50);
  });
});
