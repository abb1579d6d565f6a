/** A cart in the wire contract's full shape, for tests that hand a store a cart without a server. */
import type { ShoppingCart } from '@storefront/core/wire';

export function wireCart(fields: Partial<ShoppingCart> & Pick<ShoppingCart, 'id'>): ShoppingCart {
  return {
    websiteId: 'w1',
    orderId: null,
    created: 0,
    isPurchased: false,
    entries: [],
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    subtotalCents: 0,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: 0,
    subtotalAmount: { decimalValue: '0.00', currencyCode: 'USD' },
    totalQuantity: 0,
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: false,
    ...fields,
  };
}
