/** The document head and foot a page's layout prints as `{squarespace-headers}` / `{squarespace-footers}`. Pure. */
import { PageType, type PageContext } from '@storefront/core';
import { escapeHtml } from '../platform/http/html.ts';
import { scriptJson } from './context.ts';
import { STYLE_NONCE_MARKER } from '../platform/site/nonce-markers.ts';
import { jsonLdScripts, type PageSeo } from '../modules/seo/index.ts';

export interface HeadInput {
  /** The page's absolute URL (SITE_URL + path): canonical and og:url. */
  url: string;
  title: string;
  description: string;
  siteName: string;
  status: number;
  pageType: number;
  isProduct: boolean;
  templateRevision: string;
  web: { script: string | null; stylesheets: readonly string[] };
  /** The browser's page context, complete (the page's products and those of its tags). */
  pageContext: PageContext;
  /** The platform's context and globals for template scripts (render/platform-script.ts). */
  platformScript?: string | undefined;
  /** Share image and structured data (seo/json-ld.ts), from the page's loaded data. */
  seo?: PageSeo | undefined;
  /** The page in the site's other languages, `x-default` included (sitecontent/languages.ts). */
  alternates?: readonly { hreflang: string; href: string }[] | undefined;
}

/** Pages no search engine should list: a visitor's own (cart, checkout, account) and search results. */
const NOINDEX_PATHS = /^\/(search|cart|checkout|account|commerce)(\/|$)/;

export function documentHead(input: HeadInput): { headers: string; footers: string } {
  const ogType = input.pageType === PageType.ITEM ? (input.isProduct ? 'product' : 'article') : 'website';
  const image = input.seo?.image;
  const headers = [
    '<meta charset="utf-8">',
    `<title>${escapeHtml(input.title)}</title>`,
    input.description ? `<meta name="description" content="${escapeHtml(input.description)}">` : '',
    `<link rel="canonical" href="${escapeHtml(input.url)}">`,
    ...(input.alternates ?? []).map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`,
    ),
    `<meta property="og:url" content="${escapeHtml(input.url)}">`,
    `<meta property="og:site_name" content="${escapeHtml(input.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(input.title)}">`,
    `<meta property="og:type" content="${ogType}">`,
    input.description ? `<meta property="og:description" content="${escapeHtml(input.description)}">` : '',
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(input.title)}">`,
    input.description ? `<meta name="twitter:description" content="${escapeHtml(input.description)}">` : '',
    image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : '',
    input.status === 404 || NOINDEX_PATHS.test(new URL(input.url).pathname)
      ? '<meta name="robots" content="noindex">'
      : '',
    jsonLdScripts(input.seo?.structuredData ?? []),
    `<link rel="stylesheet" href="/site.css?v=${input.templateRevision}">`,
    ...input.web.stylesheets.map((file) => `<link rel="stylesheet" href="/_storefront/${file}">`),
    `<script id="storefront-context" type="application/json">${scriptJson(input.pageContext)}</script>`,
    input.platformScript ?? '',
    // The response's style nonce, for the <style> element ALTCHA adds (http/security-headers.ts).
    `<meta name="csp-nonce" content="${STYLE_NONCE_MARKER}">`,
  ]
    .filter(Boolean)
    .join('\n');
  const footers = input.web.script
    ? `<script type="module" src="/_storefront/${input.web.script}"></script>`
    : '';
  return { headers, footers };
}
