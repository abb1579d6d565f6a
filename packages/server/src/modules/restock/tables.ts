import type { ColumnType } from 'kysely';

/**
 * Restock sign-ups (issue 6, spec sections 2, 3, 7): one row per email and variant. Times are epoch
 * milliseconds (PostgreSQL returns bigint as a string: read them with `Number`).
 */
type Millis = ColumnType<number | string, number, number>;

export interface RestockSignUpsTable {
  id: string;
  product_id: string;
  variant_id: string;
  /** The address as the visitor typed it (trimmed). */
  email: string;
  /** The address lower-cased: what makes a sign-up unique per variant. */
  email_key: string;
  /** 1 when the visitor ticked the mailing-list box (on this or a later sign-up). */
  join_mailing_list: number;
  created: Millis;
  /** Set when the restock notice was sent (the owner's send calls). */
  notified_at: Millis | null;
  client_ip: string;
}

export interface RestockTables {
  restock_signups: RestockSignUpsTable;
}
