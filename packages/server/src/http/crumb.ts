/**
 * The crumb (CSRF token): a random value in the `crumb` cookie, set on the first page view or API
 * read; mutating calls send it back in `X-CSRF-Token`. The cookie is readable by scripts, which is
 * how the browser learns the value; another origin can neither read it nor set the header.
 *
 * Usage: a mutating route asks for the check with its config, and the one hook registered in
 * app.ts (registerCrumbCheck) refuses it with the spec's crumb failure (403 `{ crumbFail: true,
 * code, message }`, the code `cookies-off` or `crumb-fail`):
 *
 *   app.post('/api/...', { config: { crumb: true } }, handler);
 *   app.post('/api/...', { config: { crumb: true, jsonBody: true } }, handler); // and JSON only
 *
 * A page or API read that hands out a crumb calls `ensureCrumb(request, reply)`.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// Brings in the `cookies`/`setCookie` declarations this module reads, whoever imports it.
import type {} from '@fastify/cookie';
import { apiError, type ApiError } from './errors.ts';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The `X-CSRF-Token` header must match the crumb cookie (checked before the handler runs). */
    crumb?: boolean;
    /** A body, when there is one, must be JSON (`unsupported-media-type` otherwise). */
    jsonBody?: boolean;
  }
}

/** The request's crumb, setting a new `crumb` cookie when it has none. */
export function ensureCrumb(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CRUMB_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{16,128}$/.test(existing)) return existing;
  const crumb = randomBytes(18).toString('base64url');
  reply.setCookie(CRUMB_COOKIE, crumb, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: request.protocol === 'https',
  });
  return crumb;
}

/** True when `sent` (the header by default) matches the cookie (both present). */
export function crumbMatches(
  request: FastifyRequest,
  sent: unknown = request.headers[CRUMB_HEADER],
): boolean {
  const cookie = request.cookies[CRUMB_COOKIE];
  if (!cookie || typeof sent !== 'string' || sent.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(sent));
}

/**
 * The crumb failure: with no Cookie header at all the browser keeps no cookies (spec section 8,
 * cookies off); else the crumb is missing or stale (session expired). `crumbFail` is what the
 * browser keys on.
 */
export const crumbFailure = (request: FastifyRequest): ApiError =>
  apiError(request.headers.cookie ? 'crumb-fail' : 'cookies-off', { extra: { crumbFail: true } });

/**
 * Registers the check of the routes' `crumb` and `jsonBody` options. Pre-validation, after the rate
 * limit (on request) and the input guard (registered before it), and before the route's schema
 * reads the body: a request from another origin learns nothing about its input.
 */
export function registerCrumbCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const { crumb, jsonBody } = request.routeOptions.config;
    if (jsonBody && request.body !== undefined) {
      const type = request.headers['content-type'];
      if (!type || !/^application\/json\b/i.test(type)) throw apiError('unsupported-media-type');
    }
    if (crumb && !crumbMatches(request)) throw crumbFailure(request);
  });
}
