/**
 * Anonymous pages from memory (render/page-cache.ts): kept per URL and change version, sent with
 * fresh nonces, revalidated by ETag, and never kept for a visitor with a cart; a sale on one
 * instance shows on another at its next request.
 */
import zlib from 'node:zlib';
import { isSoldOut, type Product } from '@storefront/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from '../modules/orders/testing.ts';
import { syncContent } from '../modules/catalogue/content-sync.ts';
import { loadSite } from '../platform/site/loader.ts';
import { createTemplateEngine } from './engine.ts';
import { TagBodies } from '../platform/site/platform-tags.ts';
import { cookieHeader, DATABASES, testConfig, type TestApp } from '../testing/app.ts';

const CRUMB = 'crumb-of-an-earlier-visit';
const engine = createTemplateEngine();
const compile = (source: string) => engine.compile(source);
const PRODUCT = '/shop/last-mug';

function contextOf(html: string): { products: Record<string, Product>; cart?: { totalQuantity?: number } } {
  const m = /<script id="storefront-context" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no page context script');
  return JSON.parse(m[1] as string) as ReturnType<typeof contextOf>;
}

/** The page's text, whatever its encoding. */
function textOf(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  return res.body;
}

const styleNonceOf = (html: string) => /<meta name="csp-nonce" content="([^"]+)">/.exec(html)?.[1];
const withoutNonce = (html: string) => html.replace(/<meta name="csp-nonce" content="[^"]+">/, '');
const soldOut = (html: string) => isSoldOut(contextOf(html).products['p-last'] as Product);

/** An anonymous visitor who has been here before (it holds a crumb, nothing of its own). */
const visit = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: { cookie: cookieHeader({ crumb: CRUMB }), 'accept-encoding': 'br, gzip', ...headers },
  });

/** An app on the database `config` names (started twice: two instances of one shop). */
async function instance(config: ReturnType<typeof testConfig>): Promise<TestApp> {
  const app = await buildApp(config, { logger: false });
  return { app, config, close: () => app.close() };
}

