/**
 * What search indexes of the content (pure): one document per product, blog post, event and page,
 * with its display text and its search words. Words are folded here (lower case, accents off,
 * split on anything that is not a letter or a digit) for both databases alike, and queries are
 * folded the same way (query.ts), so that SQLite and PostgreSQL match the same words.
 */
import { lowestUnitPrice, productOf } from '@storefront/core';
import { collectionUrl, itemUrl } from '../../platform/site/urls.ts';
import { blockFieldsText } from '../../platform/site/blocks.ts';
import type { CollectionContent, ItemContent, Json } from '../../platform/site/types.ts';
import type { SearchDocumentsTable, SearchKind } from './tables.ts';

export type SearchDocument = Omit<SearchDocumentsTable, 'published_on'> & { published_on: number };

/** Display text kept per document (snippets come from it); the search words cover the whole text. */
const MAX_BODY_CHARS = 8_000;
/** Longer "words" are not words (hashes, data URLs) and PostgreSQL refuses words over 2047 bytes. */
const MAX_WORD_CHARS = 60;

/** The words of `text`, folded: what is indexed and what a query looks for. */
export function searchWords(text: string): string[] {
  const words = fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => w.length <= MAX_WORD_CHARS);
}

export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of an HTML fragment: tags and scripts gone, entities decoded, spaces collapsed. */
export function htmlText(html: unknown): string {
  if (typeof html !== 'string') return '';
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      const code =
        name[0] === '#'
          ? Number.parseInt(name.slice(name[1] === 'x' ? 2 : 1), name[1] === 'x' ? 16 : 10)
          : NaN;
      if (!Number.isNaN(code)) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function kindOf(collection: CollectionContent, item: ItemContent): SearchKind | undefined {
  if (item.structuredContent?.variants || collection.typeName === 'products') return 'product';
  if (collection.typeName === 'blog') return 'post';
  if (collection.typeName === 'events') return 'event';
  return undefined;
}

/** Words an item is found by beyond its text: variant options and SKUs, tags, categories, author. */
function itemTerms(item: ItemContent): string[] {
  const variants = item.structuredContent?.variants ?? [];
  const author = item.author as Json | undefined;
  const location = item.location as Json | undefined;
  return [
    ...variants.flatMap((v) => [
      v.sku,
      ...Object.values(v.attributes ?? {}),
      ...(v.optionValues ?? []).map((o) => o.value),
    ]),
    ...strings(item.tags),
    ...strings(item.categories),
    typeof author?.displayName === 'string' ? author.displayName : '',
    ...(location
      ? ['addressTitle', 'addressLine1', 'addressLine2'].map((k) =>
          typeof location[k] === 'string' ? location[k] : '',
        )
      : []),
  ].filter((t): t is string => typeof t === 'string' && t !== '');
}

function document(
  fields: Omit<SearchDocument, 'body' | 'search_title' | 'search_body'>,
  text: string,
  terms: string[],
): SearchDocument {
  return {
    ...fields,
    body: text.slice(0, MAX_BODY_CHARS),
    search_title: searchWords(fields.title).join(' '),
    search_body: searchWords(`${text} ${terms.join(' ')}`).join(' '),
  };
}

/** The document of an item, or undefined for items search does not show (gallery images...). */
export function itemDocument(
  collection: CollectionContent,
  item: ItemContent,
  publishedOn: number,
): SearchDocument | undefined {
  const kind = kindOf(collection, item);
  if (!kind) return undefined;
  const text = [htmlText(item.excerpt), htmlText(item.body), htmlText(blockFieldsText(item.blockFields))]
    .filter(Boolean)
    .join(' ');
  return document(
    {
      id: item.id,
      kind,
      collection_id: collection.id,
      title: item.title,
      url: itemUrl(collection, item),
      image_url: typeof item.assetUrl === 'string' ? item.assetUrl : null,
      price_cents: kind === 'product' ? (lowestUnitPrice(productOf(item))?.cents ?? null) : null,
      published_on: publishedOn,
      categories: kind === 'product' ? strings(item.categories).join('\n') : '',
    },
    text,
    itemTerms(item),
  );
}

/** The document of a page (a collection showing its own content), or undefined for other collections. */
export function pageDocument(collection: CollectionContent, updatedOn: number): SearchDocument | undefined {
  if (collection.typeName !== 'page') return undefined;
  if (typeof collection.mainContent !== 'string' && collection.blockFields === undefined) return undefined;
  const text = [
    htmlText(collection.description),
    htmlText(collection.mainContent),
    htmlText(blockFieldsText(collection.blockFields)),
  ]
    .filter(Boolean)
    .join(' ');
  return document(
    {
      id: collection.id,
      kind: 'page',
      collection_id: collection.id,
      title: collection.title,
      url: collectionUrl(collection),
      image_url: null,
      price_cents: null,
      published_on: updatedOn,
      categories: '',
    },
    text,
    [],
  );
}
