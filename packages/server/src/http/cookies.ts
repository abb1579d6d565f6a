/**
 * The cart's cookies, read by every feature that works on the shopper's cart (the cart API,
 * checkout, accounts) and by the pages: `CART` holds the cart's token, `hasCart` tells the
 * browser's scripts that there is one (the token itself is not theirs to read).
 */
export const CART_COOKIE = 'CART';
export const HAS_CART_COOKIE = 'hasCart';
