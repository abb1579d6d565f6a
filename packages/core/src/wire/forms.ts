/**
 * The site forms editor's contract (issue 31, `/config/site-forms`): a form of the site
 * (`forms/<id>.json`, Squarespace's form JSON, spec §3) as staff edit it, saved with a version like
 * every edited record (a stale save answers 409 `record-changed`), each save kept as a revision.
 */
import type { FieldType } from '../forms/field-types.ts';
import type { RecordRevision } from './catalogue.ts';

/** The editor's limits (the spec names none): each refusal states the one it met. */
export const SITE_FORM_LIMITS = {
  name: 100,
  fields: 100,
  title: 200,
  description: 2000,
  placeholder: 200,
  options: 100,
  option: 200,
  submitButtonText: 100,
  submissionMessage: 5000,
  submissionHtml: 20_000,
  redirect: 2000,
  notificationAddresses: 10,
} as const;

/**
 * Hosts a success redirect may leave the site for, besides this site's own paths. Empty: a form
 * sends visitors only to this site's pages (an open redirect helps phishing).
 */
export const REDIRECT_HOSTS_ALLOWED: readonly string[] = [];

/** Field types with a placeholder (text typed into one box). */
export const PLACEHOLDER_TYPES: ReadonlySet<FieldType> = new Set([
  'text',
  'textarea',
  'email',
  'currency',
  'number',
  'website',
  'password',
  'twitter',
]);

/** Field types whose answer is one of `options`. */
export const CHOICE_TYPES: ReadonlySet<FieldType> = new Set(['radio', 'checkbox', 'select']);

export interface SiteFormFieldInput {
  /** Stable within the form: the submissions' answers are keyed by it. */
  id: string;
  type: FieldType;
  title: string;
  description: string;
  required: boolean;
  placeholder: string;
  /** radio, checkbox, select. */
  options: string[];
  /** likert. */
  questions: string[];
  /** Titles of the parts of name, address, phone, date, time (empty: the defaults). */
  subFields: { title: string }[];
  /** hidden. */
  key: string;
  value: string;
  /** phone: ask for a country code. */
  countryCode: boolean;
}

export interface SiteFormInput {
  name: string;
  fields: SiteFormFieldInput[];
  submitButtonText: string;
  submissionMessage: string;
  submissionHTML: string;
  /** A path of this site (`/thanks`) or an address on an allowed host; empty: none. */
  successRedirect: string;
  captchaEnabled: boolean;
  /** Where each submission is mailed. */
  notificationEmails: string[];
}

/** `GET /api/config/site-forms`. */
export interface SiteFormSummary {
  id: string;
  name: string;
  fieldCount: number;
  updatedOn: number;
  updatedBy: string | null;
}
export interface SiteFormList {
  forms: SiteFormSummary[];
}

/** `GET /api/config/site-forms/:id` and what every write answers. */
export interface SiteFormRecord {
  id: string;
  version: number;
  updatedOn: number;
  updatedBy: string | null;
  form: SiteFormInput;
  /** The field types the editor offers, with the default titles of their parts. */
  fieldTypes: { type: FieldType; parts: string[] }[];
}

export interface SiteFormRevisions {
  revisions: RecordRevision[];
}

/** `POST /api/config/site-forms`. */
export interface SiteFormCreate {
  id: string;
  name: string;
}

/** `PUT /api/config/site-forms/:id`. */
export interface SiteFormSave {
  version: number;
  form: SiteFormInput;
}
