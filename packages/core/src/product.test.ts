import { describe, expect, it } from 'vitest';
import {
  ProductType,
  availableOptionValues,
  displayStateOf,
  findVariant,
  fromPrice,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  normalPrice,
  parseProduct,
  parseVariant,
  productOf,
  salePrice,
  showsQuantityInput,
  showsVariantsSelect,
  subscriptionPriceText,
  totalStock,
  unselectedOptions,
  variantDescriptor,
  variantUnitPrice,
} from './index.ts';

const money = (value: string, currency = 'USD') => ({ value, currency });

const parse = (item: unknown) => parseProduct(item).product;

const shirt = (variants: object[], extra: object = {}) =>
  parse({
    id: 'shirt',
    structuredContent: {
      productType: 1,
      variantOptionOrdering: ['Size', 'Color'],
      variants,
      ...extra,
    },
  });

const v = (size: string, color: string, more: object = {}) => ({
  sku: `${size}-${color}`,
  attributes: { Size: size, Color: color },
  priceMoney: money('20.00'),
  salePriceMoney: money('15.00'),
  onSale: false,
  qtyInStock: 3,
  unlimited: false,
  ...more,
});

describe('product type', () => {
  it('reads numbers and numeric strings; anything else is unknown', () => {
    expect(parse({ structuredContent: { productType: '4' } }).productType).toBe(ProductType.GIFT_CARD);
    expect(parse({ structuredContent: { productType: 5 } }).productType).toBe(ProductType.PAYWALL);
    expect(parse({ structuredContent: { productType: 9 } }).productType).toBe(ProductType.UNKNOWN);
    expect(parse({}).productType).toBe(ProductType.UNKNOWN);
  });
});

describe('display state', () => {
  it('is sold out when no physical variant has stock or is unlimited, and sold out wins over sale', () => {
    const p = shirt([v('S', 'Red', { qtyInStock: 0, onSale: true }), v('M', 'Red', { qtyInStock: -1 })]);
    expect(isSoldOut(p)).toBe(true);
    expect(isOnSale(p)).toBe(true);
    expect(displayStateOf(p)).toBe('sold-out');
  });

  it('is not sold out when one variant is unlimited', () => {
    const p = shirt([v('S', 'Red', { qtyInStock: 0 }), v('M', 'Red', { qtyInStock: 0, unlimited: true })]);
    expect(isSoldOut(p)).toBe(false);
    expect(displayStateOf(p)).toBe('normal');
  });

  it('never marks digital products or gift cards sold out; unknown types always', () => {
    expect(isSoldOut(parse({ structuredContent: { productType: 2, variants: [] } }))).toBe(false);
    expect(isSoldOut(parse({ structuredContent: { productType: 4, variants: [{ qtyInStock: 0 }] } }))).toBe(
      false,
    );
    expect(isSoldOut(parse({ structuredContent: { productType: 7, variants: [{ unlimited: true }] } }))).toBe(
      true,
    );
  });

  it('reads sale from variants (physical, service), the product flag (digital), never for gift cards', () => {
    expect(displayStateOf(shirt([v('S', 'Red'), v('M', 'Red', { onSale: true })]))).toBe('on-sale');
    expect(isOnSale(parse({ structuredContent: { productType: 2, onSale: true } }))).toBe(true);
    expect(isOnSale(parse({ structuredContent: { productType: 4, variants: [{ onSale: true }] } }))).toBe(
      false,
    );
  });
});

describe('stock and visibility', () => {
  it('sums stock; unlimited is infinite', () => {
    expect(totalStock(shirt([v('S', 'Red'), v('M', 'Red', { qtyInStock: 2 })]))).toBe(5);
    expect(totalStock(shirt([v('S', 'Red'), v('M', 'Red', { unlimited: true })]))).toBe(Infinity);
  });

  it('shows the quantity input per section 5', () => {
    const physical = shirt([v('S', 'Red')]);
    expect(showsQuantityInput(physical)).toBe(true);
    expect(showsQuantityInput(shirt([v('S', 'Red', { qtyInStock: 1 })]))).toBe(false);
    const service = parse({ structuredContent: { productType: 3, variants: [{ unlimited: true }] } });
    expect(showsQuantityInput(service)).toBe(true);
    expect(showsQuantityInput(service, { multipleQuantityAllowedForServices: false })).toBe(false);
    expect(showsQuantityInput(parse({ structuredContent: { productType: 2, variants: [] } }))).toBe(false);
    expect(
      showsQuantityInput(parse({ structuredContent: { productType: 4, variants: [{ unlimited: true }] } })),
    ).toBe(false);
    expect(showsQuantityInput(shirt([v('S', 'Red')], { isSubscribable: true }))).toBe(false);
  });

  it('shows the variants select only with more than one variant', () => {
    expect(showsVariantsSelect(shirt([v('S', 'Red')]))).toBe(false);
    expect(showsVariantsSelect(shirt([v('S', 'Red'), v('M', 'Red')]))).toBe(true);
    expect(hasVariants(parse({ structuredContent: { productType: 2, variants: [{}, {}] } }))).toBe(false);
  });
});

