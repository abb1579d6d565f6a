/**
 * Site form field types and the shapes of a parsed definition (spec section 3). No dependencies:
 * the browser bundle imports this and the validation without the parser's schema library.
 */

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
