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
 *
 * Defence in depth (issue 27): a client that can set a cookie for the shop's host (a sibling
 * subdomain, a plain-http hop) could choose the cookie and send the same value. So with a
 * signed-in session the crumb is an HMAC of the session's digest under a secret of the shop's
 * (kept in the database, shared by every instance): it is handed out again at sign-in (a new
 * session, a new crumb) and a chosen value never matches. Without a session the crumb stays a
 * random value matched against its cookie. And every state-changing request that a browser marks
 * as coming from another site (`Sec-Fetch-Site`, else `Origin`) is refused before any of this;
 * a request with neither header (a script, a server) is judged by its crumb alone.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// Brings in the `cookies`/`setCookie` declarations this module reads, whoever imports it.
import type {} from '@fastify/cookie';
import { apiError, type ApiError } from './errors.ts';
import { siteIfAny } from '../site/context.ts';
import { CRUMB_COOKIE, CRUMB_HEADER } from '@storefront/core/wire';

export { CRUMB_COOKIE, CRUMB_HEADER };

declare module 'fastify' {
  interface FastifyInstance {
    /** The secret signed-in sessions' crumbs are derived with (registerCrumbCheck). */
    crumbSecret: string | undefined;
  }
  interface FastifyContextConfig {
    /** The `X-CSRF-Token` header must match the crumb cookie (checked before the handler runs). */
    crumb?: boolean;
    /** A body, when there is one, must be JSON (`unsupported-media-type` otherwise). */
    jsonBody?: boolean;
  }
}

/** The crumb of the session stored under `sessionHash` (http/session.ts), or undefined without a secret. */
export function sessionCrumb(secret: string | undefined, sessionHash: string): string | undefined {
  return secret === undefined
    ? undefined
    : createHmac('sha256', secret).update(`crumb:${sessionHash}`).digest('base64url');
}

/** The crumb the request's signed-in session must send, or undefined when it has no session. */
const boundCrumb = (request: FastifyRequest): string | undefined =>
  request.member ? sessionCrumb(request.server.crumbSecret, request.member.sessionHash) : undefined;

/** Sets the `crumb` cookie the page's scripts read (and forms copy into a field). */
export function setCrumbCookie(request: FastifyRequest, reply: FastifyReply, crumb: string): void {
  reply.setCookie(CRUMB_COOKIE, crumb, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: request.protocol === 'https',
  });
}

/**
 * The request's crumb: its session's when signed in (setting the cookie when it holds another),
 * else the cookie's, setting a new random one when it has none.
 */
export function ensureCrumb(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CRUMB_COOKIE];
  const bound = boundCrumb(request);
  if (bound !== undefined) {
    if (existing !== bound) setCrumbCookie(request, reply, bound);
    return bound;
  }
  if (existing && /^[A-Za-z0-9_-]{16,128}$/.test(existing)) return existing;
  const crumb = randomBytes(18).toString('base64url');
  setCrumbCookie(request, reply, crumb);
  return crumb;
}

/**
 * True when `sent` (the header by default) is the request's crumb: its session's when signed in,
 * else the cookie's (both present).
 */
export function crumbMatches(
  request: FastifyRequest,
  sent: unknown = request.headers[CRUMB_HEADER],
): boolean {
  const expected = boundCrumb(request) ?? request.cookies[CRUMB_COOKIE];
  if (!expected || typeof sent !== 'string' || sent.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(sent));
}

/**
 * The crumb failure: with no Cookie header at all the browser keeps no cookies (spec section 8,
 * cookies off); else the crumb is missing or stale (session expired). `crumbFail` is what the
 * browser keys on.
 */
export const crumbFailure = (request: FastifyRequest): ApiError =>
  apiError(request.headers.cookie ? 'crumb-fail' : 'cookies-off', { extra: { crumbFail: true } });

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * True when a browser says the request comes from a page of another site: `Sec-Fetch-Site` when
 * it sends one (every current browser; scripts cannot set it), else `Origin`, which must be the
 * shop's (SITE_URL's, or the address the request was sent to, for a shop reached by another name
 * in development). A request with neither is not a browser's cross-site request.
 */
export function isCrossSite(request: FastifyRequest, siteOrigin: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== '')
    return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return false;
  return origin !== siteOrigin && origin !== `${request.protocol}://${request.host}`;
}

const originOf = (url: string | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * Registers the check of the routes' `crumb` and `jsonBody` options. Pre-validation, after the rate
 * limit (on request) and the input guard (registered before it), and before the route's schema
 * reads the body: a request from another origin learns nothing about its input.
 */
export function registerCrumbCheck(
  app: FastifyInstance,
  options: { secret?: string | undefined } = {},
): void {
  app.decorate('crumbSecret', options.secret);
  // First thing on a state-changing request, before its body is read or any work is done.
  app.addHook('onRequest', async (request) => {
    if (STATE_CHANGING.has(request.method) && isCrossSite(request, originOf(siteIfAny(request)?.origin)))
      throw apiError('cross-site-request');
  });
  app.addHook('preValidation', async (request) => {
    const { crumb, jsonBody } = request.routeOptions.config;
    if (jsonBody && request.body !== undefined) {
      const type = request.headers['content-type'];
      if (!type || !/^application\/json\b/i.test(type)) throw apiError('unsupported-media-type');
    }
    if (crumb && !crumbMatches(request)) throw crumbFailure(request);
  });
}
