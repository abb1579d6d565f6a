import type { ColumnType } from 'kysely';

/** Epoch milliseconds (PostgreSQL returns bigint as a string: read them with `Number`). */
type Millis = ColumnType<number | string, number, number>;

/** Every mail, written in the transaction of what it reports (mail.ts). */
export interface MailOutboxTable {
  id: string;
  created: Millis;
  kind: string;
  ref_id: string | null;
  to_address: string;
  subject: string;
  body: string;
  /** 'queued' (no SMTP, or not sent yet), 'sent', 'failed' (last attempt failed; retried on start). */
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: Millis | null;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
