import { describe, expect, it } from 'vitest';
import {
  checkMinimumSubtotal,
  lineNeeds,
  minimumSubtotalCents,
  orderNeeds,
  orderTotals,
  validateCustomer,
} from './checkout.ts';
import { ProductType } from './product.ts';

describe('lineNeeds', () => {
  it('physical products take stock and ship; services take stock only', () => {
    expect(lineNeeds(ProductType.PHYSICAL)).toEqual({
      takesStock: true,
      shippingAddress: true,
      downloadLink: false,
      recipient: false,
    });
    expect(lineNeeds(ProductType.SERVICE)).toEqual({
      takesStock: true,
      shippingAddress: false,
      downloadLink: false,
      recipient: false,
    });
  });
  it('digital products get a download link; gift cards go to a recipient; neither takes stock', () => {
    expect(lineNeeds(ProductType.DIGITAL)).toMatchObject({ takesStock: false, downloadLink: true });
    expect(lineNeeds(ProductType.GIFT_CARD)).toMatchObject({ takesStock: false, recipient: true });
    expect(orderNeeds([ProductType.DIGITAL, ProductType.SERVICE])).toEqual({
      shippingAddress: false,
      recipient: false,
    });
    expect(orderNeeds([ProductType.DIGITAL, ProductType.PHYSICAL, ProductType.GIFT_CARD])).toEqual({
      shippingAddress: true,
      recipient: true,
    });
  });
});

describe('orderTotals', () => {
  it('sums unit price times quantity in cents, with the grand total in the store currency', () => {
    const t = orderTotals(
      [
        { productType: 1, unitPriceCents: 2500, quantity: 2 },
        { productType: 2, unitPriceCents: 999, quantity: 1 },
      ],
      'USD',
    );
    expect(t).toMatchObject({
      subtotalCents: 5999,
      taxCents: 0,
      shippingCents: 0,
      discountCents: 0,
      grandTotalCents: 5999,
      totalQuantity: 3,
      requiresShipping: true,
      hasDigital: true,
      purelyDigital: false,
    });
    expect(t.grandTotal).toEqual({ decimalValue: '59.99', currencyCode: 'USD' });
  });
  it('JPY has no minor digits', () => {
    expect(orderTotals([{ productType: 3, unitPriceCents: 1200, quantity: 3 }], 'JPY').grandTotal).toEqual({
      decimalValue: '3600',
      currencyCode: 'JPY',
    });
  });
  it('an empty order totals 0', () => {
    expect(orderTotals([]).grandTotalCents).toBe(0);
  });
});

describe('the minimum subtotal', () => {
  it("reads the site's minimum from storeSettings.minimumOrderSubtotal", () => {
    expect(minimumSubtotalCents({ minimumOrderSubtotal: { value: '20.00', currency: 'USD' } })).toBe(2000);
    expect(minimumSubtotalCents({})).toBe(0);
    expect(minimumSubtotalCents(undefined)).toBe(0);
  });
  it("refuses below it with the spec's message", () => {
    const r = checkMinimumSubtotal(1999, 2000, 'USD');
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'checkout.minimum-subtotal',
        message: 'To check out, your order subtotal must be $20.00 or more.',
      },
    });
    expect(checkMinimumSubtotal(2000, 2000, 'USD').ok).toBe(true);
    expect(checkMinimumSubtotal(0, 0, 'USD').ok).toBe(true);
  });
});

describe('validateCustomer', () => {
  const ship = { shippingAddress: true, recipient: false };
  const none = { shippingAddress: false, recipient: false };
  const address = { line1: '1 Main St', city: 'Springfield', zip: '12345', country: 'US' };

  it('accepts a complete customer, trimmed', () => {
    const r = validateCustomer({ email: ' a@example.com ', name: ' Ada ', address }, ship);
    expect(r).toEqual({
      ok: true,
      value: {
        email: 'a@example.com',
        name: 'Ada',
        address: { ...address, line2: '', state: '' },
        recipientEmail: null,
        giftMessage: null,
      },
    });
  });
  it('asks for no address when nothing ships', () => {
    const r = validateCustomer({ email: 'a@example.com', name: 'Ada' }, none);
    expect(r.ok && r.value.address).toBe(null);
  });
  it('names every missing or bad field, first one as the error', () => {
    const r = validateCustomer({ email: 'nope', name: '', address: { line1: 'x' } }, ship);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toEqual({
      code: 'checkout.email-invalid',
      message: 'Please enter a valid email address.',
      field: 'email',
    });
    expect(r.errors).toEqual({
      email: 'Please enter a valid email address.',
      name: 'Please enter your name.',
      'address.city': 'Please enter your city.',
      'address.zip': 'Please enter your postal code.',
      'address.country': 'Please enter your country.',
    });
    const blank = validateCustomer({}, none);
    expect(!blank.ok && blank.error.message).toBe('Please enter your email address.');
  });
  it('sends a gift card to the buyer unless a valid recipient is given', () => {
    const gift = { shippingAddress: false, recipient: true };
    const own = validateCustomer({ email: 'a@example.com', name: 'Ada' }, gift);
    expect(own.ok && own.value.recipientEmail).toBe('a@example.com');
    const other = validateCustomer(
      { email: 'a@example.com', name: 'Ada', recipientEmail: 'b@example.com', giftMessage: ' Enjoy ' },
      gift,
    );
    expect(other.ok && other.value).toMatchObject({ recipientEmail: 'b@example.com', giftMessage: 'Enjoy' });
    const bad = validateCustomer({ email: 'a@example.com', name: 'Ada', recipientEmail: 'b@' }, gift);
    expect(!bad.ok && bad.error.field).toBe('recipientEmail');
  });
  it("uses the site's localized strings", () => {
    const r = validateCustomer({ email: '', name: 'x' }, none, { 'checkout.email-blank': 'Email?' });
    expect(!r.ok && r.error.message).toBe('Email?');
  });
});
