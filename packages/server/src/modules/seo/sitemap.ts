/**
 * `sitemap.xml` (sitemaps.org 0.9): every public page, collection and item, items with the time
 * they last changed. Above URLS_PER_SITEMAP URLs it is a sitemap index naming its child sitemaps
 * (`/sitemap.xml?page=N`). Items are read from SQL in keyset batches and written as they come, so
 * a large catalogue is never held in memory at once.
 */
import type { Db } from '../../platform/db/index.ts';
import {
  collectionAddresses,
  countAllItems,
  itemsInCatalogueOrder,
  type ItemWalkKey,
} from '../catalogue/index.ts';
import { isPlatformPagePart } from '../../platform/site/page-names.ts';
import { absoluteUrl } from './json-ld.ts';
import { xmlText } from './rss.ts';

/** The sitemaps.org limit of URLs in one sitemap. */
export const URLS_PER_SITEMAP = 50_000;
const BATCH = 1000;
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Template pages (`pages/<name>.page`) that are no page of their own to list. */
const UNLISTED_PAGES = new Set(['not-found', 'search']);

export interface SitemapSource {
  db: Db;
  origin: string;
  /** The template's page names (`/<name>`). */
  templatePages: readonly string[];
  urlsPerSitemap: number;
  /** What a visitor sees at this time is listed (a scheduled item is not, until its time). */
  now: number;
}

interface SitemapUrl {
  path: string;
  lastModified?: number | undefined;
}

/** The URLs before the items: the collections (in navigation order), then the template's pages. */
async function leadingUrls(source: SitemapSource): Promise<SitemapUrl[]> {
  const rows = await collectionAddresses(source.db);
  const urlIds = new Set(rows.map((row) => row.urlId));
  return [
    ...rows.map((row) => ({
      path: row.homepage ? '/' : `/${encodeURIComponent(row.urlId)}`,
      lastModified: row.updatedOn,
    })),
    ...source.templatePages
      .filter((name) => !UNLISTED_PAGES.has(name) && !isPlatformPagePart(name) && !urlIds.has(name))
      .map((name) => ({ path: `/${encodeURIComponent(name)}` })),
  ];
}

/** How many URLs the site has, in one count of the items. */
export async function sitemapSize(source: SitemapSource): Promise<{ leading: SitemapUrl[]; total: number }> {
  const [leading, items] = await Promise.all([leadingUrls(source), countAllItems(source.db, source.now)]);
  return { leading, total: leading.length + items };
}

/** The sitemap index naming `pages` child sitemaps. */
export function sitemapIndex(origin: string, pages: number): string {
  const children = Array.from(
    { length: pages },
    (_, i) => `<sitemap><loc>${xmlText(`${origin}/sitemap.xml?page=${i + 1}`)}</loc></sitemap>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<sitemapindex xmlns="${NAMESPACE}">`,
    ...children,
    '</sitemapindex>',
    '',
  ].join('\n');
}

/**
 * The URLs numbered [from, from + count) of the whole list (leading URLs, then every item by
 * collection and position), as a `<urlset>` written piece by piece.
 */
export async function* urlSet(
  source: SitemapSource,
  leading: SitemapUrl[],
  from: number,
  count: number,
): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n`;
  const own = leading.slice(from, from + count);
  for (const url of own) yield urlEntry(source.origin, url);
  let left = count - own.length;
  const collections = new Map((await collectionAddresses(source.db)).map((row) => [row.id, row.urlId]));
  let skip = Math.max(0, from - leading.length);
  let after: ItemWalkKey | undefined;
  while (left > 0) {
    // Only a child sitemap after the first starts with an offset, once; then the keyset goes on.
    const rows = await itemsInCatalogueOrder(source.db, after, Math.min(BATCH, left), skip, source.now);
    skip = 0;
    if (rows.length === 0) break;
    let text = '';
    for (const row of rows) {
      const collection = collections.get(row.collectionId);
      if (collection === undefined) continue;
      text += urlEntry(source.origin, {
        path: `/${encodeURIComponent(collection)}/${encodeURIComponent(row.urlId)}`,
        lastModified: row.updatedOn,
      });
    }
    yield text;
    left -= rows.length;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { collectionId: last.collectionId, position: last.position };
  }
  yield '</urlset>\n';
}

function urlEntry(origin: string, url: SitemapUrl): string {
  const lastmod =
    url.lastModified !== undefined && Number.isFinite(url.lastModified) && url.lastModified > 0
      ? `<lastmod>${new Date(url.lastModified).toISOString()}</lastmod>`
      : '';
  return `<url><loc>${xmlText(absoluteUrl(origin, url.path))}</loc>${lastmod}</url>\n`;
}