describe('variants', () => {
  const p = shirt([v('S', 'Red'), v('M', 'Red'), v('S', 'Blue', { qtyInStock: 0 })]);

  it('lists options in the ordering, values first-seen', () => {
    expect(p.options).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Color', values: ['Red', 'Blue'] },
    ]);
  });

  it('finds the variant of chosen attributes and names the unchosen options', () => {
    expect(findVariant(p, { Size: 'S', Color: 'Blue' })?.sku).toBe('S-Blue');
    expect(findVariant(p, { Size: 'M', Color: 'Blue' })).toBeUndefined();
    expect(unselectedOptions(p, { Size: 'S', Color: '' })).toEqual(['Color']);
  });

  it('prices a unit at the sale price when on sale', () => {
    expect(variantUnitPrice(p, parseVariant(v('S', 'Red')))).toEqual({ cents: 2000, currency: 'USD' });
    expect(variantUnitPrice(p, parseVariant(v('S', 'Red', { onSale: true })))).toEqual({
      cents: 1500,
      currency: 'USD',
    });
    const digital = parse({ structuredContent: { productType: 2, priceMoney: money('9.99', 'EUR') } });
    expect(variantUnitPrice(digital, undefined)).toEqual({ cents: 999, currency: 'EUR' });
  });

  it('lists the option values that can still be bought', () => {
    expect(availableOptionValues(p)).toEqual({ Size: ['S', 'M'], Color: ['Red'] });
    expect(availableOptionValues(p, { Size: 'M' })).toEqual({ Size: ['S', 'M'], Color: ['Red'] });
    expect(availableOptionValues(p, { Color: 'Blue' })).toEqual({ Size: [], Color: ['Red'] });
  });

  it('describes a variant by its option values', () => {
    expect(variantDescriptor(parseVariant({ optionValues: [{ value: 'Large' }, { value: 'Red' }] }))).toBe(
      'Large / Red',
    );
  });

  it('finds from, normal and sale prices', () => {
    const q = shirt([
      v('S', 'Red', {
        priceMoney: money('30.00'),
        onSale: true,
        salePriceMoney: money('12.00'),
        price: 3000,
      }),
      v('M', 'Red', { priceMoney: money('25.00'), price: 2500 }),
    ]);
    expect(fromPrice(q)).toEqual({ cents: 1200, currency: 'USD' });
    expect(normalPrice(q)).toEqual({ cents: 3000, currency: 'USD' });
    expect(salePrice(q)).toEqual({ cents: 1200, currency: 'USD' });
    expect(hasVariedPrices(q)).toBe(true);
    expect(hasVariedPrices(shirt([v('S', 'Red', { price: 1 }), v('M', 'Red', { price: 1 })]))).toBe(false);
  });
});

