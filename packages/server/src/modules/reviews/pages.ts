/**
 * The reviews request page's main content (page type 209): server-rendered HTML that works without
 * JavaScript, put inside the site's layout by the page renderer. Each product is a fieldset whose
 * legend names it, its rating a radio group of five (a keyboard moves along it; each choice is read
 * as "N out of 5 stars"), then an optional title and text. Every text comes from core's catalogue.
 */
import { message, type LocalizedStrings } from '@storefront/core';
import { escapeHtml as h } from '../../platform/http/html.ts';
import { REVIEW_REQUEST_PATH } from './store.ts';
import { BODY_MAX, TITLE_MAX, type OpenRequest } from './requests.ts';

/** Fixed text, so that the Content-Security-Policy allows it by its hash (app.ts `inlineStyles`). */
export const REVIEWS_CSS = `
.sf-reviews{max-width:40rem;margin:2rem auto;padding:0 1.25rem;line-height:1.5}
.sf-reviews h1{font-size:2rem;margin:0 0 1rem}
.sf-reviews fieldset{border:1px solid #d8d4cc;padding:1rem;margin:0 0 1rem}
.sf-reviews legend{font-weight:600;padding:0 .25rem}
.sf-reviews__stars{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0 0 1rem}
.sf-reviews__stars label{display:inline-flex;align-items:center;gap:.35rem;cursor:pointer}
.sf-reviews__stars input{width:1.1rem;height:1.1rem;margin:0}
.sf-reviews__star-glyphs{color:#8a5a00;letter-spacing:.05em}
.sf-reviews__field{margin:0 0 1rem}
.sf-reviews__field label{display:block;font-weight:500;margin:0 0 .25rem}
.sf-reviews__field input,.sf-reviews__field textarea{box-sizing:border-box;width:100%;padding:.6rem .7rem;font:inherit;border:1px solid #8a857c;border-radius:4px;background:#fff;color:#1d1d1b}
.sf-reviews__error{color:#a3201a;border:1px solid #a3201a;border-radius:4px;padding:.75rem 1rem;margin:0 0 1rem;background:#fff}
.sf-reviews__submit{font:inherit;font-weight:600;padding:.8rem 1.6rem;border:0;border-radius:4px;background:#1d1d1b;color:#fff;cursor:pointer}
.sf-reviews__hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
const STYLE = `<style>${REVIEWS_CSS}</style>`;

const stars = (count: number) => '★'.repeat(count) + '☆'.repeat(5 - count);

/** The form for an open request; `values` and `error` when a submission came back refused. */
export function reviewFormHtml(
  page: {
    request: OpenRequest;
    token: string;
    crumb: string;
    values?: Record<string, string>;
    error?: string;
  },
  ls?: LocalizedStrings,
): string {
  const { request, values = {} } = page;
  const fieldsets = request.lines
    .map((line, index) => {
      const id = (name: string) => `sf-review-${index}-${name}`;
      const radios = [5, 4, 3, 2, 1]
        .map((n) => {
          const checked = values[`rating.${line.id}`] === String(n) ? ' checked' : '';
          return (
            `<label><input type="radio" name="rating.${h(line.id)}" value="${n}"${checked}>` +
            `<span class="sf-reviews__star-glyphs" aria-hidden="true">${stars(n)}</span>` +
            `<span class="sf-reviews__hidden">${h(message('review.stars', { count: n }, ls))}</span></label>`
          );
        })
        .join('');
      return (
        `<fieldset data-line-id="${h(line.id)}"><legend>${h(message('review.rating-legend', { product: line.title }, ls))}</legend>` +
        `<div class="sf-reviews__stars" role="radiogroup" aria-label="${h(message('review.rating-legend', { product: line.title }, ls))}">${radios}</div>` +
        `<div class="sf-reviews__field"><label for="${id('title')}">${h(message('review.title-label', {}, ls))}</label>` +
        `<input id="${id('title')}" name="title.${h(line.id)}" maxlength="${TITLE_MAX}" value="${h(values[`title.${line.id}`] ?? '')}"></div>` +
        `<div class="sf-reviews__field"><label for="${id('body')}">${h(message('review.body-label', {}, ls))}</label>` +
        `<textarea id="${id('body')}" name="body.${h(line.id)}" rows="4" maxlength="${BODY_MAX}">${h(values[`body.${line.id}`] ?? '')}</textarea></div>` +
        `</fieldset>`
      );
    })
    .join('');
  return (
    `${STYLE}<div class="sf-reviews"><h1>${h(message('review.request-title', {}, ls))}</h1>` +
    (page.error ? `<div class="sf-reviews__error" role="alert"><p>${h(page.error)}</p></div>` : '') +
    `<p>${h(message('review.request-intro', { number: request.orderNumber }, ls))}</p>` +
    `<form method="post" action="${REVIEW_REQUEST_PATH}">` +
    `<input type="hidden" name="crumb" value="${h(page.crumb)}">` +
    `<input type="hidden" name="token" value="${h(page.token)}">` +
    fieldsets +
    `<button type="submit" class="sf-reviews__submit">${h(message('review.submit', {}, ls))}</button></form></div>`
  );
}

/** A page of one message: the thanks after submitting, or why a link does not open. */
export function reviewNoticeHtml(text: string, alert: boolean, ls?: LocalizedStrings): string {
  return (
    `${STYLE}<div class="sf-reviews"><h1>${h(message('review.request-title', {}, ls))}</h1>` +
    (alert
      ? `<div class="sf-reviews__error" role="alert"><p>${h(text)}</p></div>`
      : `<p role="status">${h(text)}</p>`) +
    `</div>`
  );
}
