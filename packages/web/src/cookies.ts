/** Reading cookies the server leaves readable for scripts: `crumb`, `CART`, `hasCart`. */

export const CRUMB_COOKIE = 'crumb';
export const CART_COOKIE = 'CART';
export const HAS_CART_COOKIE = 'hasCart';

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

/** Whether the browser accepts cookies (without them the cart and the crumb cannot work). */
export function cookiesEnabled(nav: Pick<Navigator, 'cookieEnabled'> | undefined): boolean {
  return nav?.cookieEnabled !== false;
}
