import { randomBytes, randomUUID } from 'node:crypto';
import { digest } from '../../platform/http/session.ts';
import type { MailingSite } from '../../platform/site/context.ts';
import { changeKey } from '../../platform/db/change-version.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import type { Selectable } from 'kysely';
import type { ReviewState, ReviewsTable, ReviewTables } from './tables.ts';
import type { TablesHandle } from '../../platform/db/index.ts';

type ReviewsDb = TablesHandle<ReviewTables>;
export type ReviewRow = Selectable<ReviewsTable>;

/**
 * Product reviews (issue 17), what the back office's fulfilment, the reviews feature and product
 * pages share. A verified buyer is asked once per order, when its last line has shipped, by a
 * mailed link to the reviews request page (page type 209). The link carries 32 random bytes from
 * the operating system's CSPRNG; the database keeps only their SHA-256 digest (like the sign-in
 * code's `?pending=` token), so a link cannot be forged from a guess nor made from a leaked table,
 * and it works until it expires or has been used once.
 */

/** How long the mailed link works. */
export const REVIEW_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const REVIEW_REQUEST_PATH = '/reviews/request';

/** The spec's feature flag "native product reviews" (§ enumerations). */
export const NATIVE_PRODUCT_REVIEWS_FEATURE = 66;

/**
 * Whether the site turned reviews on: its `websiteSettings.enabledFeatures` (the spec's feature
 * flag numbers) holds 66. Off, no rating is shown, no request mailed and the reviews routes answer 404.
 */
export function reviewsEnabled(websiteSettings: { enabledFeatures?: unknown }): boolean {
  const features = websiteSettings.enabledFeatures;
  return Array.isArray(features) && features.includes(NATIVE_PRODUCT_REVIEWS_FEATURE);
}

/** The site the request is mailed from (platform/site/context.ts), and whether it asks for reviews. */
export interface ReviewMailSite extends MailingSite {
  /** The site's reviews flag ({@link reviewsEnabled}): off, nobody is asked. */
  reviewsEnabled?: boolean;
}

/**
 * Records the review request of an order in the caller's transaction and gives its token, or
 * undefined when the order was asked already.
 */
export async function recordReviewRequest(
  trx: ReviewsDb,
  orderId: string,
  now: number,
): Promise<string | undefined> {
  const asked = await trx
    .selectFrom('review_requests')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (asked) return undefined;
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('review_requests')
    .values({
      id: randomUUID(),
      token_digest: digest(token),
      order_id: orderId,
      created: now,
      expires_at: now + REVIEW_LINK_LIFETIME_MS,
      used_at: null,
    })
    .execute();
  return token;
}

/** A product's approved reviews: how many and their mean rating (one decimal), for its page. */
export interface RatingSummary {
  count: number;
  averageRating: number;
}

export async function ratingSummary(db: ReviewsDb, itemId: string): Promise<RatingSummary | undefined> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string>('rating').as('sum'),
    ])
    .where('item_id', '=', itemId)
    .where('state', '=', 'approved')
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  if (count === 0) return undefined;
  return { count, averageRating: Math.round((Number(row?.sum) / count) * 10) / 10 };
}

/**
 * Approves or rejects a review; its product's reviews key moves with the commit, so the pages
 * showing its rating, kept in memory on any instance, show the new one on their next request.
 * False when there is no such review.
 */
export async function moderateReview(
  db: ReviewsDb,
  id: string,
  state: 'approved' | 'rejected',
  actorId: string,
  now = Date.now(),
): Promise<boolean> {
  return writeTransaction(db, async (trx, changes) => {
    const changed = await trx
      .updateTable('reviews')
      .set({ state, moderated_at: now, moderated_by: actorId })
      .where('id', '=', id)
      .returning('item_id')
      .executeTakeFirst();
    if (!changed) return false;
    changes.touch(changeKey.reviews(changed.item_id));
    return true;
  });
}

/** A review request by its token's digest, if any. */
export function reviewRequestByDigest(
  db: ReviewsDb,
  tokenDigest: string,
): Promise<
  { id: string; order_id: string; expires_at: number | string; used_at: number | string | null } | undefined
> {
  return db
    .selectFrom('review_requests')
    .select(['id', 'order_id', 'expires_at', 'used_at'])
    .where('token_digest', '=', tokenDigest)
    .executeTakeFirst();
}

/** What a shopper wrote about one line of their order. */
export interface NewReview {
  orderId: string;
  lineId: string;
  itemId: string;
  productTitle: string;
  customerName: string;
  email: string;
  rating: number;
  title: string;
  body: string;
}

/**
 * Spends the request and stores its reviews (pending), in one transaction; false, and nothing
 * stored, when the request was spent already.
 */
export async function spendRequestWithReviews(
  db: ReviewsDb,
  requestId: string,
  reviews: readonly NewReview[],
  now: number,
): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    const spent = await trx
      .updateTable('review_requests')
      .set({ used_at: now })
      .where('id', '=', requestId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('reviews')
      .values(
        reviews.map((r) => ({
          id: randomUUID(),
          order_id: r.orderId,
          line_id: r.lineId,
          item_id: r.itemId,
          product_title: r.productTitle,
          customer_name: r.customerName,
          email: r.email,
          rating: r.rating,
          title: r.title,
          body: r.body,
          state: 'pending' as const,
          created: now,
          moderated_at: null,
          moderated_by: null,
        })),
      )
      .execute();
    return true;
  });
}

/** Reviews of one state, oldest first, after the (created, id) position given. */
export function reviewsInState(
  db: ReviewsDb,
  state: ReviewState,
  after: readonly [number, string] | undefined,
  limit: number,
): Promise<ReviewRow[]> {
  let select = db
    .selectFrom('reviews')
    .selectAll()
    .where('state', '=', state)
    .orderBy('created')
    .orderBy('id')
    .limit(limit);
  if (after)
    select = select.where((eb) =>
      eb.or([eb('created', '>', after[0]), eb.and([eb('created', '=', after[0]), eb('id', '>', after[1])])]),
    );
  return select.execute();
}

/** The review of that id; throws when there is none. */
export const reviewRow = (db: ReviewsDb, id: string): Promise<ReviewRow> =>
  db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A product's approved reviews, newest first, before the (created, id) position given. */
export function approvedReviewsOfItem(
  db: ReviewsDb,
  itemId: string,
  before: readonly [number, string] | undefined,
  limit: number,
): Promise<Pick<ReviewRow, 'id' | 'rating' | 'title' | 'body' | 'customer_name' | 'created'>[]> {
  let select = db
    .selectFrom('reviews')
    .select(['id', 'rating', 'title', 'body', 'customer_name', 'created'])
    .where('item_id', '=', itemId)
    .where('state', '=', 'approved')
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (before)
    select = select.where((eb) =>
      eb.or([
        eb('created', '<', before[0]),
        eb.and([eb('created', '=', before[0]), eb('id', '<', before[1])]),
      ]),
    );
  return select.execute();
}
