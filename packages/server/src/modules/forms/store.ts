/**
 * The site forms' storage: single-use submission keys, and submissions stored in one transaction
 * with the key's spending and the owner's notification (queued in the outbox, http/mail.ts).
 */
import type { Db } from '../../platform/db/index.ts';
import { queueMail, type OutboxMail } from '../../platform/mail/mail.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';

/** Stores a new submission key, usable until `expires`. */
export async function issueKey(db: Db, key: string, now: number, expires: number): Promise<void> {
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
  db: Db,
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
