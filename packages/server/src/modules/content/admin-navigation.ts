/**
 * The navigation editor's calls (issue 31), mounted under `/api/config` (docs/site-content.md):
 * - `GET /navigation` (`backoffice.read`) -> NavigationRecord: each navigation the template
 *   declares with its entries, the pages to pick from, the version
 * - `PUT /navigation` `{ version, navigations }` (`content.edit`) -> the record as saved; 409
 *   `record-changed` on a stale version, 400 `invalid-navigation` saying what is wrong
 * - `GET /navigation/revisions` (`backoffice.read`) -> `{ revisions }`, newest first
 * - `POST /navigation/revisions/:revisionId/restore` (`content.edit`) -> the record as restored
 */
import { NAVIGATION_URL_MAX } from '@storefront/core/navigation';
import type { NavigationPageChoice } from '@storefront/core/wire';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../../platform/http/guards.ts';
import { idempotent } from '../../platform/http/idempotency.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import {
  loadNavigation,
  navigationRevisions,
  restoreNavigation,
  saveNavigation,
  type NavigationEditor,
  type NavigationSite,
} from './navigation.ts';

/** Spec §6: the site's time zone when its settings name none. */
const DEFAULT_TIME_ZONE = 'America/New_York';

export interface NavigationAdminOptions {
  /** The site's pages (collections), in the site's order. */
  pages: () => Promise<NavigationPageChoice[]>;
}

// Lengths here only bound the request: the editor's limits are checked with their own messages.
const title = z.string().max(1000);
const page = z
  .object({ kind: z.literal('page'), urlId: z.string().min(1).max(200), disabled: z.boolean() })
  .strict();
const link = z
  .object({
    kind: z.literal('link'),
    title,
    url: z.string().trim().max(NAVIGATION_URL_MAX, `must be at most ${NAVIGATION_URL_MAX} characters`),
    newWindow: z.boolean(),
    disabled: z.boolean(),
  })
  .strict();
const leaf = z.discriminatedUnion('kind', [page, link]);
const folder = z
  .object({ kind: z.literal('folder'), title, disabled: z.boolean(), items: z.array(leaf).max(1000) })
  .strict();
const entries = z.record(
  z.string().max(100),
  z.array(z.discriminatedUnion('kind', [page, link, folder])).max(1000),
);

const saveBody = z.object({ version: z.number().int().min(0), navigations: entries }).strict();
const revisionParams = z.object({ revisionId: z.string().min(1).max(100) }).strict();

function siteOf(request: FastifyRequest, pages: NavigationAdminOptions['pages']): NavigationSite {
  const { template, content } = request.site.template;
  const zone = content.website.timeZone;
  return {
    declared: (template.conf.navigations ?? []).map(({ name, title: navTitle }) => ({
      name,
      title: navTitle,
    })),
    pages,
    timeZone: typeof zone === 'string' && zone ? zone : DEFAULT_TIME_ZONE,
  };
}

const editorOf = (request: FastifyRequest): NavigationEditor => ({
  email: (request.member as { email: string }).email,
});

export async function navigationAdminRoutes(
  plugin: FastifyInstance,
  CONFIG_API: string,
  options: NavigationAdminOptions,
): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const read = { preValidation: requirePermission('backoffice.read') };
  const edit = { preValidation: requirePermission('content.edit'), config: { crumb: true } };
  const API = `${CONFIG_API}/navigation`;

  app.get(API, read, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return loadNavigation(db, siteOf(request, options.pages));
  });
  app.put(API, { ...edit, schema: { body: saveBody } }, async (request, reply) =>
    idempotent(db, request, reply, 'content-navigation-save', async () => ({
      status: 200,
      body: await saveNavigation(
        db,
        siteOf(request, options.pages),
        editorOf(request),
        request.body.version,
        request.body.navigations,
      ),
    })),
  );
  app.get(`${API}/revisions`, read, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return navigationRevisions(db);
  });
  app.post(
    `${API}/revisions/:revisionId/restore`,
    { ...edit, schema: { params: revisionParams } },
    async (request, reply) =>
      idempotent(db, request, reply, 'content-navigation-restore', async () => ({
        status: 200,
        body: await restoreNavigation(
          db,
          siteOf(request, options.pages),
          editorOf(request),
          request.params.revisionId,
        ),
      })),
  );
}
