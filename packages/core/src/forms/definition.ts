/**
 * Site form definitions (spec section 3): parsed from a site's `content/forms/<formId>.json`, where
 * `fields` is an array of field objects or of JSON strings, each parsed. Parsing never throws: it
 * answers a Result naming the first problem.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../result.ts';
import { FIELD_TYPES, partsOf, type FormDefinition, type FormField } from './field-types.ts';

export * from './field-types.ts';

const html = z
  .union([z.string(), z.object({ html: z.string().optional() }).loose(), z.null()])
  .optional()
  .transform((v) => (typeof v === 'string' ? v : (v?.html ?? '')));
const str = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));
const bool = z
  .union([z.boolean(), z.literal('true'), z.literal('false'), z.null()])
  .optional()
  .transform((v) => v === true || v === 'true');
const choices = z
  .array(
    z.union([z.string(), z.object({ value: z.string() }).loose(), z.object({ title: z.string() }).loose()]),
  )
  .optional()
  .transform((list) =>
    (list ?? []).map((o) => (typeof o === 'string' ? o : 'value' in o ? String(o.value) : String(o.title))),
  );

const ID = /^[A-Za-z0-9_-]{1,100}$/;

const fieldSchema = z
  .object({
    id: z.string().regex(ID, 'a field id is 1 to 100 letters, digits, - or _'),
    type: z.enum(FIELD_TYPES),
    title: str,
    description: html,
    required: bool,
    placeholder: str,
    options: choices,
    questions: choices,
    maxLength: z.number().int().positive().max(100_000).optional(),
    countryCode: bool,
    showCountryCode: bool,
    key: str,
    value: str,
    subFields: z.array(z.object({ title: str }).loose()).optional(),
  })
  .loose();

const formSchema = z
  .object({
    id: z.string().regex(ID, 'a form id is 1 to 100 letters, digits, - or _'),
    name: str,
    fields: z.union([z.array(z.unknown()), z.string()]),
    submitButtonText: str,
    submissionMessage: html,
    submissionHTML: html,
    successRedirect: str,
    disclaimerMessage: html,
    captchaEnabled: bool,
    theme: str,
    alignment: str,
    notificationEmail: str,
  })
  .loose();

const describe = (error: z.ZodError, where: string): string => {
  const issue = error.issues[0];
  const path = [where, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  return `${path}: ${issue?.message ?? 'malformed'}`;
};

/** Parses one field (an object or a JSON string holding one). */
export function parseFormField(raw: unknown, where = 'field'): Result<FormField> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return err('form.definition.invalid', `${where}: not valid JSON`);
    }
  }
  const parsed = fieldSchema.safeParse(value);
  if (!parsed.success) return err('form.definition.invalid', describe(parsed.error, where));
  const f = parsed.data;
  const countryCode = f.countryCode || f.showCountryCode;
  let parts = partsOf(f.type, countryCode);
  // Sub-field titles given by the site replace the default part titles, in order.
  if (f.subFields && parts.length > 0)
    parts = parts.map((p, i) => ({ key: p.key, title: f.subFields?.[i]?.title || p.title }));
  const field: FormField = {
    id: f.id,
    type: f.type,
    title: f.title,
    description: f.description,
    required: f.type === 'section' || f.type === 'hidden' || f.type === 'likert' ? false : f.required,
    placeholder: f.placeholder,
    options: f.options,
    questions: f.questions,
    parts,
    ...(f.type === 'textarea' && f.maxLength !== undefined ? { maxLength: f.maxLength } : {}),
    countryCode: f.type === 'phone' && countryCode,
    key: f.key || f.id,
    value: f.value,
  };
  if ((f.type === 'radio' || f.type === 'select' || f.type === 'checkbox') && field.options.length === 0)
    return err('form.definition.invalid', `${where}.options: a ${f.type} field needs at least one option`);
  if (f.type === 'likert' && field.questions.length === 0)
    return err('form.definition.invalid', `${where}.questions: a likert field needs at least one question`);
  return ok(field);
}

/** Parses a form definition; `expectedId` (the file's name) must match the `id` when given. */
export function parseFormDefinition(raw: unknown, expectedId?: string): Result<FormDefinition> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return err('form.definition.invalid', 'form: not valid JSON');
    }
  }
  if (value && typeof value === 'object' && !('id' in value) && expectedId)
    value = { ...value, id: expectedId };
  const parsed = formSchema.safeParse(value);
  if (!parsed.success) return err('form.definition.invalid', describe(parsed.error, 'form'));
  const d = parsed.data;
  if (expectedId !== undefined && d.id !== expectedId)
    return err('form.definition.invalid', `form.id: '${d.id}' does not match the file name '${expectedId}'`);
  // `fields` may itself be a JSON string holding the array.
  const fields: FormField[] = [];
  const seen = new Set<string>();
  let list: unknown = d.fields;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return err('form.definition.invalid', 'form.fields: not valid JSON');
    }
  }
  if (!Array.isArray(list)) return err('form.definition.invalid', 'form.fields: expected an array');
  for (const [i, rawField] of (list as unknown[]).entries()) {
    const field = parseFormField(rawField, `form.fields.${i}`);
    if (!field.ok) return field;
    if (seen.has(field.value.id))
      return err('form.definition.invalid', `form.fields.${i}.id: '${field.value.id}' is used twice`);
    seen.add(field.value.id);
    fields.push(field.value);
  }
  return ok({
    id: d.id,
    name: d.name || 'My Form Name',
    fields,
    submitButtonText: d.submitButtonText,
    submissionMessage: d.submissionMessage,
    submissionHTML: d.submissionHTML,
    successRedirect: d.successRedirect,
    disclaimerMessage: d.disclaimerMessage,
    captchaEnabled: d.captchaEnabled,
    theme: d.theme,
    alignment: d.alignment,
    notificationEmail: d.notificationEmail,
  });
}

/** What the browser gets: the definition without the owner's address. */
export type PublicFormDefinition = Omit<FormDefinition, 'notificationEmail'>;
export const publicFormDefinition = (form: FormDefinition): PublicFormDefinition => {
  const { notificationEmail: _omit, ...rest } = form;
  return rest;
};
