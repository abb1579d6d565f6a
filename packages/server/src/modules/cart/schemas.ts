import { z } from 'zod';
import type {
  AddEntryRequest,
  ApplyCouponRequest,
  ShippingLocationRequest,
  ShippingOptionRequest,
  QuantityRequest,
  SubscriptionRequest,
  UpdateFieldsRequest,
} from '@storefront/core/wire';

/**
 * Cart API bodies, parsed at the edge. `quantity` is left loose on purpose: core's rules give the
 * spec's refusals ('Quantity must be a number.', 'Quantity must be a whole number.'), so a string or
 * a fraction reaches them instead of a generic schema error.
 */
const quantity = z.unknown();

/** True when `s` holds a control character (or only NUL, with `nulOnly`). */
const hasControl = (s: string, nulOnly = false): boolean => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (nulOnly ? c === 0 : c < 0x20 || c === 0x7f) return true;
  }
  return false;
};

/** An id or SKU: no control characters (PostgreSQL text cannot even hold NUL). */
const id = (max: number, min = 1) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((s) => !hasControl(s), 'must not contain control characters');
/** Free text stored as it is sent: everything but NUL. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !hasControl(s, true), 'must not contain NUL characters');

export const addEntryBody = z
  .object({
    itemId: id(200),
    sku: id(200, 0).nullish(),
    quantity: quantity.optional(),
    additionalFields: text(100_000).nullish(),
  })
  .strict();

export const quantityBody = z
  .object({ quantity: z.unknown().refine((v) => v !== undefined, 'quantity is required') })
  .strict();

export const entryParams = z.object({ entryId: id(200) }).strict();

const flag = z.enum(['true', 'false'], { message: "must be 'true' or 'false'" });

/**
 * `GET /api/commerce/shopping-cart` (spec section 7): `mock=true` answers the empty cart without
 * reading the database; `timecode` is the client's cache-buster (digits, ignored: the answer is
 * `no-store`); `calculateSubtotal=false` leaves the money totals uncalculated (0).
 */
export const cartQuery = z
  .object({
    mock: flag.optional(),
    timecode: z
      .string()
      .regex(/^[0-9]{1,20}$/, 'must be digits')
      .optional(),
    calculateSubtotal: flag.optional(),
  })
  .loose();

/** `PUT .../entries/{entryId}/additionalFields` (spec section 7). */
export const additionalFieldsBody = z
  .object({
    itemId: id(200).optional(),
    sku: id(200, 0).nullish(),
    additionalFields: text(100_000).nullable(),
  })
  .strict();

/** `GET /api/commerce/inventory/stock?itemId=` */
export const stockQuery = z.object({ itemId: id(200) }).loose();

/** `POST /api/3/commerce/cart/subscription` (spec section 7). */
export const subscriptionBody = z
  .object({
    itemId: id(200),
    sku: id(200, 0).nullish(),
    qty: z.unknown().optional(),
    additionalFields: text(100_000).nullish(),
  })
  .strict();

/** `POST .../coupons` and `DELETE .../coupons/{code}`: a discount code as a shopper types it. */
const couponCode = z.string().trim().min(1, 'enter a discount code').max(40);
export const couponBody = z.object({ code: couponCode }).strict();
export const couponParams = z.object({ code: couponCode }).strict();

/** `PUT .../shipping-location`: a two-letter country, then the region and postal code as given. */
export const shippingLocationBody = z
  .object({
    country: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code'),
    region: id(40, 0).optional(),
    postalCode: id(20, 0).optional(),
  })
  .strict();

/** `PUT .../shipping-option`. */
export const shippingOptionBody = z.object({ optionId: id(100) }).strict();

/** True only when both types accept the same values. */
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// The bodies parsed here are core's wire contract, which the browser's client sends: the type
// checker fails here when either side changes alone.
const bodiesMatchTheWire: [
  SameShape<z.infer<typeof addEntryBody>, AddEntryRequest>,
  // One way only: the schema also refuses an absent quantity, which `unknown` cannot say.
  z.infer<typeof quantityBody> extends QuantityRequest ? true : false,
  SameShape<z.infer<typeof additionalFieldsBody>, UpdateFieldsRequest>,
  SameShape<z.infer<typeof subscriptionBody>, SubscriptionRequest>,
  SameShape<z.infer<typeof couponBody>, ApplyCouponRequest>,
  SameShape<z.infer<typeof shippingLocationBody>, ShippingLocationRequest>,
  SameShape<z.infer<typeof shippingOptionBody>, ShippingOptionRequest>,
] = [true, true, true, true, true, true, true];
void bodiesMatchTheWire;
