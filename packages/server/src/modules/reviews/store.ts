import { randomBytes, randomUUID } from 'node:crypto';
import { message } from '@storefront/core';
import { digest } from '../../platform/http/session.ts';
import { queueMail } from '../../platform/mail/mail.ts';
import type { MailingSite } from '../../platform/site/context.ts';
import { changeKey } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';

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
 * Queues the review request of a fully shipped order in the caller's transaction: its request row
 * and its mail. Returns the mail's id, or undefined when the order was asked already or the site
 * has reviews off.
 */
export async function queueReviewRequest(
  trx: Db,
  order: { id: string; email: string; order_number: number | string },
  site: ReviewMailSite,
  now = Date.now(),
): Promise<string | undefined> {
  if (site.reviewsEnabled !== true) return undefined;
  const asked = await trx
    .selectFrom('review_requests')
    .select('id')
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  if (asked) return undefined;
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('review_requests')
    .values({
      id: randomUUID(),
      token_digest: digest(token),
      order_id: order.id,
      created: now,
      expires_at: now + REVIEW_LINK_LIFETIME_MS,
      used_at: null,
    })
    .execute();
  const ls = site.strings;
  const params = { number: Number(order.order_number), site: site.title };
  return queueMail(trx, {
    kind: 'review-request',
    refId: order.id,
    to: order.email,
    subject: message('review.mail-subject', params, ls),
    body: message(
      'review.mail-body',
      {
        ...params,
        link: `${site.origin}${REVIEW_REQUEST_PATH}?token=${token}`,
        days: REVIEW_LINK_LIFETIME_MS / 86_400_000,
      },
      ls,
    ),
  });
}

/** A product's approved reviews: how many and their mean rating (one decimal), for its page. */
export interface RatingSummary {
  count: number;
  averageRating: number;
}

export async function ratingSummary(db: Db, itemId: string): Promise<RatingSummary | undefined> {
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
  db: Db,
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
