/**
 * Reads the page context the server embeds as `<script id="storefront-context"
 * type="application/json">` (docs/interfaces.md). A page without it (or with broken JSON) still gets
 * a usable context, so the islands degrade instead of failing.
 */
import type { PageContext } from './core.ts';

export const CONTEXT_SCRIPT_ID = 'storefront-context';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const emptyPageContext = (path = '/'): PageContext => ({
  pageType: 0,
  path,
  websiteId: '',
  collectionId: null,
  itemId: null,
  storeCurrency: 'USD',
  authenticated: false,
  products: {},
  merchandising: {},
  localizedStrings: {},
  storeSettings: { multipleQuantityAllowedForServices: true, expressCheckout: false },
});

export function readPageContext(doc: Document): PageContext {
  const fallback = emptyPageContext(doc.location?.pathname ?? '/');
  const script = doc.getElementById(CONTEXT_SCRIPT_ID);
  if (!script?.textContent) return fallback;
  let raw: unknown;
  try {
    raw = JSON.parse(script.textContent);
  } catch {
    console.warn('storefront: the page context is not valid JSON');
    return fallback;
  }
  if (!isRecord(raw)) return fallback;
  const ctx = { ...fallback, ...raw } as PageContext;
  if (!isRecord(ctx.products)) ctx.products = {};
  if (!isRecord(ctx.merchandising)) ctx.merchandising = {};
  if (!isRecord(ctx.localizedStrings)) ctx.localizedStrings = {};
  ctx.storeSettings = {
    ...fallback.storeSettings,
    ...(isRecord(ctx.storeSettings) ? ctx.storeSettings : {}),
  };
  ctx.authenticated = ctx.authenticated === true;
  return ctx;
}
