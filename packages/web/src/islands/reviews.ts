/**
 * The reviews script (lazy loaded by reviews-mount.ts): reads a product's approved reviews from
 * `GET /api/reviews/items/:itemId` and lists them in its section, ten at a time. An answer that
 * does not parse is reported to error reporting (the standard `reportError`, which telemetry's
 * error listener sends on) and the page stays as the server rendered it.
 */
import { type LocalizedStrings, message } from '../core.ts';
import { element } from '../element.ts';
import './reviews.css';

interface Review {
  id: string;
  rating: number;
  title: string;
  body: string;
  author: string;
  created: number;
}
interface ReviewsPage {
  reviews: Review[];
  nextPageCursor: string | null;
}

const isReview = (r: unknown): r is Review => {
  const v = r as Record<string, unknown> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.rating === 'number' &&
    v.rating >= 1 &&
    v.rating <= 5 &&
    typeof v.title === 'string' &&
    typeof v.body === 'string' &&
    typeof v.author === 'string' &&
    typeof v.created === 'number'
  );
};

export function parseReviewsPage(body: unknown): ReviewsPage | undefined {
  const v = body as Record<string, unknown> | null;
  if (typeof v !== 'object' || v === null || !Array.isArray(v.reviews) || !v.reviews.every(isReview))
    return undefined;
  const cursor = v.nextPageCursor;
  if (cursor !== null && typeof cursor !== 'string') return undefined;
  return { reviews: v.reviews, nextPageCursor: cursor };
}

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

export async function showReviews(
  section: HTMLElement,
  options: { fetch?: typeof fetch | undefined; ls?: LocalizedStrings | undefined },
): Promise<void> {
  const doc = section.ownerDocument;
  const win = doc.defaultView;
  const ls = options.ls;
  const f = options.fetch ?? win?.fetch.bind(win);
  const itemId = section.dataset.itemId ?? '';
  const list = element(doc, 'ol', { class: 'sf-reviews-list' });
  const host = section.querySelector<HTMLElement>('[data-sf-reviews-list]') ?? section;
  host.replaceChildren(list);
  const more = element(
    doc,
    'button',
    { type: 'button', class: 'sf-reviews-more', hidden: '' },
    message('review.more', {}, ls),
  );
  host.appendChild(more);
  const page = async (cursor: string | null) => {
    const query = `limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await f?.(`/api/reviews/items/${encodeURIComponent(itemId)}?${query}`, {
      credentials: 'same-origin',
    });
    if (!res?.ok) throw new Error(`storefront: the reviews answered HTTP ${res?.status ?? 0}`);
    const parsed = parseReviewsPage(await res.json().catch(() => undefined));
    if (!parsed) {
      report(new Error('storefront: the reviews did not parse'));
      return;
    }
    for (const review of parsed.reviews)
      list.appendChild(
        element(
          doc,
          'li',
          { class: 'sf-review' },
          element(
            doc,
            'p',
            { class: 'sf-review__rating' },
            element(doc, 'span', { 'aria-hidden': 'true' }, stars(review.rating)),
            element(
              doc,
              'span',
              { class: 'sf-visually-hidden' },
              message('review.stars', { count: review.rating }, ls),
            ),
          ),
          ...(review.title ? [element(doc, 'h3', { class: 'sf-review__title' }, review.title)] : []),
          ...(review.body ? [element(doc, 'p', { class: 'sf-review__body' }, review.body)] : []),
          element(doc, 'p', { class: 'sf-review__author' }, `— ${review.author}`),
        ),
      );
    more.hidden = parsed.nextPageCursor === null;
    more.onclick = () => void page(parsed.nextPageCursor).catch(warn);
  };
  const warn = (error: unknown) => console.warn('storefront: the reviews did not load', error);
  // As an uncaught error would be, without stopping anything: telemetry's error listener sends it.
  const report = (error: Error) => {
    if (!win) return;
    if (typeof win.reportError === 'function') win.reportError(error);
    else win.dispatchEvent(new win.ErrorEvent('error', { error, message: error.message }));
  };
  await page(null).catch(warn);
}