for (const database of DATABASES) {
  describe(`[${database.name}] anonymous pages from memory`, () => {
    const site = makeCheckoutSite({ stock: { 'v-last': 2 } });
    const fresh = database.fresh();
    const config = testConfig(fresh.config, { siteDir: site.dir });
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await instance(config);
      b = await instance(config);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await fresh.cleanup();
      site.cleanup();
    });

    const renameLastMug = (title: string) =>
      a.app.database.db.updateTable('items').set({ title }).where('id', '=', 'p-last').execute();

    it('sends the kept page again while no change version moves', async () => {
      const first = await visit(a.app, PRODUCT);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('gzip');
      expect(first.headers['cache-control']).toBe('no-cache');
      // Written behind the server's back (no version moves): the kept page is still what is sent.
      await renameLastMug('Renamed Behind The Back');
      const second = await visit(a.app, PRODUCT);
      expect(withoutNonce(textOf(second))).toBe(withoutNonce(textOf(first)));
      expect(second.headers.etag).toBe(first.headers.etag);
      await renameLastMug('Last Mug');
    });

    it('keeps pages through adds to carts and sales that change no count a page shows', async () => {
      // The sequence every write moves takes its number from (db/change-version.ts).
      const versions = () =>
        a.app.database.db.selectFrom('change_versions').select(['name', 'version']).execute();
      const before = await versions();
      const shopper = new Shopper(a);
      await shopper.start();
      expect((await shopper.add({ itemId: 'p-last', sku: 'MUG-1', quantity: 1 })).statusCode).toBe(200);
      // An unlimited service: its sale runs the stock update, which changes no count.
      const buyer = new Shopper(a);
      await buyer.start();
      expect((await buyer.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 2 })).statusCode).toBe(200);
      expect((await buyer.order(CUSTOMER)).statusCode).toBe(200);
      expect(await versions()).toEqual(before);
      // A restart with the same content writes nothing, so it moves nothing either.
      await syncContent(a.app.database.db, loadSite(site.dir, compile, new TagBodies()).content);
      expect(await versions()).toEqual(before);
    });

    it('answers 304 to the ETag it gave, without a policy that would replace the stored one', async () => {
      const first = await visit(a.app, '/shop');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+-gzip"$/);
      const again = await visit(a.app, '/shop', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['content-security-policy']).toBeUndefined();
      // Another encoding is another representation, with a tag of its own.
      const plain = await visit(a.app, '/shop', { 'accept-encoding': 'identity', 'if-none-match': etag });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers.etag).not.toBe(etag);
    });

    it('gives every response nonces of its own, matching its policy, in every encoding', async () => {
      const seen = new Set<string>();
      for (const encoding of ['gzip', 'br', 'identity', 'gzip']) {
        const res = await visit(a.app, PRODUCT, { 'accept-encoding': encoding });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'] ?? 'identity').toBe(encoding);
        const nonce = styleNonceOf(textOf(res));
        expect(nonce).toMatch(/^[\w-]{16,}$/);
        expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
        expect(textOf(res)).not.toContain('-nonce-');
        seen.add(nonce as string);
      }
      expect(seen.size).toBe(4);
    });

    it('shows a visitor with a cart their own page, never the kept one', async () => {
      expect(textOf(await visit(a.app, '/shop'))).not.toContain('Cart (3)');
      const shopper = new Shopper(a);
      await shopper.start();
      expect((await shopper.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 3 })).statusCode).toBe(200);
      const own = await shopper.request('GET', '/shop', undefined, { 'accept-encoding': 'gzip' });
      expect(own.statusCode).toBe(200);
      expect(own.headers.etag).toBeUndefined();
      expect(own.headers['cache-control']).toBe('private, no-cache');
      expect(textOf(own)).toContain('<a class="cart-link" href="/cart">Cart (3)</a>');
      expect(textOf(await visit(a.app, '/shop'))).not.toContain('Cart (3)');
    });

    it('keeps a first visit (which gets its crumb cookie) out of shared caches', async () => {
      const res = await a.app.inject({ method: 'GET', url: PRODUCT });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeDefined();
      expect(res.headers['cache-control']).toBe('private, no-cache');
    });

    it('shows a content sync change at the next request', async () => {
      expect(textOf(await visit(a.app, PRODUCT))).toContain('Last Mug</h1>');
      const changed = loadSite(site.dir, compile, new TagBodies());
      const shop = changed.content.collections.find((c) => c.urlId === 'shop');
      const mug = shop?.items?.find((i) => i.id === 'p-last');
      if (!mug) throw new Error('no last mug in the fixture');
      mug.title = 'Glazed Again';
      await syncContent(a.app.database.db, changed.content);
      expect(textOf(await visit(a.app, PRODUCT))).toContain('Glazed Again</h1>');
      expect(textOf(await visit(b.app, PRODUCT))).toContain('Glazed Again</h1>');
    });

    it('shows the last unit sold, on this instance and on another, at the next request', async () => {
      // Both instances keep the page while the mug is in stock.
      expect(soldOut(textOf(await visit(a.app, PRODUCT)))).toBe(false);
      expect(soldOut(textOf(await visit(b.app, PRODUCT)))).toBe(false);
      const buyer = new Shopper(a);
      await buyer.start();
      expect((await buyer.add({ itemId: 'p-last', sku: 'MUG-1', quantity: 2 })).statusCode).toBe(200);
      expect((await buyer.order(CUSTOMER)).statusCode).toBe(200);

      expect(soldOut(textOf(await visit(a.app, PRODUCT)))).toBe(true);
      expect(soldOut(textOf(await visit(b.app, PRODUCT)))).toBe(true);
      // The other instance's cart API says so too.
      const late = new Shopper(b);
      await late.start();
      const refused = await late.add({ itemId: 'p-last', sku: 'MUG-1', quantity: 1 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Sorry, we do not have enough of that item available.');
      const stock = await b.app.inject({
        method: 'GET',
        url: '/api/commerce/inventory/stock?itemId=p-last',
      });
      expect(stock.json()).toMatchObject({ results: [{ sku: 'MUG-1', qtyInStock: 0 }] });
    });
  });
}
