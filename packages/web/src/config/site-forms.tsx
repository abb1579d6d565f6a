/**
 * The site's forms (issue 31, `/config/site-forms`): the list, a new form, and the editor of one
 * form: its fields of the 19 types (title, required, description, placeholder, options, parts),
 * moved with Up and Down (focus stays on the moved field, the status line reads the move out), its
 * texts, redirect, captcha and notification addresses, saved on the version loaded. A stale save
 * answers 409 naming who saved and everything typed stays. The preview is the storefront's own form
 * component drawing the form as it is being edited, with nothing sent.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FIELD_TYPES, partsOf, type FieldType, type PublicFormDefinition } from '@storefront/core/forms';
import {
  CHOICE_TYPES,
  PLACEHOLDER_TYPES,
  SITE_FORM_LIMITS,
  type RecordChanged,
  type SiteFormFieldInput,
  type SiteFormInput,
  type SiteFormList,
  type SiteFormRecord,
  type SiteFormRevisions,
} from '@storefront/core/wire';
import { SiteForm } from '../forms/site-form.tsx';
import type { FormApi } from '../forms/api.ts';
import { ConfigError, deleteJson, getJson, postJson, putJson } from './api.ts';
import { Outcome, RecordsTable } from './parts.tsx';
import { ConflictChoices, RevisionList, recordChangedOf } from './record-versions.tsx';
import { Link, navigate } from './router.tsx';

const API = '/api/config/site-forms';

const TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  textarea: 'Paragraph',
  email: 'Email',
  currency: 'Currency',
  number: 'Number',
  website: 'Website',
  password: 'Password',
  twitter: 'Twitter handle',
  date: 'Date',
  time: 'Time',
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  section: 'Section heading',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
  select: 'Drop-down list',
  likert: 'Likert scale',
  hidden: 'Hidden value',
};

const problemOf = (e: unknown) =>
  e instanceof ConfigError ? e.message : 'The form could not be saved. Please try again.';

export function SiteFormsScreen({ canEdit }: { canEdit: boolean }) {
  const [list, setList] = useState<SiteFormList>();
  const [error, setError] = useState('');
  useEffect(() => {
    getJson<SiteFormList>(API).then(setList, (e: unknown) => setError(problemOf(e)));
  }, []);
  return (
    <>
      <h1>Forms</h1>
      <Outcome done="" error={error} />
      {!list ? (
        !error && <p>Loading…</p>
      ) : (
        <RecordsTable
          caption="The site's forms"
          emptyText="No forms yet."
          rows={list.forms}
          rowKey={(f) => f.id}
          columns={[
            {
              header: 'Form',
              cell: (f) => <Link href={`/config/site-forms/${encodeURIComponent(f.id)}`}>{f.name}</Link>,
            },
            { header: 'Fields', numeric: true, cell: (f) => f.fieldCount },
            {
              header: 'Submissions',
              cell: (f) => (
                <Link
                  href={`/config/forms/${encodeURIComponent(f.id)}`}
                  aria-label={`Submissions of ${f.name}`}
                >
                  Submissions
                </Link>
              ),
            },
          ]}
        />
      )}
      {canEdit ? (
        <NewForm />
      ) : (
        list && <p>You can read the forms; changing them needs the editor or admin role.</p>
      )}
    </>
  );
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

function NewForm() {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const created = await postJson<SiteFormRecord>(API, { id: slugOf(name) || 'form', name });
      navigate(`/config/site-forms/${encodeURIComponent(created.id)}`);
    } catch (e) {
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="cfg-panel cfg-form" aria-label="New form" onSubmit={(e) => void onSubmit(e)}>
      <h2>New form</h2>
      <p>
        <label htmlFor="new-form-name">Name</label>
        <input
          id="new-form-name"
          required
          maxLength={SITE_FORM_LIMITS.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />{' '}
        <span className="cfg-muted">Its address name: {slugOf(name) || 'form'}</span>
      </p>
      {error && (
        <p role="alert" className="cfg-error">
          {error}
        </p>
      )}
      <p>
        <button type="submit" disabled={busy}>
          Create form
        </button>
      </p>
    </form>
  );
}

let fieldCount = 0;
const newFieldId = (type: FieldType) => `${type}-${Date.now().toString(36)}${++fieldCount}`;

const blankField = (type: FieldType, title: string): SiteFormFieldInput => ({
  id: newFieldId(type),
  type,
  title,
  description: '',
  required: false,
  placeholder: '',
  options: CHOICE_TYPES.has(type) ? ['Option 1', 'Option 2'] : [],
  questions: type === 'likert' ? ['Question 1'] : [],
  subFields: [],
  key: '',
  value: '',
  countryCode: false,
});

/** The form as the storefront's component draws it: what a visitor would see after a save. */
function previewDefinition(id: string, form: SiteFormInput): PublicFormDefinition {
  return {
    id,
    name: form.name,
    fields: form.fields.map((field) => {
      const parts = partsOf(field.type, field.countryCode).map((part, i) => ({
        key: part.key,
        title: field.subFields[i]?.title || part.title,
      }));
      const noRequired = field.type === 'section' || field.type === 'hidden' || field.type === 'likert';
      return {
        id: field.id,
        type: field.type,
        title: field.title,
        description: field.description,
        required: noRequired ? false : field.required,
        placeholder: field.placeholder,
        options: field.options.filter((o) => o.trim() !== ''),
        questions: field.questions.filter((q) => q.trim() !== ''),
        parts,
        countryCode: field.type === 'phone' && field.countryCode,
        key: field.key || field.id,
        value: field.value,
      };
    }),
    submitButtonText: form.submitButtonText,
    submissionMessage: form.submissionMessage,
    submissionHTML: form.submissionHTML,
    successRedirect: form.successRedirect,
    disclaimerMessage: '',
    captchaEnabled: false,
    theme: '',
    alignment: '',
  };
}

