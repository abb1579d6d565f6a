/** The review request's mail, queued with its request row in the shipping transaction. */
import { message } from '@storefront/core';
import type { Db } from '../../platform/db/index.ts';
import { queueMail } from '../../platform/mail/mail.ts';
import {
  recordReviewRequest,
  REVIEW_LINK_LIFETIME_MS,
  REVIEW_REQUEST_PATH,
  type ReviewMailSite,
} from './store.ts';

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
  const token = await recordReviewRequest(trx, order.id, now);
  if (token === undefined) return undefined;
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
