/**
 * The markers of the islands that need React (start.tsx), which main.tsx watches until they are
 * needed: a module of their own, so that the entry carries the names and none of the islands' code.
 */

/** The add-to-cart buttons core's `add-to-cart-btn` renders (a `role=button` div). */
export const ADD_TO_CART_SELECTOR = '.sqs-add-to-cart-button[data-item-id]';
/** Where an add-to-cart button's label goes (its island renders the label and the states there). */
export const labelOf = (button: Element): Element =>
  button.querySelector('.sqs-add-to-cart-button-inner') ?? button;
/** Core's `product-quick-view` button (a `role=button` span). */
export const QUICK_VIEW_SELECTOR = '.sqs-product-quick-view-button[data-id]';
/** Where a site form goes (docs/interfaces.md). */
export const SITE_FORM_SELECTOR = '.sf-form[data-form-id]';
/** The root of the full-page cart (`/cart`, cart-page.tsx). */
export const CART_ROOT_ID = 'sqs-cart-root';
/** The header's search form (a plain GET form to /search), enhanced with predictive results. */
export const SEARCH_FORM_SELECTOR = 'form[data-search-island]';
/** A gallery block's grid (render/blocks.ts), which the gallery island turns into its design. */
export const GALLERY_SELECTOR = '.gallery-block[data-block-json] .sf-gallery';
/** Core's `comments` container (first-party, not Disqus) and `like-button`, which the comments island enhances. */
export const COMMENTS_SELECTOR = '.squarespace-comments[data-item-id]';
export const LIKE_SELECTOR = '.sqs-simple-like[data-item-id]';
