/**
 * The back office's content calls (issue 30), mounted by backoffice/routes.ts under `/api/config`:
 * - `GET /content/export` (`catalogue.edit`) -> the site's content as a zip, in the format
 *   `npm run content -- import` reads (content-export.ts), streamed while it is made.
 * - `/navigation…`: the navigation editor (admin-navigation.ts).
 * - `/site-forms…`: the site forms editor (admin-site-forms.ts).
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../platform/http/guards.ts';
import { navigationAdminRoutes, type NavigationAdminOptions } from './admin-navigation.ts';
import { siteFormsAdminRoutes } from './admin-site-forms.ts';
import type { SiteFormsDeps } from './site-forms.ts';
import { exportContent, zipTarget } from './content-export.ts';

export type ContentAdminOptions = NavigationAdminOptions & SiteFormsDeps;

export async function contentAdminRoutes(
  app: FastifyInstance,
  CONFIG_API: string,
  options: ContentAdminOptions,
): Promise<void> {
  const { db } = app.database;
  await navigationAdminRoutes(app, CONFIG_API, options);
  await siteFormsAdminRoutes(app, CONFIG_API, options);
  app.get(
    `${CONFIG_API}/content/export`,
    { preValidation: requirePermission('catalogue.edit') },
    async (request, reply) => {
      const zip = zipTarget();
      exportContent(db, zip, join(request.site.template.dir, 'content', 'media')).then(
        () => zip.finish(),
        (error: unknown) => {
          request.log.error({ err: error }, 'content export failed');
          zip.fail(error instanceof Error ? error : new Error(String(error)));
        },
      );
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="content.zip"')
        .type('application/zip')
        .send(zip.stream);
    },
  );
}
