/**
 * The site forms editor's work (issue 31; contract in core's wire/forms.ts): each form is the site
 * document `forms/<id>.json` (Squarespace's form JSON, spec §3). A write carries the version the
 * editor loaded (409 `record-changed` otherwise, nothing written), is kept as a revision, and moves
 * the `forms` change key: every instance reads the forms again on its next request (`LiveForms`),
 * so the form block's page and the submission endpoint use the saved definition without a restart.
 */
import { randomBytes } from 'node:crypto';
import {
  FIELD_TYPES,
  parseFormDefinition,
  partsOf,
  type FormDefinition,
  type FormField,
  message,
} from '@storefront/core';
import {
  CHOICE_TYPES,
  PLACEHOLDER_TYPES,
  REDIRECT_HOSTS_ALLOWED,
  SITE_FORM_LIMITS,
  type SiteFormFieldInput,
  type SiteFormInput,
  type SiteFormList,
  type SiteFormRecord,
  type SiteFormRevisions,
} from '@storefront/core/wire';
import { z } from 'zod';
import { changeKey, KeptWhileUnchanged } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { apiError } from '../../platform/http/errors.ts';
import { recordChanged, wallClock } from '../../platform/http/record-changed.ts';
import type { Json } from '../../platform/site/types.ts';
import {
  documentRevision,
  documentRevisions,
  documentRow,
  documentsStartingWith,
  insertDocumentRevision,
  removeDocumentAt,
  saveDocumentAt,
  type DocumentRow,
} from './documents-store.ts';

const FORMS_FOLDER = 'forms/';
const FORM_ID = /^[A-Za-z0-9_-]{1,100}$/;
const REVISIONS_SHOWN = 50;
const emailAddress = z.email();

export const formDocumentName = (id: string) => `${FORMS_FOLDER}${id}.json`;
const formIdOf = (name: string) => name.slice(FORMS_FOLDER.length, -'.json'.length);

/** What the editor needs of the rest of the site, given by app.ts. */
export interface SiteFormsDeps {
  /** Where the form is shown (its form or newsletter blocks), in words staff read: "the page /contact". */
  formUses(db: Db, formId: string): Promise<string[]>;
}

export interface FormsEditor {
  email: string;
  timeZone: string;
}

/**
 * Every form of the site as stored (form id -> its JSON), read again once per move of the `forms`
 * change key, on every instance.
 */
export const liveForms = () => new KeptWhileUnchanged([changeKey.forms], storedForms);

async function storedForms(db: Db): Promise<Record<string, Json>> {
  const forms: Record<string, Json> = {};
  for (const row of await documentsStartingWith(db, FORMS_FOLDER))
    if (row.name.endsWith('.json')) forms[formIdOf(row.name)] = JSON.parse(row.data) as Json;
  return forms;
}

const parsedForm = (row: DocumentRow): FormDefinition | undefined => {
  const parsed = parseFormDefinition(JSON.parse(row.data) as unknown, formIdOf(row.name));
  return parsed.ok ? parsed.value : undefined;
};

const defaultPartTitles = (field: FormField) =>
  partsOf(field.type, field.countryCode).map((part) => part.title);

function fieldInput(field: FormField): SiteFormFieldInput {
  const titles = field.parts.map((part) => part.title);
  const own = titles.join('\n') !== defaultPartTitles(field).join('\n');
  return {
    id: field.id,
    type: field.type,
    title: field.title,
    description: field.description,
    required: field.required,
    placeholder: field.placeholder,
    options: [...field.options],
    questions: [...field.questions],
    subFields: own ? titles.map((title) => ({ title })) : [],
    key: field.type === 'hidden' ? field.key : '',
    value: field.value,
    countryCode: field.countryCode,
  };
}

const splitEmails = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');

export function formInput(form: FormDefinition): SiteFormInput {
  return {
    name: form.name,
    fields: form.fields.map(fieldInput),
    submitButtonText: form.submitButtonText,
    submissionMessage: form.submissionMessage,
    submissionHTML: form.submissionHTML,
    successRedirect: form.successRedirect,
    captchaEnabled: form.captchaEnabled,
    notificationEmails: splitEmails(form.notificationEmail),
  };
}

const fieldTypes = FIELD_TYPES.map((type) => ({ type, parts: partsOf(type).map((part) => part.title) }));

