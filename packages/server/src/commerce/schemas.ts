import { z } from 'zod';

/**
 * Cart API bodies, parsed at the edge. `quantity` is left loose on purpose: core's rules give the
 * spec's refusals ('Quantity must be a number.', 'Quantity must be a whole number.'), so a string or
 * a fraction reaches them instead of a generic schema error.
 */
const quantity = z.unknown();

export const addEntryBody = z
  .object({
    itemId: z.string().min(1).max(200),
    sku: z.string().max(200).nullish(),
    quantity: quantity.optional(),
    additionalFields: z.string().max(100_000).nullish(),
  })
  .strict();
export type AddEntryBody = z.infer<typeof addEntryBody>;

export const quantityBody = z
  .object({ quantity: z.unknown().refine((v) => v !== undefined, 'quantity is required') })
  .strict();
export type QuantityBody = z.infer<typeof quantityBody>;

export const entryParams = z.object({ entryId: z.string().min(1).max(200) }).strict();

export const cartQuery = z
  .object({
    mock: z.string().optional(),
    timecode: z.string().optional(),
    calculateSubtotal: z.string().optional(),
  })
  .loose();

/** `POST /api/3/commerce/cart/subscription` (spec section 7). */
export const subscriptionBody = z
  .object({
    itemId: z.string().min(1).max(200),
    sku: z.string().max(200).nullish(),
    qty: z.unknown().optional(),
    additionalFields: z.string().max(100_000).nullish(),
  })
  .strict();
