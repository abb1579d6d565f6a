/**
 * The reviews request page's context (page type 209) for its system page templates (templates.ts),
 * or a site's own `pages/reviews-request.page` and `pages/reviews-request-notice.page`: HTML that
 * works without JavaScript, put inside the site's layout by the page renderer. Each product is a fieldset whose
 * legend names it, its rating a radio group of five (a keyboard moves along it; each choice is read
 * as "N out of 5 stars"), then an optional title and text. Every text comes from core's catalogue.
 */
import { message, type LocalizedStrings } from '@storefront/core';
import { escapedJson, type SystemPageRequest } from '../../platform/site/system/index.ts';
import type { Json } from '../../platform/site/types.ts';
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
const stars = (count: number) => '★'.repeat(count) + '☆'.repeat(5 - count);

/** The system page templates' names (a site overrides each with `pages/<name>.page`). */
export const REVIEW_PAGES = { form: 'reviews-request', notice: 'reviews-request-notice' } as const;

/** The form for an open request; `values` and `error` when a submission came back refused. */
export function reviewFormPage(
  page: {
    request: OpenRequest;
    token: string;
    crumb: string;
    values?: Record<string, string>;
    error?: string;
  },
  ls?: LocalizedStrings,
): SystemPageRequest {
  const { request, values = {} } = page;
  const lines = request.lines.map((line, index) => ({
    id: line.id,
    legend: message('review.rating-legend', { product: line.title }, ls),
    stars: [5, 4, 3, 2, 1].map((n) => ({
      lineId: line.id,
      value: n,
      glyphs: stars(n),
      label: message('review.stars', { count: n }, ls),
      checked: values[`rating.${line.id}`] === String(n),
    })),
    titleId: `sf-review-${index}-title`,
    titleLabel: message('review.title-label', {}, ls),
    titleMax: TITLE_MAX,
    titleValue: values[`title.${line.id}`] ?? '',
    bodyId: `sf-review-${index}-body`,
    bodyLabel: message('review.body-label', {}, ls),
    bodyMax: BODY_MAX,
    bodyValue: values[`body.${line.id}`] ?? '',
  }));
  const reviewsPage = {
    title: message('review.request-title', {}, ls),
    error: page.error ?? null,
    intro: message('review.request-intro', { number: request.orderNumber }, ls),
    action: REVIEW_REQUEST_PATH,
    crumb: page.crumb,
    token: page.token,
    lines,
    submit: message('review.submit', {}, ls),
  };
  return { name: REVIEW_PAGES.form, context: { reviewsPage: escapedJson(reviewsPage) as Json } };
}

/** A page of one message: the thanks after submitting, or why a link does not open. */
export function reviewNoticePage(text: string, alert: boolean, ls?: LocalizedStrings): SystemPageRequest {
  const reviewsPage = { title: message('review.request-title', {}, ls), text, alert };
  return { name: REVIEW_PAGES.notice, context: { reviewsPage: escapedJson(reviewsPage) as Json } };
}