async function existing(db: Db, id: string): Promise<DocumentRow> {
  const row = FORM_ID.test(id) ? await documentRow(db, formDocumentName(id)) : undefined;
  if (!row) throw apiError('site-forms.not-found');
  return row;
}

/** The record of a stored form; one the parser refuses (a broken import) opens as an empty form. */
export async function loadSiteForm(db: Db, id: string): Promise<SiteFormRecord> {
  const row = await existing(db, id);
  const form = parsedForm(row);
  const latest = (await documentRevisions(db, row.name, 1))[0];
  const byStaff = latest?.version === row.version ? latest : undefined;
  return {
    id,
    version: row.version,
    updatedOn: row.updatedOn,
    updatedBy: byStaff?.savedBy ?? row.updatedBy,
    form: form
      ? formInput(form)
      : {
          name: id,
          fields: [],
          submitButtonText: '',
          submissionMessage: '',
          submissionHTML: '',
          successRedirect: '',
          captchaEnabled: false,
          notificationEmails: [],
        },
    fieldTypes,
  };
}

export async function listSiteForms(db: Db): Promise<SiteFormList> {
  const rows = await documentsStartingWith(db, FORMS_FOLDER);
  return {
    forms: rows
      .filter((row) => row.name.endsWith('.json'))
      .map((row) => {
        const form = parsedForm(row);
        return {
          id: formIdOf(row.name),
          name: form?.name ?? formIdOf(row.name),
          fieldCount: form?.fields.length ?? 0,
          updatedOn: row.updatedOn,
          updatedBy: row.updatedBy,
        };
      }),
  };
}

/** A redirect stays on this site (a path) or goes to an allowed host over HTTPS. */
export function redirectAllowed(url: string): boolean {
  if (url === '') return true;
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const target = new URL(url);
    return target.protocol === 'https:' && REDIRECT_HOSTS_ALLOWED.includes(target.hostname);
  } catch {
    return false;
  }
}

function tooLong(what: string, text: string, max: number): void {
  if ([...text].length > max) throw apiError('site-forms.too-long', { params: { what, max } });
}

/** Refuses what a visitor could not use, naming the field and the limit. */
export function checkFormInput(form: SiteFormInput): void {
  const limits = SITE_FORM_LIMITS;
  if (form.name.trim() === '') throw apiError('site-forms.name-empty');
  tooLong('The form name', form.name, limits.name);
  if (form.fields.length > limits.fields)
    throw apiError('site-forms.too-many-fields', { params: { max: limits.fields } });
  const ids = new Set<string>();
  for (const field of form.fields) {
    if (!FORM_ID.test(field.id)) throw apiError('site-forms.field-id-invalid', { params: { id: field.id } });
    if (ids.has(field.id)) throw apiError('site-forms.field-id-twice', { params: { id: field.id } });
    ids.add(field.id);
    const title = field.title || field.id;
    tooLong(`The title of "${title}"`, field.title, limits.title);
    tooLong(`The description of "${title}"`, field.description, limits.description);
    tooLong(`The placeholder of "${title}"`, field.placeholder, limits.placeholder);
    for (const choice of [...field.options, ...field.questions, ...field.subFields.map((s) => s.title)])
      tooLong(`An option of "${title}"`, choice, limits.option);
    if (field.options.length > limits.options || field.questions.length > limits.options)
      throw apiError('site-forms.too-many-options', { params: { title, max: limits.options } });
    if (CHOICE_TYPES.has(field.type) && field.options.filter((o) => o.trim() !== '').length === 0)
      throw apiError('site-forms.options-needed', { params: { type: field.type, title } });
    if (field.type === 'likert' && field.questions.filter((q) => q.trim() !== '').length === 0)
      throw apiError('site-forms.questions-needed', { params: { title } });
  }
  tooLong('The submit button text', form.submitButtonText, limits.submitButtonText);
  tooLong('The submission message', form.submissionMessage, limits.submissionMessage);
  tooLong('The submission HTML', form.submissionHTML, limits.submissionHtml);
  tooLong('The success redirect', form.successRedirect, limits.redirect);
  if (!redirectAllowed(form.successRedirect.trim()))
    throw apiError('site-forms.redirect-invalid', {
      params: {
        url: form.successRedirect,
        hosts:
          REDIRECT_HOSTS_ALLOWED.length > 0
            ? message('site-forms.redirect-hosts', { hosts: REDIRECT_HOSTS_ALLOWED.join(', ') })
            : '',
      },
      extra: { field: 'successRedirect' },
    });
  if (form.notificationEmails.length > limits.notificationAddresses)
    throw apiError('site-forms.too-many-emails', { params: { max: limits.notificationAddresses } });
  for (const email of form.notificationEmails)
    if (!emailAddress.safeParse(email).success)
      throw apiError('site-forms.email-invalid', {
        params: { email },
        extra: { field: 'notificationEmails' },
      });
}

