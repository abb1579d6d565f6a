import type { ColumnType } from 'kysely';

/**
 * The back office's tables (issue 15; migration 2026-11-24-014-backoffice). Times are epoch
 * milliseconds (PostgreSQL returns bigint as a string: read them with `Number`).
 */
type Millis = ColumnType<number | string, number, number>;

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
  stock_ledger: StockLedgerTable;
}
