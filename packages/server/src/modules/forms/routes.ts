/**
 * Site forms over HTTP (spec sections 7 and 8, issue 7):
 *
 * - `GET  /api/template/GetTemplateSchema?type=form[&formId=]` the form template: the field types
 *   with the shape of their answers, and (with formId) the form's public definition.
 * - `GET  /api/form/captcha/challenge` a captcha challenge (ALTCHA by default).
 * - `POST /api/rest/forms/validate/{formId}` JSON field id -> answer; 400 `errors` field id -> message.
 * - `POST /api/form/FormSubmissionKey` answers `{ data: { key } }`: single use, expiring.
 * - `POST /api/form/SaveFormSubmission` `{ key, formId, form (JSON string of answers), captchaKey?,
 *   hp? (honeypot), pagePath?, pageTitle?, pageId?, collectionId?, contentSource? }`.
 *
 * Statuses and texts (section 8): 401 key or captcha refused; 404 unknown form; 429 per-client
 * limit; 500 storage failure; 400 with field errors, or naming what could not be parsed. Mutating
 * calls need the crumb (http/crumb.ts). Every refusal stores nothing; every answer is an entry of
 * http/errors.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  FIELD_TYPES,
  MULTI_PART_TYPES,
  answerText,
  SINGLE_VALUE_TYPES,
  parseFormDefinition,
  partsOf,
  publicFormDefinition,
  shapeProblem,
  validateForm,
  message,
  type FormDefinition,
  type FormValues,
} from '@storefront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerDatabaseRateLimit } from '../../platform/http/rate-limit.ts';
import { apiError, type ErrorKey } from '../../platform/http/errors.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import {
  altchaProvider,
  sharedSecret,
  spendSolution,
  type CaptchaProvider,
} from '../../platform/http/captcha.ts';
import { DEFAULT_FORM_SETTINGS, type FormSettings } from './settings.ts';
import { issueKey, storeSubmission } from './store.ts';

export interface FormsOptions {
  /**
   * The site's forms (`forms/<formId>.json`) as saved now: app.ts refills this object in place when
   * the forms editor saves, so a submission is checked against the definition saved last.
   */
  forms: Record<string, unknown>;
  /** Where notifications go when a form names no `notificationEmail`. */
  ownerEmail?: string;
  settings?: Partial<FormSettings>;
  /** Replaces the ALTCHA provider (tests, reCAPTCHA). */
  captcha?: CaptchaProvider;
}

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_ANSWERS_JSON = 100_000;

const schemaQuery = z
  .object({
    type: z.literal('form', { error: "type must be 'form'" }),
    formId: z.string().regex(ID, 'formId is 1 to 100 letters, digits, - or _').optional(),
  })
  .strict();
const formParams = z.object({ formId: z.string().regex(ID, 'formId is 1 to 100 letters, digits, - or _') });
const keyBody = z.object({ formId: z.string().regex(ID).optional() }).strict();
const pageText = z.string().max(2000).optional();
const saveBody = z
  .object({
    key: z.string().min(1, 'key is empty').max(200),
    formId: z.string().regex(ID, 'formId is 1 to 100 letters, digits, - or _'),
    form: z.union([z.string().max(MAX_ANSWERS_JSON), z.record(z.string(), z.unknown())]),
    captchaKey: z.string().max(20_000).optional(),
    hp: z.string().max(2000).optional(),
    pagePath: pageText,
    pageTitle: pageText,
    pageId: pageText,
    collectionId: pageText,
    contentSource: pageText,
    pagePermissionTypeValue: z.number().int().optional(),
  })
  .strict();

/** The form template: each field type and the shape of its answer. */
export const formTemplate = () => ({
  type: 'form',
  fieldTypes: FIELD_TYPES.map((type) => ({
    type,
    answer: SINGLE_VALUE_TYPES.has(type)
      ? 'string'
      : MULTI_PART_TYPES.has(type)
        ? 'parts'
        : type === 'checkbox'
          ? 'string[]'
          : type === 'likert'
            ? 'question->answer'
            : 'none',
    ...(MULTI_PART_TYPES.has(type) ? { parts: partsOf(type, type === 'phone').map((p) => p.key) } : {}),
    ...(type === 'textarea' ? { options: ['maxLength'] } : {}),
    ...(type === 'phone' ? { options: ['countryCode'] } : {}),
  })),
  likertAnswers: ['-2', '-1', '0', '1', '2'],
});

