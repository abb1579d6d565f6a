import type { FastifyReply } from 'fastify';

/** A rendered page (or a redirect), as the storefront's renderer answers it. */
export interface PageResult {
  status: number;
  pageType: number;
  /** The HTML document, or the context JSON for `?format=json`. */
  body: string;
  contentType: string;
  /** Where a redirect (a folder sending its visitors to its first child) points. */
  location?: string;
}

/** Sends a rendered page, its page type in `x-page-type`. */
export function sendPageResult(
  reply: FastifyReply,
  result: PageResult,
  cacheControl: 'no-cache' | 'no-store' | 'private, no-cache',
) {
  if (result.location !== undefined) reply.header('location', result.location);
  return reply
    .code(result.status)
    .header('content-type', result.contentType)
    .header('cache-control', cacheControl)
    .header('x-page-type', String(result.pageType))
    .send(result.body);
}
