/**
 * The back office's calls for what the shop records (issue 15), registered by routes.ts, each for
 * staff whose roles grant its permission (401 signed out, 403 `account.forbidden` without it):
 *
 * Form submissions (`content.edit`; submissions.ts):
 * - `GET /api/config/forms` -> `{ forms: [{ formId, name, submissions, lastSubmitted }] }`;
 * - `GET /api/config/forms/:formId/submissions?status=received|spam&cursor=` -> `{ formId, name,
 *   fields: [{ id, title }], submissions: [{ id, created, status, pagePath, answers: [{ fieldId,
 *   title, answer }] }], hasNextPage, nextPageCursor }`, newest first;
 * - `GET /api/config/forms/:formId/submissions/export?status=` -> the submissions as CSV, streamed;
 * - `GET /api/config/forms/:formId/submissions/:id` -> one submission;
 * - `PUT /api/config/forms/:formId/submissions/:id/status` `{ status: received|spam }` -> the
 *   submission, marked spam or not spam;
 * - `DELETE /api/config/forms/:formId/submissions/:id` -> `{ deleted }` (404 once gone).
 *
 * Mail outbox (`staff.manage`: the outbox holds every customer's mail and the sign-in codes; outbox.ts):
 * - `GET /api/config/mail?status=queued|sent|failed&cursor=` -> `{ mails: [{ id, created, kind, to,
 *   subject, status, attempts, error, sentAt }], hasNextPage, nextPageCursor }`, newest first;
 * - `POST /api/config/mail/:id/retry` -> the mail after one more attempt (409 `mail-conflict` unless
 *   it had failed). Takes an `Idempotency-Key`.
 *
 * Dashboard (`backoffice.read`, each part by its own permission; dashboard.ts):
 * - `GET /api/config/dashboard` -> `{ today, week, lowStock?, restock? }`.
 */
import { hasPermission } from '@storefront/core';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../platform/http/guards.ts';
import { idempotent } from '../platform/http/idempotency.ts';
import type { ZodTypeProvider } from '../platform/http/schemas.ts';
import { batchedCsv, sendCsv } from '../platform/http/csv.ts';
import { dashboard } from './dashboard.ts';
import { listOutbox, mailParams, outboxMail, outboxQuery, requeueFailedMail } from './outbox.ts';
import {
  deleteSubmission,
  formDefinitions,
  formParams,
  listForms,
  listSubmissions,
  setSubmissionStatus,
  submissionDetail,
  submissionFilter,
  submissionParams,
  submissionQuery,
  submissionStatusBody,
  submissionsCsv,
} from '../modules/forms/index.ts';

export interface RecordsOptions {
  /** The site's forms (`forms/<formId>.json`), as saved now: app.ts refills the object in place. */
  forms: Record<string, unknown>;
  now?: () => number;
}

export async function recordsRoutes(
  plugin: FastifyInstance,
  api: string,
  options: RecordsOptions,
): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  // The forms as saved now: the site's content follows the forms editor's saves (app.ts).
  const forms = () => formDefinitions(options.forms);
  const now = options.now ?? Date.now;

  // ------------------------------------------------------------------ form submissions

  const submissions = { preValidation: requirePermission('content.edit') };
  app.get(`${api}/forms`, submissions, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listForms(db, forms());
  });
  app.get(
    `${api}/forms/:formId/submissions`,
    { ...submissions, schema: { params: formParams, querystring: submissionQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSubmissions(db, forms(), request.params.formId, request.query);
    },
  );
  app.get(
    `${api}/forms/:formId/submissions/export`,
    { ...submissions, schema: { params: formParams, querystring: submissionFilter } },
    async (request, reply) => {
      const csv = submissionsCsv(db, forms(), request.params.formId, request.query);
      return sendCsv(
        reply,
        `${request.params.formId}-submissions.csv`,
        batchedCsv(csv.header, csv.nextBatch, csv.fieldsOf),
      );
    },
  );
  app.get(
    `${api}/forms/:formId/submissions/:id`,
    { ...submissions, schema: { params: submissionParams } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return submissionDetail(db, forms(), request.params.formId, request.params.id);
    },
  );
  app.put(
    `${api}/forms/:formId/submissions/:id/status`,
    {
      ...submissions,
      config: { crumb: true },
      schema: { params: submissionParams, body: submissionStatusBody },
    },
    async (request) =>
      setSubmissionStatus(db, forms(), request.params.formId, request.params.id, request.body),
  );
  app.delete(
    `${api}/forms/:formId/submissions/:id`,
    { ...submissions, config: { crumb: true }, schema: { params: submissionParams } },
    async (request) => deleteSubmission(db, request.params.formId, request.params.id),
  );

  // ------------------------------------------------------------------ mail outbox

  const outbox = { preValidation: requirePermission('staff.manage') };
  app.get(`${api}/mail`, { ...outbox, schema: { querystring: outboxQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listOutbox(db, request.query);
  });
  app.post(
    `${api}/mail/:id/retry`,
    { ...outbox, config: { crumb: true }, schema: { params: mailParams } },
    async (request, reply) =>
      idempotent(db, request, reply, 'backoffice-mail-retry', async () => {
        await requeueFailedMail(db, request.params.id);
        await app.mailer.deliver(request.params.id);
        return { status: 200, body: await outboxMail(db, request.params.id) };
      }),
  );

  // ------------------------------------------------------------------ dashboard

  app.get(
    `${api}/dashboard`,
    { preValidation: requirePermission('backoffice.read') },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const roles = request.member?.roles ?? [];
      return dashboard(
        db,
        {
          orders: hasPermission(roles, 'orders.read'),
          reports: hasPermission(roles, 'reports.read'),
          stock: hasPermission(roles, 'stock.manage'),
        },
        now(),
      );
    },
  );
}
