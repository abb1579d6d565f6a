/**
 * Checkout rules (DESIGN.md "Checkout", spec sections 3, 5 and 9): what each kind of line needs,
 * order totals from the lines, the minimum subtotal, and the customer fields of an order. Pure:
 * the server places orders with them and the checkout page shows the same refusals.
 */
import { cartTotals } from './cart.ts';
import { isValidEmail } from './forms/validation.ts';
import { isObject } from './json.ts';
import { type LocalizedStrings, type MessageCode, message } from './messages.ts';
import { DEFAULT_CURRENCY, type DecimalMoney, centsToMoney, moneyToCents } from './money.ts';
import { ProductType } from './product.ts';
import { type CoreError, type Result, ok } from './result.ts';
import { validateCheckoutMinimum } from './rules.ts';

/** What a line of a given product type asks of the order. */
export interface LineNeeds {
  /** Takes units from the variant's stock (physical products and services; digital products and
   * gift cards are never sold out, spec section 4). */
  readonly takesStock: boolean;
  /** Needs a shipping address (physical products only: `requiresShipping`). */
  readonly shippingAddress: boolean;
  /** Gets a download link on the confirmation (digital products). */
  readonly downloadLink: boolean;
  /** Is sent to a recipient by email (gift cards). */
  readonly recipient: boolean;
}

export const lineNeeds = (productType: number): LineNeeds => ({
  takesStock: productType === ProductType.PHYSICAL || productType === ProductType.SERVICE,
  shippingAddress: productType === ProductType.PHYSICAL,
  downloadLink: productType === ProductType.DIGITAL,
  recipient: productType === ProductType.GIFT_CARD,
});

/** What the order as a whole needs of the customer. */
export interface OrderNeeds {
  readonly shippingAddress: boolean;
  readonly recipient: boolean;
}

export const orderNeeds = (productTypes: readonly number[]): OrderNeeds => ({
  shippingAddress: productTypes.some((t) => lineNeeds(t).shippingAddress),
  recipient: productTypes.some((t) => lineNeeds(t).recipient),
});

export interface OrderLineForTotals {
  readonly productType: number;
  readonly unitPriceCents: number;
  readonly quantity: number;
}

export interface OrderTotals {
  readonly subtotalCents: number;
  readonly taxCents: number;
  readonly shippingCents: number;
  readonly discountCents: number;
  readonly grandTotalCents: number;
  readonly grandTotal: DecimalMoney;
  readonly totalQuantity: number;
  readonly requiresShipping: boolean;
  readonly hasDigital: boolean;
  readonly purelyDigital: boolean;
}

/**
 * Totals of an order, in minor units of the store currency. Tax, shipping and discounts are not
 * configured anywhere yet, so they are 0 and the grand total is the subtotal (as the cart says).
 */
export const orderTotals = (
  lines: readonly OrderLineForTotals[],
  currency = DEFAULT_CURRENCY,
): OrderTotals => {
  const t = cartTotals(
    lines.map((l) => ({
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      item: { productType: l.productType },
    })),
    currency,
  );
  const taxCents = 0;
  const shippingCents = 0;
  const discountCents = 0;
  const grandTotalCents = t.subtotalCents + taxCents + shippingCents - discountCents;
  return {
    subtotalCents: t.subtotalCents,
    taxCents,
    shippingCents,
    discountCents,
    grandTotalCents,
    grandTotal: centsToMoney(grandTotalCents, currency),
    totalQuantity: t.totalQuantity,
    requiresShipping: t.requiresShipping,
    hasDigital: t.hasDigital,
    purelyDigital: t.purelyDigital,
  };
};

/**
 * The site's minimum order subtotal in cents: `storeSettings.minimumOrderSubtotal`, a money JSON
 * (`{ value: "20.00", currency: "USD" }`); 0 (no minimum) when absent.
 */
export const minimumSubtotalCents = (storeSettings: unknown): number => {
  const money = isObject(storeSettings) ? storeSettings.minimumOrderSubtotal : undefined;
  if (money === undefined || money === null) return 0;
  const { cents } = moneyToCents(money);
  return Number.isFinite(cents) && cents > 0 ? cents : 0;
};

