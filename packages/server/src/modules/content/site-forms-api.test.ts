/**
 * The site forms editor's calls (issue 31), on each database, with two instances on one database:
 * a form built with five field types is put on a page and a visitor submits it on the other
 * instance; the live definition is what a submission is checked against and what the next request
 * shows; a stale save answers 409 naming who saved and keeps nothing of it; a redirect off the
 * site is refused; revisions restore; a form in use is not deleted; roles; the content export.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleCode } from '@storefront/core';
import type {
  SiteFormFieldInput,
  SiteFormInput,
  SiteFormList,
  SiteFormRecord,
  SiteFormRevisions,
} from '@storefront/core/wire';
import { buildApp } from '../../app.ts';
import { Customer } from '../accounts/testing.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import {
  cookieHeader,
  cookiesOf,
  DATABASES,
  DEMO_SITE,
  testConfig,
  type TestApp,
} from '../../testing/app.ts';
import { exportContent, folderTarget } from './content-export.ts';

const API = '/api/config/site-forms';
const ROLE = { admin: 1, editor: 4, storeManager: 8, viewer: 10 } as const satisfies Record<string, RoleCode>;
/** The demo's Gallery page: its layout is blocks, which the page content editor writes. */
const GALLERY_ID = '6b1f0c2d9a8e4f7a3c5d2e10';

const field = (
  id: string,
  type: SiteFormFieldInput['type'],
  title: string,
  more: Partial<SiteFormFieldInput> = {},
) => ({
  id,
  type,
  title,
  description: '',
  required: false,
  placeholder: '',
  options: [],
  questions: [],
  subFields: [],
  key: '',
  value: '',
  countryCode: false,
  ...more,
});

const FIVE_TYPES: SiteFormInput = {
  name: 'Studio visit',
  fields: [
    field('visitor-name', 'name', 'Your name', { required: true }),
    field('visitor-email', 'email', 'Email', { required: true, placeholder: 'you@example.com' }),
    field('visit-day', 'select', 'Day', { required: true, options: ['Thursday', 'Saturday'] }),
    field('topics', 'checkbox', 'Interested in', { options: ['Glaze', 'Wheel'] }),
    field('note', 'textarea', 'Anything else', { description: 'Access needs, group size…' }),
  ],
  submitButtonText: 'Book a visit',
  submissionMessage: 'See you at the studio.',
  submissionHTML: '',
  successRedirect: '/shop',
  captchaEnabled: false,
  notificationEmails: ['studio@example.test'],
};

