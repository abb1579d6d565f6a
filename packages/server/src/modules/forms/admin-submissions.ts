/**
 * Form submissions in the back office: the site's forms with their number of submissions, one
 * form's submissions newest first (every answer under its field's title), the same as CSV
 * (streamed by the back office's csv.ts), and deleting one. Spam (the honeypot filled, or marked so by staff) is kept
 * apart: it is listed only when asked for; staff may mark a submission spam or not spam.
 */
import { answerText, parseFormDefinition, type FormDefinition } from '@storefront/core';
import type {
  FormsAnswer,
  Submission,
  SubmissionAnswer,
  SubmissionDeleted,
  SubmissionPage,
} from '@storefront/core/wire';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { decodeCursor, pageOf } from '../../platform/http/cursor.ts';
import { apiError } from '../../platform/http/errors.ts';
import {
  deleteSubmissionRow,
  markSubmission,
  receivedCountsByForm,
  submissionById,
  submissionPage,
  type StoredSubmission,
} from './store.ts';

const FORM_ID = /^[A-Za-z0-9_-]{1,100}$/;

export const formParams = z
  .object({ formId: z.string().regex(FORM_ID, 'formId is 1 to 100 letters, digits, - or _') })
  .strict();
export const submissionParams = formParams.extend({ id: z.string().uuid('expected a submission id') });

const SUBMISSION_STATUSES = ['received', 'spam'] as const;

export const submissionFilter = z
  .object({ status: z.enum(SUBMISSION_STATUSES).default('received') })
  .strict();
/** A submission marked spam (kept apart) or not spam (back among the received ones). */
export const submissionStatusBody = z.object({ status: z.enum(SUBMISSION_STATUSES) }).strict();
export const submissionQuery = submissionFilter.extend({ cursor: z.string().max(500).optional() });
type SubmissionFilter = z.infer<typeof submissionFilter>;

/** A field as the back office shows it: its id and title, in the form's order. */
export interface FieldHeading {
  id: string;
  title: string;
}

/** The site's form definitions (content/forms), by id; the forms feature refuses broken ones at start. */
export function formDefinitions(raw: Record<string, unknown>): Map<string, FormDefinition> {
  const forms = new Map<string, FormDefinition>();
  for (const [id, json] of Object.entries(raw)) {
    const parsed = parseFormDefinition(json, id);
    if (parsed.ok) forms.set(id, parsed.value);
  }
  return forms;
}

/** The answered fields of a form (no section headings); a form the content lost shows its answers' ids. */
function headingsOf(form: FormDefinition | undefined): FieldHeading[] {
  return (form?.fields ?? [])
    .filter((f) => f.type !== 'section')
    .map((f) => ({ id: f.id, title: f.title || f.id }));
}

/** Every form of the site, and every form id that has submissions, with their counts. */
export async function listForms(db: Db, forms: Map<string, FormDefinition>): Promise<FormsAnswer> {
  const byId = new Map((await receivedCountsByForm(db)).map((c) => [c.formId, c]));
  const ids = [...new Set([...forms.keys(), ...byId.keys()])].sort();
  return {
    forms: ids.map((formId) => {
      const count = byId.get(formId);
      return {
        formId,
        name: forms.get(formId)?.name || formId,
        submissions: count?.count ?? 0,
        lastSubmitted: count ? count.lastSubmitted : null,
      };
    }),
  };
}

const PAGE = 50;

function submissionOf(row: StoredSubmission, fields: readonly FieldHeading[]): Submission {
  const answers = JSON.parse(row.answers) as Record<string, unknown>;
  const page = JSON.parse(row.page) as Record<string, unknown>;
  // Fields the form no longer has keep their answers, under their ids.
  const headings = [
    ...fields,
    ...Object.keys(answers)
      .filter((id) => !fields.some((f) => f.id === id))
      .map((id) => ({ id, title: id })),
  ];
  return {
    id: row.id,
    created: Number(row.created),
    status: row.status,
    pagePath: typeof page.pagePath === 'string' ? page.pagePath : null,
    answers: headings.map((f) => ({ fieldId: f.id, title: f.title, answer: answerText(answers[f.id]) })),
  };
}

/** One page of a form's submissions, newest first, each with every answer under its field's title. */
export async function listSubmissions(
  db: Db,
  forms: Map<string, FormDefinition>,
  formId: string,
  query: z.infer<typeof submissionQuery>,
): Promise<SubmissionPage> {
  const { cursor, ...filter } = query;
  const after = cursor ? decodeCursor(cursor, ['number', 'string']) : undefined;
  const rows = await submissionPage(
    db,
    formId,
    filter.status,
    after && { created: after[0], id: after[1] },
    PAGE + 1,
  );
  const { shown, ...paging } = pageOf(rows, PAGE, (r) => [Number(r.created), r.id]);
  const fields = headingsOf(forms.get(formId));
  return {
    formId,
    name: forms.get(formId)?.name || formId,
    fields,
    submissions: shown.map((r) => submissionOf(r, fields)),
    ...paging,
  };
}

/** One submission; 404 when the form has none of that id. */
export async function submissionDetail(
  db: Db,
  forms: Map<string, FormDefinition>,
  formId: string,
  id: string,
): Promise<SubmissionAnswer> {
  const row = await submissionById(db, formId, id);
  if (!row) throw apiError('backoffice.submission-not-found');
  return { formId, ...submissionOf(row, headingsOf(forms.get(formId))) };
}

/**
 * Marks one submission spam or not spam; answers it as it is now. The same again changes nothing,
 * so a retried click is harmless. 404 when the form has none of that id.
 */
export async function setSubmissionStatus(
  db: Db,
  forms: Map<string, FormDefinition>,
  formId: string,
  id: string,
  body: z.infer<typeof submissionStatusBody>,
): Promise<SubmissionAnswer> {
  if (!(await markSubmission(db, formId, id, body.status))) throw apiError('backoffice.submission-not-found');
  return submissionDetail(db, forms, formId, id);
}

/** Deletes one submission for good; 404 when there is none (already deleted). */
export async function deleteSubmission(db: Db, formId: string, id: string): Promise<SubmissionDeleted> {
  if (!(await deleteSubmissionRow(db, formId, id))) throw apiError('backoffice.submission-not-found');
  return { deleted: id };
}

/** A CSV export's parts, for the back office to stream: its header, its rows a batch at a time, each row's fields. */
export interface CsvExport<R> {
  header: readonly string[];
  nextBatch: (after: R | undefined, size: number) => Promise<readonly R[]>;
  fieldsOf: (row: R) => readonly (string | number | null)[];
}

/**
 * A form's submissions as CSV, newest first: `submitted, status, page`, then one column per field,
 * headed by its title (the form's fields as the content has them now).
 */
export function submissionsCsv(
  db: Db,
  forms: Map<string, FormDefinition>,
  formId: string,
  filter: SubmissionFilter,
): CsvExport<StoredSubmission> {
  const fields = headingsOf(forms.get(formId));
  return {
    header: ['submitted', 'status', 'page', ...fields.map((f) => f.title)],
    nextBatch: (after, size) => submissionPage(db, formId, filter.status, after, size),
    fieldsOf: (row) => {
      const s = submissionOf(row, fields);
      return [
        new Date(s.created).toISOString(),
        s.status,
        s.pagePath,
        ...fields.map((f) => s.answers.find((a) => a.fieldId === f.id)?.answer ?? ''),
      ];
    },
  };
}