describe('content without the legacy fields', () => {
  const readme = (variants: object[]) =>
    parse({ id: 'mug', structuredContent: { productType: 1, variants } });

  it('derives the option ordering from the variants, in first-seen order', () => {
    const p = readme([
      { id: 'a', attributes: { Size: 'L', Glaze: 'Ink' }, priceMoney: money('62.00'), qtyInStock: 1 },
      {
        id: 'b',
        optionValues: [
          { optionName: 'Size', value: 'S' },
          { optionName: 'Glaze', value: 'Sand' },
        ],
      },
    ]);
    expect(p.options).toEqual([
      { name: 'Size', values: ['L', 'S'] },
      { name: 'Glaze', values: ['Ink', 'Sand'] },
    ]);
    expect(findVariant(p, { Size: 'S', Glaze: 'Sand' })?.id).toBe('b');
    expect(showsVariantsSelect(p)).toBe(true);
  });

  it("keeps the content's own ordering when it has one", () => {
    const p = shirt([v('S', 'Red'), v('M', 'Blue')]);
    expect(p.options.map((o) => o.name)).toEqual(['Size', 'Color']);
  });

  it('describes a variant that names its options only in attributes', () => {
    const p = readme([
      { id: 'a', attributes: { Size: 'L' } },
      { id: 'b', attributes: { Size: 'S' } },
    ]);
    expect(p.variants.map(variantDescriptor)).toEqual(['L', 'S']);
  });

  it('prices from priceMoney: varied prices and the "from" price without legacy cents', () => {
    const p = readme([
      { id: 'a', attributes: { Size: 'L' }, priceMoney: money('62.00'), qtyInStock: 1 },
      { id: 'b', attributes: { Size: 'S' }, priceMoney: money('44.00'), qtyInStock: 1 },
    ]);
    expect(hasVariedPrices(p)).toBe(true);
    expect(fromPrice(p)).toEqual({ cents: 4400, currency: 'USD' });
  });

  it('compares sale prices from salePriceMoney', () => {
    const onSale = (sale: string) => ({
      onSale: true,
      priceMoney: money('50.00'),
      salePriceMoney: money(sale),
    });
    const p = readme([
      { id: 'a', attributes: { Size: 'L' }, ...onSale('40.00') },
      { id: 'b', attributes: { Size: 'S' }, ...onSale('30.00') },
    ]);
    expect(hasVariedPrices(p)).toBe(true);
    expect(
      hasVariedPrices(
        readme([
          { id: 'a', ...onSale('40.00') },
          { id: 'b', ...onSale('40.00') },
        ]),
      ),
    ).toBe(false);
  });

  it('reads the legacy cents only where priceMoney is absent', () => {
    const p = readme([
      { id: 'a', attributes: { Size: 'L' }, price: 9900, priceMoney: money('20.00') },
      { id: 'b', attributes: { Size: 'S' }, price: 1000, priceMoney: money('20.00') },
      { id: 'c', attributes: { Size: 'M' }, price: 2000 },
    ]);
    expect(p.variants.map((x) => x.price.cents)).toEqual([2000, 2000, 2000]);
    expect(hasVariedPrices(p)).toBe(false);
  });
});

describe('subscription price text', () => {
  const sub = (value: number, unit: string, cycles: number) =>
    parse({
      structuredContent: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value, unit }, numBillingCycles: cycles },
        variants: [{ price: 100 }],
      },
    });

  it('follows the spec pattern, whole years in years', () => {
    expect(subscriptionPriceText(sub(1, 'WEEK', 0), '$10.00')).toBe('$10.00 every week');
    expect(subscriptionPriceText(sub(2, 'WEEK', 26), '$10.00')).toBe('$10.00 every 2 weeks for 1 year');
    expect(subscriptionPriceText(sub(2, 'MONTH', 3), '$10.00')).toBe('$10.00 every 2 months for 6 months');
    expect(subscriptionPriceText(sub(1, 'MONTH', 24), '$10.00')).toBe('$10.00 every month for 2 years');
  });

  it('is Unavailable without a billing period, and a site string overrides it', () => {
    expect(subscriptionPriceText(parse({ structuredContent: { productType: 1 } }), '$1.00')).toBe(
      'Unavailable',
    );
    expect(
      subscriptionPriceText(sub(5, 'WEEK', 0), '$1.00', {
        productPrice__singlePrice__nWeekly__indefinite: '{price} alle {billingPeriodValue} Wochen',
      }),
    ).toBe('$1.00 alle 5 Wochen');
  });
});

describe('parsing once per item object', () => {
  it('gives the same product for the same item, and reads a new item (new stock) afresh', () => {
    const item = {
      id: 'mug',
      structuredContent: { productType: 1, variants: [{ sku: 'M', qtyInStock: 2 }] },
    };
    const first = productOf(item);
    expect(productOf(item)).toBe(first);
    expect(totalStock(first)).toBe(2);
    const restocked = {
      ...item,
      structuredContent: { ...item.structuredContent, variants: [{ sku: 'M', qtyInStock: 5 }] },
    };
    expect(totalStock(productOf(restocked))).toBe(5);
    expect(productOf(null)).toEqual(parseProduct(null).product);
  });
});
