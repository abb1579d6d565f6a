/**
 * Template pages that platform pages render, never pages at `/<name>` of their own: not-found, the
 * popup overlay's content (popup/routes.ts), the account pages (`account`, `account-login`, ...:
 * accounts/template-pages.ts) and the platform's pages (reviews/templates.ts, orders/templates.ts: `checkout-*`,
 * `subscription-confirmed`, `gift-card-balance`).
 */
export const isPlatformPagePart = (name: string) =>
  name === 'not-found' ||
  name === 'popup-overlay' ||
  name === 'account' ||
  name.startsWith('account-') ||
  name.startsWith('reviews-request') ||
  name === 'subscription-confirmed' ||
  name === 'gift-card-balance' ||
  name.startsWith('checkout-');
