import { describe, expect, it } from 'vitest';
import {
  ProductType,
  instalmentNotice,
  validateCaptchaDone,
  validateCheckoutMinimum,
  validateRestockEmail,
} from './index.ts';

const msg = (r: { ok: boolean; error?: { message: string } }) => (r.ok ? 'ok' : r.error?.message);

describe('restock sign-up', () => {
  it('refuses a blank or invalid email with the spec texts', () => {
    expect(msg(validateRestockEmail('  '))).toBe('Email cannot be blank');
    expect(msg(validateRestockEmail('not-an-email'))).toBe('Email is invalid');
    expect(msg(validateRestockEmail(`${'a'.repeat(251)}@b.com`))).toBe('Email is invalid');
    expect(validateRestockEmail(`${'a'.repeat(250)}@b.com`).ok).toBe(true);
    expect(validateRestockEmail(' jo@example.com ')).toEqual({ ok: true, value: 'jo@example.com' });
  });

  it('needs the captcha only when one is rendered', () => {
    expect(msg(validateCaptchaDone(true, ''))).toBe('Complete CAPTCHA before submitting.');
    expect(validateCaptchaDone(false, undefined).ok).toBe(true);
    expect(validateCaptchaDone(true, 'token').ok).toBe(true);
  });
});

describe('checkout minimum', () => {
  it('names the minimum subtotal', () => {
    expect(msg(validateCheckoutMinimum(999, 1000))).toBe(
      'To check out, your order subtotal must be $10.00 or more.',
    );
    expect(validateCheckoutMinimum(1000, 1000).ok).toBe(true);
  });
});

describe('instalment notice', () => {
  const physical = { productType: ProductType.PHYSICAL };
  it('shows only for physical products, in range above the minimum up to the maximum', () => {
    const limits = { minCents: 100, maxCents: 100000 };
    expect(instalmentNotice(physical, 100, limits)).toBe('out-of-range');
    expect(instalmentNotice(physical, 101, limits)).toBe('in-range');
    expect(instalmentNotice(physical, 100000, limits)).toBe('in-range');
    expect(instalmentNotice(physical, 100001, limits)).toBe('out-of-range');
    expect(instalmentNotice({ productType: ProductType.SERVICE }, 5000, limits)).toBe('none');
  });
});
