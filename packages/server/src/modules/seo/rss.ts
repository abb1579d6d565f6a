/**
 * `?format=rss` on a blog or events collection: RSS 2.0 of the list's page of items (its filters
 * and paging apply), each with its full body in `content:encoded` and its image as an enclosure.
 * The enclosures' sizes are read before the feed is built; the feed itself is pure.
 */
import { stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { containedPath } from '../../platform/site/contained-path.ts';
import { blockFieldsText } from '../../platform/site/blocks.ts';
import type { Json } from '../../platform/site/types.ts';
import { absoluteUrl } from './json-ld.ts';

export const RSS_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

/** Collections whose lists are feeds. */
export const FEED_TYPES = new Set(['blog', 'events']);

export interface Enclosure {
  url: string;
  length: number;
  type: string;
}

export interface FeedInput {
  origin: string;
  title: string;
  /** The collection's path. */
  path: string;
  description: string;
  language?: string | undefined;
  items: Json[];
  /** Each item's image, by item id, as `imageEnclosures` found them. */
  enclosures: Map<string, Enclosure>;
}

const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

/**
 * The enclosure of each item whose image is one of the site's media files (`/media/...`): RSS
 * requires its length in bytes, so an image we cannot measure is left out.
 */
export async function imageEnclosures(
  siteDir: string,
  origin: string,
  items: readonly Json[],
): Promise<Map<string, Enclosure>> {
  const mediaDir = join(siteDir, 'content', 'media');
  const found = await Promise.all(
    items.map(async (item) => {
      const asset = typeof item.assetUrl === 'string' ? item.assetUrl : '';
      const name = asset.startsWith('/media/') ? decodeURIComponent(asset.slice('/media/'.length)) : '';
      const type = IMAGE_TYPES[extname(name).toLowerCase()];
      const file = name ? containedPath(mediaDir, join(mediaDir, name)) : undefined;
      if (file === undefined || type === undefined) return undefined;
      try {
        const { size } = await stat(file);
        return [String(item.id), { url: absoluteUrl(origin, asset), length: size, type }] as const;
      } catch {
        return undefined;
      }
    }),
  );
  return new Map(found.filter((entry) => entry !== undefined));
}

export function rssFeed(feed: FeedInput): string {
  const link = absoluteUrl(feed.origin, feed.path);
  const items = feed.items.map((item) => {
    const url = absoluteUrl(feed.origin, String(item.fullUrl ?? ''));
    const published = Number(item.publishOn ?? item.addedOn);
    const enclosure = feed.enclosures.get(String(item.id));
    const author = (item.author as Json | undefined)?.displayName;
    // A post made of blocks has its words there: a reader sees them too (their text escaped).
    const blocks = blockFieldsText(item.blockFields);
    const excerpt = typeof item.excerpt === 'string' ? item.excerpt : '';
    const description = [excerpt, blocks].filter(Boolean).join('\n');
    return [
      '<item>',
      `<title>${xmlText(String(item.title ?? ''))}</title>`,
      `<link>${xmlText(url)}</link>`,
      `<guid isPermaLink="false">${xmlText(`${String(item.id)}`)}</guid>`,
      Number.isFinite(published) && published > 0
        ? `<pubDate>${new Date(published).toUTCString()}</pubDate>`
        : '',
      typeof author === 'string' ? `<dc:creator>${xmlText(author)}</dc:creator>` : '',
      ...(Array.isArray(item.categories) ? item.categories : []).map(
        (c) => `<category>${xmlText(String(c))}</category>`,
      ),
      description ? `<description>${cdata(description)}</description>` : '',
      `<content:encoded>${cdata(String(item.body ?? item.excerpt ?? ''))}</content:encoded>`,
      enclosure
        ? `<enclosure url="${xmlText(enclosure.url)}" length="${enclosure.length}" type="${enclosure.type}"/>`
        : '',
      '</item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${xmlText(feed.title)}</title>`,
    `<link>${xmlText(link)}</link>`,
    `<description>${xmlText(feed.description || feed.title)}</description>`,
    `<atom:link href="${xmlText(`${link}?format=rss`)}" rel="self" type="application/rss+xml"/>`,
    feed.language ? `<language>${xmlText(feed.language)}</language>` : '',
    '<generator>Storefront</generator>',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** Characters XML 1.0 cannot hold at all (content may carry them): dropped. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for an XML element or attribute. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** HTML kept as it is in a CDATA section; a `]]>` inside is split across two sections. */
function cdata(html: string): string {
  return `<![CDATA[${html.replace(NOT_XML, '').split(']]>').join(']]]]><![CDATA[>')}]]>`;
}
