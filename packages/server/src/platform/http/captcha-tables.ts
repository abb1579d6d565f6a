import type { ColumnType } from 'kysely';

export interface CaptchaSolutionsTable {
  /** The solved challenge's signature: a solution verifies once. */
  id: string;
  /** Epoch milliseconds. */
  used_at: ColumnType<number | string, number, number>;
}

/** Secrets the instances of one site share (the captcha's and the crumb's keys; captcha.ts). */
export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface CaptchaTables {
  captcha_solutions: CaptchaSolutionsTable;
  app_secrets: AppSecretsTable;
}
