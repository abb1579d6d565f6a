/**
 * The reviews request (page type 209): the mailed link's token names one order; its page lists the
 * order's lines, and one submission stores a pending review for each line rated. The link works
 * once: the submission marks it used with a conditional update in its own transaction, so two
 * submissions at once store one set of reviews.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { apiError, invalidInput } from '../../platform/http/errors.ts';
import { digest } from '../../platform/http/session.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { orderContact, orderLines } from '../orders/index.ts';

/** The mailed token: 32 random bytes, base64url. Anything else is not one of ours. */
const TOKEN_PATTERN = /^[\w-]{43}$/;
export const TITLE_MAX = 200;
export const BODY_MAX = 5000;

export interface RequestLine {
  id: string;
  itemId: string;
  title: string;
}

export interface OpenRequest {
  id: string;
  orderId: string;
  orderNumber: number;
  customerName: string;
  email: string;
  /** One line per product of the order (the first line of each). */
  lines: RequestLine[];
}

/**
 * The order a link's token opens, or the catalogue's refusal: not ours (404), expired or used (410).
 */
export async function openRequest(db: Db, token: string, now = Date.now()): Promise<OpenRequest> {
  if (!TOKEN_PATTERN.test(token)) throw apiError('review-link-invalid');
  const request = await db
    .selectFrom('review_requests')
    .select([
      'review_requests.id',
      'review_requests.order_id',
      'review_requests.expires_at',
      'review_requests.used_at',
    ])
    .where('review_requests.token_digest', '=', digest(token))
    .executeTakeFirst();
  if (!request) throw apiError('review-link-invalid');
  const [order, lines] = await Promise.all([
    orderContact(db, request.order_id),
    orderLines(db, request.order_id),
  ]);
  if (!order) throw apiError('review-link-invalid');
  if (request.used_at !== null) throw apiError('review-link-used');
  if (Number(request.expires_at) <= now) throw apiError('review-link-expired');
  const seen = new Set<string>();
  return {
    id: request.id,
    orderId: request.order_id,
    orderNumber: Number(order.order_number),
    customerName: order.customer_name,
    email: order.email,
    lines: lines
      .filter((l) => !seen.has(l.item_id) && seen.add(l.item_id))
      .map((l) => ({ id: l.id, itemId: l.item_id, title: l.title })),
  };
}

/** The form as posted: the token and crumb, and `rating.<line>`, `title.<line>`, `body.<line>` fields. */
export const submissionBody = z
  .object({ token: z.string().max(100), crumb: z.string().max(200).optional() })
  .catchall(z.string().max(BODY_MAX));

export type Submission = z.infer<typeof submissionBody>;

/** One review the shopper wrote, as read from the form. */
interface Written {
  line: RequestLine;
  rating: number;
  title: string;
  body: string;
}

const ratingField = z.enum(['1', '2', '3', '4', '5']).optional();
const titleField = z.string().trim().max(TITLE_MAX).optional();
const bodyField = z.string().trim().max(BODY_MAX).optional();

/** The reviews the form holds for the request's lines: a line without a rating is not reviewed. */
export function writtenReviews(request: OpenRequest, form: Submission): Written[] {
  const shape = Object.fromEntries(
    request.lines.flatMap((line) => [
      [`rating.${line.id}`, ratingField],
      [`title.${line.id}`, titleField],
      [`body.${line.id}`, bodyField],
    ]),
  );
  const parsed = z
    .object(shape)
    .safeParse(Object.fromEntries(Object.entries(form).filter(([key]) => key in shape)));
  if (!parsed.success) throw invalidInput(parsed.error, 'form');
  const fields = parsed.data as Record<string, string | undefined>;
  const written = request.lines.flatMap((line) => {
    const rating = fields[`rating.${line.id}`];
    if (rating === undefined) return [];
    return [
      {
        line,
        rating: Number(rating),
        title: fields[`title.${line.id}`] ?? '',
        body: fields[`body.${line.id}`] ?? '',
      },
    ];
  });
  if (written.length === 0) throw apiError('review-nothing-rated');
  return written;
}

/** Stores the reviews (pending) and spends the link, in one transaction; refused if spent already. */
export async function storeReviews(
  db: Db,
  request: OpenRequest,
  written: Written[],
  now = Date.now(),
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const spent = await trx
      .updateTable('review_requests')
      .set({ used_at: now })
      .where('id', '=', request.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw apiError('review-link-used');
    await trx
      .insertInto('reviews')
      .values(
        written.map((w) => ({
          id: randomUUID(),
          order_id: request.orderId,
          line_id: w.line.id,
          item_id: w.line.itemId,
          product_title: w.line.title,
          customer_name: request.customerName,
          email: request.email,
          rating: w.rating,
          title: w.title,
          body: w.body,
          state: 'pending' as const,
          created: now,
          moderated_at: null,
          moderated_by: null,
        })),
      )
      .execute();
  });
}
