/**
 * The built-in /search page's main content (server-rendered, works without JavaScript); routes.ts
 * puts it inside the site's layout. Every text comes from core's message catalogue.
 */
import { formatMoney, message, type LocalizedStrings } from '@storefront/core';
import { escapeHtml as h } from '../../platform/http/html.ts';
import type { SearchQuery, SearchResults, SearchSort } from './query.ts';
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
}

export function searchPage(input: SearchPageInput, ls?: LocalizedStrings): string {
  const { query, results, error } = input;
  const t = (code: Parameters<typeof message>[0], params?: Record<string, string | number>) =>
    h(message(code, params, ls));
  const sortOption = (sort: SearchSort) =>
    `<option value="${sort}"${sort === query.sort ? ' selected' : ''}>${t(`search.sort.${sort}`)}</option>`;
  const form =
    `<form class="sf-search__form" role="search" method="get" action="/search">` +
    `<div><label for="sf-search-q">${t('search.label')}</label>` +
    `<input id="sf-search-q" type="search" name="q" value="${h(query.q)}" maxlength="200" autocomplete="off"></div>` +
    (query.kind ? `<input type="hidden" name="type" value="${h(query.kind)}">` : '') +
    `<div><label for="sf-search-sort">${t('search.sort')}</label>` +
    `<select id="sf-search-sort" name="sort">${SEARCH_SORTS.map(sortOption).join('')}</select></div>` +
    `<button type="submit">${t('search.submit')}</button></form>`;
  let body = '';
  if (error) body = `<p class="sf-search__error" role="alert">${h(error)}</p>`;
  else if (results && query.q.trim()) body = resultsHtml(input, results, t);
  return `<style>${SEARCH_CSS}</style><div class="sf-search"><h1>${t('search.title')}</h1>${form}${body}</div>`;
}

function resultsHtml(
  { query, currency }: SearchPageInput,
  results: SearchResults,
  t: (code: Parameters<typeof message>[0], params?: Record<string, string | number>) => string,
): string {
  const allCount = Object.values(results.facets.kinds).reduce((sum, n) => sum + (n ?? 0), 0);
  if (allCount === 0)
    return (
      `<div class="sf-search__empty" role="status"><h2>${t('search.no-results', { query: query.q })}</h2>` +
      `<p>${t('search.no-results-hint')}</p></div>`
    );
  const summary =
    results.total === 1
      ? t('search.results-one', { query: query.q })
      : t('search.results-many', { count: results.total, query: query.q });
  const typeLink = (kind: (typeof SEARCH_KINDS)[number] | undefined, label: string, count: number) => {
    const current = kind === query.kind;
    return `<li><a href="${h(searchUrl({ ...query, kind, category: undefined, page: 1 }))}"${current ? ' aria-current="page"' : ''}>${label} (${count})</a></li>`;
  };
  const types =
    `<nav aria-label="${t('search.filter-by-type')}"><ul class="sf-search__types">` +
    typeLink(undefined, t('search.type.all'), allCount) +
    SEARCH_KINDS.filter((k) => results.facets.kinds[k])
      .map((k) => typeLink(k, t(KIND_LABEL[k]), results.facets.kinds[k] ?? 0))
      .join('') +
    '</ul></nav>';
  const categories = results.facets.categories.length
    ? `<nav aria-label="${t('search.categories')}"><ul class="sf-search__types">` +
      results.facets.categories
        .map((c) => {
          const current = c.value === query.category;
          return `<li><a href="${h(searchUrl({ ...query, kind: 'product', category: c.value, page: 1 }))}"${current ? ' aria-current="page"' : ''}>${h(c.value)} (${c.count})</a></li>`;
        })
        .join('') +
      '</ul></nav>'
    : '';
  const hits = results.hits
    .map(
      (hit) =>
        `<li class="sf-search__result">` +
        (hit.imageUrl ? `<img src="${h(hit.imageUrl)}" alt="" loading="lazy">` : '') +
        `<div><span class="sf-search__kind">${t(KIND_LABEL[hit.kind])}</span>` +
        `<h2><a href="${h(hit.url)}">${hit.titleHtml}</a></h2>` +
        (hit.priceCents !== null ? `<p>${h(formatMoney(hit.priceCents, currency))}</p>` : '') +
        (hit.snippetHtml ? `<p>${hit.snippetHtml}</p>` : '') +
        '</div></li>',
    )
    .join('');
  const pages =
    results.pages > 1
      ? `<nav class="sf-search__pages" aria-label="${t('search.page-of', { page: results.page, pages: results.pages })}">` +
        (results.page > 1
          ? `<a rel="prev" href="${h(searchUrl({ ...query, page: results.page - 1 }))}">${t('search.previous')}</a>`
          : '') +
        `<span>${t('search.page-of', { page: results.page, pages: results.pages })}</span>` +
        (results.page < results.pages
          ? `<a rel="next" href="${h(searchUrl({ ...query, page: results.page + 1 }))}">${t('search.next')}</a>`
          : '') +
        '</nav>'
      : '';
  return (
    `<p role="status">${summary}</p>${types}${categories}` +
    `<ol class="sf-search__results">${hits}</ol>${pages}`
  );
}
