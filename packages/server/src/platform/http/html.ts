/**
 * The one HTML escaper of the markup the server writes itself: the sign-in, account, checkout,
 * search, review, owner and error pages, and the platform's pieces of template pages. It escapes
 * `"` as well as `& < >`, so a value is safe in text and in an attribute alike: a page cannot pick
 * the wrong escaper and let `x" style="…` add an attribute (issue 27, finding 5).
 */
export { escapeHtmlAttr as escapeHtml } from '@storefront/core';
