/**
 * The owner's session until owner accounts exist (issue 14): opening an owner page once with
 * `?token=<OWNER_TOKEN>` exchanges the token for a cookie, so the token stays out of addresses,
 * history, Referer headers and access logs. The cookie holds an expiry and an HMAC of it keyed by
 * the token, never the token: it cannot be forged without the token, and changing `OWNER_TOKEN`
 * ends every session.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const OWNER_COOKIE = 'sf_owner';
/** How long a session lasts before the token is needed again. */
export const OWNER_SESSION_MS = 8 * 60 * 60 * 1000;

const mac = (token: string, expires: number) =>
  createHmac('sha256', token).update(`owner-session:${expires}`).digest('base64url');

/** True when the two secrets are equal; the time taken does not depend on where they differ, nor on their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The cookie value for a session that ends `OWNER_SESSION_MS` after `now`. */
export function ownerSessionValue(token: string, now: number): string {
  const expires = now + OWNER_SESSION_MS;
  return `${expires}.${mac(token, expires)}`;
}

/** True when `value` was made by `ownerSessionValue` with this token and has not expired. */
export function isOwnerSession(value: string | undefined, token: string, now: number): boolean {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(value ?? '');
  if (!match) return false;
  const expires = Number(match[1]);
  return expires > now && sameSecret(match[2] as string, mac(token, expires));
}
