/** `/sitemap.xml` and `/robots.txt` (issue 18): what search engines read to find the site's pages. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../platform/db/index.ts';
import { apiError } from '../../platform/http/errors.ts';
import { zodValidatorCompiler, type ZodTypeProvider } from '../../platform/http/schemas.ts';
import { sitemapIndex, sitemapSize, urlSet, URLS_PER_SITEMAP, type SitemapSource } from './sitemap.ts';

export interface SeoRoutesOptions {
  db: Db;
  templatePages: readonly string[];
  /** URLs in one sitemap before it becomes an index (the sitemaps.org limit; tests lower it). */
  urlsPerSitemap?: number;
}

/** Where no search engine should go: the back office, a visitor's own pages, the API. */
const DISALLOWED = ['/config', '/account', '/cart', '/checkout', '/commerce', '/api/'];

const sitemapQuery = z.object({ page: z.coerce.number().int().min(1).optional() });

export async function seoRoutes(plugin: FastifyInstance, options: SeoRoutesOptions): Promise<void> {
  // Its own, so the routes also stand on a bare Fastify (the sitemap tests mount them alone).
  plugin.setValidatorCompiler(zodValidatorCompiler);
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  // The site a request is for names its own URLs (platform/site/context.ts).
  const sourceFor = (origin: string, now: number): SitemapSource => ({
    db: options.db,
    origin,
    now,
    templatePages: options.templatePages,
    urlsPerSitemap: options.urlsPerSitemap ?? URLS_PER_SITEMAP,
  });

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          ...DISALLOWED.map((path) => `Disallow: ${path}`),
          '',
          `Sitemap: ${request.site.origin}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', { schema: { querystring: sitemapQuery } }, async (request, reply) => {
    const { page } = request.query;
    const source = sourceFor(request.site.origin, request.site.now());
    const { leading, total } = await sitemapSize(source);
    const pages = Math.max(1, Math.ceil(total / source.urlsPerSitemap));
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    if (page === undefined && pages > 1) return reply.send(sitemapIndex(source.origin, pages));
    const index = (page ?? 1) - 1;
    if (index >= pages)
      throw apiError('no-route', { params: { method: 'GET', path: `/sitemap.xml?page=${page}` } });
    const from = index * source.urlsPerSitemap;
    return reply.send(Readable.from(urlSet(source, leading, from, source.urlsPerSitemap)));
  });
}
