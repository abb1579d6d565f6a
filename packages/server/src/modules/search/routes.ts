/**
 * Site search (issue 18):
 *
 *   GET /search?q=&type=&category=&sort=&page=   the results page (page type 102): the template's
 *       pages/search.page when it has one (its context gains `search`, docs/search.md), else a
 *       built-in page in the site's layout. Not for search engines (X-Robots-Tag: noindex); page
 *       views of /search are not tracked (core's tracking rules).
 *   GET /api/search/suggest?q=                   the first results of each type while typing
 *       (the header's island), briefly cacheable.
 */
import { formatMoney, message, PageType } from '@storefront/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ContentVersion } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { CART_COOKIE } from '../../platform/http/cookies.ts';
import { signedInCustomer } from '../../platform/http/session.ts';
import { apiError } from '../../platform/http/errors.ts';
import type { ZodTypeProvider } from '../../platform/http/schemas.ts';
import type { SystemPageRenderer } from '../../platform/site/page-renderer.ts';
import { sendPageResult } from '../../platform/http/page-result.ts';
import { searchPageContext, searchUrl } from './page.ts';
import { SEARCH_PAGE_TEMPLATES } from './templates.ts';
import { SEARCH_SORTS, SearchIndex, type SearchQuery, type SearchResults } from './query.ts';
import { SEARCH_KINDS } from './tables.ts';

export interface SearchRouteOptions {
  db: Db;
  renderer: SystemPageRenderer;
  contentVersion: ContentVersion;
  currency: string;
}

/** Longest query, in characters: longer ones are refused with a message saying so. */
export const MAX_QUERY_CHARS = 200;
const PAGE_SIZE = 10;
const SUGGESTIONS_PER_TYPE = 4;
/** The predictive answers may be kept this long by the browser and shared caches. */
const SUGGEST_MAX_AGE_SECONDS = 30;

const pageQuery = z.object({
  q: z.string().default(''),
  type: z.enum(SEARCH_KINDS).optional(),
  category: z.string().max(100).optional(),
  sort: z.enum(SEARCH_SORTS).default('relevance'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
const suggestQuery = z.object({ q: z.string() });

const tooLong = (q: string) => q.length > MAX_QUERY_CHARS;

export async function searchRoutes(app: FastifyInstance, options: SearchRouteOptions): Promise<void> {
  const { renderer, currency } = options;
  const index = new SearchIndex(options.db, options.contentVersion);
  renderer.systemPages.register(SEARCH_PAGE_TEMPLATES);

  app.get('/search', async (request, reply) => {
    const ls = request.site.strings;
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const parsed = pageQuery.safeParse(raw);
    let query: SearchQuery = {
      q: typeof raw.q === 'string' ? raw.q.slice(0, MAX_QUERY_CHARS) : '',
      sort: 'relevance',
      page: 1,
      pageSize: PAGE_SIZE,
    };
    let error: string | undefined;
    let results: SearchResults | undefined;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      error = message(
        'search.invalid',
        { problem: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'malformed'}` },
        ls,
      );
    } else if (tooLong(parsed.data.q)) error = message('search.query-too-long', { max: MAX_QUERY_CHARS }, ls);
    else {
      const { q, type, category, sort, page } = parsed.data;
      query = { q, kind: type, category, sort, page, pageSize: PAGE_SIZE };
      if (q.trim()) results = await index.search(query, request.site.now());
    }
    const result = await renderer.renderSystemPage({
      site: request.site,
      path: '/search',
      cartToken: request.cookies[CART_COOKIE],
      member: signedInCustomer(request),
      status: error ? 400 : 200,
      pageType: PageType.SEARCH,
      title: message('search.title', {}, ls),
      templatePage: {
        name: 'search',
        context: {
          search: searchPageContext({ query, results, error, currency, maxQueryChars: MAX_QUERY_CHARS }, ls),
        },
      },
    });
    reply.header('x-robots-tag', 'noindex');
    return sendPageResult(reply, result, 'private, no-cache');
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/search/suggest', { schema: { querystring: suggestQuery } }, async (request, reply) => {
    const { q } = request.query;
    const ls = request.site.strings;
    if (tooLong(q)) throw apiError('search-query-too-long', { params: { max: MAX_QUERY_CHARS } });
    const groups = await index.suggest(q, SUGGESTIONS_PER_TYPE, request.site.now());
    return reply.header('cache-control', `public, max-age=${SUGGEST_MAX_AGE_SECONDS}`).send({
      query: q,
      url: searchUrl({ q }),
      total: groups.reduce((sum, g) => sum + g.count, 0),
      groups: groups.map((g) => ({
        type: g.kind,
        label: message(`search.type.${g.kind}`, {}, ls),
        count: g.count,
        results: g.hits.map((hit) => ({
          title: hit.title,
          titleHtml: hit.titleHtml,
          url: hit.url,
          imageUrl: hit.imageUrl,
          price: hit.priceCents === null ? null : formatMoney(hit.priceCents, currency),
        })),
      })),
    });
  });
}
