/**
 * An entry's additional-fields answers as stored (`additionalFields`, the JSON string), and what
 * opening the form takes and gives: shared by the form's loader (additional-fields.tsx) and the
 * lightbox chunk (fields-modal.tsx), which loads on first use.
 */
import type { FieldValue, PublicFormDefinition } from '@storefront/core/forms';
import type { LocalizedStrings } from '../core.ts';
import type { ModalHandle } from '../modal.tsx';

export interface StoredAnswer {
  id: string;
  title: string;
  value: FieldValue;
}

export interface StoredFields {
  formId: string;
  fields: StoredAnswer[];
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isFieldValue = (v: unknown): v is FieldValue =>
  typeof v === 'string' ||
  (Array.isArray(v) && v.every((x) => typeof x === 'string')) ||
  (isRecord(v) && Object.values(v).every((x) => typeof x === 'string'));

/** The `additionalFields` JSON string of a valid submission (fields in form order, no sections). */
export function encodeAdditionalFields(
  form: PublicFormDefinition,
  values: Readonly<Record<string, FieldValue | undefined>>,
): string {
  const fields: StoredAnswer[] = [];
  for (const f of form.fields) {
    if (f.type === 'section') continue;
    const value = values[f.id];
    if (value === undefined) continue;
    fields.push({ id: f.id, title: f.type === 'hidden' ? f.key : f.title, value });
  }
  return JSON.stringify({ formId: form.id, fields } satisfies StoredFields);
}

/**
 * Reads an entry's `additionalFields`. A plain object (answers by name, as other clients may send)
 * reads as answers titled by their keys, with no form to reopen.
 */
export function decodeAdditionalFields(json: string | null | undefined): StoredFields | null {
  if (!json) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  if (typeof parsed.formId === 'string' && Array.isArray(parsed.fields)) {
    const fields = parsed.fields.filter(
      (f): f is StoredAnswer =>
        isRecord(f) && typeof f.id === 'string' && typeof f.title === 'string' && isFieldValue(f.value),
    );
    return { formId: parsed.formId, fields };
  }
  const fields = Object.entries(parsed)
    .filter(([, v]) => isFieldValue(v))
    .map(([k, v]) => ({ id: k, title: k, value: v as FieldValue }));
  return { formId: '', fields };
}

/** One answer as text: parts joined by spaces (name, address), options by commas. */
export function answerText(value: FieldValue): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(', ');
  return Object.values(value as Record<string, string>)
    .filter((v) => v !== '')
    .join(' ');
}

/** The answers as `Title: answer` lines (empty answers left out). */
export function additionalFieldsLines(json: string | null | undefined): string[] {
  const stored = decodeAdditionalFields(json);
  if (!stored) return json ? [json] : [];
  return stored.fields
    .map((f) => ({ title: f.title, text: answerText(f.value) }))
    .filter((f) => f.text !== '')
    .map((f) => `${f.title}: ${f.text}`);
}

export interface FieldsFormOptions {
  doc: Document;
  formId: string;
  ls?: LocalizedStrings;
  /** Answers to start from (Edit Details). */
  initialValues?: Record<string, FieldValue>;
  /** Where focus goes back after closing. */
  returnFocus?: HTMLElement | null;
  /** Takes the answers' JSON string; answers an error text to show in the form, or nothing when done. */
  submit(additionalFields: string): Promise<string | undefined>;
  onClose?(): void;
}

export type OpenedFieldsForm = { ok: true; modal: ModalHandle } | { ok: false; message: string };
