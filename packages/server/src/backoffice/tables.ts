import type { ColumnType } from 'kysely';

/**
 * The back office's tables (issue 15; migration 2026-11-24-014-backoffice). Times are epoch
 * milliseconds (PostgreSQL returns bigint as a string: read them with `Number`).
 */
type Millis = ColumnType<number | string, number, number>;

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

export interface BackofficeTables {
  order_events: OrderEventsTable;
  order_fulfilments: OrderFulfilmentsTable;
  order_fulfilment_lines: OrderFulfilmentLinesTable;
  order_refunds: OrderRefundsTable;
}
