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
 * calls need the crumb (403 `{ crumbFail: true }`). Every refusal stores nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  FIELD_TYPES,
  MULTI_PART_TYPES,
  SINGLE_VALUE_TYPES,
  message,
  parseFormDefinition,
  partsOf,
  publicFormDefinition,
  shapeProblem,
  validateForm,
  type FormDefinition,
  type FormValues,
  type MessageCode,
} from '@storefront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireCrumb } from '../commerce/crumb.ts';
import { registerDatabaseRateLimit } from '../commerce/rate-limit-store.ts';
import type { Db } from '../db/index.ts';
import { replyIfDatabaseUnavailable } from '../http/unavailable.ts';
import { altchaProvider, sharedSecret, spendSolution, type CaptchaProvider } from './captcha.ts';
import { createMailer, queueMail, type Mailer } from './mail.ts';
import { DEFAULT_FORM_SETTINGS, type FormSettings } from './settings.ts';

export interface FormsOptions {
  db: Db;
  /** The site's `content/forms/<formId>.json`, as loaded. */
  forms: Record<string, unknown>;
  localizedStrings?: Record<string, string>;
  siteTitle?: string;
  /** Where notifications go when a form names no `notificationEmail`. */
  ownerEmail?: string;
  smtpUrl?: string | undefined;
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

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw new Refusal(400, {
    code: 'invalid-request',
    message: `Invalid ${what}: ${where}${issue?.message ?? 'malformed'}`,
  });
}

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

const answerText = (value: unknown): string =>
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

