/** Reading cookies the server leaves readable for scripts: `crumb`, `CART`, `hasCart`, `sf_xsrf`. */

import {
  CART_COOKIE,
  CRUMB_COOKIE,
  CRUMB_HEADER,
  HAS_CART_COOKIE,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@storefront/core/wire';

export { CART_COOKIE, CRUMB_COOKIE, HAS_CART_COOKIE, XSRF_COOKIE };

/** The value of cookie `name` in a `document.cookie` string, or undefined. */
export function readCookie(name: string, cookieString: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (key !== name) continue;
    const value = eq < 0 ? '' : part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The headers of a mutating call: the crumb in `X-CSRF-Token`, and while a visitor is signed in,
 * the session's xsrfToken in `X-XSRF-Token` (docs/interfaces.md).
 */
export function writeHeaders(cookieString: string): Record<string, string> {
  const headers: Record<string, string> = { [CRUMB_HEADER]: readCookie(CRUMB_COOKIE, cookieString) ?? '' };
  const xsrf = readCookie(XSRF_COOKIE, cookieString);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  return headers;
}

/** Whether the browser accepts cookies (without them the cart and the crumb cannot work). */
export function cookiesEnabled(nav: Pick<Navigator, 'cookieEnabled'> | undefined): boolean {
  return nav?.cookieEnabled !== false;
}
