import { createEngine } from '@storefront/jsont';
import { describe, expect, it } from 'vitest';
import {
  FIELD_TYPES,
  parseFormDefinition,
  parseFormField,
  platformPlugin,
  publicFormDefinition,
  shapeProblem,
  summaryFields,
  validateField,
  validateForm,
  type FormDefinition,
  type FormField,
} from '../index.ts';

const field = (raw: Record<string, unknown>): FormField => {
  const r = parseFormField({ id: 'f', title: 'F', ...raw });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** A form holding every field type. */
export const everyType = {
  id: 'every',
  name: 'Every type',
  fields: [
    { id: 'text', type: 'text', title: 'Text', required: true },
    { id: 'textarea', type: 'textarea', title: 'Textarea', required: true, maxLength: 10 },
    { id: 'email', type: 'email', title: 'Email', required: true },
    { id: 'currency', type: 'currency', title: 'Currency' },
    { id: 'number', type: 'number', title: 'Number' },
    { id: 'website', type: 'website', title: 'Website' },
    { id: 'password', type: 'password', title: 'Password' },
    { id: 'twitter', type: 'twitter', title: 'Twitter' },
    { id: 'date', type: 'date', title: 'Date', required: true },
    { id: 'time', type: 'time', title: 'Time' },
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'address', type: 'address', title: 'Address' },
    { id: 'phone', type: 'phone', title: 'Phone', countryCode: true },
    { id: 'section', type: 'section', title: 'More', required: true },
    { id: 'radio', type: 'radio', title: 'Radio', required: true, options: ['A', 'B'] },
    { id: 'checkbox', type: 'checkbox', title: 'Checkbox', required: true, options: ['X', 'Y'] },
    { id: 'select', type: 'select', title: 'Select', required: true, options: ['One', 'Two'] },
    { id: 'likert', type: 'likert', title: 'Likert', required: true, questions: ['Q1', 'Q2'] },
    { id: 'hidden', type: 'hidden', title: 'Hidden', key: 'source', value: 'web' },
  ],
};