export async function formRoutes(app: FastifyInstance, options: FormsOptions): Promise<void> {
  const { db, localizedStrings: ls } = options;
  const settings: FormSettings = { ...DEFAULT_FORM_SETTINGS, ...options.settings };
  const forms = loadForms(options.forms);
  const text = (code: MessageCode) => message(code, {}, ls);
  const captcha =
    options.captcha ??
    altchaProvider({
      secret: await sharedSecret(db, 'altcha-hmac'),
      cost: settings.captchaCost,
      minCounter: Math.floor(settings.captchaMaxCounter / 2),
      maxCounter: settings.captchaMaxCounter,
      ttlMs: settings.captchaTtlMs,
    });
  const mailer: Mailer = createMailer(db, options.smtpUrl, settings.mailFrom, (m) => app.log.warn(m));
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  track(mailer.deliverPending().catch((e: unknown) => app.log.warn({ err: e }, 'outbox')));
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
    mailer.close();
  });

  await registerDatabaseRateLimit(
    app,
    db,
    'form',
    () => new Refusal(429, { code: 'rate-limited', message: text('form.status-429') }),
  );
  const limit = (group: string, l: { max: number; windowMs: number }) => ({
    rateLimit: {
      max: l.max,
      timeWindow: l.windowMs,
      keyGenerator: (r: FastifyRequest) => `${group}:${r.ip}`,
    },
  });
  const submitConfig = limit('submit', settings.submitLimit);
  const validateConfig = limit('validate', settings.validateLimit);

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof Refusal) return reply.code(error.status).send(error.body);
    const unavailable = replyIfDatabaseUnavailable(error, request, reply, ls);
    if (unavailable) return unavailable;
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'form request failed');
      return reply.code(500).send({ code: 'server-error', message: text('form.status-500') });
    }
    const body =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? { code: 'invalid-json', message: 'The request body is not valid JSON.' }
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? { code: 'invalid-json', message: 'The request body is empty.' }
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? { code: 'unsupported-media-type', message: 'Send the body as application/json.' }
            : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? { code: 'body-too-large', message: 'The request body is too large.' }
              : { code: 'bad-request', message: error.message };
    return reply.code(status).send(body);
  });

  const findForm = (formId: string): FormDefinition => {
    const form = forms.get(formId);
    if (!form) throw new Refusal(404, { code: 'form-not-found', message: text('form.status-404') });
    return form;
  };
  /** Answers as an object, checked against the form's fields; refusals name the problem. */
  const readAnswers = (form: FormDefinition, raw: unknown): FormValues => {
    let values: unknown = raw;
    if (typeof raw === 'string') {
      try {
        values = JSON.parse(raw);
      } catch {
        throw new Refusal(400, {
          code: 'unparseable-fields',
          message: text('form.unparseable-fields'),
          problem: 'form is not valid JSON',
        });
      }
    }
    if (!values || typeof values !== 'object' || Array.isArray(values))
      throw new Refusal(400, {
        code: 'unparseable-fields',
        message: text('form.unparseable-fields'),
        problem: 'form must be an object of field id to answer',
      });
    const problem = shapeProblem(form, values as Record<string, unknown>);
    if (problem)
      throw new Refusal(400, {
        code: 'unparseable-fields',
        message: text('form.unparseable-fields'),
        problem,
      });
    return values as FormValues;
  };
  const checkAnswers = (form: FormDefinition, values: FormValues) => {
    const errors = validateForm(form, values, ls);
    if (Object.keys(errors).length > 0)
      throw new Refusal(400, { code: 'invalid-fields', message: text('form.invalid-fields'), errors });
  };

  app.get('/api/template/GetTemplateSchema', { config: validateConfig }, async (request, reply) => {
    const query = parse(schemaQuery, request.query, 'query');
    reply.header('cache-control', 'no-cache');
    if (query.formId === undefined) return formTemplate();
    return { ...formTemplate(), form: publicFormDefinition(findForm(query.formId)) };
  });

  app.get('/api/form/captcha/challenge', { config: validateConfig }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge();
  });

  app.post('/api/rest/forms/validate/:formId', { config: validateConfig }, async (request) => {
    const { formId } = parse(formParams, request.params, 'path');
    const form = findForm(formId);
    const values = readAnswers(form, request.body);
    checkAnswers(form, values);
    return { valid: true };
  });

  app.post(
    '/api/form/FormSubmissionKey',
    { config: submitConfig, preHandler: requireCrumb },
    async (request, reply) => {
      const body = parse(keyBody, request.body, 'body');
      if (body.formId !== undefined) findForm(body.formId);
      const key = randomBytes(24).toString('base64url');
      const now = Date.now();
      await db
        .insertInto('form_submission_keys')
        .values({ key, created: now, expires: now + settings.keyTtlMs, used_at: null })
        .execute();
      reply.header('cache-control', 'no-store');
      return { data: { key } };
    },
  );

  app.post(
    '/api/form/SaveFormSubmission',
    { config: submitConfig, preHandler: requireCrumb },
    async (request, reply) => {
      const body = parse(saveBody, request.body, 'body');
      const form = findForm(body.formId);
      const values = readAnswers(form, body.form);
      checkAnswers(form, values);
      const refused = (code: string, problem: string) =>
        new Refusal(401, { code, message: text('form.status-401'), problem });
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
      const now = Date.now();
      let mailId: string | undefined;
      let keyOk = false;
      try {
        await db.transaction().execute(async (trx) => {
          const spent = await trx
            .updateTable('form_submission_keys')
            .set({ used_at: now })
            .where('key', '=', body.key)
            .where('used_at', 'is', null)
            .where('expires', '>', now)
            .executeTakeFirst();
          if (Number(spent.numUpdatedRows) !== 1) return;
          keyOk = true;
          await trx
            .insertInto('form_submissions')
            .values({
              id,
              form_id: form.id,
              created: now,
              answers: JSON.stringify(answers),
              page: JSON.stringify(page),
              status: spam ? 'spam' : 'received',
              client_ip: request.ip,
            })
            .execute();
          if (!spam && to !== '')
            mailId = await queueMail(
              trx,
              {
                kind: 'form-submission',
                refId: id,
                to,
                subject: `Form Submission - ${form.name}${options.siteTitle ? ` - ${options.siteTitle}` : ''}`,
                body: notificationBody(form, answers as FormValues, page),
              },
              now,
            );
        });
      } catch (error) {
        const unavailable = replyIfDatabaseUnavailable(error, request, reply, ls);
        if (unavailable) return unavailable;
        request.log.error({ err: error }, 'form submission not stored');
        return reply.code(500).send({ code: 'server-error', message: text('form.status-500') });
      }
      if (!keyOk) throw refused('invalid-key', 'the submission key is unknown, expired or already used');
      if (mailId !== undefined) track(mailer.deliver(mailId));
      reply.header('cache-control', 'no-store');
      return { success: true, id };
    },
  );
}
