/**
 * Checkout pages as JSON-T system page templates (docs/templates.md "The platform's pages"): a
 * site's template replaces each with its own `pages/<name>.page`. They read `checkoutPage`
 * (pages.ts), whose strings are already HTML-escaped, so they print them as they are.
 */
import { CHECKOUT_PAGES, STYLE } from './pages.ts';

/** Page name -> JSON-T source. */
export const CHECKOUT_PAGE_TEMPLATES = {
  [CHECKOUT_PAGES.message]:
    `${STYLE}{.section checkoutPage}<div class="sf-checkout" data-page-type="201"><h1>{heading}</h1>` +
    '<p class="sf-checkout__error" role="alert">{text}</p>' +
    '<p><a href="/cart">{viewCart}</a> · <a href="/">{continueShopping}</a></p></div>{.end}',
};