/** `To check out, your order subtotal must be {subtotal} or more.` below the minimum. */
export const checkMinimumSubtotal = (
  subtotalCents: number,
  minimumCents: number,
  currency = DEFAULT_CURRENCY,
  localizedStrings?: LocalizedStrings,
): Result<true> => validateCheckoutMinimum(subtotalCents, minimumCents, currency, localizedStrings);

export interface Address {
  readonly line1: string;
  readonly line2: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly country: string;
}

export interface Customer {
  readonly email: string;
  readonly name: string;
  readonly address: Address | null;
  /** Where a gift card goes: the recipient's email, else the buyer's. */
  readonly recipientEmail: string | null;
  readonly giftMessage: string | null;
}

/** The customer fields as sent (form or JSON); strings are trimmed here. */
export interface CustomerInput {
  readonly email?: unknown;
  readonly name?: unknown;
  readonly address?: unknown;
  readonly recipientEmail?: unknown;
  readonly giftMessage?: unknown;
}

/** The address parts an order that ships must have (line 2 and state are optional). */
export const REQUIRED_ADDRESS_PARTS = ['line1', 'city', 'zip', 'country'] as const;
const ADDRESS_PARTS = ['line1', 'line2', 'city', 'state', 'zip', 'country'] as const;
const ADDRESS_PART_NAMES: Record<(typeof ADDRESS_PARTS)[number], string> = {
  line1: 'address',
  line2: 'address line 2',
  city: 'city',
  state: 'state or region',
  zip: 'postal code',
  country: 'country',
};

/** A refusal of the customer fields: the first problem, plus every field's (field path -> text). */
export type CustomerResult =
  | { readonly ok: true; readonly value: Customer }
  | {
      readonly ok: false;
      readonly error: CoreError & { readonly field: string };
      readonly errors: Readonly<Record<string, string>>;
    };

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * Checks the customer fields an order needs: an email (3 to 256 characters, a standard address),
 * a name, the address parts when something ships, and a valid recipient email for gift cards when
 * one is given.
 */
export const validateCustomer = (
  input: CustomerInput,
  needs: OrderNeeds,
  localizedStrings?: LocalizedStrings,
): CustomerResult => {
  const ls = localizedStrings;
  const errors: Record<string, string> = {};
  const codes: Record<string, string> = {};
  const problem = (field: string, code: MessageCode, params?: Record<string, string>) => {
    if (errors[field] !== undefined) return;
    errors[field] = message(code, params, ls);
    codes[field] = code;
  };
  const email = str(input.email);
  if (email === '') problem('email', 'checkout.email-blank');
  else if (!isValidEmail(email)) problem('email', 'checkout.email-invalid');
  const name = str(input.name);
  if (name === '') problem('name', 'checkout.name-blank');

  let address: Address | null = null;
  if (needs.shippingAddress) {
    const raw = isObject(input.address) ? input.address : {};
    const parts = Object.fromEntries(ADDRESS_PARTS.map((p) => [p, str(raw[p])])) as unknown as Address;
    for (const part of REQUIRED_ADDRESS_PARTS) {
      if (parts[part] === '')
        problem(`address.${part}`, 'checkout.address-blank', { part: ADDRESS_PART_NAMES[part] });
    }
    address = parts;
  }

  let recipientEmail: string | null = null;
  let giftMessage: string | null = null;
  if (needs.recipient) {
    const recipient = str(input.recipientEmail);
    if (recipient !== '' && !isValidEmail(recipient))
      problem('recipientEmail', 'checkout.recipient-email-invalid');
    recipientEmail = recipient || email;
    giftMessage = str(input.giftMessage) || null;
  }

  const first = Object.keys(errors)[0];
  if (first !== undefined) {
    return {
      ok: false,
      error: { code: codes[first] as string, message: errors[first] as string, field: first },
      errors,
    };
  }
  return ok({ email, name, address, recipientEmail, giftMessage }) as CustomerResult;
};