for (const database of DATABASES) {
  describe(`[${database.name}] the site forms editor's calls`, () => {
    const fresh = database.fresh();
    const config = testConfig(fresh.config, { siteDir: DEMO_SITE });
    let first: FastifyInstance;
    let second: FastifyInstance;
    const one: TestApp = {
      get app() {
        return first;
      },
      config,
      close: async () => {},
    };
    let made = 0;
    const staff = async (role: RoleCode): Promise<Customer & { email: string }> => {
      const email = `former-${++made}@example.test`;
      return Object.assign(await signInNewStaff(one, email, [role]), { email });
    };
    /** A visitor of `app`: keeps the crumb cookie and sends it back as the header. */
    const visitor = async (app: FastifyInstance) => {
      const first = await app.inject({ method: 'GET', url: '/api/commerce/shopping-cart' });
      const cookies = cookiesOf(first.headers['set-cookie']);
      const headers = { cookie: cookieHeader(cookies), 'x-csrf-token': cookies.crumb as string };
      const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers });
      return {
        submit: async (formId: string, answers: Record<string, unknown>) => {
          const key = await post('/api/form/FormSubmissionKey', {});
          expect(key.statusCode, key.body).toBe(200);
          return post('/api/form/SaveFormSubmission', {
            key: (key.json() as { data: { key: string } }).data.key,
            formId,
            form: JSON.stringify(answers),
            pagePath: '/gallery',
          });
        },
      };
    };
    const schemaOf = async (app: FastifyInstance, formId: string) =>
      app.inject({ method: 'GET', url: `/api/template/GetTemplateSchema?type=form&formId=${formId}` });
    const ANSWERS = {
      'visitor-name': { First: 'Ada', Last: 'Lovelace' },
      'visitor-email': 'ada@example.test',
      'visit-day': 'Saturday',
      topics: ['Glaze'],
      note: 'Two of us',
    };

    beforeAll(async () => {
      first = await buildApp(config, { logger: false });
      second = await buildApp(config, { logger: false });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await fresh.cleanup();
    });

    it('builds a form with five field types, puts it on a page, and a visitor submits it on the other instance', async () => {
      // The other instance has read the forms before the form exists.
      expect((await schemaOf(second, 'studio-visit')).statusCode).toBe(404);
      const editor = await staff(ROLE.editor);
      const created = await editor.request('POST', API, { id: 'studio-visit', name: 'Studio visit' });
      expect(created.statusCode, created.body).toBe(201);
      const record = created.json<SiteFormRecord>();
      expect(record).toMatchObject({
        id: 'studio-visit',
        version: 1,
        form: { name: 'Studio visit', fields: [] },
      });

      const saved = await editor.request('PUT', `${API}/studio-visit`, { version: 1, form: FIVE_TYPES });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<SiteFormRecord>()).toMatchObject({
        version: 2,
        updatedBy: editor.email,
        form: FIVE_TYPES,
      });
      const list = (await editor.request('GET', API)).json<SiteFormList>();
      expect(list.forms.find((f) => f.id === 'studio-visit')).toMatchObject({
        name: 'Studio visit',
        fieldCount: 5,
      });

      const content = await editor.request('GET', `/api/config/pages/${GALLERY_ID}/content`);
      expect(content.statusCode, content.body).toBe(200);
      const layout = content.json<{ version: number; blocks: unknown[] }>();
      const placed = await editor.request('PUT', `/api/config/pages/${GALLERY_ID}/content`, {
        version: layout.version,
        blocks: [...layout.blocks, { id: 'visit-form', type: 'form', formId: 'studio-visit' }],
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const page = await second.inject({ method: 'GET', url: '/gallery' });
      expect(page.body).toContain('data-form-id="studio-visit"');

      const schema = await schemaOf(second, 'studio-visit');
      expect(schema.statusCode, schema.body).toBe(200);
      const shown = schema.json<{ form: { fields: { title: string }[]; submitButtonText: string } }>().form;
      expect(shown.fields.map((f) => f.title)).toEqual([
        'Your name',
        'Email',
        'Day',
        'Interested in',
        'Anything else',
      ]);
      expect(shown.submitButtonText).toBe('Book a visit');

      const sent = await (await visitor(second)).submit('studio-visit', ANSWERS);
      expect(sent.statusCode, sent.body).toBe(200);
      const submissions = await editor.request('GET', '/api/config/forms/studio-visit/submissions');
      expect(submissions.statusCode, submissions.body).toBe(200);
      expect(JSON.stringify(submissions.json())).toContain('Two of us');
    }, 60_000);

    it('refuses a submission missing a required field of the saved form, and checks the next one against a live change', async () => {
      const editor = await staff(ROLE.editor);
      const guest = await visitor(second);
      const missing = await guest.submit('studio-visit', { ...ANSWERS, 'visit-day': '' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'invalid-fields', errors: { 'visit-day': 'Required' } });

      // The note becomes required and is renamed: the other instance shows and checks it at once.
      const record = (await editor.request('GET', `${API}/studio-visit`)).json<SiteFormRecord>();
      const fields = record.form.fields.map((f) =>
        f.id === 'note' ? { ...f, title: 'Group size and access needs', required: true } : f,
      );
      const saved = await editor.request('PUT', `${API}/studio-visit`, {
        version: record.version,
        form: { ...record.form, fields },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const schema = (await schemaOf(second, 'studio-visit')).json<{
        form: { fields: { title: string }[] };
      }>();
      expect(schema.form.fields[4]?.title).toBe('Group size and access needs');
      const withoutNote = await guest.submit('studio-visit', { ...ANSWERS, note: '' });
      expect(withoutNote.statusCode).toBe(400);
      expect(withoutNote.json()).toMatchObject({ errors: { note: 'Required' } });
    }, 60_000);

    it('answers 409 naming who saved on a stale version, writing nothing, and restores a revision', async () => {
      const ann = await staff(ROLE.editor);
      const bob = await staff(ROLE.admin);
      const opened = (await ann.request('GET', `${API}/studio-visit`)).json<SiteFormRecord>();
      const bobSave = await bob.request('PUT', `${API}/studio-visit`, {
        version: opened.version,
        form: { ...opened.form, submitButtonText: 'Request a visit' },
      });
      expect(bobSave.statusCode, bobSave.body).toBe(200);
      const stale = await ann.request('PUT', `${API}/studio-visit`, {
        version: opened.version,
        form: { ...opened.form, name: 'Ann was here' },
      });
      expect(stale.statusCode).toBe(409);
      const refusal = stale.json<{ code: string; message: string; changedBy: string }>();
      expect(refusal.code).toBe('record-changed');
      expect(refusal.changedBy).toBe(bob.email);
      expect(refusal.message).toContain(`${bob.email} saved this form at`);
      const now = (await ann.request('GET', `${API}/studio-visit`)).json<SiteFormRecord>();
      expect(now.form.name).toBe('Studio visit');
      expect(now.form.submitButtonText).toBe('Request a visit');

      const revisions = (await ann.request('GET', `${API}/studio-visit/revisions`)).json<SiteFormRevisions>();
      const withFiveFields = revisions.revisions.find((r) => r.version === 2);
      expect(withFiveFields, JSON.stringify(revisions)).toBeDefined();
      const restored = await ann.request(
        'POST',
        `${API}/studio-visit/revisions/${withFiveFields?.id}/restore`,
        { version: now.version },
      );
      expect(restored.statusCode, restored.body).toBe(200);
      const back = restored.json<SiteFormRecord>();
      expect(back.version).toBe(now.version + 1);
      expect(back.form.submitButtonText).toBe('Book a visit');
      expect(back.form.fields.find((f) => f.id === 'note')?.title).toBe('Anything else');
      const schema = (await schemaOf(second, 'studio-visit')).json<{ form: { submitButtonText: string } }>();
      expect(schema.form.submitButtonText).toBe('Book a visit');
    }, 60_000);

    it('refuses a redirect off the site, bad addresses and a choice without options, with what to do', async () => {
      const editor = await staff(ROLE.editor);
      const record = (await editor.request('GET', `${API}/studio-visit`)).json<SiteFormRecord>();
      const put = (form: SiteFormInput) =>
        editor.request('PUT', `${API}/studio-visit`, { version: record.version, form });
      for (const url of ['https://evil.example/phish', '//evil.example/x', 'javascript:alert(1)']) {
        const res = await put({ ...record.form, successRedirect: url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'invalid-form',
          message: `The success redirect "${url}" leaves this site: use a path of this site starting with / (like /thank-you).`,
        });
      }
      const email = await put({
        ...record.form,
        notificationEmails: ['studio@example.test', 'not-an-address'],
      });
      expect(email.statusCode).toBe(400);
      expect(email.json<{ message: string }>().message).toBe(
        '"not-an-address" is not an email address (name@example.com).',
      );
      const noOptions = await put({
        ...record.form,
        fields: [...record.form.fields, field('how', 'radio', 'How did you hear of us?')],
      });
      expect(noOptions.statusCode).toBe(400);
      expect(noOptions.json<{ message: string }>().message).toBe(
        'The radio field "How did you hear of us?" needs at least one option.',
      );
      const after = (await editor.request('GET', `${API}/studio-visit`)).json<SiteFormRecord>();
      expect(after.version).toBe(record.version);
    });

    it('refuses to delete a form a page shows, naming the page; deletes it once the block is gone', async () => {
      const editor = await staff(ROLE.editor);
      const record = (await editor.request('GET', `${API}/studio-visit`)).json<SiteFormRecord>();
      const refused = await editor.request('DELETE', `${API}/studio-visit?version=${record.version}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(
        'The form "studio-visit" is on the page "Gallery" (/gallery): remove its form block there first, then delete the form.',
      );
      const content = (await editor.request('GET', `/api/config/pages/${GALLERY_ID}/content`)).json<{
        version: number;
        blocks: { type: string }[];
      }>();
      const cleared = await editor.request('PUT', `/api/config/pages/${GALLERY_ID}/content`, {
        version: content.version,
        blocks: content.blocks.filter((b) => b.type !== 'form'),
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      const deleted = await editor.request('DELETE', `${API}/studio-visit?version=${record.version}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await schemaOf(second, 'studio-visit')).statusCode).toBe(404);
      expect((await editor.request('GET', `${API}/studio-visit`)).statusCode).toBe(404);
    }, 60_000);

    it('lets every staff role read the forms and only content editors change them', async () => {
      const viewer = await staff(ROLE.viewer);
      const list = await viewer.request('GET', API);
      expect(list.statusCode).toBe(200);
      expect(list.json<SiteFormList>().forms.map((f) => f.id)).toEqual(
        expect.arrayContaining(['contact', 'newsletter']),
      );
      for (const role of [ROLE.viewer, ROLE.storeManager]) {
        const member = await staff(role);
        const res = await member.request('POST', API, { id: `by-${role}`, name: 'Nope' });
        expect(res.statusCode, `role ${role}`).toBe(403);
      }
      const visitorOnly = new Customer(one);
      await visitorOnly.start();
      expect((await visitorOnly.request('GET', API)).statusCode).toBe(401);
    });

    it('writes forms/<id>.json as saved in the content export', async () => {
      const editor = await staff(ROLE.editor);
      await editor.request('POST', API, { id: 'exported', name: 'Exported' });
      const saved = await editor.request('PUT', `${API}/exported`, {
        version: 1,
        form: { ...FIVE_TYPES, name: 'Exported form' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const dir = mkdtempSync(join(tmpdir(), 'site-forms-export-'));
      try {
        await exportContent(first.database.db, folderTarget(dir), join(DEMO_SITE, 'content', 'media'));
        const written = JSON.parse(readFileSync(join(dir, 'forms', 'exported.json'), 'utf8')) as {
          name: string;
          fields: { id: string; type: string; options?: string[] }[];
          successRedirect: string;
          notificationEmail: string;
        };
        expect(written.name).toBe('Exported form');
        expect(written.fields.map((f) => f.type)).toEqual([
          'name',
          'email',
          'select',
          'checkbox',
          'textarea',
        ]);
        expect(written.fields[2]?.options).toEqual(['Thursday', 'Saturday']);
        expect(written.successRedirect).toBe('/shop');
        expect(written.notificationEmail).toBe('studio@example.test');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
