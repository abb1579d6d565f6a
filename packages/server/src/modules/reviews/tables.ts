import type { ColumnType } from 'kysely';

/** Reviews (issue 17; migration 026). Times are epoch milliseconds (PostgreSQL bigint: read with `Number`). */
type Millis = ColumnType<number | string, number, number>;

export type ReviewState = 'pending' | 'approved' | 'rejected';

export interface ReviewRequestsTable {
  id: string;
  /** SHA-256 of the mailed token: the database alone cannot make a working link. */
  token_digest: string;
  /** One request per order. */
  order_id: string;
  created: Millis;
  expires_at: Millis;
  /** Set when the buyer submitted: a link works once. */
  used_at: Millis | null;
}

export interface ReviewsTable {
  id: string;
  order_id: string;
  /** The order line reviewed: one review per line. */
  line_id: string;
  item_id: string;
  product_title: string;
  customer_name: string;
  email: string;
  /** 1 to 5. */
  rating: number;
  title: string;
  body: string;
  state: ReviewState;
  created: Millis;
  moderated_at: Millis | null;
  /** The staff account that approved or rejected it. */
  moderated_by: string | null;
}

export interface ReviewTables {
  review_requests: ReviewRequestsTable;
  reviews: ReviewsTable;
}
