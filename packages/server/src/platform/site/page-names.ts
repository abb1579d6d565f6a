/**
 * Template pages that platform pages render, never pages at `/<name>` of their own: not-found, the
 * popup overlay's content (popup/routes.ts) and the account pages (`account`, `account-login`, ...:
 * accounts/template-pages.ts).
 */
export const isPlatformPagePart = (name: string) =>
  name === 'not-found' || name === 'popup-overlay' || name === 'account' || name.startsWith('account-');
