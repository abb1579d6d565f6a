import type { ColumnType, Selectable } from 'kysely';

/** Epoch milliseconds (PostgreSQL returns bigint as a string: read them with `Number`). */
type Millis = ColumnType<number | string, number, number>;

export interface CartsTable {
  id: string;
  token: string;
  website_id: string;
  created: Millis;
  updated: Millis;
  is_purchased: number;
  order_id: string | null;
  /** The customer whose cart it is (one open cart per customer; customer-cart.ts). */
  account_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The discount code on the cart, as typed (issue 17; pricing.ts). */
  coupon_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON `{ country, region, postalCode }`: where the shipping and tax estimate is for. */
  shipping_location: ColumnType<string | null, string | null | undefined, string | null>;
  /** The chosen shipping option's id. */
  shipping_option: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CartEntriesTable {
  id: string;
  cart_id: string;
  item_id: string;
  variant_id: string;
  sku: string;
  quantity: number;
  /** The additionalFields JSON string as sent, or null. */
  additional_fields: string | null;
  created: Millis;
  /** Order of the entry in its cart (max + 1 when added). */
  position: number;
}

export interface CartTables {
  carts: CartsTable;
  cart_entries: CartEntriesTable;
}

export type CartRow = Selectable<CartsTable>;
export type CartEntryRow = Selectable<CartEntriesTable>;
