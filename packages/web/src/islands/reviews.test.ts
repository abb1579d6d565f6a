// @vitest-environment happy-dom
/**
 * The reviews script against a real HTTP peer on loopback answering as the server does: approved
 * reviews listed with their stars read out; an answer that does not parse reported to error
 * reporting (an `error` event on the window, which telemetry sends) and nothing else changed.
 */
import { type Server, createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showReviews } from './reviews.ts';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/api/reviews/items/p-good?'))
      return res.end(
        JSON.stringify({
          summary: { count: 1, averageRating: 4 },
          reviews: [
            { id: 'r1', rating: 4, title: 'Soft', body: 'Held its colour.', author: 'Ada', created: 1 },
          ],
          hasNextPage: false,
          nextPageCursor: null,
        }),
      );
    res.end(JSON.stringify({ reviews: [{ id: 'r1', rating: 'lots' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const toServer: typeof fetch = (input, init) => fetch(`${base}${String(input)}`, init);

function section(itemId: string): HTMLElement {
  document.body.innerHTML = `<section data-sf-reviews data-item-id="${itemId}"><h2>Reviews</h2><div data-sf-reviews-list></div></section>`;
  return document.querySelector('section') as HTMLElement;
}

describe('the reviews script', () => {
  it('lists the approved reviews, each rating read as "N out of 5 stars"', async () => {
    const el = section('p-good');
    await showReviews(el, { fetch: toServer });
    const items = [...el.querySelectorAll('.sf-review')];
    expect(items).toHaveLength(1);
    expect(items[0]?.textContent).toContain('4 out of 5 stars');
    expect(items[0]?.querySelector('h3')?.textContent).toBe('Soft');
    expect(items[0]?.textContent).toContain('— Ada');
    expect(el.querySelector('.sf-reviews-more')?.hasAttribute('hidden')).toBe(true);
  });

  it('reports an answer that does not parse, and leaves the page as it was', async () => {
    const el = section('p-bad');
    const reported: string[] = [];
    const listen = (e: Event) => reported.push((e as ErrorEvent).message);
    window.addEventListener('error', listen);
    await showReviews(el, { fetch: toServer });
    window.removeEventListener('error', listen);
    expect(reported).toEqual(['storefront: the reviews did not parse']);
    expect(el.querySelectorAll('.sf-review')).toHaveLength(0);
    expect(el.querySelector('h2')?.textContent).toBe('Reviews');
  });
});