/** One field as the document keeps it: only what its type uses, over what the stored field held. */
function fieldDocument(field: SiteFormFieldInput, stored: Json | undefined): Json {
  const type = field.type;
  return {
    ...(stored ?? {}),
    id: field.id,
    type,
    title: field.title,
    description: field.description,
    required: field.required,
    ...(PLACEHOLDER_TYPES.has(type) ? { placeholder: field.placeholder } : {}),
    ...(CHOICE_TYPES.has(type) ? { options: field.options.filter((o) => o.trim() !== '') } : {}),
    ...(type === 'likert' ? { questions: field.questions.filter((q) => q.trim() !== '') } : {}),
    ...(field.subFields.length > 0 && partsOf(type, field.countryCode).length > 0
      ? { subFields: field.subFields }
      : {}),
    ...(type === 'hidden' ? { key: field.key || field.id, value: field.value } : {}),
    ...(type === 'phone' ? { countryCode: field.countryCode } : {}),
  };
}

/** The stored document with the editor's form in place of its own (keys the editor knows nothing of kept). */
function formDocument(id: string, form: SiteFormInput, stored: Json): Json {
  const storedFields = Array.isArray(stored.fields) ? (stored.fields as unknown[]) : [];
  const byId = new Map<string, Json>();
  for (const raw of storedFields) {
    const field = typeof raw === 'string' ? (JSON.parse(raw) as Json) : (raw as Json);
    if (field && typeof field.id === 'string') byId.set(field.id, field);
  }
  return {
    ...stored,
    id,
    name: form.name.trim(),
    fields: form.fields.map((field) => fieldDocument(field, byId.get(field.id))),
    submitButtonText: form.submitButtonText,
    submissionMessage: form.submissionMessage,
    submissionHTML: form.submissionHTML,
    successRedirect: form.successRedirect.trim(),
    captchaEnabled: form.captchaEnabled,
    notificationEmail: form.notificationEmails.join(', '),
  };
}

/** What a save changed, in words staff read. */
function changesBetween(before: SiteFormInput, after: SiteFormInput): string[] {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`Name: ${after.name}`);
  const was = new Map(before.fields.map((f) => [f.id, f]));
  const now = new Set(after.fields.map((f) => f.id));
  for (const field of after.fields) {
    const old = was.get(field.id);
    if (!old) changes.push(`Added the field "${field.title || field.id}"`);
    else if (JSON.stringify(old) !== JSON.stringify(field))
      changes.push(`Changed the field "${field.title || field.id}"`);
  }
  for (const field of before.fields)
    if (!now.has(field.id)) changes.push(`Removed the field "${field.title || field.id}"`);
  if (changes.length === 0 && before.fields.map((f) => f.id).join() !== after.fields.map((f) => f.id).join())
    changes.push('New order of the fields');
  for (const key of [
    'submitButtonText',
    'submissionMessage',
    'submissionHTML',
    'successRedirect',
    'captchaEnabled',
    'notificationEmails',
  ] as const)
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes.push(`Changed ${key}`);
  return changes.length > 0 ? changes : ['No change'];
}

