import type { CollectionContent, Site } from '../platform/site/types.ts';

/** What a URL asks for, before anything is loaded (template-format §1). */
export type Route =
  | { kind: 'cart' }
  | { kind: 'collection'; collection: CollectionContent; homepage: boolean }
  | { kind: 'item'; collection: CollectionContent; slug: string }
  | { kind: 'static'; name: string }
  | { kind: 'not-found' };

/** The route of a normalized path, given the site's collections (read once per request). */
export function routePage(path: string, collections: CollectionContent[], site: Site<unknown>): Route {
  if (path === '/cart') return { kind: 'cart' };
  const segments = path.split('/').filter(Boolean).map(safeDecode);
  if (segments.length === 0) {
    const home = collections.find((c) => c.homepage) ?? collections[0];
    return home ? { kind: 'collection', collection: home, homepage: true } : { kind: 'not-found' };
  }
  const [first, second, third] = segments as [string, string | undefined, string | undefined];
  const collection = collections.find((c) => c.urlId === first);
  if (segments.length === 1) {
    if (collection) return { kind: 'collection', collection, homepage: false };
    if (site.template.pages[first] && !isPlatformPagePart(first)) return { kind: 'static', name: first };
    return { kind: 'not-found' };
  }
  const slug = segments.length === 2 ? second : segments.length === 3 && second === 'p' ? third : undefined;
  // No item's URL holds a NUL (PostgreSQL text cannot), so looking one up would only fail the query.
  if (collection && slug && !slug.includes('\0')) return { kind: 'item', collection, slug };
  return { kind: 'not-found' };
}

/**
 * Template pages that platform pages render, never pages at `/<name>` of their own: not-found, the
 * popup overlay's content (popup/routes.ts), the account pages (`account`, `account-login`, ...:
 * accounts/template-pages.ts) and the platform's pages (reviews/templates.ts, orders/templates.ts).
 */
export const isPlatformPagePart = (name: string) =>
  name === 'not-found' ||
  name === 'popup-overlay' ||
  name === 'account' ||
  name.startsWith('account-') ||
  name.startsWith('reviews-request') ||
  name.startsWith('checkout-');

export function normalizePath(path: string): string {
  const p = path.replace(/\/{2,}/g, '/');
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p || '/';
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
