/** An additional-fields form as the server answers it (core's parser, as the server uses it). */
import { parseFormDefinition, type PublicFormDefinition } from '@storefront/core/forms';

export function engravingForm(): PublicFormDefinition {
  const parsed = parseFormDefinition({
    id: 'engraving',
    name: 'Engraving',
    submitButtonText: '',
    fields: [
      { id: 'monogram', type: 'text', title: 'Monogram', required: true, description: '' },
      { id: 'note', type: 'textarea', title: 'Gift note', required: false, description: '' },
    ],
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const { notificationEmail: _omit, ...form } = parsed.value;
  return form;
}

/** The stored answers of the engraving form. */
export const engravingAnswers = (monogram: string, note = ''): string =>
  JSON.stringify({
    formId: 'engraving',
    fields: [
      { id: 'monogram', title: 'Monogram', value: monogram },
      ...(note ? [{ id: 'note', title: 'Gift note', value: note }] : []),
    ],
  });
