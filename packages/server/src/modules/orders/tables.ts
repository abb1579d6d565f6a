import type { ColumnType } from 'kysely';

/**
 * Orders (issue 5). Portable column types only: money in minor units of `currency`, times in epoch
 * milliseconds (PostgreSQL returns bigint as a string: read them with `Number`).
 */
type Millis = ColumnType<number | string, number, number>;

export interface OrdersTable {
  id: string;
  /** The shopper's order number (1, 2, 3...), from `order_counter`. */
  order_number: number;
  created: Millis;
  email: string;
  customer_name: string;
  /** JSON address (core `Address`), or null when nothing ships. */
  address: string | null;
  subtotal_cents: number;
  tax_cents: number;
  shipping_cents: number;
  discount_cents: number;
  grand_total_cents: number;
  currency: string;
  /** 'awaiting-payment' (the manual provider), 'paid', 'cancelled'. */
  status: string;
  payment_provider: string;
  payment_reference: string | null;
  /** The cart it was placed from; null for express checkout of one item. */
  cart_id: string | null;
  /** 'cart', 'express', 'subscription' or 'gift-card'. */
  kind: string;
  /** JSON: subscription plan / gift card recipient and message, or null. */
  extra: string | null;
  /** The customer account that placed it (issue 14); null for guests and deleted accounts. */
  account_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderLinesTable {
  id: string;
  order_id: string;
  position: number;
  item_id: string;
  variant_id: string;
  sku: string;
  title: string;
  quantity: number;
  unit_price_cents: number;
  product_type: number;
  /** JSON: the variant's attributes, for the confirmation ("Size: M"). */
  attributes: string;
  additional_fields: string | null;
  /** Digital products: where the buyer downloads it. */
  download_url: string | null;
}

/** One row: the last order number handed out (a row lock hands numbers out without gaps or repeats). */
export interface OrderCounterTable {
  id: string;
  value: number;
}

/** Stripe webhook events acted on (their id: a replay finds it and changes nothing). */
export interface StripeEventsTable {
  event_id: string;
  type: string;
  order_id: string | null;
  received: Millis;
}

export interface CheckoutTables {
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_counter: OrderCounterTable;
  stripe_events: StripeEventsTable;
}
