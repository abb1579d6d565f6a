/** Restock sign-ups: what a sign-up names, and the staff's views and sends of them (store.ts keeps the rows). */
import { randomUUID } from 'node:crypto';
import { hasStock } from '@storefront/core';
import type { CursorPage, SignUpGroup } from '@storefront/core/wire';
import type { Db } from '../../platform/db/index.ts';
import { productAndVariant, stockOfRow, variantAttributes, variantsStock } from '../catalogue/index.ts';
import { pageOf } from '../../platform/http/cursor.ts';
import { queueMail } from '../../platform/mail/mail.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { claimSignUps, insertSignUp, signUpCounts, variantSignUps, waitingSignUpIds } from './store.ts';

/**
 * Why a sign-up's product and variant cannot be signed up for: `product-not-found` (no such item,
 * or not a product), `variant-not-found` (no such variant of it); undefined when both are fine.
 */
export async function signUpTargetProblem(
  db: Db,
  productId: string,
  variantId: string,
): Promise<'product-not-found' | 'variant-not-found' | undefined> {
  const { product, variant } = await productAndVariant(db, productId, variantId);
  if (!product || product.productType === null) return 'product-not-found';
  if (!variant || variant.itemId !== product.id) return 'variant-not-found';
  return undefined;
}

/**
 * The product title and SKU of a variant that is still sold out, so that no one is told it is back;
 * undefined when it is in stock (or unlimited).
 */
export async function stillSoldOut(
  db: Db,
  variantId: string,
): Promise<{ product: string; sku: string } | undefined> {
  const [variant] = await variantsStock(db, [variantId]);
  if (!variant || hasStock(stockOfRow(variant))) return undefined;
  return { product: variant.title, sku: variant.sku };
}

export interface SignUp {
  productId: string;
  variantId: string;
  email: string;
  joinMailingList: boolean;
  clientIp: string;
}

/**
 * Stores a sign-up; a second one for the same email (any case) and variant stores no second row,
 * and keeps a tick of the mailing-list box. Answers whether the pair was already signed up.
 */
export async function signUp(
  db: Db,
  signup: SignUp,
  now = Date.now(),
): Promise<{ alreadySignedUp: boolean }> {
  return insertSignUp(db, { ...signup, id: randomUUID(), created: now });
}

// ------------------------------------------------------------------ the staff's calls (spec section 7)

/** Groups of sign-ups per product and variant, ordered by product then variant. */
export async function signUpGroups(
  db: Db,
  after: readonly [string, string] | undefined,
  limit: number,
): Promise<CursorPage<'signUpGroups', SignUpGroup>> {
  const rows = await signUpCounts(db, after, limit + 1);
  const { shown, ...paging } = pageOf(rows, limit, (r) => [r.product_id, r.variant_id]);
  const variants = await variantsStock(
    db,
    shown.map((r) => r.variant_id),
  );
  return {
    signUpGroups: shown.map((r) => {
      const v = variants.find((x) => x.id === r.variant_id);
      const inStock = v ? hasStock(stockOfRow(v)) : false;
      const waiting = Number(r.total) - Number(r.sent);
      const attributes = v ? variantAttributes(v.data) : {};
      return {
        productId: r.product_id,
        variantId: r.variant_id,
        productTitle: v?.title ?? '',
        sku: v?.sku ?? '',
        attributes,
        waiting,
        sent: Number(r.sent),
        inStock,
        readyToSend: inStock && waiting > 0,
      };
    }),
    ...paging,
  };
}

export interface SignUpView {
  id: string;
  siteVisitorEmail: string;
  isJoinMailingList: boolean;
  created: number;
  notifiedAt: number | null;
}

/** One variant's sign-ups, oldest first. */
export async function signUpsOf(
  db: Db,
  productId: string,
  variantId: string,
  after: readonly [number, string] | undefined,
  limit: number,
): Promise<CursorPage<'signUps', SignUpView>> {
  const rows = await variantSignUps(db, productId, variantId, after, limit + 1);
  const { shown, ...paging } = pageOf(rows, limit, (r) => [Number(r.created), r.id]);
  return {
    signUps: shown.map((r) => ({
      id: r.id,
      siteVisitorEmail: r.email,
      isJoinMailingList: r.join_mailing_list === 1,
      created: Number(r.created),
      notifiedAt: r.notified_at === null ? null : Number(r.notified_at),
    })),
    ...paging,
  };
}

export interface RestockMail {
  subject: string;
  body: string;
}

const SEND_BATCH = 100;

/**
 * Mails every waiting sign-up of a variant once. Each batch is one transaction that claims its
 * sign-ups (`notified_at` set only where it is still null) and queues their mail in the outbox
 * together: a sign-up is claimed exactly when its mail is queued. Two sends at once cannot both
 * claim a row (the second's conditional update finds it claimed, on PostgreSQL after waiting for
 * the first's row lock); a process that dies mid-send leaves every committed batch's mail in the
 * outbox (sent at the next start) and every other sign-up waiting, for the next send.
 * Answers the ids of the outbox mails to deliver once committed.
 */
export async function sendGroup(
  db: Db,
  productId: string,
  variantId: string,
  mail: RestockMail,
  now = Date.now(),
): Promise<string[]> {
  const mailIds: string[] = [];
  for (;;) {
    const waiting = await waitingSignUpIds(db, productId, variantId, SEND_BATCH);
    if (waiting.length === 0) return mailIds;
    // Collected after the commit: a try rolled back (and run again) must leave no mail id behind.
    const queued = await writeTransaction(db, async (trx) => {
      const ids: string[] = [];
      const claimed = await claimSignUps(trx, waiting, now);
      for (const signup of claimed)
        ids.push(await queueMail(trx, { kind: 'restock', refId: signup.id, to: signup.email, ...mail }, now));
      return ids;
    });
    mailIds.push(...queued);
  }
}
