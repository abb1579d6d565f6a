/** The only code touching `restock_signups`: one row per email and variant. */
import type { TablesHandle } from '../../platform/db/index.ts';
import type { Transaction } from 'kysely';
import type { RestockTables } from './tables.ts';

/** Runs on the database or inside a transaction. */
type RestockDb = TablesHandle<RestockTables>;

export interface NewSignUp {
  id: string;
  productId: string;
  variantId: string;
  email: string;
  joinMailingList: boolean;
  created: number;
  clientIp: string;
}

/**
 * Stores a sign-up; a second one for the same email (any case) and variant stores no second row,
 * and keeps a tick of the mailing-list box. Answers whether the pair was already signed up.
 */
export async function insertSignUp(db: RestockDb, signup: NewSignUp): Promise<{ alreadySignedUp: boolean }> {
  const emailKey = signup.email.toLowerCase();
  const inserted = await db
    .insertInto('restock_signups')
    .values({
      id: signup.id,
      product_id: signup.productId,
      variant_id: signup.variantId,
      email: signup.email,
      email_key: emailKey,
      join_mailing_list: signup.joinMailingList ? 1 : 0,
      created: signup.created,
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

/** Sign-up counts per product and variant after `after`, ordered by product then variant; `limit` rows. */
export async function signUpCounts(
  db: RestockDb,
  after: readonly [string, string] | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('restock_signups')
    .select((eb) => [
      'product_id',
      'variant_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('notified_at').as('sent'),
    ])
    .groupBy(['product_id', 'variant_id']);
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('product_id', 'variant_id'), '>', eb.tuple(after[0], after[1])),
    );
  return query.orderBy('product_id').orderBy('variant_id').limit(limit).execute();
}

/** One variant's sign-ups after `after` (created, id), oldest first; `limit` rows. */
export async function variantSignUps(
  db: RestockDb,
  productId: string,
  variantId: string,
  after: readonly [number, string] | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('restock_signups')
    .select(['id', 'email', 'join_mailing_list', 'created', 'notified_at'])
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId);
  if (after) query = query.where((eb) => eb(eb.refTuple('created', 'id'), '>', eb.tuple(after[0], after[1])));
  return query.orderBy('created').orderBy('id').limit(limit).execute();
}

/** The ids of up to `limit` of the variant's sign-ups not mailed yet, oldest first. */
export async function waitingSignUpIds(
  db: RestockDb,
  productId: string,
  variantId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('restock_signups')
    .select('id')
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .where('notified_at', 'is', null)
    .orderBy('created')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Marks the sign-ups `ids` notified at `now`, those not claimed already; answers those it claimed. */
export function claimSignUps(
  trx: Transaction<RestockTables>,
  ids: readonly string[],
  now: number,
): Promise<{ id: string; email: string }[]> {
  return trx
    .updateTable('restock_signups')
    .set({ notified_at: now })
    .where('id', 'in', ids)
    .where('notified_at', 'is', null)
    .returning(['id', 'email'])
    .execute();
}

/** How many sign-ups wait for their mail, per variant. */
export async function waitingSignUpsByVariant(
  db: RestockDb,
): Promise<{ variantId: string; waiting: number }[]> {
  const rows = await db
    .selectFrom('restock_signups')
    .select((eb) => ['variant_id', eb.fn.countAll<number | string>().as('waiting')])
    .where('notified_at', 'is', null)
    .groupBy('variant_id')
    .execute();
  return rows.map((r) => ({ variantId: r.variant_id, waiting: Number(r.waiting) }));
}
