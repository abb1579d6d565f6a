import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { DATABASES, DEMO_SITE, startApp, type TestApp } from '../../testing/app.ts';
import { repoRoot } from '../../testing/repo-root.ts';
import { jsonLdScripts, pageSeo } from './json-ld.ts';
import { seoRoutes } from './routes.ts';
import { registerTestSite } from '../../testing/site-context.ts';

const schema = (name: string) => ({
  fileName: name,
  contents: readFileSync(join(repoRoot, 'test-support', name), 'utf8'),
});

async function expectValid(xml: string, xsd: 'sitemap.xsd' | 'siteindex.xsd') {
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [schema(xsd)],
  });
  expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
  expect(result.valid).toBe(true);
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);

interface JsonLd {
  '@type': string;
  [key: string]: unknown;
}
interface Offer {
  sku: string;
  price: string;
  priceCurrency: string;
  availability: string;
}

/** Every JSON-LD block of a page, parsed (a block that is not JSON fails the test). */
function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as JsonLd,
  );
}
const meta = (html: string, attr: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];

for (const database of DATABASES) {
  describe(`[${database.name}] SEO on the demo site`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database, { siteDir: DEMO_SITE });
    });
    afterAll(async () => t?.close());
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const productUrls = async () =>
      (
        await t.app.database.db
          .selectFrom('items')
          .innerJoin('collections', 'collections.id', 'items.collection_id')
          .select(['collections.url_id as collection', 'items.url_id as item', 'items.id'])
          .where('items.product_type', 'is not', null)
          .execute()
      ).map((row) => ({ id: row.id, path: `/${row.collection}/${row.item}` }));

    it(`[${database.name}] sitemap.xml validates against the sitemaps.org schema and lists every page, collection and product`, async () => {
      const res = await get('/sitemap.xml');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      await expectValid(res.body, 'sitemap.xsd');
      const locs = locsOf(res.body);
      const site = t.config.siteUrl;
      const products = await productUrls();
      expect(products.length).toBe(14);
      for (const { path } of products) expect(locs).toContain(`${site}${path}`);
      for (const path of [
        '/',
        '/shop',
        '/journal',
        '/about',
        '/contact',
        '/journal/notes-from-the-winter-firing',
      ])
        expect(locs).toContain(`${site}${path}`);
      expect(new Set(locs).size).toBe(locs.length);
      // Items say when they last changed.
      expect(res.body).toMatch(
        /<url><loc>[^<]+\/shop\/linen-camp-shirt<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod><\/url>/,
      );
    });

    it(`[${database.name}] above its URL limit the sitemap is an index whose child sitemaps list every URL once`, async () => {
      const whole = locsOf((await get('/sitemap.xml')).body);
      const small = Fastify({ logger: false });
      registerTestSite(small, { origin: t.config.siteUrl });
      await small.register(seoRoutes, {
        db: t.app.database.db,
        templatePages: ['contact', 'newsletter', 'not-found'],
        urlsPerSitemap: 4,
      });
      try {
        const index = await small.inject({ method: 'GET', url: '/sitemap.xml' });
        await expectValid(index.body, 'siteindex.xsd');
        const children = locsOf(index.body);
        expect(children).toHaveLength(Math.ceil(whole.length / 4));
        const listed: string[] = [];
        for (const child of children) {
          const res = await small.inject({
            method: 'GET',
            url: new URL(child).pathname + new URL(child).search,
          });
          expect(res.statusCode).toBe(200);
          await expectValid(res.body, 'sitemap.xsd');
          expect(locsOf(res.body).length).toBeLessThanOrEqual(4);
          listed.push(...locsOf(res.body));
        }
        expect(listed).toEqual(whole);
        const beyond = await small.inject({ method: 'GET', url: `/sitemap.xml?page=${children.length + 1}` });
        expect(beyond.statusCode).toBe(404);
        const bad = await small.inject({ method: 'GET', url: '/sitemap.xml?page=first' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toContain('page');
      } finally {
        await small.close();
      }
    });

    it(`[${database.name}] robots.txt names the sitemap and keeps crawlers out of the back office and a visitor's pages`, async () => {
      const res = await get('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const lines = res.body.split('\n');
      expect(lines).toContain(`Sitemap: ${t.config.siteUrl}/sitemap.xml`);
      for (const path of ['/config', '/account', '/cart', '/checkout'])
        expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).not.toContain('Disallow: /');
    });

    it(`[${database.name}] every product page's JSON-LD parses with one offer per variant at its live availability`, async () => {
      const db = t.app.database.db;
      // Sell out the first variant of the first product, through the page cache (the page was kept).
      const [first] = await productUrls();
      const before = jsonLdOf((await get(first?.path as string)).body);
      const variant = await db
        .selectFrom('variants')
        .select(['id', 'sku'])
        .where('item_id', '=', first?.id as string)
        .orderBy('position')
        .executeTakeFirstOrThrow();
      expect((before.find((d) => d['@type'] === 'Product')?.offers as Offer[])[0]?.availability).toBe(
        'https://schema.org/InStock',
      );
      await db
        .updateTable('variants')
        .set({ qty_in_stock: 0, unlimited: 0 })
        .where('id', '=', variant.id)
        .execute();

      for (const { id, path } of await productUrls()) {
        const res = await get(path);
        expect(res.statusCode, path).toBe(200);
        const data = jsonLdOf(res.body);
        const product = data.find((d) => d['@type'] === 'Product');
        expect(product, path).toBeDefined();
        expect(product?.url).toBe(`${t.config.siteUrl}${path}`);
        const variants = await db
          .selectFrom('variants')
          .select(['sku', 'qty_in_stock', 'unlimited', 'currency'])
          .where('item_id', '=', id)
          .orderBy('position')
          .execute();
        const offers = product?.offers as Offer[];
        expect(
          offers.map((o) => o.sku),
          path,
        ).toEqual(variants.map((v) => v.sku));
        for (const [i, v] of variants.entries()) {
          const inStock = v.unlimited === 1 || v.qty_in_stock > 0;
          expect(offers[i]?.availability, `${path} ${v.sku}`).toBe(
            `https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`,
          );
          expect(offers[i]?.priceCurrency).toBe(v.currency);
          expect(offers[i]?.price).toMatch(/^\d+\.\d\d$/);
        }
        const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList');
        expect((crumbs?.itemListElement as { item: string }[]).map((c) => c.item)).toEqual([
          `${t.config.siteUrl}/`,
          `${t.config.siteUrl}/shop`,
          `${t.config.siteUrl}${path}`,
        ]);
      }
      const soldOut = jsonLdOf((await get(first?.path as string)).body).find((d) => d['@type'] === 'Product');
      const offer = (soldOut?.offers as Offer[]).find((o) => o.sku === variant.sku);
      expect(offer?.availability).toBe('https://schema.org/OutOfStock');
    });

    it(`[${database.name}] a post says BlogPosting, the home page Organization and WebSite with a search action`, async () => {
      const post = jsonLdOf((await get('/journal/notes-from-the-winter-firing')).body);
      const posting = post.find((d) => d['@type'] === 'BlogPosting');
      expect(posting).toMatchObject({
        headline: 'Notes from the winter firing',
        author: { '@type': 'Person', name: 'Nell Okafor' },
        image: `${t.config.siteUrl}/media/journal-kiln.svg`,
        datePublished: new Date(1794931200000).toISOString(),
      });
      const home = jsonLdOf((await get('/')).body);
      expect(home.find((d) => d['@type'] === 'Organization')).toMatchObject({ url: `${t.config.siteUrl}/` });
      expect(home.find((d) => d['@type'] === 'WebSite')).toMatchObject({
        potentialAction: {
          '@type': 'SearchAction',
          target: { urlTemplate: `${t.config.siteUrl}/search?q={search_term_string}` },
        },
      });
    });

    it(`[${database.name}] Open Graph and Twitter cards carry an absolute image, the description and the canonical URL`, async () => {
      const html = (await get('/shop/linen-camp-shirt?utm_source=x')).body;
      const site = t.config.siteUrl;
      expect(meta(html, 'property', 'og:image')).toBe(`${site}/media/linen-shirt-oat.svg`);
      expect(meta(html, 'name', 'twitter:image')).toBe(`${site}/media/linen-shirt-oat.svg`);
      expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'property', 'og:description')).toContain('camp-collar shirt');
      expect(meta(html, 'property', 'og:url')).toBe(`${site}/shop/linen-camp-shirt`);
      expect(html).toContain(`<link rel="canonical" href="${site}/shop/linen-camp-shirt">`);
      expect(html).not.toContain('name="robots"');
    });

    it(`[${database.name}] search, cart, checkout and account pages say noindex; shop pages do not`, async () => {
      for (const path of ['/cart', '/account', '/account/login', '/checkout', '/search?q=mug']) {
        const res = await get(path);
        if (res.statusCode >= 300 && res.statusCode < 400) continue;
        expect(res.body, path).toContain('<meta name="robots" content="noindex">');
      }
      for (const path of ['/', '/shop', '/journal', '/shop/chore-apron'])
        expect((await get(path)).body, path).not.toContain('name="robots"');
    });
  });
}

