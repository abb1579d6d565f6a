import type { ColumnType } from 'kysely';

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

export interface FormTables {
  form_submission_keys: FormSubmissionKeysTable;
  form_submissions: FormSubmissionsTable;
}
