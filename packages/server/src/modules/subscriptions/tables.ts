import type { SubscriptionState } from '@storefront/core/subscriptions';
import type { ColumnType } from 'kysely';

/** Subscriptions (issue 17; migration 025). Times in epoch ms (PostgreSQL bigint: read with `Number`). */
type Millis = ColumnType<number | string, number, number>;

export type { SubscriptionState };

export interface SubscriptionsTable {
  id: string;
  /** The subscription order (cycle 1). */
  first_order_id: string;
  /** The customer account that subscribed; null for a guest (who cannot manage it from /account). */
  account_id: string | null;
  email: string;
  /** JSON: the order's customer (email, name, address): each renewal is placed for it. */
  customer: string;
  item_id: string;
  sku: string;
  quantity: number;
  title: string;
  period_value: number;
  /** 'WEEK', 'MONTH' or 'YEAR'. */
  period_unit: string;
  /** 0: renews until cancelled. */
  num_cycles: number;
  /** Orders made so far (the first order is cycle 1). */
  cycles_made: number;
  state: SubscriptionState;
  /** How many periods after `created` the next cycle is due (a resume skips the periods it was paused). */
  due_periods: number;
  /** When the next cycle is due: `due_periods` periods after `created` on the calendar of `time_zone`. */
  next_due: Millis;
  /** The IANA zone billing dates are counted in: the site's when it started (migration 035; UTC before). */
  time_zone: ColumnType<string, string | undefined, string>;
  /** When the scheduler next tries it: `next_due`, or later while failures back off. */
  attempt_at: Millis;
  /** Failed tries of the current cycle. */
  failures: number;
  last_error: string | null;
  /** SHA-256 digest of the manage link's token (migration 027); null before it. */
  manage_digest: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Stripe customer and card the first checkout saved for renewals (migration 028); null without Stripe. */
  stripe_customer: ColumnType<string | null, string | null | undefined, string | null>;
  stripe_payment_method: ColumnType<string | null, string | null | undefined, string | null>;
  created: Millis;
  updated: Millis;
}

/** The claim: one row per (subscription, cycle), written with the renewal order. */
export interface SubscriptionRenewalsTable {
  subscription_id: string;
  cycle: number;
  order_id: string;
  /** The cycle's failures before this claim: a declined card puts them back, plus one (migration 028). */
  failures_before: ColumnType<number, number | undefined, number>;
  created: Millis;
}

export interface SubscriptionTables {
  subscriptions: SubscriptionsTable;
  subscription_renewals: SubscriptionRenewalsTable;
}