describe('JSON-LD builders', () => {
  const site = { origin: 'https://shop.example', title: 'Shop', currency: 'USD' };

  it('escapes < so content cannot close the script element', () => {
    const html = jsonLdScripts([{ name: '</script><script>alert(1)</script>' }]);
    expect(html).not.toContain('</script><script>');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const inner = /<script[^>]*>([\s\S]*)<\/script>/.exec(html)?.[1] as string;
    expect(JSON.parse(inner)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('describes an event with its dates and location', () => {
    const seo = pageSeo(
      {
        kind: 'item',
        collection: { id: 'c', urlId: 'events', title: 'Events', typeName: 'events' },
        item: {
          id: 'e',
          urlId: 'open-studio',
          title: 'Open studio',
          startDate: Date.parse('2026-12-12T15:00:00Z'),
          endDate: Date.parse('2026-12-12T18:00:00Z'),
          location: {
            addressTitle: 'Juniper Row Studio',
            addressLine1: '12 Kiln Lane',
            addressCountry: 'US',
          },
        },
        url: '/events/open-studio',
      },
      site,
    );
    expect(seo.structuredData[0]).toMatchObject({
      '@type': 'Event',
      name: 'Open studio',
      url: 'https://shop.example/events/open-studio',
      startDate: '2026-12-12T15:00:00.000Z',
      endDate: '2026-12-12T18:00:00.000Z',
      location: { '@type': 'Place', name: 'Juniper Row Studio', address: '12 Kiln Lane, US' },
    });
  });
});
