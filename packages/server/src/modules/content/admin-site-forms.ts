/**
 * The site forms editor's calls (issue 31; contract in core's wire/forms.ts), mounted under
 * `/api/config`. Reading needs `backoffice.read` (every staff role: the screen shows them
 * read-only), writing `content.edit`. Bad input 400 naming the field and the limit, a stale
 * `version` 409 `record-changed`, an id in use 409 `form-exists`, a form still shown 409 `form-in-use`.
 *
 * - `GET    /site-forms` -> SiteFormList
 * - `POST   /site-forms` `{ id, name }` -> SiteFormRecord (201)
 * - `GET    /site-forms/:formId` -> SiteFormRecord
 * - `PUT    /site-forms/:formId` `{ version, form }` -> SiteFormRecord
 * - `DELETE /site-forms/:formId?version=` -> `{ deleted: true }`
 * - `GET    /site-forms/:formId/revisions` -> SiteFormRevisions (newest first)
 * - `POST   /site-forms/:formId/revisions/:revisionId/restore` `{ version }` -> SiteFormRecord
 */
import { FIELD_TYPES } from '@storefront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../../platform/http/guards.ts';
import { siteTimeZone } from '../../platform/http/record-changed.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import {
  createSiteForm,
  deleteSiteForm,
  listSiteForms,
  loadSiteForm,
  restoreSiteForm,
  saveSiteForm,
  siteFormRevisions,
  type FormsEditor,
  type SiteFormsDeps,
} from './site-forms.ts';

// Lengths here only bound the request: the editor's limits are checked with their own messages.
const text = z.string().max(100_000);
const field = z
  .object({
    id: z.string().max(200),
    type: z.enum(FIELD_TYPES),
    title: text,
    description: text,
    required: z.boolean(),
    placeholder: text,
    options: z.array(text).max(1000),
    questions: z.array(text).max(1000),
    subFields: z.array(z.object({ title: text }).strict()).max(10),
    key: text,
    value: text,
    countryCode: z.boolean(),
  })
  .strict();
const form = z
  .object({
    name: text,
    fields: z.array(field).max(1000),
    submitButtonText: text,
    submissionMessage: text,
    submissionHTML: text,
    successRedirect: text,
    captchaEnabled: z.boolean(),
    notificationEmails: z.array(z.string().trim().max(1000)).max(1000),
  })
  .strict();
const formParams = z.object({ formId: z.string().min(1).max(100) }).strict();
const revisionParams = z
  .object({ formId: z.string().min(1).max(100), revisionId: z.string().min(1).max(100) })
  .strict();
const createBody = z.object({ id: z.string().max(200), name: text }).strict();
const saveBody = z.object({ version: z.number().int().min(1), form }).strict();
const versionBody = z.object({ version: z.number().int().min(1) }).strict();
const versionQuery = z.object({ version: z.coerce.number().int().min(1) }).strict();

const editorOf = (request: FastifyRequest): FormsEditor => ({
  email: (request.member as { email: string }).email,
  timeZone: siteTimeZone(request),
});

export async function siteFormsAdminRoutes(
  plugin: FastifyInstance,
  CONFIG_API: string,
  deps: SiteFormsDeps,
): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const read = { preValidation: requirePermission('backoffice.read') };
  const edit = { preValidation: requirePermission('content.edit'), config: { crumb: true } };
  const API = `${CONFIG_API}/site-forms`;

  app.get(API, read, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listSiteForms(db);
  });
  app.post(API, { ...edit, schema: { body: createBody } }, async (request, reply) => {
    const created = await createSiteForm(db, editorOf(request), request.body);
    return reply.code(201).header('cache-control', 'no-store').send(created);
  });
  app.get(`${API}/:formId`, { ...read, schema: { params: formParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return loadSiteForm(db, request.params.formId);
  });
  app.put(
    `${API}/:formId`,
    { ...edit, schema: { params: formParams, body: saveBody } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return saveSiteForm(
        db,
        editorOf(request),
        request.params.formId,
        request.body.version,
        request.body.form,
      );
    },
  );
  app.delete(
    `${API}/:formId`,
    { ...edit, schema: { params: formParams, querystring: versionQuery } },
    async (request) => {
      await deleteSiteForm(db, deps, editorOf(request), request.params.formId, request.query.version);
      return { deleted: true };
    },
  );
  app.get(`${API}/:formId/revisions`, { ...read, schema: { params: formParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return siteFormRevisions(db, request.params.formId);
  });
  app.post(
    `${API}/:formId/revisions/:revisionId/restore`,
    { ...edit, schema: { params: revisionParams, body: versionBody } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return restoreSiteForm(
        db,
        editorOf(request),
        request.params.formId,
        request.params.revisionId,
        request.body.version,
      );
    },
  );
}
