import { describe, expect, it } from 'vitest';
import { productForBrowser } from './index.ts';

describe('productForBrowser', () => {
  it('gives the browser every variant with prices in cents and live stock', () => {
    const p = productForBrowser({
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
    expect(p.productType).toBe(1);
    expect(p.soldOut).toBe(false);
    expect(p.onSale).toBe(true);
    expect(p.totalStock).toBe(4);
    expect(p.options).toEqual([{ name: 'Size', values: ['S', 'M'] }]);
    expect(p.variants[1]).toMatchObject({
      sku: 'M',
      priceCents: 2000,
      salePriceCents: 1550,
      qtyInStock: 4,
      onSale: true,
    });
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
  });

  it('marks unlimited stock as null total', () => {
    const p = productForBrowser({
      id: 'd',
      structuredContent: { productType: 2, priceMoney: { value: '5', currency: 'EUR' } },
    });
    expect(p.totalStock).toBeNull();
    expect(p.priceCents).toBe(500);
    expect(p.currency).toBe('EUR');
  });
});
