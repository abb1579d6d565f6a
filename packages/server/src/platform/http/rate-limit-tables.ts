import type { ColumnType } from 'kysely';

/** Per-key hit counters of the rate limits (rate-limit.ts); times are epoch milliseconds. */
export interface RateLimitsTable {
  key: string;
  window_start: ColumnType<number | string, number, number>;
  count: number;
}

export interface RateLimitTables {
  rate_limits: RateLimitsTable;
}