const parse = (raw: unknown, id?: string): FormDefinition => {
  const r = parseFormDefinition(raw, id);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('form definitions', () => {
  it('parses fields given as objects, as JSON strings, or as one JSON string', () => {
    const a = parse(everyType);
    expect(a.fields.map((f) => f.type)).toEqual([...FIELD_TYPES]);
    const b = parse({ ...everyType, fields: everyType.fields.map((f) => JSON.stringify(f)) });
    const c = parse({ ...everyType, fields: JSON.stringify(everyType.fields) });
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('reads html fields, defaults, parts and options', () => {
    const f = parse(
      {
        id: 'c',
        submissionMessage: { html: '<p>Thanks</p>' },
        disclaimerMessage: '<p>D</p>',
        captchaEnabled: true,
        notificationEmail: 'owner@example.com',
        fields: [
          { id: 'n', type: 'name', subFields: [{ title: 'Given' }, { title: 'Family' }] },
          { id: 'p', type: 'phone' },
          { id: 'p4', type: 'phone', showCountryCode: true },
          { id: 's', type: 'select', options: [{ value: 'a' }, 'b'] },
          { id: 'ta', type: 'textarea', maxLength: 5 },
          { id: 'l', type: 'likert', required: true, questions: ['q'] },
        ],
      },
      'c',
    );
    expect(f.name).toBe('My Form Name');
    expect(f.submissionMessage).toBe('<p>Thanks</p>');
    expect(f.disclaimerMessage).toBe('<p>D</p>');
    expect(f.captchaEnabled).toBe(true);
    expect(f.fields[0]?.parts).toEqual([
      { key: 'First', title: 'Given' },
      { key: 'Last', title: 'Family' },
    ]);
    expect(f.fields[1]?.parts.map((p) => p.key)).toEqual(['Areacode', 'Prefix', 'Line']);
    expect(f.fields[2]?.parts.map((p) => p.key)).toEqual(['Country', 'Areacode', 'Prefix', 'Line']);
    expect(f.fields[3]?.options).toEqual(['a', 'b']);
    expect(f.fields[4]?.maxLength).toBe(5);
    expect(f.fields[5]?.required).toBe(false); // likert has no required check
    expect('notificationEmail' in publicFormDefinition(f)).toBe(false);
  });

  it.each([
    [{ id: '', fields: [] }, 'form.id'],
    [{ id: 'x', fields: [{ id: 'a', type: 'colour' }] }, 'form.fields.0.type'],
    [{ id: 'x', fields: ['{not json'] }, 'form.fields.0: not valid JSON'],
    [{ id: 'x', fields: '[{' }, 'form.fields: not valid JSON'],
    [
      {
        id: 'x',
        fields: [
          { id: 'a', type: 'text' },
          { id: 'a', type: 'text' },
        ],
      },
      'used twice',
    ],
    [{ id: 'x', fields: [{ id: 'a', type: 'radio' }] }, 'needs at least one option'],
    [{ id: 'x', fields: [{ id: 'a', type: 'likert' }] }, 'needs at least one question'],
    [{ id: 'x', fields: [{ id: 'a b', type: 'text' }] }, 'form.fields.0.id'],
    [{ id: 'y', fields: [] }, "does not match the file name 'x'"],
  ])('refuses a broken definition (%#) naming the problem', (raw, problem) => {
    const r = parseFormDefinition(raw, 'x');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain(problem);
  });
});

describe('form validation', () => {
  const form = parse(everyType);

  it('marks each empty required field Required, skipping sections, hidden and likert', () => {
    const errors = validateForm(form, {});
    expect(errors).toEqual({
      text: 'Required',
      textarea: 'Required',
      email: 'Required',
      date: 'Required',
      name: 'Required',
      radio: 'Required',
      checkbox: 'Required',
      select: 'Required',
    });
  });

  it('takes whitespace as empty, and one part of a multi-part field as enough', () => {
    const name = form.fields.find((f) => f.id === 'name') as FormField;
    expect(validateField(name, { First: '  ', Last: '' })).toBe('Required');
    expect(validateField(name, { First: '', Last: 'Smith' })).toBeUndefined();
    const checkbox = form.fields.find((f) => f.id === 'checkbox') as FormField;
    expect(validateField(checkbox, [])).toBe('Required');
    expect(validateField(checkbox, ['Y'])).toBeUndefined();
  });

  it('counts textarea characters against maxLength', () => {
    const t = field({ type: 'textarea', maxLength: 3 });
    expect(validateField(t, 'abc')).toBeUndefined();
    expect(validateField(t, 'abcd')).toBe('You have exceeded the character limit.');
    expect(validateField(t, '😀😀😀')).toBeUndefined();
  });

  it('checks a given email, optional or not', () => {
    const e = field({ type: 'email' });
    expect(validateField(e, '')).toBeUndefined();
    expect(validateField(e, 'a@b.co')).toBeUndefined();
    for (const bad of ['nope', 'a@b', '@b.co', 'a b@c.de', `${'a'.repeat(260)}@b.co`])
      expect(validateField(e, bad)).toBe('Email is not valid.');
  });

  it('refuses answers outside the choices', () => {
    const byId = (id: string) => form.fields.find((f) => f.id === id) as FormField;
    expect(validateField(byId('radio'), 'C')).toBe('Please choose one of the options offered.');
    expect(validateField(byId('select'), 'Two')).toBeUndefined();
    expect(validateField(byId('checkbox'), ['X', 'Z'])).toBe('Please choose one of the options offered.');
    expect(validateField(byId('likert'), { Q1: '2' })).toBeUndefined();
    expect(validateField(byId('likert'), { Q1: '3' })).toBe('Please choose one of the options offered.');
    expect(validateField(byId('likert'), { Q9: '1' })).toBe('Please choose one of the options offered.');
  });

  it('uses the site strings for its messages', () => {
    const t = field({ type: 'text', required: true });
    expect(validateField(t, '', { 'form.required': 'Pflichtfeld' })).toBe('Pflichtfeld');
  });

  it('accepts a complete submission', () => {
    expect(
      validateForm(form, {
        text: 'x',
        textarea: 'short',
        email: 'a@b.co',
        date: { Month: '1', Day: '2', Year: '2026' },
        name: { First: 'Ada' },
        radio: 'A',
        checkbox: ['X'],
        select: 'One',
      }),
    ).toEqual({});
  });

  it.each([
    [{ nope: 'x' }, 'nope: not a field of this form'],
    [{ text: 1 }, 'text: expected a string'],
    [{ name: 'Ada' }, 'name: expected an object of parts'],
    [{ name: { Middle: 'x' } }, 'name.Middle: not a part'],
    [{ name: { First: 1 } }, 'name.First: expected a string'],
    [{ checkbox: 'X' }, 'checkbox: expected an array'],
    [{ likert: ['1'] }, 'likert: expected an object'],
    [{ section: 'x' }, 'a section takes no answer'],
  ])('names a value of the wrong shape (%#)', (values, problem) => {
    expect(shapeProblem(form, values)).toContain(problem);
  });

  it('renders stored answers with summary-form-field', () => {
    const engine = createEngine({ plugins: [platformPlugin] });
    const fields = summaryFields(form, {
      text: 'Hello',
      name: { First: 'Ada', Last: 'Lovelace' },
      checkbox: ['X', 'Y'],
      likert: { Q1: '2' },
    });
    const { output, errors } = engine.render('{.repeated section fields}{@|summary-form-field}{.end}', {
      fields,
    });
    expect(errors).toEqual([]);
    expect(output).toContain('Hello');
    expect(output).toContain('Ada');
    expect(output).toContain('Lovelace');
    expect(output).toContain('X, Y');
    expect(output).toContain('Strongly Agree');
    expect(output).toContain('N/A');
    expect(fields.find((f) => f.type === 'section')).toBeUndefined();
  });
});
