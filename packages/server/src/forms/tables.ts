import type { ColumnType, Kysely, Migration } from 'kysely';

/**
 * The site-forms tables (issue 7). Portable column types only: times are epoch milliseconds
 * (PostgreSQL returns bigint as a string: read them with `Number`).
 */
type Millis = ColumnType<number | string, number, number>;

export interface FormSubmissionKeysTable {
  key: string;
  created: Millis;
  expires: Millis;
  /** Set once, when a submission spends the key (single use). */
  used_at: Millis | null;
}

export interface FormSubmissionsTable {
  id: string;
  form_id: string;
  created: Millis;
  /** JSON: field id -> answer, as validated. */
  answers: string;
  /** JSON: the page fields sent with the submission (pagePath, pageTitle...). */
  page: string;
  /** 'received', or 'spam' when the honeypot was filled (kept, but nobody is notified). */
  status: string;
  client_ip: string;
}

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

export interface CaptchaSolutionsTable {
  /** The solved challenge's signature: a solution verifies once. */
  id: string;
  used_at: Millis;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface FormTables {
  form_submission_keys: FormSubmissionKeysTable;
  form_submissions: FormSubmissionsTable;
  mail_outbox: MailOutboxTable;
  captcha_solutions: CaptchaSolutionsTable;
  app_secrets: AppSecretsTable;
}

export const formsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('form_submission_keys')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('expires', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema
      .createTable('form_submissions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('form_id', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('page', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('client_ip', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('form_submissions_form_idx')
      .on('form_submissions')
      .columns(['form_id', 'created'])
      .execute();
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ref_id', 'text')
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('sent_at', 'bigint')
      .execute();
    await db.schema
      .createTable('captcha_solutions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('used_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'app_secrets',
      'captcha_solutions',
      'mail_outbox',
      'form_submissions',
      'form_submission_keys',
    ])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
