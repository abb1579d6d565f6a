/** Restock sign-ups' storage: what a sign-up names, and one row per email and variant. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';

/**
 * Why a sign-up's product and variant cannot be signed up for: `product-not-found` (no such item,
 * or not a product), `variant-not-found` (no such variant of it); undefined when both are fine.
 */
export async function signUpTargetProblem(
  db: Db,
  productId: string,
  variantId: string,
): Promise<'product-not-found' | 'variant-not-found' | undefined> {
  const variant = await db
    .selectFrom('variants')
    .select(['id', 'item_id'])
    .where('id', '=', variantId)
    .executeTakeFirst();
  const product = await db
    .selectFrom('items')
    .select(['id', 'product_type'])
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product || product.product_type === null) return 'product-not-found';
  if (!variant || variant.item_id !== product.id) return 'variant-not-found';
  return undefined;
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
  const emailKey = signup.email.toLowerCase();
  const inserted = await db
    .insertInto('restock_signups')
    .values({
      id: randomUUID(),
      product_id: signup.productId,
      variant_id: signup.variantId,
      email: signup.email,
      email_key: emailKey,
      join_mailing_list: signup.joinMailingList ? 1 : 0,
      created: now,
      notified_at: null,
      client_ip: signup.clientIp,
    })
    .onConflict((oc) => oc.columns(['product_id', 'variant_id', 'email_key']).doNothing())
    .executeTakeFirst();
  const alreadySignedUp = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0;
  if (alreadySignedUp && signup.joinMailingList)
    await db
      .updateTable('restock_signups')
      .set({ join_mailing_list: 1 })
      .where('product_id', '=', signup.productId)
      .where('variant_id', '=', signup.variantId)
      .where('email_key', '=', emailKey)
      .execute();
  return { alreadySignedUp };
}
