/**
 * The mail outbox in the back office (platform/mail/mail.ts keeps it): every mail the shop queued, newest
 * first, with its status (queued, sent, failed with the error), and the retry of a failed one. A
 * retry puts the mail back in the queue with one conditional UPDATE (only while it is still
 * failed), so two staff pressing retry at once send it once: the other gets 409.
 */
import type { OutboxMail, OutboxPage } from '@storefront/core/wire';
import { z } from 'zod';
import type { Db } from '../platform/db/index.ts';
import { decodeCursor, pageOf } from '../platform/http/cursor.ts';
import { apiError } from '../platform/http/errors.ts';
import {
  outboxMailById,
  outboxMails,
  requeueFailedMail as requeueFailed,
  type OutboxMailRow,
} from '../platform/mail/mail.ts';

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;

export const outboxQuery = z
  .object({ status: z.enum(MAIL_STATUSES).optional(), cursor: z.string().max(500).optional() })
  .strict();
export const mailParams = z.object({ id: z.string().uuid('expected a mail id') }).strict();

const PAGE = 50;

/** A mail as the back office lists it: no body (sign-in codes travel by mail). */
const mailOf = (r: OutboxMailRow): OutboxMail => ({
  id: r.id,
  created: Number(r.created),
  kind: r.kind,
  to: r.to_address,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  error: r.last_error,
  sentAt: r.sent_at === null ? null : Number(r.sent_at),
});
export type OutboxMailView = OutboxMail;

export async function listOutbox(db: Db, query: z.infer<typeof outboxQuery>): Promise<OutboxPage> {
  const before = query.cursor ? decodeCursor(query.cursor, ['number', 'string']) : undefined;
  const rows = await outboxMails(db, { status: query.status, before, limit: PAGE + 1 });
  const { shown, ...paging } = pageOf(rows, PAGE, (r) => [Number(r.created), r.id]);
  return { mails: shown.map(mailOf), ...paging };
}

export async function outboxMail(db: Db, id: string): Promise<OutboxMailView> {
  const row = await outboxMailById(db, id);
  if (!row) throw apiError('backoffice.mail-not-found');
  return mailOf(row);
}

/** Queues a failed mail again (the caller then hands it to the mailer); 409 when it is not failed. */
export async function requeueFailedMail(db: Db, id: string): Promise<void> {
  if (await requeueFailed(db, id)) return;
  const now = await outboxMail(db, id);
  throw apiError('backoffice.mail-not-failed', { params: { status: now.status } });
}
