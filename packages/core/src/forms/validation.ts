/**
 * Site form validation (spec section 5), the same rules in the browser and on the server:
 * a required empty field is `Required` (single value; multi-part needs at least one part; checkbox
 * one checked; radio and select a choice; likert has no required check; sections are skipped);
 * a textarea over its maxLength gives the character-limit text; an email that is given must be
 * valid. The server also refuses answers that are not among a field's choices.
 */
import { message, type LocalizedStrings } from '../messages.ts';
import { MULTI_PART_TYPES, SINGLE_VALUE_TYPES, type FormDefinition, type FormField } from './field-types.ts';

/** One field's answer: a string, the parts of a multi-part field, the checked boxes, likert answers. */
export type FieldValue = string | readonly string[] | Readonly<Record<string, string>>;
/** A submission: field id -> answer (spec section 3: "map from field id to value"). */
export type FormValues = Readonly<Record<string, FieldValue | undefined>>;
/** field id -> the message shown above that field. */
export type FieldErrors = Record<string, string>;

export const LIKERT_ANSWERS = ['-2', '-1', '0', '1', '2'] as const;

/** The email rule of the restock form (3 to 256 characters, a standard address). */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const isValidEmail = (value: string): boolean =>
  value.length >= 3 && value.length <= 256 && EMAIL.test(value);

/** Characters as the visitor counts them (code points, so an emoji counts once). */
export const characterCount = (value: string): number => Array.from(value).length;

const blank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

/** True when the field has no answer at all (what `Required` checks). */
export function isEmptyAnswer(field: FormField, value: FieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (SINGLE_VALUE_TYPES.has(field.type)) return blank(value);
  if (MULTI_PART_TYPES.has(field.type))
    return typeof value !== 'object' || Array.isArray(value) || Object.values(value).every(blank);
  if (field.type === 'checkbox') return !Array.isArray(value) || value.length === 0;
  if (field.type === 'likert')
    return typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length === 0;
  return true;
}

/** The message for one field, or undefined when its answer is acceptable. */
export function validateField(
  field: FormField,
  value: FieldValue | undefined,
  ls?: LocalizedStrings,
): string | undefined {
  if (field.type === 'section' || field.type === 'hidden') return undefined;
  if (isEmptyAnswer(field, value)) return field.required ? message('form.required', {}, ls) : undefined;
  if (field.type === 'textarea' && field.maxLength !== undefined && typeof value === 'string') {
    if (characterCount(value) > field.maxLength) return message('form.character-limit', {}, ls);
  }
  if (field.type === 'email' && typeof value === 'string' && !isValidEmail(value.trim()))
    return message('form.email-not-valid', {}, ls);
  if ((field.type === 'radio' || field.type === 'select') && typeof value === 'string') {
    if (!field.options.includes(value)) return message('form.option-not-offered', {}, ls);
  }
  if (field.type === 'checkbox' && Array.isArray(value)) {
    if (value.some((v) => !field.options.includes(v))) return message('form.option-not-offered', {}, ls);
  }
  if (field.type === 'likert' && value && typeof value === 'object' && !Array.isArray(value)) {
    const answers = value as Readonly<Record<string, string>>;
    for (const [question, answer] of Object.entries(answers)) {
      if (!field.questions.includes(question) || !(LIKERT_ANSWERS as readonly string[]).includes(answer))
        return message('form.option-not-offered', {}, ls);
    }
  }
  return undefined;
}

/** Every field's message (empty when the submission is acceptable). */
export function validateForm(form: FormDefinition, values: FormValues, ls?: LocalizedStrings): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of form.fields) {
    const problem = validateField(field, values[field.id], ls);
    if (problem !== undefined) errors[field.id] = problem;
  }
  return errors;
}

/**
 * Checks that each answer has the shape its field's type takes (a string, an object of the type's
 * parts, an array of strings, a likert map) and that no unknown field is answered. Answers the
 * first problem as text, or undefined. The server refuses such a body as unparseable.
 */
export function shapeProblem(
  form: FormDefinition,
  values: Readonly<Record<string, unknown>>,
): string | undefined {
  const byId = new Map(form.fields.map((f) => [f.id, f]));
  for (const [id, value] of Object.entries(values)) {
    const field = byId.get(id);
    if (!field) return `${id}: not a field of this form`;
    if (value === undefined || value === null) continue;
    if (field.type === 'section') return `${id}: a section takes no answer`;
    if (SINGLE_VALUE_TYPES.has(field.type)) {
      if (typeof value !== 'string') return `${id}: expected a string`;
    } else if (MULTI_PART_TYPES.has(field.type)) {
      if (typeof value !== 'object' || Array.isArray(value)) return `${id}: expected an object of parts`;
      const keys = new Set(field.parts.map((p) => p.key));
      for (const [k, v] of Object.entries(value)) {
        if (!keys.has(k)) return `${id}.${k}: not a part of a ${field.type} field`;
        if (typeof v !== 'string') return `${id}.${k}: expected a string`;
      }
    } else if (field.type === 'checkbox') {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
        return `${id}: expected an array of strings`;
    } else if (field.type === 'likert') {
      if (typeof value !== 'object' || Array.isArray(value)) return `${id}: expected an object of answers`;
      for (const [k, v] of Object.entries(value))
        if (typeof v !== 'string') return `${id}.${k}: expected a string`;
    }
  }
  return undefined;
}

/** An answer as one line of text: choices joined, the parts of a name or address named. */
export const answerText = (value: unknown): string =>
  value === undefined || value === null
    ? ''
    : typeof value === 'string'
      ? value
      : Array.isArray(value)
        ? value.join(', ')
        : Object.entries(value as Record<string, string>)
            .filter(([, v]) => v !== '')
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ');

/** The summary-form-field objects (type, value, values, rawTitle) of a stored submission, in form order. */
export function summaryFields(
  form: FormDefinition,
  values: FormValues,
): Array<{ type: string; rawTitle: string; value: string; values: unknown }> {
  const out: Array<{ type: string; rawTitle: string; value: string; values: unknown }> = [];
  for (const field of form.fields) {
    if (field.type === 'section' || field.type === 'hidden') continue;
    const v = values[field.id];
    const value = typeof v === 'string' ? v : '';
    const values_ = typeof v === 'object' ? v : undefined;
    out.push({ type: field.type, rawTitle: field.title, value, values: values_ });
  }
  return out;
}
