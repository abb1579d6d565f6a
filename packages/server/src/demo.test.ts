import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForSuite, cookieHeader, cookiesOf, DATABASES, DEMO_SITE } from './testing/app.ts';

/** Smoke suite over the demo site (sites/demo), as `npm start` serves it. */
const present = existsSync(join(DEMO_SITE, 'template/template.conf'));

interface DemoItem {
  id: string;
  urlId: string;
  title: string;
  structuredContent?: {
    productType: number;
    variants: { sku: string; qtyInStock?: number; unlimited?: boolean }[];
  };
}
const collection = (name: string) =>
  JSON.parse(readFileSync(join(DEMO_SITE, 'content/collections', `${name}.json`), 'utf8')) as {
    urlId: string;
    items: DemoItem[];
  };

for (const database of DATABASES) {
  describe.skipIf(!present)(`[${database.name}] demo site smoke`, () => {
    const t = appForSuite(database, { siteDir: DEMO_SITE }, { webBundle: true });

    it(`[${database.name}] home, shop, a product, the journal, a post, pages and /cart answer 200 with the templates' HTML`, async () => {
      const shop = collection('shop');
      const journal = collection('journal');
      const product = shop.items[0] as DemoItem;
      const post = journal.items[0] as DemoItem;
      const urls: [string, RegExp][] = [
        ['/', /class="hero"/],
        [`/${shop.urlId}`, new RegExp(product.title.replace(/[()]/g, '.'))],
        [`/${shop.urlId}/${product.urlId}`, /sqs-add-to-cart-button/],
        [`/${journal.urlId}`, new RegExp(post.title.replace(/[()?]/g, '.'))],
        [`/${journal.urlId}/${post.urlId}`, new RegExp(post.title.replace(/[()?]/g, '.'))],
        ['/about', /page-content about/],
        ['/contact', /data-form-id="contact"/],
        ['/cart', /<div id="sqs-cart-root" class="sqs-cart-root" data-page-type="200"><\/div>/],
      ];
      for (const [url, pattern] of urls) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toMatch(/^<!doctype html>/i);
        expect(res.body, url).toMatch(pattern);
        expect(res.body, url).toContain('<script id="storefront-context" type="application/json">');
        expect(res.body, url).toContain(`<script type="module" src="/_storefront/${t.web.script}"></script>`);
        expect(res.body, url).not.toMatch(/<squarespace:|data-sf-tag=/);
      }
    });

    it(`[${database.name}] an unknown path answers 404 with the demo's not-found page`, async () => {
      const res = await t.app.inject({ method: 'GET', url: '/this/does/not/exist' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('class="site-header"');
      expect(res.body).toContain('"pageType":100');
    });

    it(`[${database.name}] a demo product can be added to the cart and shows in the layout's cart count`, async () => {
      const shop = collection('shop');
      const product = shop.items.find(
        (i) =>
          i.structuredContent?.productType === 1 &&
          i.structuredContent.variants.some((v) => v.unlimited || (v.qtyInStock ?? 0) > 0),
      ) as DemoItem;
      const variant = product.structuredContent?.variants.find((v) => v.unlimited || (v.qtyInStock ?? 0) > 0);
      const first = await t.app.inject({ method: 'GET', url: '/' });
      const cookies = cookiesOf(first.headers['set-cookie']);
      const add = await t.app.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        headers: { cookie: cookieHeader(cookies), 'x-csrf-token': cookies.crumb as string },
        payload: { itemId: product.id, sku: variant?.sku, quantity: 1 },
      });
      expect(add.statusCode, add.body).toBe(200);
      Object.assign(cookies, cookiesOf(add.headers['set-cookie']));
      const cart = await t.app.inject({
        method: 'GET',
        url: '/cart',
        headers: { cookie: cookieHeader(cookies) },
      });
      expect(cart.body).toContain(product.title);
    });
  });
}