/** Writes `data` as the form's next version when it is still at `version`; 409 otherwise. */
async function write(
  db: Db,
  id: string,
  editor: FormsEditor,
  version: number,
  data: string,
  changes: string[],
): Promise<SiteFormRecord> {
  const name = formDocumentName(id);
  const now = Date.now();
  const saved = await writeTransaction(db, async (trx, keys) => {
    // The form as imported is the first revision, so that it can be restored too.
    const before = version > 0 ? await documentRow(trx, name) : undefined;
    if (before?.version === version && (await documentRevisions(trx, name, 1)).length === 0)
      await insertDocumentRevision(trx, name, {
        id: randomBytes(12).toString('hex'),
        version,
        savedOn: before.updatedOn,
        savedBy: before.updatedBy,
        data: before.data,
        changes: [],
      });
    if (!(await saveDocumentAt(trx, name, version, data, now, editor.email))) return false;
    await insertDocumentRevision(trx, name, {
      id: randomBytes(12).toString('hex'),
      version: version + 1,
      savedOn: now,
      savedBy: editor.email,
      data,
      changes,
    });
    keys.touch(changeKey.forms);
    return true;
  });
  if (!saved) {
    const row = await documentRow(db, name);
    if (!row && version !== 0) throw apiError('site-forms.not-found');
    if (row && version === 0) throw apiError('site-forms.id-taken', { params: { id } });
    throw recordChanged(row ?? { updatedBy: null, updatedOn: now, version: 0 }, editor.timeZone, 'form');
  }
  return loadSiteForm(db, id);
}

export async function createSiteForm(
  db: Db,
  editor: FormsEditor,
  create: { id: string; name: string },
): Promise<SiteFormRecord> {
  if (!FORM_ID.test(create.id)) throw apiError('site-forms.id-invalid', { params: { id: create.id } });
  const form: SiteFormInput = {
    name: create.name,
    fields: [],
    submitButtonText: '',
    submissionMessage: '',
    submissionHTML: '',
    successRedirect: '',
    captchaEnabled: false,
    notificationEmails: [],
  };
  checkFormInput(form);
  const data = JSON.stringify(formDocument(create.id, form, {}), null, 2);
  return write(db, create.id, editor, 0, data, [message('site-forms.created')]);
}

export async function saveSiteForm(
  db: Db,
  editor: FormsEditor,
  id: string,
  version: number,
  form: SiteFormInput,
): Promise<SiteFormRecord> {
  checkFormInput(form);
  const row = await existing(db, id);
  const stored = JSON.parse(row.data) as Json;
  const before = parsedForm(row);
  const data = JSON.stringify(formDocument(id, form, stored), null, 2);
  // The form as the storefront will read it: what passes the editor's rules parses too.
  const parsed = parseFormDefinition(JSON.parse(data) as unknown, id);
  if (!parsed.ok) throw apiError('site-forms.field-id-invalid', { params: { id: parsed.error.message } });
  return write(db, id, editor, version, data, before ? changesBetween(formInput(before), form) : ['Saved']);
}

/** Deletes a form no page or post shows; its submissions stay (the forms module keeps them). */
export async function deleteSiteForm(
  db: Db,
  deps: SiteFormsDeps,
  editor: FormsEditor,
  id: string,
  version: number,
): Promise<void> {
  const row = await existing(db, id);
  const uses = await deps.formUses(db, id);
  if (uses.length > 0) throw apiError('site-forms.in-use', { params: { id, uses: uses.join(', ') } });
  const removed = await writeTransaction(db, async (trx, keys) => {
    if (!(await removeDocumentAt(trx, row.name, version))) return false;
    keys.touch(changeKey.forms);
    return true;
  });
  if (!removed) throw recordChanged(await existing(db, id), editor.timeZone, 'form');
}

export async function siteFormRevisions(db: Db, id: string): Promise<SiteFormRevisions> {
  const row = await existing(db, id);
  const rows = await documentRevisions(db, row.name, REVISIONS_SHOWN);
  return {
    revisions: rows.map(({ id: revisionId, version, savedOn, savedBy, changes }) => ({
      id: revisionId,
      version,
      savedOn,
      savedBy,
      changes,
    })),
  };
}

/** Brings a revision's form back as a new save on `version` (itself a revision). */
export async function restoreSiteForm(
  db: Db,
  editor: FormsEditor,
  id: string,
  revisionId: string,
  version: number,
): Promise<SiteFormRecord> {
  const row = await existing(db, id);
  const revision = await documentRevision(db, row.name, revisionId);
  if (!revision) throw apiError('site-forms.revision-not-found');
  const when = `${wallClock(revision.savedOn, editor.timeZone)} (${editor.timeZone})`;
  return write(db, id, editor, version, revision.data, [message('site-forms.restored', { when })]);
}
