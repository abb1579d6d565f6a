import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSoldOut, type Product } from '@storefront/core';
import { cookieHeader, cookiesOf, DATABASES, startApp, type TestApp } from '../testing/app.ts';
import { testWebBundle } from '../testing/web-bundle.ts';

function contextOf(html: string): Record<string, unknown> {
  const m = /<script id="storefront-context" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no page context script');
  return JSON.parse(m[1] as string) as Record<string, unknown>;
}

for (const database of DATABASES) {
  describe(`[${database.name}] pages`, () => {
    let t: TestApp;
    const web = testWebBundle();
    beforeAll(async () => {
      t = await startApp(database, { webDistDir: web.dir });
    });
    afterAll(async () => {
      await t?.close();
      web.cleanup();
    });
    const get = (url: string, cookies: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: Object.keys(cookies).length ? { cookie: cookieHeader(cookies) } : {},
      });

    it(`[${database.name}] the homepage renders the homepage collection inside the layout's regions`, async () => {
      const res = await get('/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-page-type']).toBe('2');
      const html = res.body;
      // header.region + site.region + footer.region, concatenated in order, main content inside.
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain('<a class="site-title" href="/">Fixture Store</a>');
      expect(html).toMatch(
        /<main id="page" data-content-field="main-content">\s*<div class="home-content"><h1>Welcome to the fixture<\/h1><\/div>/,
      );
      expect(html.indexOf('<header>')).toBeLessThan(html.indexOf('<main'));
      expect(html.indexOf('<main')).toBeLessThan(html.indexOf('<footer>'));
      expect(html).toContain('<title>Fixture Store</title>');
      expect(html).toMatch(/<body id="collection-c-home" class="[^"]*collection-type-page[^"]*homepage/);
      // {squarespace-headers}: stylesheets and the page context; {squarespace-footers}: the bundle.
      expect(html).toMatch(/<link rel="stylesheet" href="\/site\.css\?v=[0-9a-f]+">/);
      expect(html).toContain(`<link rel="stylesheet" href="/_storefront/${web.stylesheet}">`);
      expect(html).toContain(`<script type="module" src="/_storefront/${web.script}"></script>`);
      expect(contextOf(html)).toMatchObject({
        pageType: 2,
        path: '/',
        websiteId: 'site-fixture',
        collectionId: 'c-home',
        itemId: null,
        storeCurrency: 'USD',
        authenticated: false,
      });
      // Platform tags: navigation block, query with inline body, script.
      expect(html).toContain(
        '<nav class="main-nav"><ul><li class="active"><a href="/">Home</a></li><li class=""><a href="/shop">Shop</a></li>',
      );
      expect(html).toContain('<li class="external"><a href="https://example.org">Elsewhere</a></li>');
      expect(html).toMatch(/<ul class="footer-products"><li>Linen Tee<\/li><li>Last Mug<\/li><\/ul>/);
      expect(html).toContain('<script src="/scripts/site.js"></script>');
      // template/strings/template-en-US.json fills localizedStrings; the content's own win.
      expect(html).toContain('<p class="footer-note">Made for tests</p>');
      expect(contextOf(html).localizedStrings).toMatchObject({
        footerNote: 'Made for tests',
        cart: 'Your bag',
      });
      // Products rendered by the query tag are in the page context too.
      expect(Object.keys(contextOf(html).products as object)).toEqual(['p-tee', 'p-last']);
      expect(html).not.toContain('squarespace:');
      expect(cookiesOf(res.headers['set-cookie']).crumb).toBeTruthy();
    });

    it(`[${database.name}] the shop collection lists its products`, async () => {
      const res = await get('/shop');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<section class="product-list">');
      expect(res.body).toContain('<h1>Shop</h1>');
      expect(res.body).toContain(
        '<article class="product" data-item-id="p-tee"><a href="/shop/tee">Linen Tee</a></article>',
      );
      expect(res.body).toContain('<title>Shop — Fixture Store</title>');
      expect(res.body).toContain('<li class="active"><a href="/shop">Shop</a></li>');
      const context = contextOf(res.body);
      expect(context.pageType).toBe(1);
      expect(Object.keys(context.products as object)).toEqual([
        'p-tee',
        'p-last',
        'p-ebook',
        'p-gift',
        'p-soldout',
        'p-lesson',
        'p-club',
      ]);
      expect((await get('/shop/')).statusCode).toBe(200);
    });

    it(`[${database.name}] a product page has the item, its neighbours and its live stock in the page context`, async () => {
      const res = await get('/shop/last-mug');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1 class="product-title">Last Mug</h1>');
      expect(res.body).toContain('<a class="prev" href="/shop/tee">Linen Tee</a>');
      expect(res.body).toContain('<a class="next" href="/shop/ebook">Field Guide (PDF)</a>');
      expect(res.body).toContain('<title>Last Mug — Fixture Store</title>');
      expect(res.body).toMatch(/<body id="item-p-last" class="[^"]*view-item/);
      const context = contextOf(res.body) as {
        pageType: number;
        itemId: string;
        products: Record<string, Product>;
      };
      expect(context.pageType).toBe(50);
      expect(context.itemId).toBe('p-last');
      expect(isSoldOut(context.products['p-last'] as Product)).toBe(false);
      expect(context.products['p-last']).toMatchObject({
        variants: [{ sku: 'MUG-1', qtyInStock: 1, price: { cents: 1250 } }],
      });

      // Stock is the database's: change it and the page shows it.
      await t.app.database.db
        .updateTable('variants')
        .set({ qty_in_stock: 0 })
        .where('id', '=', 'v-last')
        .execute();
      const after = contextOf((await get('/shop/last-mug')).body) as typeof context;
      expect(isSoldOut(after.products['p-last'] as Product)).toBe(true);
      await t.app.database.db
        .updateTable('variants')
        .set({ qty_in_stock: 1 })
        .where('id', '=', 'v-last')
        .execute();

      // The Squarespace-style /<collection>/p/<item> address works too; merchandising is passed on.
      const tee = await get('/shop/p/tee');
      expect(tee.statusCode).toBe(200);
      expect(contextOf(tee.body).merchandising).toMatchObject({ 'p-tee': { scarcityEnabled: true } });
    });

    it(`[${database.name}] a blog post renders with the blog item template`, async () => {
      const res = await get('/journal/first-post');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(
        '<article class="post-detail"><h1 class="post-title">First post</h1><div class="post-body"><p>Hello from the first post.</p></div></article>',
      );
      // Chronological, newest first, one post a page (pageSize 1), paged by publishOn timestamp.
      const page1 = (await get('/journal?format=json')).json();
      expect(page1.items.map((i: { title: string }) => i.title)).toEqual(['Third post']);
      expect(page1.pagination).toMatchObject({
        nextPage: true,
        nextPageUrl: '/journal?offset=1720000000000',
      });
      expect(page1.pagination.prevPage).toBeUndefined();
      const page2 = await get('/journal?offset=1720000000000');
      expect(page2.body).toContain('Second post');
      expect(page2.body).not.toContain('Third post');
      const page3 = (await get('/journal?offset=1710000000000&format=json')).json();
      expect(page3.items.map((i: { title: string }) => i.title)).toEqual(['First post']);
      expect(page3.pagination).toMatchObject({
        prevPage: true,
        prevPageUrl: '/journal?offset=1720000000000',
      });
      expect(page3.pagination.nextPage).toBeUndefined();
      // Filters stay in the page links.
      const tagged = (await get('/journal?tag=howto&format=json')).json();
      expect(tagged.items.map((i: { title: string }) => i.title)).toEqual(['Third post']);
      expect(tagged.tagFilter).toBe('howto');
      expect(tagged.pagination.nextPageUrl).toBe('/journal?tag=howto&offset=1720000000000');
      const tagged2 = await get(tagged.pagination.nextPageUrl);
      expect(tagged2.body).toContain('Second post');
      expect(tagged2.body).not.toContain('First post');
    });

    it(`[${database.name}] a static page from pages/ renders with its .page.conf title`, async () => {
      const res = await get('/about');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div class="about-page"><h1>About Fixture Store</h1></div>');
      expect(res.body).toContain('<title>About us — Fixture Store</title>');
      expect(res.body).toContain('<meta name="description" content="Who we are">');
      expect(contextOf(res.body).pageType).toBe(2);
    });

    it(`[${database.name}] a template-page collection renders the pages/ template it names, in its own layout`, async () => {
      const res = await get('/visit');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div class="about-page"><h1>About Fixture Store</h1></div>');
      expect(res.body).toContain('<title>Visit — Fixture Store</title>');
      // Its regionName picks the "bare" layout of template.conf.
      expect(res.body).toContain('<body class="bare-layout">');
      expect(res.body).not.toContain('<header>');
    });

    it(`[${database.name}] /cart renders the cart root and a no-JS list of the entries`, async () => {
      const empty = await get('/cart');
      expect(empty.statusCode).toBe(200);
      expect(empty.body).toContain(
        '<div id="sqs-cart-root" class="sqs-cart-root" data-page-type="200"></div>',
      );
      expect(empty.body).toContain('You have nothing in your shopping cart.');
      expect(empty.body).not.toContain('class="cart-link"');
      expect(contextOf(empty.body).pageType).toBe(200);

      const cookies = cookiesOf(empty.headers['set-cookie']);
      const add = await t.app.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        headers: { cookie: cookieHeader(cookies), 'x-csrf-token': cookies.crumb as string },
        payload: { itemId: 'p-tee', sku: 'TEE-M', quantity: 1 },
      });
      expect(add.statusCode).toBe(200);
      Object.assign(cookies, cookiesOf(add.headers['set-cookie']));
      const full = await get('/cart', cookies);
      expect(full.body).toContain(
        '<a href="/shop/tee">Linen Tee</a> <span class="sf-cart-variant">Medium</span>',
      );
      expect(full.body).toContain('$20.00');
      // Elsewhere, the layout sees the cart summary.
      expect((await get('/shop', cookies)).body).toContain('<a class="cart-link" href="/cart">Cart (1)</a>');
    });

    it(`[${database.name}] an unknown path answers 404 with the site's not-found page`, async () => {
      for (const url of [
        '/no-such-page',
        '/shop/no-such-product',
        '/journal/first-post/extra',
        '/not-found',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain('<div class="fixture-not-found"><h1>Lost in the fixture</h1>');
        expect(res.body).toContain('<header>');
        expect(contextOf(res.body).pageType).toBe(100);
      }
      // An unknown API path is JSON, not a page.
      const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('not-found');
    });

    it(`[${database.name}] a failing page answers 500 with a plain error page, and the API with JSON`, async () => {
      // Make the database fail underneath a throwaway app: drop the table pages read first.
      const broken = await startApp(database);
      try {
        await broken.app.database.db.schema.dropTable('cart_entries').execute();
        await broken.app.database.db.schema.dropTable('carts').execute();
        const page = await broken.app.inject({
          method: 'GET',
          url: '/shop',
          headers: { cookie: 'CART=abc' },
        });
        expect(page.statusCode).toBe(500);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.body).toContain('<h1>Something went wrong</h1>');
        expect(page.body).not.toMatch(/carts|Error|at /);
        const api = await broken.app.inject({
          method: 'GET',
          url: '/api/commerce/shopping-cart',
          headers: { cookie: 'CART=abc' },
        });
        expect(api.statusCode).toBe(500);
        expect(api.json()).toEqual({ code: 'server-error', message: 'Something went wrong' });
      } finally {
        await broken.close();
      }
    });

    it(`[${database.name}] ?format=json returns the page's JSON context`, async () => {
      const res = await get('/shop/tee?format=json');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const json = res.json();
      expect(json.item).toMatchObject({ id: 'p-tee', fullUrl: '/shop/tee', collectionId: 'c-shop' });
      expect(json.collection).toMatchObject({
        id: 'c-shop',
        urlId: 'shop',
        fullUrl: '/shop',
        typeName: 'products',
      });
      expect(json.pagination.nextItem).toMatchObject({ title: 'Last Mug', fullUrl: '/shop/last-mug' });
      expect(json.website.siteTitle).toBe('Fixture Store');
    });

    it(`[${database.name}] static files: assets, scripts, media and /site.css`, async () => {
      const asset = await get('/assets/logo.svg');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toMatch(/image\/svg\+xml/);
      expect(asset.headers['cache-control']).toBe('public, max-age=3600');
      const script = await get('/scripts/site.js');
      expect(script.statusCode).toBe(200);
      expect(script.body).toContain('fixture-js');
      const media = await get('/media/pixel.gif');
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe('image/gif');
      const css = await get('/site.css');
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      // template.conf order: base.css, then site.less.
      expect(css.body.indexOf('font-family: sans-serif')).toBeGreaterThan(0);
      expect(css.body.indexOf('font-family: sans-serif')).toBeLessThan(css.body.indexOf('padding: 1rem'));
      const again = await t.app.inject({
        method: 'GET',
        url: '/site.css',
        headers: { 'if-none-match': css.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect((await get('/assets/../template.conf')).statusCode).toBe(404);
      const missing = await get('/media/missing.png');
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe('Not found');
    });
  });
}
