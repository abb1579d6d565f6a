import { describe, expect, it } from 'vitest';
import { createFormApi, formFailure, FormFailure } from './api.ts';

describe('site form calls', () => {
  it.each([
    [401, {}, 'Unable to submit form. Please try again later.'],
    [403, { crumbFail: true }, 'Error processing form submission. Please reload and try again.'],
    [404, {}, 'This form has not been configured yet.'],
    [429, {}, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, {}, 'Unable to send form. Please try again later.'],
    [503, null, 'Unable to send form. Please try again later.'],
    [400, { code: 'unparseable-fields' }, 'Could not parse the form fields, please check your entries.'],
    [418, {}, 'Unknown error, please try again later.'],
  ])('status %i shows the spec text', (status, body, text) => {
    expect(formFailure(status, body).message).toBe(text);
  });

  it('a 400 naming fields keeps each field message', () => {
    const failure = formFailure(400, { errors: { a: 'Required', b: 7 } });
    expect(failure.message).toBe('One or more fields is invalid, please check your entries.');
    expect(failure.errors).toEqual({ a: 'Required' });
  });

  it('site strings override the texts', () => {
    expect(formFailure(404, {}, { 'form.status-404': 'Formular fehlt.' }).message).toBe('Formular fehlt.');
  });

  it('sends the crumb, the key and the answers as a JSON string', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const api = createFormApi({
      cookies: () => 'crumb=abc123; other=1',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return new Response(
          JSON.stringify(String(url).includes('Key') ? { data: { key: 'k1' } } : { success: true }),
          {
            status: 200,
          },
        );
      },
    });
    const key = await api.key();
    await api.save(key, { formId: 'f', values: { a: 'x', b: ['y'] }, hp: '', pagePath: '/contact' });
    expect(calls.map((c) => c.url)).toEqual(['/api/form/FormSubmissionKey', '/api/form/SaveFormSubmission']);
    expect((calls[1]?.init.headers as Record<string, string>)['x-csrf-token']).toBe('abc123');
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({
      key: 'k1',
      formId: 'f',
      form: JSON.stringify({ a: 'x', b: ['y'] }),
      pagePath: '/contact',
    });
  });

  it('a key that cannot be had says so; a network failure is an unknown error', async () => {
    const refused = createFormApi({
      cookies: () => '',
      fetch: async () => new Response('{}', { status: 500 }),
    });
    await expect(refused.key()).rejects.toThrow(
      'Could not get a form submission key, please try again later.',
    );
    const offline = createFormApi({
      cookies: () => '',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const failure = await offline.save('k', { formId: 'f', values: {} }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FormFailure);
    expect((failure as FormFailure).message).toBe('Unknown error, please try again later.');
  });
});
