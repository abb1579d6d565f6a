import { escapeHtml, message, type LocalizedStrings } from '@storefront/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/faults.ts';

/** What a client is told to wait before retrying while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Answers 503 with Retry-After: `{ code: 'service-unavailable', message }` for the APIs, a plain
 * page (spec section 2: error, page type 101) for pages and form posts.
 */
export function sendUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  localizedStrings?: LocalizedStrings,
): FastifyReply {
  const text = message('ui.service-unavailable', {}, localizedStrings);
  reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/api/') || path.endsWith('.json'))
    return reply.send({ code: 'service-unavailable', message: text });
  return reply
    .type('text/html; charset=utf-8')
    .header('x-page-type', '101')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(text)}</title></head>` +
        `<body><h1>${escapeHtml(text)}</h1><p><a href="">Try again</a></p></body></html>`,
    );
}

/**
 * For the error handlers: a database that is unreachable, restarting or full answers 503 (see
 * sendUnavailable) and the reply is returned; any other error gives undefined.
 */
export function replyIfDatabaseUnavailable(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  localizedStrings?: LocalizedStrings,
): FastifyReply | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  request.log.warn({ err: error }, 'database unavailable: answered 503');
  return sendUnavailable(request, reply, localizedStrings);
}
