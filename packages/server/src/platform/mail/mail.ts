/**
 * Mail (DESIGN.md): every mail is first written to `mail_outbox` in the same transaction as what it
 * reports, so none is lost. With `SMTP_URL` set, nodemailer sends it right after the answer and
 * marks it `sent`; a failed send stays `failed` and is retried when the server starts. Without SMTP
 * the outbox is where owners read them (status `queued`).
 *
 * Usage: one mailer for the app, created and decorated in app.ts (registerMailer). A feature queues
 * its mail in its own transaction, then hands the id over once the transaction has committed:
 *
 *   const id = await queueMail(trx, { kind, refId, to, subject, body });
 *   ...after the commit: app.mailer.deliverLater(id);
 *
 * This file is the only code that touches `mail_outbox`: the back office lists and requeues through
 * `outboxMails`, `outboxMailById` and `requeueFailedMail`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { TablesHandle } from '../db/index.ts';
import type { MailOutboxTable, MailTables } from './tables.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one mailer (http/mail.ts). */
    mailer: Mailer;
  }
}

export interface OutboxMail {
  kind: string;
  refId: string | null;
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  /** True when mail leaves the machine (SMTP configured). */
  readonly sends: boolean;
  /** Sends one outbox mail now; records the outcome. Never throws. */
  deliver(id: string): Promise<void>;
  /** Sends every outbox mail not yet sent (on start). */
  deliverPending(): Promise<void>;
  /** Sends one outbox mail in the background; `close()` waits for it. */
  deliverLater(id: string): void;
  /** Waits for the mail being sent, then closes the SMTP connection. */
  close(): Promise<void>;
}

export const MAIL_FROM_DEFAULT = 'Storefront <no-reply@localhost>';

/** The insert for a new outbox mail (run inside the caller's transaction). */
type MailDb = TablesHandle<MailTables>;

export async function queueMail(db: MailDb, mail: OutboxMail, now = Date.now()): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      created: now,
      kind: mail.kind,
      ref_id: mail.refId,
      to_address: mail.to,
      subject: mail.subject,
      body: mail.body,
      status: 'queued',
      attempts: 0,
      last_error: null,
      sent_at: null,
    })
    .execute();
  return id;
}

/** Takes back a mail queued in this transaction that turned out not to be needed. */
export async function withdrawMail(trx: MailDb, id: string): Promise<void> {
  await trx.deleteFrom('mail_outbox').where('id', '=', id).execute();
}

/** The first mail of the kind about the record (`refId`), e.g. an order's first confirmation. */
export const firstMailAbout = (db: MailDb, refId: string, kind: string) =>
  db
    .selectFrom('mail_outbox')
    .select(['subject', 'body'])
    .where('ref_id', '=', refId)
    .where('kind', '=', kind)
    .orderBy('created')
    .executeTakeFirst();

/** What a list of the outbox shows of a mail: everything but its body (sign-in codes travel by mail). */
export type OutboxMailRow = Omit<Selectable<MailOutboxTable>, 'body' | 'ref_id'>;

const OUTBOX_COLUMNS = [
  'id',
  'created',
  'kind',
  'to_address',
  'subject',
  'status',
  'attempts',
  'last_error',
  'sent_at',
] as const;

/** Up to `limit` mails, newest first, of one status if given, after a (created, id) position if given. */
export async function outboxMails(
  db: MailDb,
  filter: { status?: string | undefined; before?: readonly [number, string] | undefined; limit: number },
): Promise<OutboxMailRow[]> {
  let query = db.selectFrom('mail_outbox').select(OUTBOX_COLUMNS);
  if (filter.status) query = query.where('status', '=', filter.status);
  const before = filter.before;
  if (before)
    query = query.where((eb) => eb(eb.refTuple('created', 'id'), '<', eb.tuple(before[0], before[1])));
  return query.orderBy('created', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

export const outboxMailById = (db: MailDb, id: string): Promise<OutboxMailRow | undefined> =>
  db.selectFrom('mail_outbox').select(OUTBOX_COLUMNS).where('id', '=', id).executeTakeFirst();

/**
 * Queues a failed mail again with one conditional update (only while it is still failed), so two
 * staff retrying at once send it once. False when it was not failed (or is unknown).
 */
export async function requeueFailedMail(db: MailDb, id: string): Promise<boolean> {
  const requeued = await db
    .updateTable('mail_outbox')
    .set({ status: 'queued' })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(requeued.numUpdatedRows) === 1;
}

export function createMailer(
  db: MailDb,
  smtpUrl: string | undefined,
  from = MAIL_FROM_DEFAULT,
  log?: (msg: string) => void,
): Mailer {
  const transport: Transporter | undefined = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  const deliver = async (id: string): Promise<void> => {
    if (!transport) return;
    try {
      const row = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row || row.status === 'sent') return;
      try {
        await transport.sendMail({ from, to: row.to_address, subject: row.subject, text: row.body });
        await db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: Date.now(), attempts: row.attempts + 1, last_error: null })
          .where('id', '=', id)
          .execute();
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        log?.(`mail ${id} not sent: ${text}`);
        await db
          .updateTable('mail_outbox')
          .set({ status: 'failed', attempts: row.attempts + 1, last_error: text.slice(0, 1000) })
          .where('id', '=', id)
          .execute();
      }
    } catch (error) {
      log?.(`mail ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const inFlight = new Set<Promise<void>>();
  const track = (delivery: Promise<void>) => {
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  };
  const deliverPending = async () => {
    if (!transport) return;
    const rows = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', 'in', ['queued', 'failed'])
      .orderBy('created')
      .limit(500)
      .execute();
    for (const row of rows) await deliver(row.id);
  };
  return {
    sends: transport !== undefined,
    deliver,
    deliverPending,
    deliverLater: (id) => track(deliver(id)),
    async close() {
      await Promise.allSettled([...inFlight]);
      transport?.close();
    },
  };
}

/**
 * Decorates `app` with `mailer`, retries the outbox's unsent mail in the background, and closes the
 * mailer (after the mail in flight) when the app closes.
 */
export function registerMailer(app: FastifyInstance, mailer: Mailer): void {
  app.decorate('mailer', mailer);
  const pending = mailer.deliverPending().catch((error: unknown) => app.log.warn({ err: error }, 'outbox'));
  app.addHook('onClose', async () => {
    await pending;
    await mailer.close();
  });
}
