/** Discount codes' usage (issue 17). Times in epoch milliseconds (PostgreSQL returns bigint as a string). */
import type { ColumnType } from 'kysely';

type Millis = ColumnType<number | string, number, number>;

/** Orders that used a discount code so far (issue 17): raised only while below the code's limit. */
export interface DiscountUsageTable {
  code: string;
  used: number;
}

/** One customer's (email, lower case) orders with a code. */
export interface DiscountCustomerUsageTable {
  code: string;
  customer: string;
  used: number;
}

/** Which order used which code, for how much. */
export interface DiscountRedemptionsTable {
  order_id: string;
  code: string;
  customer: string;
  discount_cents: number;
  created: Millis;
}

export interface DiscountTables {
  discount_usage: DiscountUsageTable;
  discount_customer_usage: DiscountCustomerUsageTable;
  discount_redemptions: DiscountRedemptionsTable;
}
