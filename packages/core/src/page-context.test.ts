import { describe, expect, it } from 'vitest';
import { isOnSale, isSoldOut, parseProduct, totalStock } from './index.ts';

describe('the products of the page context (core parseProduct)', () => {
  it('gives the browser every variant with prices in cents and live stock', () => {
    const { product: p, unread } = parseProduct({
      id: 'p1',
      collectionId: 'c1',
      title: 'Linen shirt',
      fullUrl: '/shop/p/linen-shirt',
      structuredContent: {
        productType: 1,
        variantOptionOrdering: ['Size'],
        variants: [
          {
            id: 'v1',
            sku: 'S',
            attributes: { Size: 'S' },
            priceMoney: { value: '20.00', currency: 'USD' },
            qtyInStock: 0,
          },
          {
            id: 'v2',
            sku: 'M',
            attributes: { Size: 'M' },
            priceMoney: { value: '20.00', currency: 'USD' },
            salePriceMoney: { value: '15.50', currency: 'USD' },
            onSale: true,
            qtyInStock: 4,
          },
        ],
      },
    });
    expect(unread).toEqual([]);
    expect(p.productType).toBe(1);
    expect(isSoldOut(p)).toBe(false);
    expect(isOnSale(p)).toBe(true);
    expect(totalStock(p)).toBe(4);
    expect(p.options).toEqual([{ name: 'Size', values: ['S', 'M'] }]);
    expect(p.variants[1]).toMatchObject({
      sku: 'M',
      price: { cents: 2000, currency: 'USD' },
      salePrice: { cents: 1550, currency: 'USD' },
      qtyInStock: 4,
      onSale: true,
    });
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  });

  it('marks unlimited stock as an infinite total and keeps a digital product its own price', () => {
    const { product: p } = parseProduct({
      id: 'd',
      structuredContent: { productType: 2, priceMoney: { value: '5', currency: 'EUR' } },
    });
    expect(totalStock(p)).toBe(Infinity);
    expect(p.price?.cents).toBe(500);
    expect(p.currency).toBe('EUR');
  });

  it('never throws on odd content, and lists what it could not read', () => {
    const odd = [
      null,
      'a string',
      { structuredContent: 'no' },
      { structuredContent: { productType: 'ten', variants: 'none' } },
      {
        structuredContent: {
          productType: 1,
          variants: [
            7,
            { priceMoney: { value: 'abc' }, qtyInStock: 'lots', attributes: ['x'], optionValues: [3] },
          ],
        },
      },
    ];
    for (const item of odd) expect(() => parseProduct(item)).not.toThrow();
    expect(parseProduct(null).unread).toContain('item: not an object');
    expect(parseProduct({ structuredContent: { productType: 'ten', variants: 'none' } }).unread).toEqual([
      'structuredContent.productType: "ten" is not a product type',
      'structuredContent.variants: not a list',
    ]);
    const { product, unread } = parseProduct(odd[4]);
    expect(unread).toEqual([
      'structuredContent.variants.0: not an object',
      'structuredContent.variants.1.attributes: not an object',
      'structuredContent.variants.1.qtyInStock: not a number',
      'structuredContent.variants.1.priceMoney: not a price',
    ]);
    expect(product.variants).toHaveLength(1);
    expect(product.variants[0]).toMatchObject({
      price: { cents: 0, currency: 'USD' },
      qtyInStock: 0,
      attributes: {},
      optionValues: [{ optionName: '', value: '' }],
    });
  });
});
