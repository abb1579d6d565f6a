/**
 * Site form definitions (spec section 3): parsed from a site's `content/forms/<formId>.json`, where
 * `fields` is an array of field objects or of JSON strings, each parsed. Parsing never throws: it
 * answers a Result naming the first problem.
 */
import { z } from 'zod';
import { err, ok, type Result } from '../result.ts';

export const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'currency',
  'number',
  'website',
  'password',
  'twitter',
  'date',
  'time',
  'name',
  'address',
  'phone',
  'section',
  'radio',
  'checkbox',
  'select',
  'likert',
  'hidden',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose value is one string. */
export const SINGLE_VALUE_TYPES: ReadonlySet<FieldType> = new Set([
  'text',
  'textarea',
  'email',
  'currency',
  'number',
  'website',
  'password',
  'twitter',
  'radio',
  'select',
  'hidden',
]);
/** Types whose value is an object of parts (the keys summary-form-field reads). */
export const MULTI_PART_TYPES: ReadonlySet<FieldType> = new Set(['name', 'address', 'phone', 'date', 'time']);

export interface FieldPart {
  /** The key of the part in the submitted value (`First`, `Line1`, `Areacode`...). */
  readonly key: string;
  readonly title: string;
}

export interface FormField {
  readonly id: string;
  readonly type: FieldType;
  readonly title: string;
  readonly description: string;
  readonly required: boolean;
  readonly placeholder: string;
  /** radio, checkbox, select: the choices. */
  readonly options: readonly string[];
  /** likert: the statements answered on the five-point scale. */
  readonly questions: readonly string[];
  /** name, address, phone, date, time: the parts, in order. */
  readonly parts: readonly FieldPart[];
  /** textarea: the character limit, when set. */
  readonly maxLength?: number;
  /** phone: a country-code part first (four parts instead of three). */
  readonly countryCode: boolean;
  /** hidden: the key it is submitted under and its value. */
  readonly key: string;
  readonly value: string;
}

export interface FormDefinition {
  readonly id: string;
  readonly name: string;
  readonly fields: readonly FormField[];
  readonly submitButtonText: string;
  /** HTML shown in place of the form after a successful submission. */
  readonly submissionMessage: string;
  readonly submissionHTML: string;
  /** Where the visitor goes after a successful submission ('' = stay). */
  readonly successRedirect: string;
  readonly disclaimerMessage: string;
  readonly captchaEnabled: boolean;
  readonly theme: string;
  readonly alignment: string;
  /** Owner's address for notifications (not sent to the browser). */
  readonly notificationEmail: string;
}

const PARTS: Readonly<Record<string, readonly FieldPart[]>> = {
  name: [
    { key: 'First', title: 'First Name' },
    { key: 'Last', title: 'Last Name' },
  ],
  address: [
    { key: 'Line1', title: 'Address 1' },
    { key: 'Line2', title: 'Address 2' },
    { key: 'City', title: 'City' },
    { key: 'State', title: 'State' },
    { key: 'Zip', title: 'ZIP Code' },
    { key: 'Country', title: 'Country' },
  ],
  phone: [
    { key: 'Areacode', title: 'Area Code' },
    { key: 'Prefix', title: 'Prefix' },
    { key: 'Line', title: 'Line' },
  ],
  date: [
    { key: 'Month', title: 'Month' },
    { key: 'Day', title: 'Day' },
    { key: 'Year', title: 'Year' },
  ],
  time: [
    { key: 'Hour', title: 'Hour' },
    { key: 'Minute', title: 'Minute' },
    { key: 'Second', title: 'Second' },
    { key: 'Ampm', title: 'AM/PM' },
  ],
};
const COUNTRY_PART: FieldPart = { key: 'Country', title: 'Country Code' };

/** The parts of a multi-part field type (phone with or without the country code). */
export const partsOf = (type: FieldType, countryCode = false): readonly FieldPart[] =>
  type === 'phone' && countryCode ? [COUNTRY_PART, ...(PARTS.phone ?? [])] : (PARTS[type] ?? []);

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
