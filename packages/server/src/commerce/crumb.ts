import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
// Brings in the `cookies`/`setCookie` declarations this module reads, whoever imports it.
import type {} from '@fastify/cookie';

/**
 * The crumb (CSRF token): a random value in the `crumb` cookie, set on the first page view or API
 * read; mutating calls send it back in `X-CSRF-Token`. The cookie is readable by scripts, which is
 * how the browser learns the value; another origin can neither read it nor set the header.
 */
export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

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

/** True when the header matches the cookie (both present). */
export function crumbMatches(request: FastifyRequest): boolean {
  const cookie = request.cookies[CRUMB_COOKIE];
  const header = request.headers[CRUMB_HEADER];
  if (!cookie || typeof header !== 'string' || header.length !== cookie.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
}

/** A route's preHandler for mutating calls: 403 `{ crumbFail: true }` unless the crumb matches. */
export async function requireCrumb(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!crumbMatches(request)) await reply.code(403).send({ crumbFail: true });
}
