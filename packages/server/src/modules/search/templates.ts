/**
 * The /search page as a JSON-T system page template (`search`, docs/search.md): a site's template
 * replaces it with its own `pages/search.page`. It reads `search` (page.ts), whose strings are
 * already HTML-escaped, so it prints them as they are.
 */
import { SEARCH_CSS } from './page.ts';

const form =
  '<form class="sf-search__form" role="search" method="get" action="/search">' +
  '<div><label for="sf-search-q">{text.label}</label>' +
  '<input id="sf-search-q" type="search" name="q" value="{query}" maxlength="{maxLength}" autocomplete="off"></div>' +
  '{.if type}<input type="hidden" name="type" value="{type}">{.end}' +
  '<div><label for="sf-search-sort">{text.sort}</label><select id="sf-search-sort" name="sort">' +
  '{.repeated section sorts}<option value="{value}"{.if selected} selected{.end}>{label}</option>{.end}' +
  '</select></div><button type="submit">{text.submit}</button></form>';

const links = (list: string, text: string) =>
  `{.repeated section ${list}}<li><a href="{url}"{.if current} aria-current="page"{.end}>{${text}} ({count})</a></li>{.end}`;

const results =
  '<p role="status">{text.summary}</p>' +
  `<nav aria-label="{text.filterByType}"><ul class="sf-search__types">${links('typeLinks', 'label')}</ul></nav>` +
  `{.if categoryLinks}<nav aria-label="{text.categories}"><ul class="sf-search__types">${links('categoryLinks', 'value')}</ul></nav>{.end}` +
  '<ol class="sf-search__results">{.repeated section results}<li class="sf-search__result">' +
  '{.if imageUrl}<img src="{imageUrl}"{.if imageSrcset} srcset="{imageSrcset}" sizes="72px"{.end} alt="" loading="lazy">{.end}' +
  '<div><span class="sf-search__kind">{kindLabel}</span><h2><a href="{url}">{titleHtml}</a></h2>' +
  '{.if price}<p>{price}</p>{.end}{.if snippetHtml}<p>{snippetHtml}</p>{.end}</div></li>{.end}</ol>' +
  '{.if showPages}<nav class="sf-search__pages" aria-label="{text.pageOf}">' +
  '{.if pagination.prevPageUrl}<a rel="prev" href="{pagination.prevPageUrl}">{text.previous}</a>{.end}' +
  '<span>{text.pageOf}</span>' +
  '{.if pagination.nextPageUrl}<a rel="next" href="{pagination.nextPageUrl}">{text.next}</a>{.end}</nav>{.end}';

const empty =
  '<div class="sf-search__empty" role="status"><h2>{text.noResults}</h2><p>{text.noResultsHint}</p></div>';

/** Page name -> JSON-T source. */
export const SEARCH_PAGE_TEMPLATES = {
  search:
    `<style>${SEARCH_CSS}</style>{.section search}<div class="sf-search"><h1>{text.title}</h1>${form}` +
    '{.if error}<p class="sf-search__error" role="alert">{error}</p>' +
    `{.or}{.if showResults}{.if noMatches}${empty}{.or}${results}{.end}{.end}{.end}</div>{.end}`,
} as const;
