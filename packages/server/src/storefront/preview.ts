/**
 * Staff's preview of a post (issue 31): `GET /config/preview/posts/:id` renders the post as saved,
 * draft or scheduled, exactly as the site renders it at its address, for signed-in staff only. As
 * every back-office screen, a browser without a staff session (a visitor, a customer) is sent to the
 * staff sign-in page (303) and sees nothing of the post. Never kept by a cache, never indexed:
 * `no-store`, `X-Robots-Tag: noindex`, and a robots meta in the page.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { postForPreview } from '../modules/catalogue/index.ts';
import { apiError } from '../platform/http/errors.ts';
import type { ZodTypeProvider } from '../platform/http/schemas.ts';
import { sendPageResult } from './pages.ts';

const NOINDEX = 'noindex, nofollow';
/** Where the back office sends a browser without a staff session (backoffice/routes.ts). */
const STAFF_LOGIN_PATH = '/config/login';

export async function previewRoutes(plugin: FastifyInstance): Promise<void> {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  app.get(
    '/config/preview/posts/:id',
    { schema: { params: z.object({ id: z.string().min(1).max(100) }).strict() } },
    async (request, reply) => {
      // Every staff role reads the back office (core's roles.ts), so a staff session is enough.
      const member = request.member;
      if (!member || member.kind !== 'staff')
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .header('location', STAFF_LOGIN_PATH)
          .send();
      const preview = await postForPreview(db, request.params.id);
      if (!preview) throw apiError('content.post-not-found');
      const { path, ...shown } = preview;
      const result = await request.site.caches.renderer.render({
        site: request.site,
        path,
        query: {},
        cartToken: undefined,
        preview: shown,
      });
      reply.header('x-robots-tag', NOINDEX);
      const body = result.body.replace(
        /<head(\s[^>]*)?>/i,
        (head) => `${head}<meta name="robots" content="${NOINDEX}">`,
      );
      return sendPageResult(reply, { ...result, body }, 'no-store');
    },
  );
}
