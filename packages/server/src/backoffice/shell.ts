/**
 * The HTML every back-office screen starts from: the back office's own bundle (never loaded by a
 * storefront page) and what it needs to know before its first request (who is signed in and
 * what they may do), as a JSON data block. Screens are drawn by the bundle
 * (packages/web/src/config/main.tsx).
 */
import { message, type LocalizedStrings } from '@storefront/core';
import type { BackOfficeBoot } from '@storefront/core/wire';
import { escapeHtml as e } from '../platform/http/html.ts';

export type ShellData = BackOfficeBoot;

/** JSON safe inside a `<script>` element: no `<` can close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function shellHtml(
  data: ShellData,
  script: string | null,
  nonces: { script: string; style: string },
  ls: LocalizedStrings,
): string {
  const t = (code: Parameters<typeof message>[0], params: Record<string, string> = {}) =>
    e(message(code, params, ls));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<meta name="csp-nonce" content="${e(nonces.style)}">
<title>${data.siteTitle ? t('staff.back-office-of', { site: data.siteTitle }) : t('staff.back-office')}</title>
${script ? `<script type="module" nonce="${e(nonces.script)}" src="/_storefront/${e(script)}"></script>` : ''}
</head><body>
<div id="config-root"><main><h1>${t('staff.back-office')}</h1><p>${script ? t('staff.back-office-loading') : t('staff.back-office-not-built')}</p></main></div>
<script type="application/json" id="config-data">${scriptJson(data)}</script>
</body></html>`;
}
