/**
 * The /search page's context (server-rendered, works without JavaScript): the `search` that the
 * page template reads, the platform's (templates.ts) or the site's own `pages/search.page`
 * (docs/search.md). Every text comes from core's message catalogue.
 */
import {
  formatMoney,
  isResizableMedia,
  mediaSrcset,
  message,
  type LocalizedStrings,
  type MessageCode,
} from '@storefront/core';
import { escapedJson } from '../../platform/site/system/index.ts';
import type { Json } from '../../platform/site/types.ts';
import type { SearchQuery, SearchResults } from './query.ts';
import { SEARCH_SORTS } from './query.ts';
import { SEARCH_KINDS } from './tables.ts';

export const SEARCH_CSS = `
.sf-search{max-width:48rem;margin:2rem auto;padding:0 1.25rem;line-height:1.5}
.sf-search h1{font-size:2rem;margin:0 0 1rem}
.sf-search__form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end;margin:0 0 1rem}
.sf-search__form label{display:block;font-weight:600}
.sf-search__form input[type=search],.sf-search__form select{font:inherit;padding:.5rem .6rem;border:1px solid #8a8378;border-radius:4px;background:#fff;color:inherit}
.sf-search__form input[type=search]{min-width:16rem}
.sf-search__form button{font:inherit;padding:.5rem 1rem;border:0;border-radius:4px;background:#2f4a3a;color:#fff;cursor:pointer}
.sf-search__types{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0;margin:0 0 1rem}
.sf-search__types a[aria-current]{font-weight:700}
.sf-search__results{list-style:none;padding:0;margin:0}
.sf-search__result{display:flex;gap:1rem;padding:1rem 0;border-top:1px solid #d8d4cc}
.sf-search__result img{width:4.5rem;height:4.5rem;object-fit:cover;flex:none}
.sf-search__result h2{font-size:1.15rem;margin:0}
.sf-search__result p{margin:.25rem 0 0}
.sf-search__kind{font-size:.85rem;text-transform:uppercase;letter-spacing:.05em;color:#5b554c}
.sf-search mark{background:#f3dfa2;color:inherit}
.sf-search__pages{display:flex;gap:1rem;align-items:center;margin:1.5rem 0}
.sf-search__error{color:#9b1c1c}
`;

const KIND_LABEL = {
  product: 'search.type.product',
  post: 'search.type.post',
  page: 'search.type.page',
  event: 'search.type.event',
} as const;

/** The URL of this search with some parameters changed (undefined: left out). */
export function searchUrl(query: Partial<SearchQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.kind) params.set('type', query.kind);
  if (query.category) params.set('category', query.category);
  if (query.sort && query.sort !== 'relevance') params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return `/search?${params.toString()}`;
}

export interface SearchPageInput {
  query: SearchQuery;
  results: SearchResults | undefined;
  /** A refusal's message (the query could not be run). */
  error?: string | undefined;
  currency: string;
  /** Longest query, in characters (the form's `maxlength`). */
  maxQueryChars: number;
}

/** What the search page template sees as `search` (docs/search.md), every string HTML-escaped. */
export function searchPageContext(input: SearchPageInput, ls?: LocalizedStrings): Json {
  const { query, results, error, currency } = input;
  const t = (code: MessageCode, params?: Record<string, string | number>) => message(code, params, ls);
  const kindCounts = results?.facets.kinds ?? {};
  const allCount = Object.values(kindCounts).reduce((sum, n) => sum + (n ?? 0), 0);
  const page = results?.page ?? 1;
  const pages = results?.pages ?? 0;
  const typeLink = (kind: (typeof SEARCH_KINDS)[number] | undefined, label: string, count: number) => ({
    label,
    count,
    url: searchUrl({ ...query, kind, category: undefined, page: 1 }),
    current: kind === query.kind,
  });
  return escapedJson({
    query: query.q,
    type: query.kind ?? null,
    category: query.category ?? null,
    sort: query.sort,
    error: error ?? null,
    total: results?.total ?? 0,
    empty: Boolean(query.q.trim()) && !error && (results?.total ?? 0) === 0,
    results: (results?.hits ?? []).map((hit) => ({
      ...hit,
      price: hit.priceCents === null ? null : formatMoney(hit.priceCents, currency),
      // A thumbnail: a product's 4,000 px photo would otherwise be sent whole.
      imageSrcset:
        hit.imageUrl && isResizableMedia(hit.imageUrl) ? mediaSrcset(hit.imageUrl, undefined) : null,
      kindLabel: t(KIND_LABEL[hit.kind]),
    })),
    facets: results?.facets ?? { kinds: {}, categories: [] },
    pagination: {
      page,
      pages,
      ...(results && page > 1 ? { prevPageUrl: searchUrl({ ...query, page: page - 1 }) } : {}),
      ...(results && page < pages ? { nextPageUrl: searchUrl({ ...query, page: page + 1 }) } : {}),
    },
    // What the built-in page shows beyond the fields above.
    maxLength: input.maxQueryChars,
    showResults: !error && results !== undefined && Boolean(query.q.trim()),
    noMatches: allCount === 0,
    showPages: pages > 1,
    sorts: SEARCH_SORTS.map((sort) => ({
      value: sort,
      label: t(`search.sort.${sort}`),
      selected: sort === query.sort,
    })),
    typeLinks: [
      typeLink(undefined, t('search.type.all'), allCount),
      ...SEARCH_KINDS.filter((k) => kindCounts[k]).map((k) =>
        typeLink(k, t(KIND_LABEL[k]), kindCounts[k] ?? 0),
      ),
    ],
    categoryLinks: (results?.facets.categories ?? []).map((c) => ({
      value: c.value,
      count: c.count,
      url: searchUrl({ ...query, kind: 'product', category: c.value, page: 1 }),
      current: c.value === query.category,
    })),
    text: {
      title: t('search.title'),
      label: t('search.label'),
      sort: t('search.sort'),
      submit: t('search.submit'),
      summary:
        results?.total === 1
          ? t('search.results-one', { query: query.q })
          : t('search.results-many', { count: results?.total ?? 0, query: query.q }),
      noResults: t('search.no-results', { query: query.q }),
      noResultsHint: t('search.no-results-hint'),
      filterByType: t('search.filter-by-type'),
      categories: t('search.categories'),
      previous: t('search.previous'),
      next: t('search.next'),
      pageOf: t('search.page-of', { page, pages }),
    },
  }) as Json;
}
