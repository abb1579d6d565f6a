/**
 * The product page's reviews section (spec section 7: the reviews script is lazy loaded): its code
 * (islands/reviews.ts) loads when the section comes near the viewport, or at once when the shopper
 * opens its tab or follows the rating summary's link down to it (which also opens the tab). The
 * server renders the rating itself; only the reviews' text waits for the script.
 */
import { loadWhenVisible } from '../island-loader.ts';
import type { LocalizedStrings } from '../core.ts';

export const REVIEWS_SELECTOR = '[data-sf-reviews][data-item-id]';
export const REVIEWS_TAB_SELECTOR = '[data-sf-reviews-tab]';
export const REVIEWS_ANCHOR_SELECTOR = '[data-sf-reviews-anchor]';

export interface ReviewsMountOptions {
  fetch?: typeof fetch | undefined;
  ls?: LocalizedStrings | undefined;
}

export function mountReviews(doc: Document, options: ReviewsMountOptions = {}): () => void {
  const sections = [...doc.querySelectorAll<HTMLElement>(REVIEWS_SELECTOR)];
  if (sections.length === 0) return () => undefined;
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    import('./reviews.ts')
      .then(({ showReviews }) => Promise.all(sections.map((section) => showReviews(section, options))))
      .catch((error: unknown) => console.warn('storefront: the reviews did not load', error));
  };
  const stopWatching = loadWhenVisible(sections, load);
  const onClick = (event: Event) => {
    const target = event.target as Element | null;
    if (target?.closest?.(REVIEWS_ANCHOR_SELECTOR)) {
      for (const tab of sections.map((s) => s.closest('details'))) if (tab) tab.open = true;
      load();
    } else if (target?.closest?.(REVIEWS_TAB_SELECTOR)) load();
  };
  doc.addEventListener('click', onClick);
  return () => {
    stopWatching();
    doc.removeEventListener('click', onClick);
  };
}
