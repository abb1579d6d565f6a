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

/** One line of an order's timeline: what happened, and which staff member did it (null: the shop). */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  created: Millis;
  /** 'paid', 'fulfilled', 'cancelled', 'refunded', 'confirmation-resent', 'note'. */
  kind: string;
  actor_id: string | null;
  /** The staff member's address when it happened (kept when the account goes). */
  actor_email: string | null;
  /** JSON: what the event needs to be read back (tracking, amount, note text...). */
  detail: string | null;
}

export interface OrderFulfilmentsTable {
  id: string;
  order_id: string;
  created: Millis;
  tracking_number: string | null;
  tracking_url: string | null;
}

export interface OrderFulfilmentLinesTable {
  fulfilment_id: string;
  order_id: string;
  line_id: string;
  quantity: number;
}

export interface OrderRefundsTable {
  id: string;
  order_id: string;
  created: Millis;
  amount_cents: number;
  reason: string | null;
  /** 'pending' (the provider has not confirmed it yet), 'succeeded', 'failed' (the provider's part). */
  status: ColumnType<string, string | undefined, string>;
  /** The part given back onto the gift cards that paid the order (done at once). */
  gift_card_cents: ColumnType<number, number | undefined, number>;
  /** The part given back through the payment provider, or by hand with the manual provider. */
  provider_cents: ColumnType<number, number | undefined, number>;
  provider: ColumnType<string, string | undefined, string>;
  /** Stripe's PaymentIntent the refund is made on. */
  provider_payment_id: string | null;
  /** Stripe's refund id, once Stripe has answered. */
  provider_refund_id: string | null;
  /** JSON `[{ lineId, quantity }]` when refunded by line; null for an amount. */
  lines: string | null;
  /** 1 when the refunded lines went back into stock (in the refund's transaction). */
  restocked: ColumnType<number, number | undefined, number>;
}

export interface OrderTables {
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_counter: OrderCounterTable;
  order_events: OrderEventsTable;
  order_fulfilments: OrderFulfilmentsTable;
  order_fulfilment_lines: OrderFulfilmentLinesTable;
  order_refunds: OrderRefundsTable;
}
