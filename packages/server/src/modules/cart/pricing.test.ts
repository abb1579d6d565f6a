import { describe, expect, it } from 'vitest';
import type { SiteContent } from '../../platform/site/types.ts';
import { loadCommercePricing, weightInGrams } from './pricing.ts';

describe('shipping weights', () => {
  it.each([
    [250, 250],
    [{ value: 0.4, unit: 'kg' }, 400],
    [{ value: '1.5', unit: 'KILOGRAM' }, 1500],
    [{ value: 1, unit: 'lb' }, 454],
    [{ value: 8, unit: 'oz' }, 227],
    [{ value: 2, unit: 'stone' }, 0],
    [-3, 0],
    [undefined, 0],
  ])('%j is %i g', (raw, grams) => {
    expect(weightInGrams(raw)).toBe(grams);
  });
});

describe('content/commerce.json', () => {
  // The document as the database keeps it (a file's JSON, imported).
  const site = (commerce: unknown): unknown => JSON.parse(JSON.stringify(commerce));
  const content = {
    collections: [
      {
        id: 'c-shop',
        items: [
          {
            id: 'p-mug',
            structuredContent: { variants: [{ sku: 'MUG', shippingWeight: { value: 0.35, unit: 'kg' } }] },
          },
        ],
      },
    ],
  } as unknown as SiteContent;

  it('is read with the items’ collections and weights', () => {
    const pricing = loadCommercePricing(
      site({ discountCodes: [{ code: 'x10', kind: 'percentage', percent: '10' }] }),
      content,
      'USD',
    );
    expect(pricing.config.discountCodes.map((c) => [c.code, c.basisPoints])).toEqual([['X10', 1000]]);
    expect(pricing.collectionOf.get('p-mug')).toBe('c-shop');
    expect(pricing.gramsOf.get('p-mug MUG')).toBe(350);
  });

  it('a bad file stops the start, naming where it is wrong', () => {
    expect(() =>
      loadCommercePricing(
        site({ tax: { rules: [{ id: 'x', name: 'x', country: 'US', rate: 'seven' }] } }),
        content,
        'USD',
      ),
    ).toThrow('content/commerce.json: tax.rules.0.rate: must be a percent string such as "12.5"');
  });
});
