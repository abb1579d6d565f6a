/**
 * A template that brings no store, blog or events templates of its own (e2e/fixtures/templates)
 * serves the platform's: system collections, system partials, the platform script, folders and
 * indexes, over real HTTP (inject) on each database.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { message } from '@storefront/core';
import { afterAll, describe, expect, it } from 'vitest';
import { appForSuite, DATABASES } from '../../../testing/app.ts';
import { createTemplateEngine } from '../../../storefront/engine.ts';
import { TagBodies } from '../platform-tags.ts';
import { fixtureTemplateSite, type FixtureTemplate } from '../../../testing/fixture-templates.ts';
import { systemTemplates } from './index.ts';

const PRODUCT = '/shop/linen-camp-shirt';
const PRODUCT_ID = '4f701ce5de28051798b991fc';

function siteFor(name: FixtureTemplate) {
  const site = fixtureTemplateSite(name);
  afterAll(() => site.cleanup());
  return site;
}

/** The page's `Static.SQUARESPACE_CONTEXT`, as the platform's globals script reads it. */
function platformContext(html: string): Record<string, unknown> {
  const m = /<script id="squarespace-context" type="application\/json">(.*?)<\/script>/.exec(html);
  if (!m) throw new Error('no Static.SQUARESPACE_CONTEXT in the page');
  return JSON.parse(m[1] as string) as Record<string, unknown>;
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe('system partials a template applies without declaring them', () => {
  const engine = createTemplateEngine();
  const { partials } = systemTemplates((source) => engine.compile(source), new TagBodies());
  const render = (template: string, json: unknown) =>
    engine.render(engine.compile(template), json, { partials }).output;
  const website = {
    socialAccounts: [
      { serviceName: 'instagram-unauth', profileUrl: 'https://instagram.com/x', screenname: 'x' },
    ],
  };

  it("social-links.block lists the site's social accounts, applied to the root or to website", () => {
    const link =
      '<a class="social-links-item sqs-svg-icon--wrapper instagram-unauth" href="https://instagram.com/x" target="_blank" rel="noopener"><span class="social-links-name">x</span></a>';
    expect(render('{@|apply social-links.block}', { website })).toContain(link);
    expect(render('{website|apply social-links.block}', { website })).toContain(link);
    expect(render('{@|apply social-links.block}', { website: {} })).toBe('');
  });

  it('sqs-social-links applied inside nested sections finds website.socialAccounts in the scopes around it', () => {
    const nested = '{.section collection}{.section item}{@|apply sqs-social-links}{.end}{.end}';
    const json = { website, collection: { item: { title: 'A post' } } };
    expect(render(nested, json)).toContain('href="https://instagram.com/x"');
    expect(render('{.section collection}{@|apply social-links.block}{.end}', json)).toContain(
      '<nav class="social-links" aria-label="Social links">',
    );
  });

  it("the system lists' words are the catalogue's, translated by the site's localizedStrings", () => {
    const { collections } = systemTemplates((source) => engine.compile(source), new TagBodies());
    const blogList = (collections.blog?.list?.compiled ?? '') as ReturnType<typeof engine.compile>;
    const list = (json: unknown) => engine.render(blogList, json, { partials }).output;
    const page = {
      collection: { id: 'c1', fullUrl: '/journal' },
      items: [{ id: 'p1', title: 'A post', fullUrl: '/journal/a-post', publishOn: 0 }],
      pagination: { nextPage: true, nextPageUrl: '/journal?offset=1' },
    };
    const english = list(page);
    expect(english).toContain(`>${message('system.read-more')}<span class="visually-hidden">: A post</span>`);
    expect(english).toContain(`rel="next">${message('system.older')}</a>`);
    expect(list({ collection: page.collection, items: [] })).toContain(
      `<p class="BlogList-empty">${message('system.no-posts')}</p>`,
    );
    const french = list({
      ...page,
      localizedStrings: { blogReadMoreText: 'Lire la suite', blogOlderText: 'Plus anciens' },
    });
    expect(french).toContain('>Lire la suite<span class="visually-hidden">: A post</span>');
    expect(french).toContain('rel="next">Plus anciens</a>');
    expect(french).not.toContain(message('system.read-more'));
  });

  it("the partials' words are the catalogue's, translated by the site's localizedStrings", () => {
    const product = { title: 'Mug', fullUrl: '/shop/mug' };
    expect(render('{@|apply sqs-share-buttons}', product)).toContain(`>${message('system.share-email')}</a>`);
    const french = {
      ...product,
      localizedStrings: { shareEmailText: 'Courriel', socialLinksLabelText: 'Réseaux' },
    };
    expect(render('{@|apply sqs-share-buttons}', french)).toContain('>Courriel</a>');
    expect(render('{@|apply sqs-social-links}', { ...french, website })).toContain('aria-label="Réseaux"');
  });

  it('sqs-video-background.block writes the video background of what it is applied to', () => {
    const html = render('{collection|apply sqs-video-background.block}', {
      collection: {
        backgroundSource: { url: 'https://youtu.be/abc', playbackSpeed: 0.5, filter: 1, filterStrength: 40 },
      },
    });
    expect(html).toBe(
      '<div class="sqs-video-background" data-config-url="https://youtu.be/abc" data-config-playback-speed="0.5" data-config-filter="1" data-config-filter-strength="40"><div class="sqs-video-background-overlay"></div></div>',
    );
    expect(render('{collection|apply sqs-video-background.block}', { collection: {} })).toBe('');
  });
});

for (const database of DATABASES) {
  describe(`[${database.name}] system templates: Meridian (declares systemCollections, ships index.list)`, () => {
    const site = siteFor('meridian');
    const t = appForSuite(database, { siteDir: site.dir });
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    it(`[${database.name}] a product page renders the platform's product template: gallery, price, variants, quantity, add to cart`, async () => {
      const res = await get(PRODUCT);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain(`<article class="ProductItem `);
      expect(html).toContain(`data-item-id="${PRODUCT_ID}"`);
      // The gallery: every product image, in the platform's image-loader markup.
      expect(html).toMatch(
        /class="ProductItem-gallery-slides-item-image" data-src="\/media\/linen-shirt-oat\.svg"[^>]*data-image-dimensions="1200x1500"/,
      );
      expect(html).toContain('data-src="/media/linen-shirt-sage.svg"');
      expect(html).toMatch(
        /<div class="ProductItem-product-price">\s*<div class="product-price">\s*<span class="sqs-money-native">98\.00<\/span>/,
      );
      expect(html).toContain(`<div class="product-variants" data-item-id="${PRODUCT_ID}"`);
      expect(html).toContain('class="product-quantity-input"');
      expect(html).toContain('sqs-add-to-cart-button');
      expect(html).toContain('<section class="ProductItem-additional">');
      // The island reads the product from the page context.
      const storefront = /<script id="storefront-context" type="application\/json">([\s\S]*?)<\/script>/.exec(
        html,
      );
      expect(JSON.parse(storefront?.[1] ?? '{}').products[PRODUCT_ID]).toBeDefined();
    });

    it(`[${database.name}] the store, blog and events lists and items render through the platform's templates`, async () => {
      const shop = (await get('/shop')).body;
      expect(count(shop, '<article class="ProductList-item ')).toBe(14);
      expect(shop).toContain('class="sqs-product-quick-view-button"');
      const blog = (await get('/journal')).body;
      expect(count(blog, '<article class="BlogList-item ')).toBe(3);
      const post = (await get('/journal/notes-from-the-winter-firing')).body;
      expect(post).toContain(
        '<h1 class="BlogItem-title" data-content-field="title">Notes from the winter firing</h1>',
      );
      const events = (await get('/events')).body;
      expect(count(events, '<article class="eventlist-event ')).toBe(2);
      expect(events).toContain(
        '<time class="event-date" datetime="2027-03-30">Tuesday, March 30, 2027</time>',
      );
      const event = (await get('/events/open-studio-day')).body;
      expect(event).toContain('<h1 class="eventitem-title" data-content-field="title">Open studio day</h1>');
    });

    it(`[${database.name}] a template's own list wins over the platform's: Meridian's index.list`, async () => {
      const html = (await get('/studio')).body;
      expect(html).toContain('<div class="Meridian-index">');
      expect(html).not.toContain('<div class="Index"');
      expect(html).toMatch(/<h2 class="Meridian-index-page-title"><a href="\/about">About<\/a><\/h2>/);
    });

    it(`[${database.name}] a collection of a type nobody knows shows its description (the demo's "home")`, async () => {
      const html = (await get('/')).body;
      expect(html).toContain(
        '<div class="collection-description"><p>Small-batch stoneware, linen and beeswax, made slowly in Hudson, New York.</p></div>',
      );
    });

    it(`[${database.name}] system partials: sqs-social-links from systemPartials, sqs-share-buttons in the product page`, async () => {
      const html = (await get(PRODUCT)).body;
      expect(html).toContain(
        '<a class="social-links-item sqs-svg-icon--wrapper instagram-unauth" href="https://www.instagram.com/juniperrow.studio"',
      );
      expect(html).toContain(`<div class="sqs-share-buttons" data-share-url="${PRODUCT}">`);
    });

    it(`[${database.name}] {squarespace-headers} sets Static.SQUARESPACE_CONTEXT; the CSP allows its globals script`, async () => {
      const res = await get(PRODUCT);
      expect(platformContext(res.body)).toMatchObject({
        collectionId: 'efb5b1b6891646c806f549db',
        itemId: PRODUCT_ID,
        pageType: 50,
        templateId: 'Meridian',
        website: { id: 'b50c2db6172e1224f19c979c', siteTitle: 'Juniper Row' },
        collection: { typeName: 'products', fullUrl: '/shop' },
      });
      const globals = /<script>(\(function \(w, d\) \{[\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
      expect(globals).toContain('w.Static.SQUARESPACE_CONTEXT = data ? JSON.parse(data.textContent) : {};');
      const hash = createHash('sha256').update(globals).digest('base64');
      expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
      // The template's bundle comes with the page.
      expect(res.body).toContain('<script src="/scripts/site-bundle.js"></script>');
    });

    it(`[${database.name}] folders: navigation lists a folder's children, folderActive on its page, folder-navigation its siblings`, async () => {
      const html = (await get('/contact')).body;
      expect(html).toMatch(
        /<li class="Header-nav-item Header-nav-folder Header-nav-folder--active">\s*<span class="Header-nav-folder-title">Info<\/span>\s*<ul class="Header-nav-folder-items">\s*<li><a class="Header-nav-folder-item" href="\/about">About<\/a><\/li><li><a class="Header-nav-folder-item Header-nav-item--active" href="\/contact">Contact<\/a><\/li>/,
      );
      expect(html).toContain(
        '<nav class="FolderNav" aria-label="In this section"><ul class="FolderNav-list"><li class="FolderNav-item"><a href="/about">About</a></li><li class="FolderNav-item FolderNav-item--active"><a href="/contact">Contact</a></li></ul></nav>',
      );
      // Outside any folder: neither open.
      const shop = (await get('/shop')).body;
      expect(shop).toContain('<li class="Header-nav-item Header-nav-folder">');
      expect(shop).not.toContain('class="FolderNav"');
    });

    it(`[${database.name}] a folder sends its visitors to its first child; an index carries collection.collections[]`, async () => {
      const folder = await get('/info');
      expect(folder.statusCode).toBe(302);
      expect(folder.headers.location).toBe('/about');
      const index = await get('/studio?format=json');
      const collection = JSON.parse(index.body).collection;
      expect(collection).toMatchObject({ typeName: 'index', folder: true, folderBehavior: 1 });
      expect(collection.collections.map((c: { urlId: string }) => c.urlId)).toEqual(['about', 'contact']);
      expect(collection.collections[0].mainContent).toContain('Two people, one old feed store');
    });
  });

  describe(`[${database.name}] system templates: an index holding a store and a page`, () => {
    const site = siteFor('harbor');
    const studio = join(site.dir, 'content/collections/studio.json');
    writeFileSync(
      studio,
      JSON.stringify({ ...JSON.parse(readFileSync(studio, 'utf8')), collections: ['shop', 'about'] }),
    );
    const t = appForSuite(database, { siteDir: site.dir });

    it(`[${database.name}] the store inside the index shows its products, loaded with the page`, async () => {
      const index = await t.app.inject({ url: '/studio?format=json' });
      const [shop, about] = JSON.parse(index.body).collection.collections as {
        urlId: string;
        items?: { title: string; fullUrl: string }[];
      }[];
      expect(shop?.urlId).toBe('shop');
      expect(shop?.items).toHaveLength(14);
      expect(about?.items ?? []).toHaveLength(0);
      const html = (await t.app.inject({ url: '/studio' })).body;
      expect(html).toContain('<div class="Index-page-items Index-page-items--products">');
      expect(html).toMatch(
        /<a class="Index-page-item" href="\/shop\/linen-camp-shirt" data-item-id="4f701ce5de28051798b991fc">[\s\S]*?<span class="Index-page-item-title">Linen Camp Shirt<\/span><span class="Index-page-item-price">/,
      );
      expect(count(html, '<a class="Index-page-item" ')).toBe(14);
    });
  });

  describe(`[${database.name}] system templates: Harbor (no collection templates at all)`, () => {
    const site = siteFor('harbor');
    const t = appForSuite(database, { siteDir: site.dir });
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    it(`[${database.name}] an index renders through the platform's index template, each child page with its content`, async () => {
      const html = (await get('/studio')).body;
      expect(html).toContain('<div class="Index" data-collection-id="1de70000000000000000a001">');
      expect(count(html, '<section class="Index-page"')).toBe(2);
      expect(html).toContain('Two people, one old feed store');
      expect(html).toContain(
        '<div class="Index-page-description"><p>Questions about an order, wholesale or workshops.</p></div>',
      );
    });

    it(`[${database.name}] the index's children appear under it in navigation, the current one marked`, async () => {
      const html = (await get('/about')).body;
      expect(html).toMatch(
        /<li class="harbor-nav-index harbor-nav-open"><a href="\/studio">Studio<\/a>\s*<ul class="harbor-subnav"><li class="harbor-current"><a href="\/about">About<\/a><\/li><li><a href="\/contact">Contact<\/a><\/li><\/ul>/,
      );
    });

    it(`[${database.name}] the product page is the platform's`, async () => {
      const html = (await get(PRODUCT)).body;
      expect(html).toContain(
        '<h1 class="ProductItem-details-title" data-content-field="title">Linen Camp Shirt</h1>',
      );
      expect(html).toContain('sqs-add-to-cart-button');
    });
  });
}
