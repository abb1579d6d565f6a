import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  centsToMoney,
  compareDecimal,
  decimalToMinor,
  formatMoney,
  minorToDecimal,
  moneyToCents,
  movePoint,
  paidForLines,
} from './index.ts';

describe('currencies', () => {
  it('supports the 27 currencies of the spec, all with 2 digits except JPY', () => {
    expect(Object.keys(CURRENCIES)).toHaveLength(27);
    expect(CURRENCIES.JPY).toEqual({
      code: 'JPY',
      currencyName: 'Japanese Yen',
      fractionDigits: 0,
      numericCode: '392',
    });
    expect(CURRENCIES.USD?.numericCode).toBe('840');
    expect(CURRENCIES.AUD?.numericCode).toBe('036');
    expect(
      Object.values(CURRENCIES)
        .filter((c) => c.fractionDigits !== 2)
        .map((c) => c.code),
    ).toEqual(['JPY']);
  });
});

describe('decimal strings and minor units', () => {
  it('converts exactly, without binary floating point', () => {
    expect(decimalToMinor('12.50')).toEqual({ ok: true, value: 1250 });
    expect(decimalToMinor('0.29')).toEqual({ ok: true, value: 29 });
    expect(decimalToMinor('1.005')).toEqual({ ok: true, value: 101 });
    expect(decimalToMinor('-3.1')).toEqual({ ok: true, value: -310 });
    expect(decimalToMinor('1200', 'JPY')).toEqual({ ok: true, value: 1200 });
    expect(decimalToMinor('abc').ok).toBe(false);
    expect(minorToDecimal(1250)).toBe('12.50');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(-5)).toBe('-0.05');
    expect(minorToDecimal(1200, 'JPY')).toBe('1200');
  });

  it('reads both money shapes; an empty price is 0 USD', () => {
    expect(moneyToCents({ value: '65.46', currency: 'EUR' })).toEqual({ cents: 6546, currency: 'EUR' });
    expect(moneyToCents({ decimalValue: '1.10', currencyCode: 'GBP' })).toEqual({
      cents: 110,
      currency: 'GBP',
    });
    expect(moneyToCents(undefined)).toEqual({ cents: 0, currency: 'USD' });
    expect(moneyToCents({ value: '' })).toEqual({ cents: 0, currency: 'USD' });
    expect(centsToMoney(1999)).toEqual({ decimalValue: '19.99', currencyCode: 'USD' });
  });

  it('moves the point and compares decimal strings exactly', () => {
    expect(movePoint('65.46', 2)).toBe('6546');
    expect(movePoint('100', 2)).toBe('10000');
    expect(movePoint('12.345', 2)).toBe('1234.5');
    expect(movePoint('1234', -2)).toBe('12.34');
    expect(movePoint('0.1', -2)).toBe('0.001');
    expect(compareDecimal('10.5', '9.99')).toBe(1);
    expect(compareDecimal('0.10', '0.1')).toBe(0);
    expect(compareDecimal('-2', '1')).toBe(-1);
    expect(compareDecimal('-2', '-10')).toBe(1);
    // Leading zeros, a lone point, negative zero; what is not a decimal counts as zero.
    expect(compareDecimal('007.50', '7.5')).toBe(0);
    expect(compareDecimal('.5', '0.49')).toBe(1);
    expect(compareDecimal('-0.00', '0')).toBe(0);
    expect(compareDecimal('abc', '5')).toBe(-1);
    expect(compareDecimal('abc', '-5')).toBe(1);
    expect(compareDecimal('abc', '')).toBe(0);
  });
});

describe('formatMoney', () => {
  it('applies the symbol rules of section 9 under en-US', () => {
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(123450, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(123450, 'GBP')).toBe('£1,234.50');
    expect(formatMoney(123450, 'DKK')).toBe('1,234.50 kr');
    expect(formatMoney(123450, 'NOK')).toBe('1,234.50 kr');
    expect(formatMoney(123450, 'SEK')).toBe('1,234.50 kr');
    expect(formatMoney(123450, 'ILS')).toBe('₪ 1,234.50');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
    expect(formatMoney(1000, 'AUD')).toBe('A$10.00');
    expect(formatMoney(1000, 'CAD')).toBe('CA$10.00');
    expect(formatMoney(1000, 'HKD')).toBe('HK$10.00');
  });

  it('honours trimCents, useGrouping and valueOnly', () => {
    expect(formatMoney(120000, 'USD', { trimCents: true })).toBe('$1,200');
    expect(formatMoney(120050, 'USD', { trimCents: true })).toBe('$1,200.50');
    expect(formatMoney(120050, 'USD', { useGrouping: false })).toBe('$1200.50');
    expect(formatMoney(120050, 'USD', { valueOnly: true })).toBe('1,200.50');
  });

  it('keeps large amounts exact', () => {
    expect(formatMoney(900719925474099, 'USD')).toBe('$9,007,199,254,740.99');
  });

  it('uses the locale format for other locales', () => {
    expect(formatMoney(1234568, 'USD', { locale: 'de-DE' })).toBe('12.345,68\u00a0$');
  });
});

describe('money properties', () => {
  it('round-trips minor units through decimal strings in every currency', async () => {
    const fc = await import('fast-check');
    const codes = Object.keys(CURRENCIES);
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.constantFrom(...codes), (cents, code) => {
        expect(decimalToMinor(minorToDecimal(cents, code), code)).toEqual({ ok: true, value: cents });
      }),
    );
  });

  it('formats without losing cents where binary floating point would', async () => {
    const fc = await import('fast-check');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e14 }), (cents) => {
        const shown = formatMoney(cents, 'USD', { valueOnly: true, useGrouping: false });
        expect(shown).toBe(`${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
      }),
    );
  });
});

describe('paidForLines (a refund by line)', () => {
  it("is the lines' price, less their share of the order's discount", () => {
    const tee = { unitPriceCents: 2500, quantity: 2 };
    const mug = { unitPriceCents: 1250, quantity: 1 };
    expect(paidForLines([tee, mug], { subtotalCents: 6250, discountCents: 0 })).toBe(6250);
    // 10% off the order: each line was paid 90% of its price.
    expect(paidForLines([tee], { subtotalCents: 6250, discountCents: 625 })).toBe(4500);
    // A discount as large as the goods leaves nothing paid for them.
    expect(paidForLines([mug], { subtotalCents: 1250, discountCents: 2000 })).toBe(0);
  });
});
