import { describe, expect, it } from 'vitest';
import { ProductType } from '../product.ts';
import {
  type PricingConfig,
  type PricingLine,
  applyDiscountCode,
  findDiscountCode,
  parsePricingConfig,
  priceCart,
} from './index.ts';

const config = (raw: unknown, currency = 'USD'): PricingConfig => {
  const parsed = parsePricingConfig(raw, currency);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

const SHOP = config({
  discountCodes: [
    { code: 'SAVE10', kind: 'percentage', percent: '10' },
    { code: 'SAVE125', kind: 'percentage', percent: '12.5' },
    { code: 'TENOFF', kind: 'fixed', amount: '10.00' },
    { code: 'FREESHIP', kind: 'free-shipping' },
    { code: 'MIN50', kind: 'percentage', percent: '15', minimumSubtotal: '50.00' },
    {
      code: 'SPRING',
      kind: 'percentage',
      percent: '20',
      startsAt: '2026-03-01T00:00:00Z',
      endsAt: '2026-06-01T00:00:00Z',
    },
    { code: 'LIMITED', kind: 'percentage', percent: '10', usageLimit: 3, perCustomerLimit: 1 },
    { code: 'MUGS', kind: 'percentage', percent: '25', productIds: ['mug'] },
    { code: 'CERAMICS', kind: 'fixed', amount: '5.00', collectionIds: ['col-ceramics'] },
  ],
  shipping: {
    zones: [
      {
        id: 'us-remote',
        name: 'Alaska and Hawaii',
        countries: ['US'],
        regions: ['AK', 'HI'],
        rates: [{ kind: 'flat', id: 'us-remote-flat', name: 'Remote US', amount: '25.00' }],
      },
      {
        id: 'us',
        name: 'United States',
        countries: ['US'],
        rates: [
          { kind: 'flat', id: 'us-standard', name: 'Standard', amount: '5.00' },
          { kind: 'free-over', id: 'us-free', name: 'Free over $100', threshold: '100.00', amount: '7.50' },
        ],
      },
      {
        id: 'eu',
        name: 'Germany and France',
        countries: ['DE', 'FR'],
        rates: [
          {
            kind: 'weight',
            id: 'eu-weight',
            name: 'By weight',
            brackets: [
              { upToGrams: 500, amount: '8.00' },
              { upToGrams: 2000, amount: '15.00' },
            ],
          },
        ],
      },
      {
        id: 'world',
        name: 'Everywhere else',
        countries: ['*'],
        rates: [{ kind: 'flat', id: 'world', name: 'International', amount: '30.00' }],
      },
    ],
    pickup: [{ id: 'studio', name: 'Studio pickup' }],
  },
  tax: {
    rules: [
      { id: 'us-ca', name: 'California', country: 'US', region: 'CA', rate: '7.25' },
      { id: 'ca-gst', name: 'GST', country: 'CA', rate: '5' },
      { id: 'ca-bc-pst', name: 'BC PST', country: 'CA', region: 'BC', rate: '7' },
      { id: 'de', name: 'MwSt', country: 'DE', rate: '19' },
    ],
  },
});

const line = (
  itemId: string,
  collectionId: string,
  productType: number,
  quantity: number,
  unitPriceCents: number,
  weightGrams = 0,
): PricingLine => ({ itemId, collectionId, productType, quantity, unitPriceCents, weightGrams });

const MUG = line('mug', 'col-ceramics', ProductType.PHYSICAL, 2, 1999, 350);
const SHIRT = line('shirt', 'col-apparel', ProductType.PHYSICAL, 1, 4500, 200);
const EBOOK = line('ebook', 'col-digital', ProductType.DIGITAL, 1, 1000);
const GIFT = line('gift', 'col-gifts', ProductType.GIFT_CARD, 1, 5000);
/** Subtotal 14498; merchandise (no gift card) 9498; parcel 900 g. */
const CART = [MUG, SHIRT, EBOOK, GIFT];

const APRIL = Date.parse('2026-04-01T12:00:00Z');
const US_CA = { country: 'US', region: 'CA', postalCode: '94110' };

const price = (over: Partial<Parameters<typeof priceCart>[0]> = {}) =>
  priceCart({
    lines: CART,
    config: SHOP,
    currency: 'USD',
    couponCodes: [],
    location: null,
    chosenShippingOptionId: null,
    now: APRIL,
    ...over,
  });

describe('discount codes', () => {
  it.each([
    ['SAVE10', 950, CART],
    ['save10', 950, CART],
    ['SAVE125', 1187, CART],
    ['TENOFF', 1000, CART],
    ['TENOFF', 700, [line('shirt', 'col-apparel', ProductType.PHYSICAL, 1, 700)]],
    ['MIN50', 1425, CART],
    ['SPRING', 1900, CART],
    ['MUGS', 1000, CART],
    ['CERAMICS', 500, CART],
    ['FREESHIP', 0, CART],
  ])('%s takes %i cents off', (code, expected, lines) => {
    const applied = applyDiscountCode(findDiscountCode(SHOP.discountCodes, code), code, {
      lines,
      now: APRIL,
      currency: 'USD',
    });
    expect(applied).toMatchObject({ ok: true, value: { discountCents: expected } });
  });

  it.each([
    ['NOPE', CART, APRIL, undefined, 'discount.unknown', 'The code NOPE is not valid.'],
    [
      'SPRING',
      CART,
      Date.parse('2026-02-28T23:59:59.999Z'),
      undefined,
      'discount.not-yet-valid',
      'The code SPRING is not valid yet.',
    ],
    [
      'SPRING',
      CART,
      Date.parse('2026-06-01T00:00:00Z'),
      undefined,
      'discount.expired',
      'The code SPRING has expired.',
    ],
    [
      'MIN50',
      [EBOOK, GIFT],
      APRIL,
      undefined,
      'discount.below-minimum',
      'The code MIN50 needs a subtotal of $50.00 or more.',
    ],
    [
      'LIMITED',
      CART,
      APRIL,
      { used: 3, usedByCustomer: 0 },
      'discount.exhausted',
      'The code LIMITED has been used up.',
    ],
    [
      'LIMITED',
      CART,
      APRIL,
      { used: 1, usedByCustomer: 1 },
      'discount.customer-limit',
      'You have already used the code LIMITED.',
    ],
    [
      'MUGS',
      [SHIRT],
      APRIL,
      undefined,
      'discount.not-applicable',
      'The code MUGS does not apply to anything in your cart.',
    ],
  ])('%s is refused (%#)', (code, lines, now, usage, reason, text) => {
    const applied = applyDiscountCode(findDiscountCode(SHOP.discountCodes, code), code, {
      lines,
      now,
      currency: 'USD',
      ...(usage ? { usage } : {}),
    });
    expect(applied).toEqual({ ok: false, error: { code: reason, message: text } });
  });

  it('a limited code below its limits applies', () => {
    const applied = applyDiscountCode(findDiscountCode(SHOP.discountCodes, 'LIMITED'), 'LIMITED', {
      lines: CART,
      now: APRIL,
      currency: 'USD',
      usage: { used: 2, usedByCustomer: 0 },
    });
    expect(applied).toMatchObject({ ok: true, value: { discountCents: 950 } });
  });

  it('an invalid code on the cart is listed with why, and takes nothing off', () => {
    const p = price({ couponCodes: ['MIN50'], lines: [EBOOK] });
    expect(p.coupons).toEqual(['MIN50']);
    expect(p.validCoupons).toEqual([]);
    expect(p.invalidCoupons).toEqual([
      {
        code: 'MIN50',
        reason: 'discount.below-minimum',
        message: 'The code MIN50 needs a subtotal of $50.00 or more.',
      },
    ]);
    expect(p.discountCents).toBe(0);
  });
});

describe('shipping', () => {
  it.each([
    ['US CA', US_CA, CART, null, ['us-standard:500', 'us-free:750', 'studio:0'], 'us-standard', 500],
    [
      'US AK',
      { country: 'US', region: 'AK', postalCode: '' },
      CART,
      null,
      ['us-remote-flat:2500', 'studio:0'],
      'us-remote-flat',
      2500,
    ],
    [
      'DE 900 g',
      { country: 'DE', region: '', postalCode: '' },
      CART,
      null,
      ['eu-weight:1500', 'studio:0'],
      'eu-weight',
      1500,
    ],
    [
      'DE 400 g',
      { country: 'DE', region: '', postalCode: '' },
      [line('mug', 'col-ceramics', ProductType.PHYSICAL, 1, 1999, 400)],
      null,
      ['eu-weight:800', 'studio:0'],
      'eu-weight',
      800,
    ],
    [
      'DE too heavy',
      { country: 'DE', region: '', postalCode: '' },
      [line('mug', 'col-ceramics', ProductType.PHYSICAL, 10, 1999, 350)],
      null,
      ['studio:0'],
      'studio',
      0,
    ],
    [
      'JP',
      { country: 'JP', region: '', postalCode: '' },
      CART,
      null,
      ['world:3000', 'studio:0'],
      'world',
      3000,
    ],
    [
      'free over $100',
      US_CA,
      [line('shirt', 'col-apparel', ProductType.PHYSICAL, 3, 4500)],
      null,
      ['us-standard:500', 'us-free:0', 'studio:0'],
      'us-free',
      0,
    ],
    ['pickup chosen', US_CA, CART, 'studio', ['us-standard:500', 'us-free:750', 'studio:0'], 'studio', 0],
    [
      'unknown choice',
      US_CA,
      CART,
      'nope',
      ['us-standard:500', 'us-free:750', 'studio:0'],
      'us-standard',
      500,
    ],
    ['digital only', US_CA, [EBOOK], null, [], null, 0],
    ['no address yet', null, CART, null, [], null, 0],
  ])('%s', (_name, location, lines, chosen, options, selected, cost) => {
    const p = price({ location, lines, chosenShippingOptionId: chosen });
    expect(p.shippingOptions.map((o) => `${o.id}:${o.amountCents}`)).toEqual(options);
    expect(p.selectedShippingOption?.id ?? null).toBe(selected);
    expect(p.shippingCostCents).toBe(cost);
  });

  it('a free-shipping code takes the chosen delivery off as its discount: discountCents counts the shipping it saves', () => {
    const p = price({ location: US_CA, couponCodes: ['FREESHIP'] });
    expect(p.shippingOptions.map((o) => `${o.id}:${o.amountCents}`)).toEqual([
      'us-standard:500',
      'us-free:750',
      'studio:0',
    ]);
    expect(p.shippingCostCents).toBe(500);
    expect(p.discountCents).toBe(500);
    expect(p.validCoupons).toEqual([{ code: 'FREESHIP', discountCents: 500, freeShipping: true }]);
    expect(p.grandTotalCents).toBe(14498 - 500 + 500 + 689);
    // Pickup costs nothing, so the code saves nothing there.
    const pickup = price({ location: US_CA, couponCodes: ['FREESHIP'], chosenShippingOptionId: 'studio' });
    expect([pickup.discountCents, pickup.grandTotalCents]).toEqual([0, 14498 + 689]);
  });

  it('shipping a free-shipping code saved is not taxed', () => {
    const p = price({ location: US_CA, couponCodes: ['FREESHIP'], config: { ...SHOP, taxShipping: true } });
    expect([p.shippingCostCents, p.discountCents, p.taxCents]).toEqual([500, 500, 689]);
    expect(p.grandTotalCents).toBe(14498 - 500 + 500 + 689);
  });
});

describe('tax', () => {
  it.each([
    ['US CA', US_CA, [], ['us-ca:689'], 689],
    [
      'CA BC (two rules)',
      { country: 'CA', region: 'BC', postalCode: '' },
      [],
      ['ca-gst:475', 'ca-bc-pst:665'],
      1140,
    ],
    ['CA ON', { country: 'CA', region: 'ON', postalCode: '' }, [], ['ca-gst:475'], 475],
    ['US NY (no rule)', { country: 'US', region: 'NY', postalCode: '' }, [], [], 0],
    ['US CA after SAVE10', US_CA, ['SAVE10'], ['us-ca:620'], 620],
    ['no address yet', null, [], [], 0],
  ])('%s', (_name, location, couponCodes, rules, tax) => {
    const p = price({ location, couponCodes });
    expect(p.applicableTaxRules.map((r) => `${r.id}:${r.taxCents}`)).toEqual(rules);
    expect(p.taxCents).toBe(tax);
  });

  it('taxes shipping when the site says so', () => {
    const p = price({ location: US_CA, config: { ...SHOP, taxShipping: true } });
    expect(p.shippingCostCents).toBe(500);
    expect(p.taxCents).toBe(725);
    expect(p.grandTotalCents).toBe(14498 + 500 + 725);
  });

  it('inclusive prices show the tax inside the total and add nothing', () => {
    const p = price({
      location: { country: 'DE', region: '', postalCode: '' },
      config: { ...SHOP, pricesIncludeTax: true },
    });
    expect(p.taxCents).toBe(1516);
    expect(p.shippingCostCents).toBe(1500);
    expect(p.grandTotalCents).toBe(15998);
  });
});

describe('grand total', () => {
  it('subtotal − discount + shipping + tax', () => {
    const p = price({ location: US_CA, couponCodes: ['SAVE10'] });
    expect(p.subtotalCents).toBe(14498);
    expect(p.discountCents).toBe(950);
    expect(p.shippingCostCents).toBe(500);
    expect(p.taxCents).toBe(620);
    expect(p.grandTotalCents).toBe(14668);
  });

  it('a 50-line cart rounds once per amount, never per line', () => {
    const lines = Array.from({ length: 50 }, (_, i) =>
      line(`item-${i}`, 'col-apparel', ProductType.PHYSICAL, 1, 333),
    );
    const p = price({ lines, location: US_CA, couponCodes: ['SAVE125'] });
    // Per line, 12.5 % of 333 rounds to 42 (2100 in all) and the tax would drift the same way.
    expect(p.subtotalCents).toBe(16650);
    expect(p.discountCents).toBe(2081);
    expect(p.shippingCostCents).toBe(0);
    expect(p.taxCents).toBe(1056);
    expect(p.grandTotalCents).toBe(15625);
  });

  it('JPY (no minor digits): amounts in yen, same rule', () => {
    const yen = config(
      {
        discountCodes: [
          { code: 'JP10', kind: 'percentage', percent: '10' },
          { code: 'YEN500', kind: 'fixed', amount: '500' },
        ],
        shipping: {
          zones: [
            {
              id: 'jp',
              name: 'Japan',
              countries: ['JP'],
              rates: [{ kind: 'flat', id: 'jp', name: 'Japan Post', amount: '800' }],
            },
          ],
        },
        tax: { rules: [{ id: 'jp', name: 'Consumption tax', country: 'JP', rate: '10' }] },
      },
      'JPY',
    );
    const lines = [line('cup', 'col-ceramics', ProductType.PHYSICAL, 3, 1999)];
    const base = {
      lines,
      config: yen,
      currency: 'JPY',
      location: { country: 'JP', region: '', postalCode: '' },
      chosenShippingOptionId: null,
      now: APRIL,
    };
    const percent = priceCart({ ...base, couponCodes: ['JP10'] });
    expect(percent.discountCents).toBe(600);
    expect(percent.shippingCostCents).toBe(800);
    expect(percent.taxCents).toBe(540);
    expect(percent.grandTotalCents).toBe(5997 - 600 + 800 + 540);
    const fixed = priceCart({ ...base, couponCodes: ['YEN500'] });
    expect(fixed.discountCents).toBe(500);
    const plain = priceCart({ ...base, couponCodes: [] });
    expect(plain.taxCents).toBe(600);
    const inclusive = priceCart({ ...base, couponCodes: [], config: { ...yen, pricesIncludeTax: true } });
    expect(inclusive.taxCents).toBe(545);
    expect(inclusive.grandTotalCents).toBe(5997 + 800);
  });
});

describe('configuration', () => {
  it.each([
    [
      { discountCodes: [{ code: 'X', kind: 'percentage' }] },
      'discountCodes.0: a percentage code needs "percent"',
    ],
    [{ discountCodes: [{ code: 'X', kind: 'fixed', amount: '1,00' }] }, 'discountCodes.0.amount'],
    [
      {
        discountCodes: [
          { code: 'A', kind: 'free-shipping' },
          { code: 'a', kind: 'free-shipping' },
        ],
      },
      'A is defined twice',
    ],
    [{ tax: { rules: [{ id: 'x', name: 'x', country: 'USA', rate: '5' }] } }, 'tax.rules.0.country'],
  ])('refuses %j', (raw, problem) => {
    const parsed = parsePricingConfig(raw, 'USD');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toContain(problem);
  });
});
