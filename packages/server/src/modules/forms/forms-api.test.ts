import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Challenge } from 'altcha-lib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, cookiesOf, DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import {
  EVERY_TYPE_ANSWERS,
  EVERY_TYPE_FORM,
  OWNER,
  makeFormSite,
  smtpPeer,
  solveCaptcha,
  waitFor,
} from './testing.ts';
import { startServerProcess } from '../../testing/process.ts';

const STATUS_401 = 'Unable to submit form. Please try again later.';
const STATUS_404 = 'This form has not been configured yet.';
const STATUS_429 = 'Unable to submit form. Submission rate limit exceeded. Please try again later.';
const STATUS_500 = 'Unable to send form. Please try again later.';

const site = makeFormSite();
let peer: Awaited<ReturnType<typeof smtpPeer>>;
beforeAll(async () => {
  peer = await smtpPeer();
});
afterAll(async () => {
  await peer.close();
  site.cleanup();
});

/** A visitor: keeps the crumb cookie and sends it back as the header. */
async function visitor(app: FastifyInstance, ip = '10.0.0.1') {
  const first = await app.inject({ method: 'GET', url: '/api/commerce/shopping-cart', remoteAddress: ip });
  const cookies = cookiesOf(first.headers['set-cookie']);
  const headers = { cookie: cookieHeader(cookies), 'x-csrf-token': cookies.crumb as string };
  const post = (url: string, payload: unknown) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });
  return {
    headers,
    post,
    key: async (): Promise<string> => {
      const r = await post('/api/form/FormSubmissionKey', {});
      expect(r.statusCode).toBe(200);
      return (r.json() as { data: { key: string } }).data.key;
    },
    save: async (body: Record<string, unknown>) => post('/api/form/SaveFormSubmission', body),
  };
}

