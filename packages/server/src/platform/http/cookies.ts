/**
 * The cart's cookies, read by every feature that works on the shopper's cart (the cart API,
 * checkout, accounts) and by the pages: `CART` holds the cart's token, `hasCart` tells the
 * browser's scripts that there is one (the token itself is not theirs to read).
 */
import { CART_COOKIE, HAS_CART_COOKIE } from '@storefront/core/wire';

export { CART_COOKIE, HAS_CART_COOKIE };

/** 30 days: the cart outlives a visit. */
const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

/** How the cart's two cookies are set, by the cart API and at sign-in (the cart follows the customer). */
export const cartCookieOptions = (secure: boolean) => ({
  path: '/',
  sameSite: 'lax' as const,
  httpOnly: false,
  maxAge: CART_COOKIE_MAX_AGE,
  secure,
});
