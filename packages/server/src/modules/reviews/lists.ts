/**
 * Reviews as lists: the moderation queue of the back office (by state, oldest first, so what waits
 * longest is read first) and a product's approved reviews for its page (newest first), each paged
 * by keyset (http/cursor.ts).
 */
import type { ModeratedReview, ModeratedReviewPage } from '@storefront/core/wire';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { decodeCursor, pageOf } from '../../platform/http/cursor.ts';
import { approvedReviewsOfItem, reviewsInState, type ReviewRow } from './store.ts';

export const moderationQuery = z
  .object({
    state: z.enum(['pending', 'approved', 'rejected']).default('pending'),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

export async function moderationList(
  db: Db,
  query: z.infer<typeof moderationQuery>,
): Promise<ModeratedReviewPage> {
  const after = query.cursor ? decodeCursor(query.cursor, ['number', 'string'] as const) : undefined;
  const rows = await reviewsInState(db, query.state, after, query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [Number(r.created), r.id]);
  return {
    reviews: page.shown.map(moderationView),
    hasNextPage: page.hasNextPage,
    nextPageCursor: page.nextPageCursor,
  };
}

/** What staff see of a review: who wrote it and on which order, as well as what it says. */
export function moderationView(r: ReviewRow): ModeratedReview {
  return {
    id: r.id,
    state: r.state,
    created: Number(r.created),
    itemId: r.item_id,
    productTitle: r.product_title,
    rating: r.rating,
    title: r.title,
    body: r.body,
    customerName: r.customer_name,
    email: r.email,
    orderId: r.order_id,
    moderatedAt: r.moderated_at === null ? null : Number(r.moderated_at),
  };
}

export const productReviewsQuery = z
  .object({
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .strict();

/** Shown publicly: the first name alone, never the address. */
const publicName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

export async function productReviews(db: Db, itemId: string, query: z.infer<typeof productReviewsQuery>) {
  const before = query.cursor ? decodeCursor(query.cursor, ['number', 'string'] as const) : undefined;
  const rows = await approvedReviewsOfItem(db, itemId, before, query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => [Number(r.created), r.id]);
  return {
    reviews: page.shown.map((r) => ({
      id: r.id,
      rating: r.rating,
      title: r.title,
      body: r.body,
      author: publicName(r.customer_name),
      created: Number(r.created),
    })),
    hasNextPage: page.hasNextPage,
    nextPageCursor: page.nextPageCursor,
  };
}