const count = async (app: FastifyInstance, table: 'form_submissions' | 'mail_outbox') =>
  Number(
    (
      await app.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(DATABASES)('site forms API on $name', (database) => {
  let t: TestApp;
  let strict: TestApp;
  beforeAll(async () => {
    t = await startApp(database, {
      siteDir: site.dir,
      smtpUrl: peer.url,
      forms: { captchaCost: 1, captchaMaxCounter: 50, submitLimit: { max: 1000, windowMs: 60_000 } },
    });
    strict = await startApp(database, {
      siteDir: site.dir,
      forms: { submitLimit: { max: 3, windowMs: 60_000 }, keyTtlMs: 300 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await strict?.close();
  });

  it('serves the form template, with a form definition when asked (no owner address)', async () => {
    const r = await t.app.inject({ url: '/api/template/GetTemplateSchema?type=form' });
    expect(r.statusCode).toBe(200);
    const body = r.json() as { type: string; fieldTypes: { type: string }[] };
    expect(body.type).toBe('form');
    expect(body.fieldTypes.map((f) => f.type)).toContain('likert');
    expect(body.fieldTypes).toHaveLength(19);
    const withForm = await t.app.inject({ url: '/api/template/GetTemplateSchema?type=form&formId=every' });
    const form = (withForm.json() as { form: Record<string, unknown> }).form;
    expect(form.name).toBe('Every Field');
    expect((form.fields as unknown[]).length).toBe(EVERY_TYPE_FORM.fields.length);
    expect(JSON.stringify(form)).not.toContain(OWNER);
    const missing = await t.app.inject({ url: '/api/template/GetTemplateSchema?type=form&formId=nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'form-not-found', message: STATUS_404 });
  });

  it('validates: 400 with field id -> message, 200 when every answer is acceptable', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/rest/forms/validate/every',
      payload: { 'f-email': 'not-an-email', 'f-textarea': 'x'.repeat(21), 'f-name': { First: ' ' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      code: 'invalid-fields',
      message: 'One or more fields is invalid, please check your entries.',
      errors: {
        'f-text': 'Required',
        'f-textarea': 'You have exceeded the character limit.',
        'f-email': 'Email is not valid.',
        'f-date': 'Required',
        'f-name': 'Required',
        'f-radio': 'Required',
        'f-checkbox': 'Required',
        'f-select': 'Required',
      },
    });
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/rest/forms/validate/every',
      payload: EVERY_TYPE_ANSWERS,
    });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ valid: true });
  });

  it('stores a submission holding every field type and mails the owner through the SMTP peer', async () => {
    const v = await visitor(t.app);
    const key = await v.key();
    const r = await v.save({
      key,
      formId: 'every',
      form: JSON.stringify(EVERY_TYPE_ANSWERS),
      pagePath: '/forms',
      pageTitle: 'Forms',
    });
    expect(r.statusCode).toBe(200);
    const { id } = r.json() as { id: string };
    const row = await t.app.database.db
      .selectFrom('form_submissions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.form_id).toBe('every');
    expect(row.status).toBe('received');
    expect(JSON.parse(row.answers)).toEqual({ ...EVERY_TYPE_ANSWERS, 'f-hidden': 'spring' });
    expect(JSON.parse(row.page)).toMatchObject({ pagePath: '/forms', pageTitle: 'Forms' });
    const mail = await waitFor(() =>
      peer.mails.find((m) => m.raw.includes('Every Field') && m.raw.includes('Lovelace')),
    );
    expect(mail.to).toEqual([OWNER]);
    expect(mail.raw).toContain('Favourite colour: Blue');
    expect(mail.raw).toContain('Topics: Glaze, Wheel');
    // The outbox row is marked sent once the peer has accepted it.
    let status = '';
    for (let i = 0; i < 100 && status !== 'sent'; i++) {
      const row = await t.app.database.db
        .selectFrom('mail_outbox')
        .select('status')
        .where('ref_id', '=', id)
        .executeTakeFirstOrThrow();
      status = row.status;
      if (status !== 'sent') await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('sent');
  });

  it('a key is single use: the second submission with it answers 401 and stores nothing', async () => {
    const v = await visitor(t.app);
    const key = await v.key();
    const body = { key, formId: 'every', form: JSON.stringify(EVERY_TYPE_ANSWERS) };
    expect((await v.save(body)).statusCode).toBe(200);
    const before = await count(t.app, 'form_submissions');
    const again = await v.save(body);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'invalid-key', message: STATUS_401 });
    expect(await count(t.app, 'form_submissions')).toBe(before);
  });

  it('one key sent by five submissions at once is spent by exactly one of them', async () => {
    const v = await visitor(t.app, '10.0.5.5');
    const key = await v.key();
    const before = await count(t.app, 'form_submissions');
    const body = { key, formId: 'every', form: JSON.stringify(EVERY_TYPE_ANSWERS) };
    const answers = await Promise.all(Array.from({ length: 5 }, () => v.save(body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    expect(await count(t.app, 'form_submissions')).toBe(before + 1);
  });

  it('an expired key answers 401', async () => {
    const v = await visitor(strict.app, '10.0.9.9');
    const key = await v.key();
    await new Promise((r) => setTimeout(r, 400));
    const r = await v.save({ key, formId: 'every', form: JSON.stringify(EVERY_TYPE_ANSWERS) });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ code: 'invalid-key', message: STATUS_401 });
  });

  it('an unknown form answers 404 and an invalid field 400 with the field errors', async () => {
    const v = await visitor(t.app);
    const r404 = await v.save({ key: await v.key(), formId: 'nope', form: '{}' });
    expect(r404.statusCode).toBe(404);
    expect(r404.json()).toEqual({ code: 'form-not-found', message: STATUS_404 });
    const r400 = await v.save({
      key: await v.key(),
      formId: 'every',
      form: JSON.stringify({ ...EVERY_TYPE_ANSWERS, 'f-email': 'nope' }),
    });
    expect(r400.statusCode).toBe(400);
    expect(r400.json()).toMatchObject({
      code: 'invalid-fields',
      errors: { 'f-email': 'Email is not valid.' },
    });
  });

  it('passing the per-client limit answers 429 with the spec text; another client is not affected', async () => {
    const v = await visitor(strict.app, '10.0.0.42');
    for (let i = 0; i < 3; i++) await v.key();
    const r = await v.post('/api/form/FormSubmissionKey', {});
    expect(r.statusCode).toBe(429);
    expect(r.json()).toEqual({ code: 'rate-limited', message: STATUS_429 });
    expect(r.headers['retry-after']).toBeDefined();
    const other = await visitor(strict.app, '10.0.0.43');
    expect(typeof (await other.key())).toBe('string');
  });

  it('the mutating calls need the crumb (403 crumbFail)', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/form/FormSubmissionKey', payload: {} });
    expect(r.statusCode).toBe(403);
    // No Cookie header at all: the spec's cookies-off text (section 8).
    expect(r.json()).toEqual({
      crumbFail: true,
      code: 'cookies-off',
      message: 'Please enable cookies in your browser, reload the page, and try again.',
    });
  });

  it('a filled honeypot is kept as spam, answered like a success, and nobody is mailed', async () => {
    const v = await visitor(t.app);
    const mailsBefore = await count(t.app, 'mail_outbox');
    const r = await v.save({
      key: await v.key(),
      formId: 'every',
      form: JSON.stringify(EVERY_TYPE_ANSWERS),
      hp: 'http://spam.example',
    });
    expect(r.statusCode).toBe(200);
    const { id } = r.json() as { id: string };
    const row = await t.app.database.db
      .selectFrom('form_submissions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('spam');
    expect(await count(t.app, 'mail_outbox')).toBe(mailsBefore);
  });

  it('a captcha form needs a solved ALTCHA challenge, and a solution verifies only once', async () => {
    const v = await visitor(t.app);
    const form = JSON.stringify({ 'g-email': 'ada@example.test' });
    const missing = await v.save({ key: await v.key(), formId: 'guarded', form });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'captcha-required', message: STATUS_401 });
    const garbage = await v.save({ key: await v.key(), formId: 'guarded', form, captchaKey: 'bm9wZQ==' });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toMatchObject({ code: 'captcha-failed' });

    const challenge = (await t.app.inject({ url: '/api/form/captcha/challenge' })).json() as Challenge;
    const captchaKey = await solveCaptcha(challenge);
    // A tampered solution fails.
    const tampered = JSON.parse(Buffer.from(captchaKey, 'base64').toString()) as {
      solution: { counter: number };
    };
    tampered.solution.counter += 1;
    const wrong = await v.save({
      key: await v.key(),
      formId: 'guarded',
      form,
      captchaKey: Buffer.from(JSON.stringify(tampered)).toString('base64'),
    });
    expect(wrong.statusCode).toBe(401);

    const ok = await v.save({ key: await v.key(), formId: 'guarded', form, captchaKey });
    expect(ok.statusCode).toBe(200);
    const reused = await v.save({ key: await v.key(), formId: 'guarded', form, captchaKey });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'captcha-failed', problem: 'the captcha was already used' });
  });

  describe('malformed requests: each answers 4xx with a JSON error, and nothing is stored', () => {
    const answers = JSON.stringify(EVERY_TYPE_ANSWERS);
    type Case = [
      name: string,
      method: 'GET' | 'POST',
      url: string,
      body: unknown,
      status: number,
      code: string,
    ];
    const cases: Case[] = [
      ['template: no type', 'GET', '/api/template/GetTemplateSchema', undefined, 400, 'invalid-request'],
      [
        'template: other type',
        'GET',
        '/api/template/GetTemplateSchema?type=page',
        undefined,
        400,
        'invalid-request',
      ],
      [
        'template: bad formId',
        'GET',
        '/api/template/GetTemplateSchema?type=form&formId=a%20b',
        undefined,
        400,
        'invalid-request',
      ],
      [
        'template: unknown query',
        'GET',
        '/api/template/GetTemplateSchema?type=form&x=1',
        undefined,
        400,
        'invalid-request',
      ],
      ['validate: unknown form', 'POST', '/api/rest/forms/validate/nope', {}, 404, 'form-not-found'],
      ['validate: bad form id', 'POST', '/api/rest/forms/validate/a.b', {}, 400, 'invalid-request'],
      ['validate: array body', 'POST', '/api/rest/forms/validate/every', [1, 2], 400, 'unparseable-fields'],
      [
        'validate: unknown field',
        'POST',
        '/api/rest/forms/validate/every',
        { zzz: 'x' },
        400,
        'unparseable-fields',
      ],
      [
        'validate: number for text',
        'POST',
        '/api/rest/forms/validate/every',
        { 'f-text': 5 },
        400,
        'unparseable-fields',
      ],
      [
        'validate: string for name',
        'POST',
        '/api/rest/forms/validate/every',
        { 'f-name': 'Ada' },
        400,
        'unparseable-fields',
      ],
      ['validate: invalid JSON', 'POST', '/api/rest/forms/validate/every', '{"a":', 400, 'invalid-json'],
      ['key: unknown property', 'POST', '/api/form/FormSubmissionKey', { extra: 1 }, 400, 'invalid-request'],
      ['key: unknown form', 'POST', '/api/form/FormSubmissionKey', { formId: 'nope' }, 404, 'form-not-found'],
      ['key: invalid JSON', 'POST', '/api/form/FormSubmissionKey', '{', 400, 'invalid-json'],
      ['save: empty object', 'POST', '/api/form/SaveFormSubmission', {}, 400, 'invalid-request'],
      [
        'save: no key',
        'POST',
        '/api/form/SaveFormSubmission',
        { formId: 'every', form: answers },
        400,
        'invalid-request',
      ],
      [
        'save: empty key',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: '', formId: 'every', form: answers },
        400,
        'invalid-request',
      ],
      [
        'save: key a number',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 5, formId: 'every', form: answers },
        400,
        'invalid-request',
      ],
      [
        'save: no formId',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', form: answers },
        400,
        'invalid-request',
      ],
      [
        'save: formId with a slash',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: '../x', form: answers },
        400,
        'invalid-request',
      ],
      [
        'save: no form',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every' },
        400,
        'invalid-request',
      ],
      [
        'save: form a number',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every', form: 7 },
        400,
        'invalid-request',
      ],
      [
        'save: form not JSON',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every', form: '{oops' },
        400,
        'unparseable-fields',
      ],
      [
        'save: form a JSON array',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every', form: '[]' },
        400,
        'unparseable-fields',
      ],
      [
        'save: form JSON null',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every', form: 'null' },
        400,
        'unparseable-fields',
      ],
      [
        'save: unknown field',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every', form: '{"zzz":"1"}' },
        400,
        'unparseable-fields',
      ],
      [
        'save: checkbox a string',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every', form: JSON.stringify({ ...EVERY_TYPE_ANSWERS, 'f-checkbox': 'Glaze' }) },
        400,
        'unparseable-fields',
      ],
      [
        'save: unknown name part',
        'POST',
        '/api/form/SaveFormSubmission',
        {
          key: 'k',
          formId: 'every',
          form: JSON.stringify({ ...EVERY_TYPE_ANSWERS, 'f-name': { Middle: 'x' } }),
        },
        400,
        'unparseable-fields',
      ],
      [
        'save: answer to a section',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every', form: JSON.stringify({ ...EVERY_TYPE_ANSWERS, 'f-section': 'x' }) },
        400,
        'unparseable-fields',
      ],
      [
        'save: option not offered',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every', form: JSON.stringify({ ...EVERY_TYPE_ANSWERS, 'f-select': 'Other' }) },
        400,
        'invalid-fields',
      ],
      [
        'save: likert answer out of scale',
        'POST',
        '/api/form/SaveFormSubmission',
        {
          key: 'k',
          formId: 'every',
          form: JSON.stringify({ ...EVERY_TYPE_ANSWERS, 'f-likert': { 'Classes are fun': '5' } }),
        },
        400,
        'invalid-fields',
      ],
      [
        'save: textarea over its limit',
        'POST',
        '/api/form/SaveFormSubmission',
        {
          key: 'k',
          formId: 'every',
          form: JSON.stringify({ ...EVERY_TYPE_ANSWERS, 'f-textarea': 'y'.repeat(21) }),
        },
        400,
        'invalid-fields',
      ],
      [
        'save: unknown property',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every', form: answers, admin: true },
        400,
        'invalid-request',
      ],
      [
        'save: page path too long',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every', form: answers, pagePath: 'p'.repeat(3000) },
        400,
        'invalid-request',
      ],
      [
        'save: permission type not a number',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every', form: answers, pagePermissionTypeValue: 'x' },
        400,
        'invalid-request',
      ],
      [
        'save: answers too long',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'k', formId: 'every', form: 'x'.repeat(100_001) },
        400,
        'invalid-request',
      ],
      ['save: body a JSON array', 'POST', '/api/form/SaveFormSubmission', [], 400, 'invalid-request'],
      ['save: body a JSON string', 'POST', '/api/form/SaveFormSubmission', '"hello"', 400, 'invalid-request'],
      ['save: invalid JSON', 'POST', '/api/form/SaveFormSubmission', '{"key":', 400, 'invalid-json'],
      [
        'save: unknown key',
        'POST',
        '/api/form/SaveFormSubmission',
        { key: 'never-issued', formId: 'every', form: answers },
        401,
        'invalid-key',
      ],
      [
        'save: body too large',
        'POST',
        '/api/form/SaveFormSubmission',
        JSON.stringify({ key: 'k', formId: 'every', form: 'x'.repeat(300_000) }),
        413,
        'body-too-large',
      ],
    ];

    it(`has at least 30 cases (${cases.length})`, () => expect(cases.length).toBeGreaterThanOrEqual(30));

    it.each(cases)('%s', async (_name, method, url, body, status, code) => {
      const v = await visitor(t.app, '10.1.0.1');
      const before = [await count(t.app, 'form_submissions'), await count(t.app, 'mail_outbox')];
      const payload = typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body);
      const r = await t.app.inject({
        method,
        url,
        ...(payload !== undefined ? { payload } : {}),
        headers: { ...v.headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
        remoteAddress: '10.1.0.1',
      });
      expect(r.statusCode).toBe(status);
      const json = r.json() as { code: string; message: string };
      expect(json.code).toBe(code);
      expect(typeof json.message).toBe('string');
      expect(json.message.length).toBeGreaterThan(5);
      expect([await count(t.app, 'form_submissions'), await count(t.app, 'mail_outbox')]).toEqual(before);
    });
  });

  it('without SMTP the notification waits in the outbox', async () => {
    const v = await visitor(strict.app, '10.0.7.7');
    const r = await v.save({ key: await v.key(), formId: 'every', form: JSON.stringify(EVERY_TYPE_ANSWERS) });
    expect(r.statusCode).toBe(200);
    const { id } = r.json() as { id: string };
    const mail = await strict.app.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('ref_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(mail.status).toBe('queued');
    expect(mail.to_address).toBe(OWNER);
    expect(mail.body).toContain('Name: First: Ada, Last: Lovelace');
  });

  it('a storage failure answers 500 with the spec text', async () => {
    const v = await visitor(strict.app, '10.0.8.8');
    const key = await v.key();
    await sql`DROP TABLE form_submissions`.execute(strict.app.database.db);
    const r = await v.save({ key, formId: 'every', form: JSON.stringify(EVERY_TYPE_ANSWERS) });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ code: 'server-error', message: STATUS_500 });
  });
});

