/**
 * The additional-fields form in its lightbox (the chunk `additional-fields.tsx` loads on first use):
 * the site-form island with core's rules, fed the form definition the server parsed
 * (`GET /api/template/GetTemplateSchema?type=form&formId=`), taking the valid answers instead of
 * saving a submission.
 */
import type { PublicFormDefinition } from '@storefront/core/forms';
import { type LocalizedStrings, message } from '../core.ts';
import { createFormApi, type FormApi, FormFailure } from '../forms/api.ts';
import { SiteForm } from '../forms/site-form.tsx';
import { openModal } from '../modal.tsx';
import { type FieldsFormOptions, type OpenedFieldsForm, encodeAdditionalFields } from './fields-answers.ts';

const apis = new WeakMap<Document, FormApi>();

/** One forms client per document, whose definitions are read once. */
export function formApiFor(
  doc: Document,
  options: { fetch?: typeof fetch; ls?: LocalizedStrings } = {},
): FormApi {
  const existing = apis.get(doc);
  if (existing) return existing;
  const api = createFormApi({ fetch: options.fetch, cookies: () => doc.cookie, ls: options.ls });
  const definitions = new Map<string, Promise<PublicFormDefinition>>();
  const cached: FormApi = {
    ...api,
    definition: (formId) => {
      let found = definitions.get(formId);
      if (!found) {
        found = api.definition(formId);
        definitions.set(formId, found);
        found.catch(() => definitions.delete(formId));
      }
      return found;
    },
  };
  apis.set(doc, cached);
  return cached;
}

export async function openFieldsFormNow(options: FieldsFormOptions): Promise<OpenedFieldsForm> {
  const { doc, formId, ls } = options;
  const api = formApiFor(doc, { ls });
  let form: PublicFormDefinition;
  try {
    form = await api.definition(formId);
  } catch (error) {
    return {
      ok: false,
      message: error instanceof FormFailure ? error.message : message('cart.try-again', {}, ls),
    };
  }
  const modal = openModal(doc, {
    title: form.name,
    className: 'sf-fields-modal',
    ls,
    returnFocus: options.returnFocus,
    onClose: options.onClose,
    render: (close) => (
      <SiteForm
        formId={formId}
        api={api}
        ls={ls}
        navigate={() => undefined}
        initialValues={options.initialValues}
        defaultSubmitLabel={message('form.submit-default', {}, ls)}
        onValid={async (values) => {
          const problem = await options.submit(encodeAdditionalFields(form, values));
          if (!problem) close();
          return problem;
        }}
      />
    ),
  });
  return { ok: true, modal };
}