function FormPreview({ id, form }: { id: string; form: SiteFormInput }) {
  const definition = useMemo(() => previewDefinition(id, form), [id, form]);
  const api = useMemo(
    (): FormApi => ({
      definition: async () => definition,
      key: async () => '',
      save: async () => {},
    }),
    [definition],
  );
  return (
    <section className="cfg-panel" aria-labelledby="form-preview-heading">
      <h2 id="form-preview-heading">Preview</h2>
      <p className="cfg-muted">
        As visitors see it once saved. Sending it here checks the answers and sends nothing.
      </p>
      <SiteForm
        key={JSON.stringify(definition)}
        formId={id}
        api={api}
        navigate={() => {}}
        onValid={async () => 'This is the preview: nothing was sent.'}
      />
    </section>
  );
}

export function SiteFormEditorScreen({ id, canEdit }: { id: string; canEdit: boolean }) {
  const [record, setRecord] = useState<SiteFormRecord>();
  const [form, setForm] = useState<SiteFormInput>();
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<RecordChanged>();
  const [revisions, setRevisions] = useState<SiteFormRevisions['revisions']>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [newType, setNewType] = useState<FieldType>('text');
  const [newTitle, setNewTitle] = useState('');
  const focusAfter = useRef<string | undefined>(undefined);
  const api = `${API}/${encodeURIComponent(id)}`;

  const loadRevisions = () =>
    getJson<SiteFormRevisions>(`${api}/revisions`).then(
      (r) => setRevisions(r.revisions),
      () => setRevisions([]),
    );
  const show = (loaded: SiteFormRecord) => {
    setRecord(loaded);
    setForm(loaded.form);
    setConflict(undefined);
    void loadRevisions();
  };
  useEffect(() => {
    getJson<SiteFormRecord>(api).then(show, (e: unknown) => setError(problemOf(e)));
  }, [api]);
  useEffect(() => {
    if (focusAfter.current) {
      document.getElementById(focusAfter.current)?.focus();
      focusAfter.current = undefined;
    }
  });

  if (!record || !form)
    return (
      <>
        <h1>Form</h1>
        <Outcome done="" error={error} />
        {!error && <p>Loading…</p>}
        <p>
          <Link href="/config/site-forms">All forms</Link>
        </p>
      </>
    );

  const disabled = !canEdit || busy;
  const set = <K extends keyof SiteFormInput>(key: K, value: SiteFormInput[K]) =>
    setForm({ ...form, [key]: value });
  const setField = (index: number, change: Partial<SiteFormFieldInput>) =>
    set(
      'fields',
      form.fields.map((f, i) => (i === index ? { ...f, ...change } : f)),
    );
  const moveField = (index: number, by: -1 | 1) => {
    const to = index + by;
    const fields = [...form.fields];
    const [field] = fields.splice(index, 1);
    if (!field || to < 0 || to > fields.length) return;
    fields.splice(to, 0, field);
    set('fields', fields);
    const edgeButton = (by === -1 && to === 0) || (by === 1 && to === fields.length - 1);
    focusAfter.current = `field-${field.id}-${edgeButton ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`;
    setDone(`Moved “${field.title || TYPE_LABELS[field.type]}” to position ${to + 1} of ${fields.length}.`);
  };
  const removeField = (index: number) => {
    const field = form.fields[index];
    set(
      'fields',
      form.fields.filter((_, i) => i !== index),
    );
    focusAfter.current = 'new-field-type';
    if (field) setDone(`Removed “${field.title || TYPE_LABELS[field.type]}”. Save to keep the change.`);
  };
  const addField = (event: FormEvent) => {
    event.preventDefault();
    const field = blankField(newType, newTitle.trim());
    set('fields', [...form.fields, field]);
    setNewTitle('');
    focusAfter.current = `field-${field.id}-title`;
    setDone(`Added the ${TYPE_LABELS[newType]} field “${field.title}”. Save to keep it.`);
  };

  const save = async (version: number) => {
    setBusy(true);
    setError('');
    setDone('');
    try {
      const saved = await putJson<SiteFormRecord>(api, {
        version,
        form: { ...form, notificationEmails: form.notificationEmails.filter((email) => email !== '') },
      });
      show(saved);
      setDone(`Saved version ${saved.version}.`);
    } catch (e) {
      setConflict(recordChangedOf(e));
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };
  const restore = async (revisionId: string, version: number) => {
    setBusy(true);
    setError('');
    try {
      const restored = await postJson<SiteFormRecord>(`${api}/revisions/${revisionId}/restore`, { version });
      show(restored);
      setDone(`Restored: this is now version ${restored.version}.`);
    } catch (e) {
      setConflict(recordChangedOf(e));
      setError(problemOf(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setError('');
    try {
      await deleteJson(`${api}?version=${record.version}`);
      navigate('/config/site-forms');
    } catch (e) {
      setError(problemOf(e));
      setConfirmDelete(false);
    } finally {
      setBusy(false);
    }
  };

  const text = (
    key: 'name' | 'submitButtonText' | 'successRedirect',
    label: string,
    max: number,
    hint?: string,
  ) => (
    <p className="cfg-field">
      <label htmlFor={`form-${key}`}>{label}</label>
      {hint && (
        <span id={`form-${key}-hint`} className="cfg-muted">
          {' '}
          {hint}
        </span>
      )}
      <input
        id={`form-${key}`}
        maxLength={max}
        disabled={disabled}
        value={form[key]}
        {...(hint ? { 'aria-describedby': `form-${key}-hint` } : {})}
        onChange={(e) => set(key, e.target.value)}
      />
    </p>
  );

  return (
    <>
      <h1>Form: {record.form.name}</h1>
      <p>
        <Link href="/config/site-forms">All forms</Link> ·{' '}
        <Link href={`/config/forms/${encodeURIComponent(id)}`}>Submissions</Link>
      </p>
      {!canEdit && (
        <p className="cfg-note">You can read this form; changing it needs the editor or admin role.</p>
      )}
      <Outcome done={done} error={error} />
      {conflict && (
        <p className="cfg-panel">
          <ConflictChoices
            conflict={conflict}
            busy={busy}
            onSaveMine={() => void save(conflict.currentVersion)}
            onLoadTheirs={() =>
              getJson<SiteFormRecord>(api).then(
                (loaded) => {
                  show(loaded);
                  setError('');
                  setDone(`Loaded version ${loaded.version}.`);
                },
                (e: unknown) => setError(problemOf(e)),
              )
            }
          />
        </p>
      )}
      <form
        className="cfg-form"
        aria-label="Form settings"
        onSubmit={(e) => {
          e.preventDefault();
          void save(record.version);
        }}
      >
        <section className="cfg-panel" aria-labelledby="form-texts-heading">
          <h2 id="form-texts-heading">Form</h2>
          {text('name', 'Name', SITE_FORM_LIMITS.name)}
          {text(
            'submitButtonText',
            'Submit button text',
            SITE_FORM_LIMITS.submitButtonText,
            'Empty: “Submit”.',
          )}
          <p className="cfg-field">
            <label htmlFor="form-submissionMessage">Message after sending</label>
            <textarea
              id="form-submissionMessage"
              rows={3}
              maxLength={SITE_FORM_LIMITS.submissionMessage}
              disabled={disabled}
              value={form.submissionMessage}
              onChange={(e) => set('submissionMessage', e.target.value)}
            />
          </p>
          <p className="cfg-field">
            <label htmlFor="form-submissionHTML">Or HTML after sending</label>
            <span id="form-submissionHTML-hint" className="cfg-muted">
              {' '}
              Shown instead of the message when given.
            </span>
            <textarea
              id="form-submissionHTML"
              rows={3}
              maxLength={SITE_FORM_LIMITS.submissionHtml}
              disabled={disabled}
              aria-describedby="form-submissionHTML-hint"
              value={form.submissionHTML}
              onChange={(e) => set('submissionHTML', e.target.value)}
            />
          </p>
          {text(
            'successRedirect',
            'After sending, go to',
            SITE_FORM_LIMITS.redirect,
            'A page of this site, like /thank-you. Empty: stay and show the message.',
          )}
          <p className="cfg-inline-form">
            <label>
              <input
                type="checkbox"
                disabled={disabled}
                checked={form.captchaEnabled}
                onChange={(e) => set('captchaEnabled', e.target.checked)}
              />{' '}
              Ask for a captcha
            </label>
          </p>
          <p className="cfg-field">
            <label htmlFor="form-notificationEmails">Send each submission to</label>
            <span id="form-notificationEmails-hint" className="cfg-muted">
              {' '}
              Up to {SITE_FORM_LIMITS.notificationAddresses} addresses, one a line.
            </span>
            <textarea
              id="form-notificationEmails"
              rows={2}
              disabled={disabled}
              aria-describedby="form-notificationEmails-hint"
              value={form.notificationEmails.join('\n')}
              onChange={(e) =>
                set(
                  'notificationEmails',
                  e.target.value
                    .split(/\n/)
                    .map((line) => line.trim())
                    .filter((line, i, all) => line !== '' || i === all.length - 1),
                )
              }
            />
          </p>
        </section>

        <section className="cfg-panel" aria-labelledby="form-fields-heading">
          <h2 id="form-fields-heading">Fields</h2>
          {form.fields.length === 0 && <p>No field yet: add one below.</p>}
          <ol className="cfg-site-form-fields">
            {form.fields.map((field, index) => (
              <li key={field.id}>
                <FieldEditor
                  field={field}
                  position={index + 1}
                  count={form.fields.length}
                  disabled={disabled}
                  onChange={(change) => setField(index, change)}
                  onMove={(by) => moveField(index, by)}
                  onRemove={() => removeField(index)}
                />
              </li>
            ))}
          </ol>
        </section>
        {canEdit && (
          <p>
            <button type="submit" disabled={busy}>
              Save form
            </button>
          </p>
        )}
      </form>

      {canEdit && (
        <form className="cfg-panel cfg-form" aria-label="Add a field" onSubmit={addField}>
          <h2>Add a field</h2>
          <p>
            <label htmlFor="new-field-type">Type</label>
            <select
              id="new-field-type"
              value={newType}
              disabled={form.fields.length >= SITE_FORM_LIMITS.fields}
              onChange={(e) => setNewType(e.target.value as FieldType)}
            >
              {FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </p>
          <p>
            <label htmlFor="new-field-title">Title</label>
            <input
              id="new-field-title"
              maxLength={SITE_FORM_LIMITS.title}
              value={newTitle}
              onChange={(e) => setNewTitle(e.target.value)}
            />
          </p>
          <p>
            <button type="submit" disabled={form.fields.length >= SITE_FORM_LIMITS.fields}>
              Add field
            </button>
          </p>
        </form>
      )}

      <FormPreview id={id} form={form} />

      <section className="cfg-panel" aria-labelledby="form-revisions-heading">
        <h2 id="form-revisions-heading">Revisions</h2>
        <RevisionList
          revisions={revisions}
          currentVersion={record.version}
          canEdit={canEdit}
          busy={busy}
          label={`Revisions of ${record.form.name}`}
          onRestore={(revision) => void restore(revision.id, record.version)}
        />
      </section>

      {canEdit && (
        <section className="cfg-panel" aria-labelledby="form-delete-heading">
          <h2 id="form-delete-heading">Delete</h2>
          <p>Deleting keeps its submissions. A form still on a page or post is not deleted.</p>
          {confirmDelete ? (
            <p>
              <button type="button" disabled={busy} onClick={() => void remove()}>
                Delete “{record.form.name}” for good
              </button>{' '}
              <button type="button" className="cfg-button-secondary" onClick={() => setConfirmDelete(false)}>
                Keep it
              </button>
            </p>
          ) : (
            <p>
              <button type="button" className="cfg-button-secondary" onClick={() => setConfirmDelete(true)}>
                Delete form…
              </button>
            </p>
          )}
        </section>
      )}
    </>
  );
}

function FieldEditor({
  field,
  position,
  count,
  disabled,
  onChange,
  onMove,
  onRemove,
}: {
  field: SiteFormFieldInput;
  position: number;
  count: number;
  disabled: boolean;
  onChange: (change: Partial<SiteFormFieldInput>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const base = `field-${field.id}`;
  const name = field.title || TYPE_LABELS[field.type];
  const parts = partsOf(field.type, field.countryCode);
  const hasRequired = field.type !== 'section' && field.type !== 'hidden' && field.type !== 'likert';
  return (
    <fieldset className="cfg-site-form-field">
      <legend>
        {position}. {name} <span className="cfg-muted">({TYPE_LABELS[field.type]})</span>
      </legend>
      <p className="cfg-field">
        <label htmlFor={`${base}-title`}>Title</label>
        <input
          id={`${base}-title`}
          maxLength={SITE_FORM_LIMITS.title}
          disabled={disabled}
          value={field.title}
          onChange={(e) => onChange({ title: e.target.value })}
        />
      </p>
      {hasRequired && (
        <p className="cfg-inline-form">
          <label>
            <input
              type="checkbox"
              disabled={disabled}
              checked={field.required}
              onChange={(e) => onChange({ required: e.target.checked })}
            />{' '}
            Required
          </label>
        </p>
      )}
      <p className="cfg-field">
        <label htmlFor={`${base}-description`}>Description</label>
        <textarea
          id={`${base}-description`}
          rows={2}
          maxLength={SITE_FORM_LIMITS.description}
          disabled={disabled}
          value={field.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </p>
      {PLACEHOLDER_TYPES.has(field.type) && (
        <p className="cfg-field">
          <label htmlFor={`${base}-placeholder`}>Placeholder</label>
          <input
            id={`${base}-placeholder`}
            maxLength={SITE_FORM_LIMITS.placeholder}
            disabled={disabled}
            value={field.placeholder}
            onChange={(e) => onChange({ placeholder: e.target.value })}
          />
        </p>
      )}
      {CHOICE_TYPES.has(field.type) && (
        <ChoiceList
          label="Options"
          fieldName={name}
          base={`${base}-option`}
          values={field.options}
          disabled={disabled}
          onChange={(options) => onChange({ options })}
        />
      )}
      {field.type === 'likert' && (
        <ChoiceList
          label="Questions"
          fieldName={name}
          base={`${base}-question`}
          values={field.questions}
          disabled={disabled}
          onChange={(questions) => onChange({ questions })}
        />
      )}
      {field.type === 'phone' && (
        <p className="cfg-inline-form">
          <label>
            <input
              type="checkbox"
              disabled={disabled}
              checked={field.countryCode}
              onChange={(e) => onChange({ countryCode: e.target.checked, subFields: [] })}
            />{' '}
            Ask for the country code
          </label>
        </p>
      )}
      {parts.length > 0 && (
        <fieldset>
          <legend>Titles of the parts</legend>
          {parts.map((part, i) => (
            <p className="cfg-field" key={part.key}>
              <label htmlFor={`${base}-part-${part.key}`}>{part.title}</label>
              <input
                id={`${base}-part-${part.key}`}
                maxLength={SITE_FORM_LIMITS.option}
                disabled={disabled}
                placeholder={part.title}
                value={field.subFields[i]?.title ?? ''}
                onChange={(e) => {
                  const titles = parts.map((p, j) => ({ title: field.subFields[j]?.title ?? '' }));
                  titles[i] = { title: e.target.value };
                  onChange({ subFields: titles.some((t) => t.title !== '') ? titles : [] });
                }}
              />
            </p>
          ))}
        </fieldset>
      )}
      {field.type === 'hidden' && (
        <>
          <p className="cfg-field">
            <label htmlFor={`${base}-key`}>Key</label>
            <input
              id={`${base}-key`}
              maxLength={SITE_FORM_LIMITS.option}
              disabled={disabled}
              value={field.key}
              onChange={(e) => onChange({ key: e.target.value })}
            />
          </p>
          <p className="cfg-field">
            <label htmlFor={`${base}-value`}>Value</label>
            <input
              id={`${base}-value`}
              maxLength={SITE_FORM_LIMITS.option}
              disabled={disabled}
              value={field.value}
              onChange={(e) => onChange({ value: e.target.value })}
            />
          </p>
        </>
      )}
      {!disabled && (
        <p className="cfg-row-actions">
          <button
            type="button"
            id={`${base}-up`}
            className="cfg-button-secondary"
            disabled={position === 1}
            aria-label={`Move ${name} up`}
            onClick={() => onMove(-1)}
          >
            Up
          </button>{' '}
          <button
            type="button"
            id={`${base}-down`}
            className="cfg-button-secondary"
            disabled={position === count}
            aria-label={`Move ${name} down`}
            onClick={() => onMove(1)}
          >
            Down
          </button>{' '}
          <button
            type="button"
            className="cfg-button-secondary"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            Remove
          </button>
        </p>
      )}
    </fieldset>
  );
}

/** A field's options or questions: each editable, removable and movable, and one more to add. */
function ChoiceList({
  label,
  fieldName,
  base,
  values,
  disabled,
  onChange,
}: {
  label: 'Options' | 'Questions';
  fieldName: string;
  base: string;
  values: readonly string[];
  disabled: boolean;
  onChange: (values: string[]) => void;
}) {
  const one = label === 'Options' ? 'option' : 'question';
  const move = (index: number, by: -1 | 1) => {
    const next = [...values];
    const [value] = next.splice(index, 1);
    if (value === undefined) return;
    next.splice(index + by, 0, value);
    onChange(next);
  };
  return (
    <fieldset>
      <legend>{label}</legend>
      <ol className="cfg-site-form-choices">
        {values.map((value, index) => (
          <li key={index}>
            <label htmlFor={`${base}-${index}`} className="cfg-visually-hidden">
              {`${label === 'Options' ? 'Option' : 'Question'} ${index + 1} of ${fieldName}`}
            </label>
            <input
              id={`${base}-${index}`}
              maxLength={SITE_FORM_LIMITS.option}
              disabled={disabled}
              value={value}
              onChange={(e) => onChange(values.map((v, i) => (i === index ? e.target.value : v)))}
            />
            {!disabled && (
              <>
                {' '}
                <button
                  type="button"
                  className="cfg-button-secondary"
                  disabled={index === 0}
                  aria-label={`Move ${one} ${index + 1} up`}
                  onClick={() => move(index, -1)}
                >
                  Up
                </button>{' '}
                <button
                  type="button"
                  className="cfg-button-secondary"
                  aria-label={`Remove ${one} ${index + 1}`}
                  onClick={() => onChange(values.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </>
            )}
          </li>
        ))}
      </ol>
      {!disabled && values.length < SITE_FORM_LIMITS.options && (
        <button
          type="button"
          className="cfg-button-secondary"
          aria-label={`Add an ${one} to ${fieldName}`}
          onClick={() => onChange([...values, ''])}
        >
          Add {one}
        </button>
      )}
    </fieldset>
  );
}