describe('durability (the real process, SQLite)', () => {
  it('a submission acknowledged with 200 is in the database after SIGKILL and restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-forms-kill-'));
    try {
      const start = () => startServerProcess({ SITE_DIR: site.dir, DATA_DIR: dataDir, SMTP_URL: '' });
      const first = start();
      const base = `http://127.0.0.1:${await first.port()}`;
      const cart = await fetch(`${base}/api/commerce/shopping-cart`);
      const crumb = cookiesOf(cart.headers.getSetCookie()).crumb as string;
      const headers = { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb };
      const keyRes = await fetch(`${base}/api/form/FormSubmissionKey`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      const { key } = ((await keyRes.json()) as { data: { key: string } }).data;
      const save = await fetch(`${base}/api/form/SaveFormSubmission`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ key, formId: 'every', form: JSON.stringify(EVERY_TYPE_ANSWERS) }),
      });
      expect(save.status).toBe(200);
      const { id } = (await save.json()) as { id: string };
      first.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');

      const second = start();
      const base2 = `http://127.0.0.1:${await second.port()}`;
      expect((await fetch(`${base2}/api/template/GetTemplateSchema?type=form`)).status).toBe(200);
      second.kill('SIGTERM');
      await second.exited;
      const db = new Database(join(dataDir, 'storefront.sqlite'), { readonly: true });
      try {
        const row = db.prepare('SELECT form_id, answers FROM form_submissions WHERE id = ?').get(id) as
          { form_id: string; answers: string } | undefined;
        expect(row?.form_id).toBe('every');
        expect(JSON.parse(row?.answers ?? '{}')['f-name']).toEqual({ First: 'Ada', Last: 'Lovelace' });
        const mail = db.prepare('SELECT status FROM mail_outbox WHERE ref_id = ?').get(id) as {
          status: string;
        };
        expect(mail.status).toBe('queued');
      } finally {
        db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
