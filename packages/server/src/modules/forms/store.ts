/**
 * The site forms' storage: single-use submission keys, and submissions stored in one transaction
 * with the key's spending and the owner's notification (queued in the outbox, http/mail.ts); the
 * back office's reading, marking and deleting of submissions.
 */
import { sql } from 'kysely';
import { queueMail, type OutboxMail } from '../../platform/mail/mail.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import type { FormTables } from './tables.ts';
import type { TablesHandle } from '../../platform/db/index.ts';

type FormsDb = TablesHandle<FormTables>;

/** Stores a new submission key, usable until `expires`. */
export async function issueKey(db: FormsDb, key: string, now: number, expires: number): Promise<void> {
  await db.insertInto('form_submission_keys').values({ key, created: now, expires, used_at: null }).execute();
}

export interface NewSubmission {
  id: string;
  formId: string;
  key: string;
  answers: Record<string, unknown>;
  page: Record<string, unknown>;
  spam: boolean;
  clientIp: string;
  /** The owner's notification, unless the submission is spam or nobody is to be told. */
  mail?: Omit<OutboxMail, 'refId'>;
}

/**
 * Spends the key and stores the submission (and its mail) in one transaction. `stored: false`, and
 * nothing written, when the key is unknown, expired or already used.
 */
export async function storeSubmission(
  db: FormsDb,
  submission: NewSubmission,
  now: number,
): Promise<{ stored: false } | { stored: true; mailId: string | undefined }> {
  return writeTransaction(db, async (trx) => {
    const spent = await trx
      .updateTable('form_submission_keys')
      .set({ used_at: now })
      .where('key', '=', submission.key)
      .where('used_at', 'is', null)
      .where('expires', '>', now)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return { stored: false };
    await trx
      .insertInto('form_submissions')
      .values({
        id: submission.id,
        form_id: submission.formId,
        created: now,
        answers: JSON.stringify(submission.answers),
        page: JSON.stringify(submission.page),
        status: submission.spam ? 'spam' : 'received',
        client_ip: submission.clientIp,
      })
      .execute();
    const mailId = submission.mail
      ? await queueMail(trx, { ...submission.mail, refId: submission.id }, now)
      : undefined;
    return { stored: true, mailId };
  });
}

/** How many received submissions each form has, and when the last came. */
export async function receivedCountsByForm(
  db: FormsDb,
): Promise<{ formId: string; count: number; lastSubmitted: number }[]> {
  const counts = await db
    .selectFrom('form_submissions')
    .select([
      'form_id',
      sql<number | string>`count(*)`.as('n'),
      sql<number | string>`max(created)`.as('last'),
    ])
    .where('status', '=', 'received')
    .groupBy('form_id')
    .execute();
  return counts.map((c) => ({ formId: c.form_id, count: Number(c.n), lastSubmitted: Number(c.last) }));
}

export type SubmissionStatus = 'received' | 'spam';

/** A stored submission as the back office reads it. */
export interface StoredSubmission {
  id: string;
  created: number | string;
  answers: string;
  page: string;
  status: string;
}

/** A form's submissions of one status, newest first, after the (created, id) position given. */
export function submissionPage(
  db: FormsDb,
  formId: string,
  status: SubmissionStatus,
  after: { created: number | string; id: string } | undefined,
  limit: number,
): Promise<StoredSubmission[]> {
  let q = db
    .selectFrom('form_submissions')
    .select(['id', 'created', 'answers', 'page', 'status'])
    .where('form_id', '=', formId)
    .where('status', '=', status);
  if (after)
    q = q.where((eb) => eb(eb.refTuple('created', 'id'), '<', eb.tuple(Number(after.created), after.id)));
  return q.orderBy('created', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** One submission of the form, if it has one of that id. */
export function submissionById(
  db: FormsDb,
  formId: string,
  id: string,
): Promise<StoredSubmission | undefined> {
  return db
    .selectFrom('form_submissions')
    .select(['id', 'created', 'answers', 'page', 'status'])
    .where('form_id', '=', formId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks one submission; false when the form has none of that id. */
export async function markSubmission(
  db: FormsDb,
  formId: string,
  id: string,
  status: SubmissionStatus,
): Promise<boolean> {
  const updated = await db
    .updateTable('form_submissions')
    .set({ status })
    .where('form_id', '=', formId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Deletes one submission; false when there is none of that id. */
export async function deleteSubmissionRow(db: FormsDb, formId: string, id: string): Promise<boolean> {
  const gone = await db
    .deleteFrom('form_submissions')
    .where('form_id', '=', formId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}
