/**
 * The cookie and header names the server sets and the browser reads or sends back (DESIGN.md
 * "Crumb", docs/interfaces.md), written once so that renaming one breaks both sides' build.
 */

/** The crumb (CSRF) cookie, set on the first page view; readable by the page's scripts. */
export const CRUMB_COOKIE = 'crumb';
/** The header a mutating call sends the crumb back in. */
export const CRUMB_HEADER = 'x-csrf-token';
/** The signed-in session; scripts never read it. */
export const SESSION_COOKIE = 'sf_session';
/** A signed-in session's xsrfToken again, readable by scripts so they can send it back. */
export const XSRF_COOKIE = 'sf_xsrf';
/** The header a signed-in session's writes send the xsrfToken back in. */
export const XSRF_HEADER = 'x-xsrf-token';
/** The cart's token: the cart follows the browser, and the customer at sign-in. */
export const CART_COOKIE = 'CART';
/** Tells the browser's scripts that there is a cart (the token itself is not theirs to read). */
export const HAS_CART_COOKIE = 'hasCart';
/** The key a retried write sends again, so the server does it once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer the server replays for a key it has seen. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
