/**
 * The site-form calls (spec section 7; docs/interfaces.md "HTTP: site forms"): the form's
 * definition, a submission key, the submission. Failures become the visitor's message (section 8).
 */
import type { FieldErrors, FormValues, PublicFormDefinition } from '@storefront/core/forms';
import { type LocalizedStrings, message } from '@storefront/core/messages';
import { writeHeaders } from '../cookies.ts';

export const TEMPLATE_PATH = '/api/template/GetTemplateSchema';
export const KEY_PATH = '/api/form/FormSubmissionKey';
export const SAVE_PATH = '/api/form/SaveFormSubmission';
export const CAPTCHA_PATH = '/api/form/captcha/challenge';

export class FormFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Field id -> message, for a 400 naming fields. */
    readonly errors: FieldErrors = {},
  ) {
    super(message);
  }
}

export interface FormApiOptions {
  fetch?: typeof fetch;
  cookies: () => string;
  ls?: LocalizedStrings;
}

export interface SavePayload {
  formId: string;
  values: FormValues;
  captchaKey?: string;
  hp?: string;
  pagePath?: string;
  pageTitle?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The visitor's text for a failed form call (section 8). */
export function formFailure(status: number, body: unknown, ls?: LocalizedStrings): FormFailure {
  if (status === 400 && isRecord(body) && isRecord(body.errors)) {
    const errors: FieldErrors = {};
    for (const [id, text] of Object.entries(body.errors)) if (typeof text === 'string') errors[id] = text;
    return new FormFailure(message('form.invalid-fields', {}, ls), status, errors);
  }
  if (status === 400) return new FormFailure(message('form.unparseable-fields', {}, ls), status);
  if (status === 401) return new FormFailure(message('form.status-401', {}, ls), status);
  if (status === 403) return new FormFailure(message('form.processing-error', {}, ls), status);
  if (status === 404) return new FormFailure(message('form.status-404', {}, ls), status);
  if (status === 429) return new FormFailure(message('form.status-429', {}, ls), status);
  if (status >= 500) return new FormFailure(message('form.status-500', {}, ls), status);
  return new FormFailure(message('form.unknown-error', {}, ls), status);
}

export function createFormApi(options: FormApiOptions) {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const ls = options.ls;
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') Object.assign(headers, writeHeaders(options.cookies()));
    let response: Response;
    try {
      response = await doFetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new FormFailure(message('form.unknown-error', {}, ls), 0);
    }
    const parsed: unknown = await response.json().catch(() => null);
    if (!response.ok) throw formFailure(response.status, parsed, ls);
    return parsed;
  };
  return {
    async definition(formId: string): Promise<PublicFormDefinition> {
      const body = await call('GET', `${TEMPLATE_PATH}?type=form&formId=${encodeURIComponent(formId)}`);
      if (!isRecord(body) || !isRecord(body.form))
        throw new FormFailure(message('form.unknown-error', {}, ls), 200);
      return body.form as unknown as PublicFormDefinition;
    },
    async key(): Promise<string> {
      let body: unknown;
      try {
        body = await call('POST', KEY_PATH, {});
      } catch (error) {
        // A refused key is the spec's own message, except where the status says more.
        if (error instanceof FormFailure && (error.status === 429 || error.status === 403)) throw error;
        throw new FormFailure(
          message('form.no-submission-key', {}, ls),
          error instanceof FormFailure ? error.status : 0,
        );
      }
      const key = isRecord(body) && isRecord(body.data) ? body.data.key : undefined;
      if (typeof key !== 'string' || key === '')
        throw new FormFailure(message('form.no-submission-key', {}, ls), 200);
      return key;
    },
    async save(key: string, payload: SavePayload): Promise<void> {
      await call('POST', SAVE_PATH, {
        key,
        formId: payload.formId,
        form: JSON.stringify(payload.values),
        ...(payload.captchaKey ? { captchaKey: payload.captchaKey } : {}),
        ...(payload.hp ? { hp: payload.hp } : {}),
        ...(payload.pagePath ? { pagePath: payload.pagePath.slice(0, 2000) } : {}),
        ...(payload.pageTitle ? { pageTitle: payload.pageTitle.slice(0, 2000) } : {}),
      });
    },
  };
}

export type FormApi = ReturnType<typeof createFormApi>;
