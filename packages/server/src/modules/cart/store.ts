/**
 * The only code touching the cart tables (`carts`, `cart_entries`). A write that spans modules
 * (placing an order, deleting an account) passes its transaction in, so it commits with the rest.
 */
import type { TablesHandle } from '../../platform/db/index.ts';
import type { Insertable, Transaction } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared.ts';
import type { CartEntryRow, CartRow, CartTables } from './tables.ts';

/** A read runs on the database or inside a transaction. */
type CartDb = TablesHandle<CartTables>;
type CartTrx = Transaction<CartTables>;

export type NewCart = Pick<
  Required<Insertable<CartTables['carts']>>,
  'id' | 'token' | 'website_id' | 'created' | 'updated' | 'is_purchased' | 'order_id' | 'account_id'
>;
export type NewCartEntry = Required<Insertable<CartTables['cart_entries']>>;
export type CartChoiceColumns = Partial<
  Pick<CartRow, 'coupon_code' | 'shipping_location' | 'shipping_option'>
>;

// ------------------------------------------------------------------ reads

export const openCartByToken = (db: CartDb, token: string): Promise<CartRow | undefined> =>
  db
    .selectFrom('carts')
    .selectAll()
    .where('token', '=', token)
    .where('is_purchased', '=', 0)
    .executeTakeFirst();

/** The customer's open cart (the latest, should there ever be two). */
export const openCartOfAccount = (db: CartDb, accountId: string): Promise<CartRow | undefined> =>
  db
    .selectFrom('carts')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('is_purchased', '=', 0)
    .orderBy('updated', 'desc')
    .executeTakeFirst();

// The hot path's statements (add-to-cart, every cart read) are built once (platform/db/prepared.ts).
const cartEntryRowsQuery = preparedQuery((db: CartDb, { cartId }: { cartId: string }) =>
  db.selectFrom('cart_entries').selectAll().where('cart_id', '=', cartId).orderBy('position'),
);

/** A cart's entries in their order. */
export const cartEntryRows = (db: CartDb, cartId: string): Promise<CartEntryRow[]> =>
  cartEntryRowsQuery.run(db, { cartId });

export const findCartEntry = (db: CartDb, cartId: string, entryId: string) =>
  db
    .selectFrom('cart_entries')
    .select(['id', 'item_id', 'sku'])
    .where('cart_id', '=', cartId)
    .where('id', '=', entryId)
    .executeTakeFirst();

// ------------------------------------------------------------------ writes

/** The open cart named by `token`, its `updated` time set to `now` (which locks its row until commit). */
export const touchCartQuery = preparedQuery((db: CartDb, { token, now }: { token: string; now: number }) =>
  db
    .updateTable('carts')
    .set({ updated: now })
    .where('token', '=', token)
    .where('is_purchased', '=', 0)
    .returningAll(),
);

export const insertCartQuery = preparedQuery((db: CartDb, cart: NewCart) =>
  db.insertInto('carts').values(cart),
);

export const insertCartEntryQuery = preparedQuery((db: CartDb, entry: NewCartEntry) =>
  db.insertInto('cart_entries').values(entry),
);

export const setEntryQuantityQuery = preparedQuery(
  (db: CartDb, { id, quantity }: { id: string; quantity: number }) =>
    db.updateTable('cart_entries').set({ quantity }).where('id', '=', id),
);

/** Sets the cart's `updated` time, which also locks its row until commit. */
export async function markCartUpdated(trx: CartTrx, cartId: string, now: number): Promise<void> {
  await trx.updateTable('carts').set({ updated: now }).where('id', '=', cartId).execute();
}

/** Locks the open cart for its purchase; false when it was bought meanwhile. */
export async function lockCartForPurchase(trx: CartTrx, cartId: string, now: number): Promise<boolean> {
  const locked = await trx
    .updateTable('carts')
    .set({ updated: now })
    .where('id', '=', cartId)
    .where('is_purchased', '=', 0)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) === 1;
}

export async function markCartPurchased(trx: CartTrx, cartId: string, orderId: string): Promise<void> {
  await trx
    .updateTable('carts')
    .set({ is_purchased: 1, order_id: orderId })
    .where('id', '=', cartId)
    .execute();
}

export async function setCartChoices(
  trx: CartTrx,
  cartId: string,
  change: CartChoiceColumns,
  now: number,
): Promise<void> {
  await trx
    .updateTable('carts')
    .set({ ...change, updated: now })
    .where('id', '=', cartId)
    .execute();
}

export async function insertCart(trx: CartTrx, cart: Insertable<CartTables['carts']>): Promise<void> {
  await trx.insertInto('carts').values(cart).execute();
}

export async function insertCartEntries(trx: CartTrx, entries: readonly NewCartEntry[]): Promise<void> {
  if (entries.length > 0) await trx.insertInto('cart_entries').values(entries).execute();
}

export async function setCartEntryQuantity(trx: CartTrx, entryId: string, quantity: number): Promise<void> {
  await trx.updateTable('cart_entries').set({ quantity }).where('id', '=', entryId).execute();
}

export async function setCartEntryFields(
  trx: CartTrx,
  entryId: string,
  additionalFields: string | null,
): Promise<void> {
  await trx
    .updateTable('cart_entries')
    .set({ additional_fields: additionalFields })
    .where('id', '=', entryId)
    .execute();
}

/** Deletes the cart's entry; false when the cart holds no such entry. */
export async function deleteCartEntry(trx: CartTrx, cartId: string, entryId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('cart_entries')
    .where('cart_id', '=', cartId)
    .where('id', '=', entryId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Makes the cart the customer's. */
export async function adoptCart(trx: CartTrx, cartId: string, accountId: string, now: number): Promise<void> {
  await trx
    .updateTable('carts')
    .set({ account_id: accountId, updated: now })
    .where('id', '=', cartId)
    .execute();
}

/** Locks the cart's row; the cart keeps its own discount code, else takes `couponCode`. */
export async function touchCartKeepingCoupon(
  trx: CartTrx,
  cartId: string,
  couponCode: string | null,
  now: number,
): Promise<void> {
  await trx
    .updateTable('carts')
    .set((eb) => ({ updated: now, coupon_code: eb.fn.coalesce('coupon_code', eb.val(couponCode)) }))
    .where('id', '=', cartId)
    .execute();
}

/** Deletes the cart with its entries. */
export async function deleteCart(trx: CartTrx, cartId: string): Promise<void> {
  await trx.deleteFrom('cart_entries').where('cart_id', '=', cartId).execute();
  await trx.deleteFrom('carts').where('id', '=', cartId).execute();
}

/** The customer's carts stay (an order may point at one) but belong to no one. */
export async function releaseCustomerCarts(trx: CartTrx, accountId: string): Promise<void> {
  await trx.updateTable('carts').set({ account_id: null }).where('account_id', '=', accountId).execute();
}
