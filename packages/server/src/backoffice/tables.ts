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
}

/** Every stock change made by the back office: 'cancellation', 'adjustment', 'set'. */
export interface StockLedgerTable {
  id: string;
  created: Millis;
  variant_id: string;
  /** Units added (positive) or taken (negative). */
  change: number;
  reason: string;
  /** The order, for order and cancellation entries. */
  ref_id: string | null;
  actor_id: string | null;
  note: string | null;
}

export interface BackofficeTables {
  order_events: OrderEventsTable;
  order_fulfilments: OrderFulfilmentsTable;
  order_fulfilment_lines: OrderFulfilmentLinesTable;
  order_refunds: OrderRefundsTable;
  stock_ledger: StockLedgerTable;
}
