import { describe, expect, it } from 'vitest';
import { instalmentBrand, instalmentView, parseInstalmentContext } from './instalments.ts';

const context = {
  afterPayAvailable: true,
  afterPayMin: 3500,
  afterPayMax: 200000,
  shopperLanguage: 'en-US',
  stripeAccountCountry: 'US',
};

describe('instalment brand by locale (spec section 9)', () => {
  it('gives one brand to US (en), CA (en, fr), AU and NZ, another to GB, none elsewhere', () => {
    expect(instalmentBrand('US', 'en-US')).toBe('Afterpay');
    expect(instalmentBrand('us', 'en')).toBe('Afterpay');
    expect(instalmentBrand('US', 'es-US')).toBeUndefined();
    expect(instalmentBrand('CA', 'fr-CA')).toBe('Afterpay');
    expect(instalmentBrand('CA', 'en')).toBe('Afterpay');
    expect(instalmentBrand('CA', 'de')).toBeUndefined();
    expect(instalmentBrand('AU', 'en-AU')).toBe('Afterpay');
    expect(instalmentBrand('NZ', 'en')).toBe('Afterpay');
    expect(instalmentBrand('GB', 'en-GB')).toBe('Clearpay');
    expect(instalmentBrand('FR', 'fr')).toBeUndefined();
  });
});

describe('instalment context', () => {
  it('reads the data attribute, and refuses what is not one', () => {
    expect(parseInstalmentContext(JSON.stringify({ ...context, stripeAccountCountry: 'gb' }))).toEqual({
      ...context,
      stripeAccountCountry: 'GB',
    });
    expect(parseInstalmentContext('{not json')).toBeUndefined();
    expect(parseInstalmentContext({ afterPayAvailable: true })).toBeUndefined();
    expect(parseInstalmentContext(null)).toBeUndefined();
  });
});

describe('instalment view', () => {
  it('shows 4 payments above the minimum and up to the maximum, else the out-of-range message', () => {
    expect(instalmentView(1, 9800, context, 'USD')).toEqual({
      kind: 'in-range',
      brand: 'Afterpay',
      payment: '$24.50',
      text: 'Pay in 4 interest-free payments of $24.50 with Afterpay.',
    });
    expect(instalmentView(1, 200000, context, 'USD').kind).toBe('in-range');
    for (const price of [3400, 3500, 200001]) {
      expect(instalmentView(1, price, context, 'USD')).toEqual({
        kind: 'out-of-range',
        brand: 'Afterpay',
        payment: '',
        text: 'Pay in 4 interest-free installments for orders between $35.00 and $2,000.00.',
      });
    }
  });

  it('is for physical products only, when available, in a locale with a brand', () => {
    expect(instalmentView(3, 9800, context, 'USD')).toEqual({ kind: 'none' });
    expect(instalmentView(2, 9800, context, 'USD')).toEqual({ kind: 'none' });
    expect(instalmentView(1, 9800, { ...context, afterPayAvailable: false }, 'USD')).toEqual({
      kind: 'none',
    });
    expect(instalmentView(1, 9800, { ...context, stripeAccountCountry: 'DE' }, 'USD')).toEqual({
      kind: 'none',
    });
  });

  it('takes its texts from the site localized strings', () => {
    const ls = { 'instalments.in-range': '{count} × {payment} ({brand})' };
    expect(instalmentView(1, 9800, { ...context, stripeAccountCountry: 'GB' }, 'GBP', ls)).toMatchObject({
      text: '4 × £24.50 (Clearpay)',
    });
  });
});
