import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, DEMO_SITE, startApp, type TestApp } from '../testing/app.ts';
import { loadSite } from '../platform/site/loader.ts';
import { createTemplateEngine, type Compiled } from './engine.ts';
import { monthRange } from './list-filters.ts';
import { TagBodies } from '../platform/site/platform-tags.ts';

const PAYLOAD = '<script>alert(1)</script>';
const ATTR_PAYLOAD = '"><img src=x onerror=alert(1)>';

const pageTitle = (html: string) => /<h1 class="page-title">([\s\S]*?)<\/h1>/.exec(html)?.[1]?.trim();
const productLinks = (html: string) =>
  [...html.matchAll(/class="product-card__link" href="([^"]+)"/g)].length;

for (const database of DATABASES) {
  describe(`[${database.name}] list filters on the demo site`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database, { siteDir: DEMO_SITE });
    });
    afterAll(async () => {
      await t?.close();
    });
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    it(`[${database.name}] a script in ?category= or ?tag= never reaches the page: the list is shown unfiltered`, async () => {
      const all = await get('/shop');
      for (const url of [
        `/shop?category=${encodeURIComponent(PAYLOAD)}`,
        `/shop?tag=${encodeURIComponent(PAYLOAD)}`,
        `/shop?category=${encodeURIComponent(ATTR_PAYLOAD)}&tag=${encodeURIComponent(ATTR_PAYLOAD)}`,
        `/journal?tag=${encodeURIComponent(PAYLOAD)}`,
        `/journal?category=${encodeURIComponent(PAYLOAD)}&author=${encodeURIComponent(PAYLOAD)}`,
        `/journal?month=${encodeURIComponent(PAYLOAD)}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toContain('alert(1)');
        expect(res.body, url).not.toContain('onerror');
      }
      const shop = await get(`/shop?category=${encodeURIComponent(PAYLOAD)}`);
      expect(pageTitle(shop.body)).toBe('Shop');
      expect(productLinks(shop.body)).toBe(productLinks(all.body));
      const json = (await get(`/journal?tag=${encodeURIComponent(PAYLOAD)}&format=json`)).json();
      expect(json.tagFilter).toBeUndefined();
      expect(json.items).toHaveLength(3);
    });

    it(`[${database.name}] a category the shop has filters the list and shows its name, escaped`, async () => {
      const res = await get(`/shop?category=${encodeURIComponent('Gifts & Classes')}`);
      expect(res.statusCode).toBe(200);
      expect(pageTitle(res.body)).toBe('Gifts &amp; Classes');
      expect(productLinks(res.body)).toBe(3);
      expect(res.body).toContain('aria-current="page">Gifts & Classes</a>');
      const wear = await get('/shop?category=Wear');
      expect(pageTitle(wear.body)).toBe('Wear');
      expect(productLinks(wear.body)).toBe(4);
      // A value the collection does not have (wrong case) filters nothing.
      expect(pageTitle((await get('/shop?category=wear')).body)).toBe('Shop');
    });

    it(`[${database.name}] a tag the journal has filters the list and is echoed`, async () => {
      const res = await get('/journal?tag=stoneware');
      expect(res.statusCode).toBe(200);
      expect(pageTitle(res.body)).toBe('&ldquo;stoneware&rdquo;');
      const json = (await get('/journal?tag=stoneware&format=json')).json();
      expect(json.tagFilter).toBe('stoneware');
      expect(json.items.map((i: { urlId: string }) => i.urlId)).toEqual(['notes-from-the-winter-firing']);
    });

    it(`[${database.name}] ?author= takes an author of the collection by id or display name; ?month= takes MM-YYYY of a post`, async () => {
      const theo = ['how-we-wash-and-care-for-linen', 'a-visit-to-the-apiary'];
      for (const author of ['e72fff2ac807558be96ed16a', 'Theo Marsh']) {
        const json = (await get(`/journal?author=${encodeURIComponent(author)}&format=json`)).json();
        expect(json.items.map((i: { urlId: string }) => i.urlId)).toEqual(theo);
        expect(json.authorFilter).toBe('Theo Marsh');
      }
      const nobody = (await get('/journal?author=someone-else&format=json')).json();
      expect(nobody.items).toHaveLength(3);
      expect(nobody.authorFilter).toBeUndefined();

      // 1792598400000 is 2026-10-21 in New York (the site's zone).
      const october = (await get('/journal?month=10-2026&format=json')).json();
      expect(october.items.map((i: { urlId: string }) => i.urlId)).toEqual([
        'how-we-wash-and-care-for-linen',
      ]);
      for (const month of ['01-2026', '2026-10', '13-2026', '10-2026x']) {
        const json = (await get(`/journal?month=${month}&format=json`)).json();
        expect(json.items, month).toHaveLength(3);
      }
    });
  });
}

describe('?month= spans the month in the site time zone', () => {
  it('starts and ends at local midnight, across a change of clock', () => {
    // New York leaves daylight time on 2026-11-01 at 02:00: November starts on UTC-4, ends on UTC-5.
    expect(monthRange('11-2026', 'America/New_York')).toEqual({
      from: Date.parse('2026-11-01T04:00:00Z'),
      to: Date.parse('2026-12-01T05:00:00Z'),
    });
    expect(monthRange('01-2027', 'Pacific/Auckland')).toEqual({
      from: Date.parse('2026-12-31T11:00:00Z'),
      to: Date.parse('2027-01-31T11:00:00Z'),
    });
  });

  it('names no time for what is not MM-YYYY with a four-digit year', () => {
    for (const month of ['13-2026', '2026-10', '10-0999', '1-2026'])
      expect(monthRange(month, 'UTC')).toBeUndefined();
  });
});

describe('demo list templates print URL-derived filters escaped', () => {
  const engine = createTemplateEngine();
  const site = loadSite<Compiled>(DEMO_SITE, (source) => engine.compile(source), new TagBodies());

  it.each([
    ['collections/products.list', 'products', { categoryFilter: PAYLOAD }],
    ['collections/blog.list', 'blog', { tagFilter: PAYLOAD }],
  ])('%s with %o', (_file, typeName, filters) => {
    const list = site.template.collections[typeName]?.list;
    if (!list) throw new Error(`no ${typeName}.list`);
    const { output } = engine.render(
      list.compiled,
      { collection: { title: 'List', fullUrl: '/list', categories: ['A'] }, items: [], ...filters },
      { partials: site.template.partials },
    );
    expect(output).not.toContain(PAYLOAD);
    expect(output).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