/** Parses every form of the site; a broken one stops the start, naming its file. */
export function loadForms(raw: Record<string, unknown>): Map<string, FormDefinition> {
  const forms = new Map<string, FormDefinition>();
  for (const [id, json] of Object.entries(raw)) {
    const parsed = parseFormDefinition(json, id);
    if (!parsed.ok) throw new Error(`content/forms/${id}.json: ${parsed.error.message}`);
    forms.set(id, parsed.value);
  }
  return forms;
}

export function notificationBody(
  form: FormDefinition,
  values: FormValues,
  page: Record<string, unknown>,
): string {
  const lines = [`A visitor submitted the form "${form.name}".`, ''];
  for (const field of form.fields) {
    if (field.type === 'section') continue;
    lines.push(`${field.title || field.id}: ${answerText(values[field.id])}`);
  }
  if (typeof page.pagePath === 'string') lines.push('', `Page: ${page.pagePath}`);
  return lines.join('\n');
}

export async function formRoutes(plugin: FastifyInstance, options: FormsOptions): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const settings: FormSettings = { ...DEFAULT_FORM_SETTINGS, ...options.settings };
  // A broken form stops the start, naming its file; later ones are refused by the forms editor.
  loadForms(options.forms);
  const parsedForms = new WeakMap<object, FormDefinition | undefined>();
  const captcha =
    options.captcha ??
    altchaProvider({
      secret: await sharedSecret(db, 'altcha-hmac'),
      cost: settings.captchaCost,
      minCounter: Math.floor(settings.captchaMaxCounter / 2),
      maxCounter: settings.captchaMaxCounter,
      ttlMs: settings.captchaTtlMs,
    });

  await registerDatabaseRateLimit(app, db, 'form', () => apiError('form-rate-limited'));
  // A failure answers the spec's form text (section 8), not the generic one.
  const errorVariants: Partial<Record<ErrorKey, ErrorKey>> = { 'server-error': 'form-server-error' };
  const limit = (group: string, l: { max: number; windowMs: number }) => ({
    rateLimit: {
      max: l.max,
      timeWindow: l.windowMs,
      keyGenerator: (r: FastifyRequest) => `${group}:${r.ip}`,
    },
    errorVariants,
  });
  const submitConfig = { ...limit('submit', settings.submitLimit), crumb: true };
  const validateConfig = limit('validate', settings.validateLimit);

  const findForm = (formId: string): FormDefinition => {
    const raw = Object.hasOwn(options.forms, formId) ? options.forms[formId] : undefined;
    if (!raw || typeof raw !== 'object') throw apiError('form-not-found');
    if (!parsedForms.has(raw)) {
      const parsed = parseFormDefinition(raw, formId);
      parsedForms.set(raw, parsed.ok ? parsed.value : undefined);
    }
    const form = parsedForms.get(raw);
    if (!form) throw apiError('form-not-found');
    return form;
  };
  /** Answers as an object, checked against the form's fields; refusals name the problem. */
  const readAnswers = (form: FormDefinition, raw: unknown): FormValues => {
    let values: unknown = raw;
    if (typeof raw === 'string') {
      try {
        values = JSON.parse(raw);
      } catch {
        throw apiError('unparseable-fields', { extra: { problem: 'form is not valid JSON' } });
      }
    }
    if (!values || typeof values !== 'object' || Array.isArray(values))
      throw apiError('unparseable-fields', {
        extra: { problem: 'form must be an object of field id to answer' },
      });
    const problem = shapeProblem(form, values as Record<string, unknown>);
    if (problem) throw apiError('unparseable-fields', { extra: { problem } });
    return values as FormValues;
  };
  const checkAnswers = (request: FastifyRequest, form: FormDefinition, values: FormValues) => {
    const errors = validateForm(form, values, request.site.strings);
    if (Object.keys(errors).length > 0) throw apiError('invalid-fields', { extra: { errors } });
  };

  const schemaRoute = { config: validateConfig, schema: { querystring: schemaQuery } };
  app.get('/api/template/GetTemplateSchema', schemaRoute, async (request, reply) => {
    const query = request.query;
    reply.header('cache-control', 'no-cache');
    if (query.formId === undefined) return formTemplate();
    return { ...formTemplate(), form: publicFormDefinition(findForm(query.formId)) };
  });

  app.get('/api/form/captcha/challenge', { config: validateConfig }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge();
  });

  const validateRoute = { config: validateConfig, schema: { params: formParams } };
  app.post('/api/rest/forms/validate/:formId', validateRoute, async (request) => {
    const { formId } = request.params;
    const form = findForm(formId);
    const values = readAnswers(form, request.body);
    checkAnswers(request, form, values);
    return { valid: true };
  });

  app.post(
    '/api/form/FormSubmissionKey',
    { config: submitConfig, schema: { body: keyBody } },
    async (request, reply) => {
      const body = request.body;
      if (body.formId !== undefined) findForm(body.formId);
      const key = randomBytes(24).toString('base64url');
      const now = Date.now();
      await issueKey(db, key, now, now + settings.keyTtlMs);
      reply.header('cache-control', 'no-store');
      return { data: { key } };
    },
  );

  app.post(
    '/api/form/SaveFormSubmission',
    { config: submitConfig, schema: { body: saveBody } },
    async (request, reply) => {
      const body = request.body;
      const form = findForm(body.formId);
      const values = readAnswers(form, body.form);
      checkAnswers(request, form, values);
      const refused = (key: 'captcha-required' | 'captcha-failed' | 'invalid-key', problem: string) =>
        apiError(key, { extra: { problem } });
      if (form.captchaEnabled) {
        if (!body.captchaKey) throw refused('captcha-required', 'the captcha was not completed');
        const verdict = await captcha.verify(body.captchaKey);
        if (!verdict.ok) throw refused('captcha-failed', verdict.reason);
        if (!(await spendSolution(db, verdict.id)))
          throw refused('captcha-failed', 'the captcha was already used');
      }
      const spam = body.hp !== undefined && body.hp.trim() !== '';
      const page = {
        pagePath: body.pagePath,
        pageTitle: body.pageTitle,
        pageId: body.pageId,
        collectionId: body.collectionId,
        contentSource: body.contentSource,
        pagePermissionTypeValue: body.pagePermissionTypeValue,
      };
      // Kept answers: only the form's own fields, hidden ones with their configured value.
      const answers: Record<string, unknown> = {};
      for (const field of form.fields) {
        if (field.type === 'section') continue;
        if (field.type === 'hidden') answers[field.id] = field.value;
        else if (values[field.id] !== undefined) answers[field.id] = values[field.id];
      }
      const to = form.notificationEmail || options.ownerEmail || '';
      const id = randomUUID();
      // A storage failure answers 500 with the form's text (errorVariants), storing nothing.
      const saved = await storeSubmission(
        db,
        {
          id,
          formId: form.id,
          key: body.key,
          answers,
          page,
          spam,
          clientIp: request.ip,
          ...(!spam && to !== ''
            ? {
                mail: {
                  kind: 'form-submission',
                  to,
                  subject: request.site.title
                    ? message(
                        'form.mail-subject-site',
                        { form: form.name, site: request.site.title },
                        request.site.strings,
                      )
                    : message('form.mail-subject', { form: form.name }, request.site.strings),
                  body: notificationBody(form, answers as FormValues, page),
                },
              }
            : {}),
        },
        Date.now(),
      );
      if (!saved.stored)
        throw refused('invalid-key', 'the submission key is unknown, expired or already used');
      if (saved.mailId !== undefined) app.mailer.deliverLater(saved.mailId);
      reply.header('cache-control', 'no-store');
      return { success: true, id };
    },
  );
}
