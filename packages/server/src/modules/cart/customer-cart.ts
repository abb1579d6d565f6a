/**
 * The cart follows the customer (issue 14): a customer has one open cart in the database (the
 * cart row's `account_id`). Signing in merges the browser's anonymous cart into it and points the
 * browser's cart cookie at it, so every signed-in device holds the same cart; signing out with
 * `cloneCart=true` leaves a copy behind as a new anonymous cart. The accounts module calls these
 * through the cart module's index; prices and stock rules are core's.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { findVariantBySku, message, productOf, variantStock, type LocalizedStrings } from '@storefront/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getItemsByIds } from '../catalogue/index.ts';
import type { Db, Trx } from '../../platform/db/index.ts';
import type { CartRow } from './tables.ts';
import {
  adoptCart,
  cartEntryRows,
  deleteCart,
  insertCart,
  insertCartEntries,
  openCartByToken,
  openCartOfAccount,
  setCartEntryQuantity,
  touchCartKeepingCoupon,
} from './store.ts';
import { CART_COOKIE, cartCookieOptions, HAS_CART_COOKIE } from '../../platform/http/cookies.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';

/** What the merge could not keep: the entry's title and the spec's message saying why. */
export interface CartNotice {
  title: string;
  message: string;
}

export interface MergedCart {
  /** The customer's cart token, for the browser's cookie; undefined when they have no cart. */
  token: string | undefined;
  notices: CartNotice[];
}

const openCartNamed = (trx: Trx, token: string | undefined): Promise<CartRow | undefined> =>
  token ? openCartByToken(trx, token) : Promise.resolve(undefined);

/**
 * Merges the anonymous cart named by `anonymousToken` into the customer's cart (adopting it when
 * the customer has none). A variant's quantity is capped by its stock, counting what the
 * customer's cart already holds; an entry whose product or variant is gone is dropped. Each cut
 * is reported with the spec's add-to-cart message. A cart that belongs to another customer is
 * left alone (its cookie was left behind on a shared browser).
 *
 * Runs in the caller's transaction, which must hold the customer's account row lock first: two
 * devices signing in at once then merge in turn, so the second finds the cart the first adopted
 * instead of adopting its own beside it (which no later sign-in would ever merge: its entries
 * would be lost).
 */
export async function mergeIntoCustomerCart(
  trx: Trx,
  accountId: string,
  anonymousToken: string | undefined,
  ls?: LocalizedStrings,
): Promise<MergedCart> {
  const now = Date.now();
  const own = await openCartOfAccount(trx, accountId);
  const found = await openCartNamed(trx, anonymousToken);
  const anonymous = found && found.account_id === null && found.id !== own?.id ? found : undefined;
  if (!anonymous) return { token: own?.token, notices: [] };
  if (!own) {
    await adoptCart(trx, anonymous.id, accountId, now);
    return { token: anonymous.token, notices: [] };
  }
  // Lock the customer's cart first, as every cart write does (cart.ts). A cart holds one
  // discount code: the customer's own stays (read under the lock: one applied on another device
  // meanwhile wins), else the one typed before signing in comes along.
  await touchCartKeepingCoupon(trx, own.id, anonymous.coupon_code, now);
  const ownEntries = await cartEntryRows(trx, own.id);
  const incoming = await cartEntryRows(trx, anonymous.id);
  const items = await getItemsByIds(trx, [...new Set(incoming.map((e) => e.item_id))]);
  const held = new Map<string, number>();
  for (const e of ownEntries) held.set(e.variant_id, (held.get(e.variant_id) ?? 0) + e.quantity);
  let position = ownEntries.reduce((max, e) => Math.max(max, e.position), 0);
  const notices: CartNotice[] = [];
  for (const entry of incoming) {
    const item = items.get(entry.item_id);
    const product = item?.structuredContent ? productOf(item) : undefined;
    const variant = product && findVariantBySku(product, entry.sku);
    if (!item || !product || !variant) {
      notices.push({
        title: item?.title ?? entry.sku,
        message: message('cart.add.variant-unavailable', {}, ls),
      });
      continue;
    }
    const room = Math.max(0, variantStock(product, variant) - (held.get(entry.variant_id) ?? 0));
    const quantity = Math.min(entry.quantity, room);
    if (quantity < entry.quantity)
      notices.push({ title: item.title, message: message('cart.add.not-enough-stock', {}, ls) });
    if (quantity === 0) continue;
    held.set(entry.variant_id, (held.get(entry.variant_id) ?? 0) + quantity);
    const same = ownEntries.find(
      (e) => e.variant_id === entry.variant_id && e.additional_fields === entry.additional_fields,
    );
    if (same) {
      same.quantity += quantity;
      await setCartEntryQuantity(trx, same.id, same.quantity);
    } else
      await insertCartEntries(trx, [
        { ...entry, id: randomUUID(), cart_id: own.id, quantity, created: now, position: ++position },
      ]);
  }
  await deleteCart(trx, anonymous.id);
  return { token: own.token, notices };
}

/** A copy of the cart named by `token` as a new anonymous cart; its token, or undefined (no cart). */
export async function cloneAsAnonymousCart(db: Db, token: string | undefined): Promise<string | undefined> {
  return writeTransaction(db, async (trx) => {
    const source = await openCartNamed(trx, token);
    if (!source) return undefined;
    const now = Date.now();
    const copy = {
      ...source,
      id: randomUUID(),
      token: randomBytes(24).toString('base64url'),
      account_id: null,
      created: now,
      updated: now,
    };
    await insertCart(trx, copy);
    const entries = await cartEntryRows(trx, source.id);
    await insertCartEntries(
      trx,
      entries.map((e) => ({ ...e, id: randomUUID(), cart_id: copy.id, created: now })),
    );
    return copy.token;
  });
}

/** Points the browser's cart cookies at `token` (as the cart API sets them), or clears them. */
export function setCartCookie(request: FastifyRequest, reply: FastifyReply, token: string | undefined): void {
  if (!token) {
    for (const name of [CART_COOKIE, HAS_CART_COOKIE]) reply.clearCookie(name, { path: '/' });
    return;
  }
  const options = cartCookieOptions(request.protocol === 'https');
  reply.setCookie(CART_COOKIE, token, options);
  reply.setCookie(HAS_CART_COOKIE, 'true', options);
}
