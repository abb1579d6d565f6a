/**
 * Commerce helpers side by side with the public TypeScript engine (@squarespace/template-engine, a
 * devDependency), byte for byte: the conformance cases compare trimmed output, which hides what a
 * helper adds at its ends, and a grid repeats it per product. Only helpers whose output needs no
 * locale data are compared (the reference runs here without @phensley/cldr).
 */
import { Compiler } from '@squarespace/template-engine';
import { describe, expect, it } from 'vitest';
import { createEngine } from '@storefront/jsont';
import { platformPlugin } from '../index.ts';

const ours = createEngine({ plugins: [platformPlugin], enableExpressions: true, enableInclude: true });
const ref = new Compiler();

const sameAsReference = (template: string, json: unknown): void => {
  const expected = ref.execute({ code: template, json, enableExpr: true, enableInclude: true }).ctx.render();
  const { output, errors } = ours.render(template, json);
  expect(errors).toEqual([]);
  expect(output).toBe(expected);
};

const variant = (i: number, v: number) => ({
  id: `p${i}-v${v}`,
  sku: `SQ-${i}-${v}`,
  price: 2900 + v * 100,
  salePrice: v === 1 ? 2400 : 0,
  onSale: v === 1 && i % 2 === 0,
  qtyInStock: (i + v) % 3,
  unlimited: i % 5 === 0,
  attributes: {},
});

const product = (i: number) => ({
  id: `p${i}`,
  collectionId: 'shop',
  title: `Product ${i}`,
  structuredContent: {
    productType: [1, 2, 3][i % 3],
    variants: [variant(i, 0), variant(i, 1)],
    isSubscribable: false,
    useCustomAddButtonText: i % 4 === 0,
  },
});

const grid = { items: Array.from({ length: 24 }, (_, i) => product(i)) };

describe('commerce helpers render exactly what the reference renders', () => {
  it('add-to-cart-btn over a 24-product grid (no extra newline per product)', () => {
    sameAsReference('{.repeated section items}<li>{@|add-to-cart-btn}</li>{.end}', grid);
  });

  it('product-checkout, quantity-input and product-status over the same grid', () => {
    sameAsReference(
      '{.repeated section items}[{@|product-status}|{@|quantity-input}|{@|product-checkout}]{.end}',
      { ...grid, localizedStrings: { productAddToCartText: 'Add "it"', productSoldOutText: 'Gone' } },
    );
  });
});
