import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, DEMO_SITE, startApp, type TestApp } from '../testing/app.ts';

interface Variant {
  price: number;
  salePrice: number;
  onSale: boolean;
}
interface Product {
  urlId: string;
  title: string;
  publishOn: number;
  categories: string[];
  structuredContent: { variants: Variant[] };
}

/** The demo site with its shop paged four products at a time. */
const siteDir = mkdtempSync(join(tmpdir(), 'sort-site-'));
cpSync(DEMO_SITE, siteDir, { recursive: true });
const shopFile = join(siteDir, 'content/collections/shop.json');
const shop = JSON.parse(readFileSync(shopFile, 'utf8')) as { pageSize: number; items: Product[] };
writeFileSync(shopFile, JSON.stringify({ ...shop, pageSize: 4 }));
/** And its journal one post a page. */
const journalFile = join(siteDir, 'content/collections/journal.json');
writeFileSync(journalFile, JSON.stringify({ ...JSON.parse(readFileSync(journalFile, 'utf8')), pageSize: 1 }));
const products = shop.items;
const lowest = (p: Product) =>
  Math.min(...p.structuredContent.variants.map((v) => (v.onSale ? v.salePrice : v.price)));
/** Content order breaks ties, as the list does. */
const sorted = (compare: (a: Product, b: Product) => number) =>
  products
    .map((p, position) => ({ p, position }))
    .sort((a, b) => compare(a.p, b.p) || a.position - b.position)
    .map(({ p }) => p.urlId);
const EXPECTED = {
  'price-asc': sorted((a, b) => lowest(a) - lowest(b)),
  'price-desc': sorted((a, b) => lowest(b) - lowest(a)),
  newest: sorted((a, b) => b.publishOn - a.publishOn),
  title: sorted((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0)),
};

afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

for (const database of DATABASES) {
  describe(`[${database.name}] product sort`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database, { siteDir });
    });
    afterAll(async () => t?.close());
    const json = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();

    /** Every page of a list, following its next-page links. */
    async function walk(url: string): Promise<{ urlIds: string[]; contexts: Record<string, unknown>[] }> {
      const urlIds: string[] = [];
      const contexts: Record<string, unknown>[] = [];
      let next: string | undefined = url;
      while (next) {
        const page = await json(`${next}${next.includes('?') ? '&' : '?'}format=json`);
        contexts.push(page);
        urlIds.push(...page.items.map((i: { urlId: string }) => i.urlId));
        next = page.pagination.nextPageUrl;
        expect(contexts.length).toBeLessThan(10);
      }
      return { urlIds, contexts };
    }

    it.each(Object.entries(EXPECTED))(
      `[${database.name}] ?sort=%s orders the whole list across its pages and is told to templates`,
      async (sort, expected) => {
        const { urlIds, contexts } = await walk(`/shop?sort=${sort}`);
        expect(urlIds).toEqual(expected);
        for (const context of contexts) expect(context.productSort).toBe(sort);
        expect((contexts[0]?.pagination as { nextPageUrl: string }).nextPageUrl).toBe(
          `/shop?sort=${sort}&offset=4`,
        );
      },
    );

    it(`[${database.name}] a sort combines with a category filter and its paging`, async () => {
      const wear = products.filter((p) => p.categories.includes('Wear')).map((p) => p.urlId);
      const { urlIds, contexts } = await walk('/shop?category=Wear&sort=price-desc');
      expect(urlIds).toEqual(EXPECTED['price-desc'].filter((id) => wear.includes(id)));
      expect(contexts[0]?.categoryFilter).toBe('Wear');
    });

    it(`[${database.name}] ?author= and ?month= page through a blog one post at a time and stay in the page links`, async () => {
      const theo = await walk(`/journal?author=${encodeURIComponent('Theo Marsh')}`);
      expect(theo.urlIds).toEqual(['how-we-wash-and-care-for-linen', 'a-visit-to-the-apiary']);
      expect(theo.contexts.map((c) => c.authorFilter)).toEqual(['Theo Marsh', 'Theo Marsh']);
      const next = (theo.contexts[0]?.pagination as { nextPageUrl: string }).nextPageUrl;
      expect(next).toMatch(/^\/journal\?author=Theo\+Marsh&offset=\d+$/);
      const back = (theo.contexts[1]?.pagination as { prevPageUrl: string }).prevPageUrl;
      expect(back).toBe('/journal?author=Theo+Marsh');

      const all = await walk('/journal');
      expect(all.urlIds).toHaveLength(3);
      const october = await walk('/journal?month=10-2026');
      expect(october.urlIds).toEqual(['how-we-wash-and-care-for-linen']);
      const both = await walk(`/journal?author=${encodeURIComponent('Theo Marsh')}&month=10-2026`);
      expect(both.urlIds).toEqual(['how-we-wash-and-care-for-linen']);
    });

    it(`[${database.name}] a sort the list does not offer is ignored: the list in its own order`, async () => {
      for (const sort of ['cheapest', 'PRICE-ASC', '', "title'--"]) {
        const { urlIds, contexts } = await walk(`/shop?sort=${encodeURIComponent(sort)}`);
        expect(urlIds, sort).toEqual(products.map((p) => p.urlId));
        expect(contexts[0]?.productSort).toBeUndefined();
      }
      // Not a product list: a blog keeps its order by time.
      const journal = await json('/journal?sort=title&format=json');
      expect(journal.productSort).toBeUndefined();
      expect(journal.items.map((i: { urlId: string }) => i.urlId)).toEqual(
        (await json('/journal?format=json')).items.map((i: { urlId: string }) => i.urlId),
      );
    });
  });
}
