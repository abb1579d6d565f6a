import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { containedPath } from './platform/site/contained-path.ts';
import type { Site } from './platform/site/types.ts';

/** The web bundle names every file by its content hash (`storefront.<hash>.js`): such a name never changes content. */
const CONTENT_HASHED = /\.[A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp|avif)$/;

/** The content's media folder: the media library imports its files at start (media/library.ts). */
export const mediaRootOf = (site: Site): string => join(site.dir, 'content', 'media');

/**
 * Static files: `/assets/*` and `/scripts/*` from the template, `/_storefront/*` from the web
 * bundle, `/site.css` from the template's stylesheets. `/media/*` comes from the database (media/routes.ts).
 */
export async function staticRoutes(app: FastifyInstance, site: Site, webDistDir: string): Promise<void> {
  const mounts: { prefix: string; root: string; maxAge: number }[] = [
    { prefix: '/assets/', root: join(site.template.dir, 'assets'), maxAge: 3600 },
    { prefix: '/scripts/', root: join(site.template.dir, 'scripts'), maxAge: 300 },
    { prefix: '/_storefront/', root: webDistDir, maxAge: 300 },
  ];
  let first = true;
  for (const mount of mounts) {
    if (!existsSync(mount.root)) {
      // A template without scripts/ simply has none to serve.
      if (mount.prefix !== '/_storefront/') continue;
      app.log.warn(`the web bundle is not built (${mount.root} is missing): run npm run build:web`);
    }
    await app.register(fastifyStatic, {
      root: mount.root,
      prefix: mount.prefix,
      decorateReply: first,
      wildcard: true,
      index: false,
      dotfiles: 'deny',
      // Checked on every request: a file that becomes a link after start is refused too (404).
      allowedPath: (pathName, root) =>
        typeof root === 'string' && containedPath(root, join(root, pathName)) !== undefined,
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          CONTENT_HASHED.test(path) && mount.prefix === '/_storefront/'
            ? 'public, max-age=31536000, immutable'
            : `public, max-age=${mount.maxAge}`,
        );
      },
    });
    first = false;
  }

  const css = site.template.css;
  const etag = `"${site.template.revision}"`;
  app.get('/site.css', async (request, reply) => {
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return css;
  });
}
