import type { ColumnType } from 'kysely';

/** Times in epoch milliseconds (PostgreSQL returns bigint as a string: read them with `Number`). */
type Millis = ColumnType<number | string, number, number>;

/** Stripe webhook events acted on (their id: a replay finds it and changes nothing). */
export interface StripeEventsTable {
  event_id: string;
  type: string;
  order_id: string | null;
  received: Millis;
}

export interface PaymentTables {
  stripe_events: StripeEventsTable;
}
