/**
 * The reviews request pages as JSON-T system page templates (docs/reviews.md): a site's template
 * replaces each with its own `pages/<name>.page`. They read `reviewsPage` (pages.ts), whose
 * strings are already HTML-escaped, so they print them as they are.
 */
import { REVIEW_PAGES, REVIEWS_CSS } from './pages.ts';

const STYLE = `<style>${REVIEWS_CSS}</style>`;

const stars =
  '{.repeated section stars}<label><input type="radio" name="rating.{lineId}" value="{value}"{.if checked} checked{.end}>' +
  '<span class="sf-reviews__star-glyphs" aria-hidden="true">{glyphs}</span>' +
  '<span class="sf-reviews__hidden">{label}</span></label>{.end}';

const line =
  '<fieldset data-line-id="{id}"><legend>{legend}</legend>' +
  `<div class="sf-reviews__stars" role="radiogroup" aria-label="{legend}">${stars}</div>` +
  '<div class="sf-reviews__field"><label for="{titleId}">{titleLabel}</label>' +
  '<input id="{titleId}" name="title.{id}" maxlength="{titleMax}" value="{titleValue}"></div>' +
  '<div class="sf-reviews__field"><label for="{bodyId}">{bodyLabel}</label>' +
  '<textarea id="{bodyId}" name="body.{id}" rows="4" maxlength="{bodyMax}">{bodyValue}</textarea></div>' +
  '</fieldset>';

const alert = '<div class="sf-reviews__error" role="alert"><p>{@}</p></div>';

/** Page name -> JSON-T source. */
export const REVIEW_PAGE_TEMPLATES = {
  [REVIEW_PAGES.form]:
    `${STYLE}{.section reviewsPage}<div class="sf-reviews"><h1>{title}</h1>` +
    `{.section error}${alert}{.end}<p>{intro}</p>` +
    '<form method="post" action="{action}"><input type="hidden" name="crumb" value="{crumb}">' +
    '<input type="hidden" name="token" value="{token}">' +
    `{.repeated section lines}${line}{.end}` +
    '<button type="submit" class="sf-reviews__submit">{submit}</button></form></div>{.end}',
  [REVIEW_PAGES.notice]:
    `${STYLE}{.section reviewsPage}<div class="sf-reviews"><h1>{title}</h1>` +
    `{.if alert}{.section text}${alert}{.end}{.or}<p role="status">{text}</p>{.end}</div>{.end}`,
};
