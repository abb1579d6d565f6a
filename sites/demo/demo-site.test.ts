/**
 * The demo site (sites/demo): its content is complete and consistent, and its templates compile and
 * render without errors through our engine and the platform helpers.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine } from '@storefront/jsont';
import { isOnSale, isSoldOut, parseProduct, platformPlugin } from '@storefront/core';

const siteDir = dirname(fileURLToPath(import.meta.url));
const contentDir = join(siteDir, 'content');
const templateDir = join(siteDir, 'template');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const readJson = (...parts: string[]): Json => JSON.parse(readFileSync(join(...parts), 'utf8')) as Json;
const collections = readdirSync(join(contentDir, 'collections'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => readJson(contentDir, 'collections', f));
const byUrlId = (urlId: string) => {
  const c = collections.find((x) => x.urlId === urlId);
  if (!c) throw new Error(`no collection ${urlId}`);
  return c;
};
const shop = collections.find((c) => c.typeName === 'products') as Json;
const products: Json[] = shop.items;
const variantsOf = (p: Json): Json[] => p.structuredContent.variants;
const site = readJson(contentDir, 'website.json');

describe('demo content', () => {
  it('has a website with a title, the New York time zone and USD as the store currency', () => {
    expect(site.website.siteTitle).toBeTruthy();
    expect(site.website.timeZone).toBe('America/New_York');
    expect(site.websiteSettings.storeSettings.defaultCurrency).toBe('USD');
  });

  it('has a products collection (type 13) with at least 12 products', () => {
    expect(shop.type).toBe(13);
    expect(shop.urlId).toBe('shop');
    expect(products.length).toBeGreaterThanOrEqual(12);
  });

  it('has exactly one homepage collection', () => {
    expect(collections.filter((c) => c.homepage === true)).toHaveLength(1);
  });

  it('navigation names only collections that exist', () => {
    const nav = readJson(contentDir, 'navigation.json');
    expect(nav.mainNav.length).toBeGreaterThan(0);
    for (const entries of Object.values(nav) as unknown[][]) {
      for (const entry of entries) if (typeof entry === 'string') expect(() => byUrlId(entry)).not.toThrow();
    }
  });

  it('has unique ids: collections, items, variants', () => {
    const ids = [
      ...collections.map((c) => c.id),
      ...collections.flatMap((c) => (c.items ?? []).map((i: Json) => i.id)),
      ...products.flatMap((p) => variantsOf(p).map((v) => v.id)),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every product has unique variant SKUs (within the product and across the shop)', () => {
    const all: string[] = [];
    for (const p of products) {
      const skus = variantsOf(p).map((v) => v.sku);
      expect(
        skus.every((s) => typeof s === 'string' && s.length > 0),
        p.title,
      ).toBe(true);
      expect(new Set(skus).size, p.title).toBe(skus.length);
      all.push(...skus);
    }
    expect(new Set(all).size).toBe(all.length);
  });

  it('keeps every variant consistent: prices in both forms, options matching attributes', () => {
    const cents = (value: string) => {
      const [whole, frac = ''] = value.split('.');
      return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
    };
    for (const p of products) {
      const ordering: string[] = p.structuredContent.variantOptionOrdering;
      for (const v of variantsOf(p)) {
        const label = `${p.title} ${v.sku}`;
        expect(v.priceMoney.currency, label).toBe('USD');
        expect(v.priceMoney.value, label).toMatch(/^\d+\.\d{2}$/);
        expect(v.price, label).toBe(cents(v.priceMoney.value));
        expect(v.salePrice, label).toBe(v.onSale ? cents(v.salePriceMoney.value) : 0);
        if (v.onSale) expect(cents(v.salePriceMoney.value), label).toBeLessThan(v.price);
        expect(Object.keys(v.attributes).sort(), label).toEqual([...ordering].sort());
        expect(v.optionValues, label).toEqual(
          ordering.map((optionName) => ({ optionName, value: v.attributes[optionName] })),
        );
        expect(typeof v.unlimited, label).toBe('boolean');
        expect(Number.isInteger(v.qtyInStock) && v.qtyInStock >= 0, label).toBe(true);
      }
      const combos = variantsOf(p).map((v) => JSON.stringify(ordering.map((o) => v.attributes[o])));
      expect(new Set(combos).size, `${p.title}: each option combination once`).toBe(combos.length);
    }
  });

  describe('covers every kind of product the issue asks for', () => {
    const ofType = (t: number) => products.filter((p) => p.structuredContent.productType === t);

    it('a physical product with two variant options, stock differing by variant, one variant at 0', () => {
      const twoOptions = ofType(1).filter((p) => p.structuredContent.variantOptionOrdering.length === 2);
      expect(twoOptions.length).toBeGreaterThan(0);
      const p = twoOptions[0] as Json;
      const stocks = variantsOf(p).map((v) => v.qtyInStock);
      expect(variantsOf(p).length).toBeGreaterThanOrEqual(4);
      expect(new Set(stocks).size).toBeGreaterThan(2);
      expect(stocks).toContain(0);
      expect(isSoldOut(parseProduct(p).product)).toBe(false);
    });

    it('a sold-out product: every variant at 0 and none unlimited (spec section 4)', () => {
      const soldOut = products.filter((p) => isSoldOut(parseProduct(p).product));
      expect(soldOut.length).toBeGreaterThan(0);
      for (const p of soldOut) {
        expect([1, 3]).toContain(p.structuredContent.productType);
        expect(variantsOf(p).every((v) => v.qtyInStock === 0 && v.unlimited === false)).toBe(true);
      }
    });

    it('an on-sale product (salePriceMoney and onSale)', () => {
      const onSale = products.filter((p) => {
        const product = parseProduct(p).product;
        return isOnSale(product) && !isSoldOut(product);
      });
      expect(onSale.length).toBeGreaterThan(0);
      expect(variantsOf(onSale[0] as Json).some((v) => v.onSale && Number(v.salePriceMoney.value) > 0)).toBe(
        true,
      );
    });

    it('a low-stock product (2 or 3 left) with scarcity enabled', () => {
      const low = products.filter((p) => {
        const total = variantsOf(p).reduce((n, v) => n + (v.unlimited ? Infinity : v.qtyInStock), 0);
        return p.structuredContent.productType === 1 && total >= 2 && total <= 3;
      });
      expect(low.length).toBeGreaterThan(0);
      const m = (low[0] as Json).merchandisingContext;
      expect(m).toMatchObject({
        scarcityEnabled: true,
        scarcityText: 'Only {qtyInStock} left!',
        scarcityShownByDefault: true,
      });
    });

    it('a digital product (type 2, unlimited, price on the product)', () => {
      const digital = ofType(2);
      expect(digital.length).toBeGreaterThan(0);
      for (const p of digital) {
        expect(variantsOf(p).every((v) => v.unlimited)).toBe(true);
        expect(p.structuredContent.priceMoney).toEqual(variantsOf(p)[0]?.priceMoney);
      }
    });

    it('a service (type 3)', () => {
      expect(ofType(3).length).toBeGreaterThan(0);
    });

    it('a gift card (type 4) with denominations as variants of the option Value', () => {
      const cards = ofType(4);
      expect(cards.length).toBeGreaterThan(0);
      const card = cards[0] as Json;
      expect(card.structuredContent.variantOptionOrdering).toEqual(['Value']);
      expect(variantsOf(card).length).toBeGreaterThan(1);
      const prices = variantsOf(card).map((v) => v.priceMoney.value);
      expect(new Set(prices).size).toBe(prices.length);
    });

    it('a subscription product with a plan on the product, its options and its variants', () => {
      const subs = products.filter((p) => p.structuredContent.isSubscribable === true);
      expect(subs.length).toBeGreaterThan(0);
      const sc = (subs[0] as Json).structuredContent;
      expect(sc.subscriptionPlan.billingPeriod).toMatchObject({
        value: expect.any(Number),
        unit: expect.stringMatching(/^(WEEK|MONTH|YEAR)$/),
      });
      expect(sc.productSubscriptionOptions[0].id).toBeTruthy();
      for (const v of sc.variants) {
        expect(v.pricingOptions[0]).toMatchObject({
          productSubscriptionOptionId: sc.productSubscriptionOptions[0].id,
          priceMoney: v.priceMoney,
          subscriptionPlan: sc.subscriptionPlan,
        });
      }
    });
  });

  it('has a journal (blog) with 3 posts, each with an author, a date, an excerpt and tags', () => {
    const blog = collections.find((c) => c.typeName === 'blog') as Json;
    expect(blog.items).toHaveLength(3);
    for (const post of blog.items) {
      expect(post.title).toBeTruthy();
      expect(post.author.displayName).toBeTruthy();
      expect(Number.isFinite(post.publishOn)).toBe(true);
      expect(post.excerpt).toMatch(/\S/);
      expect(post.body.length).toBeGreaterThan(400);
      expect(post.tags.length).toBeGreaterThan(0);
    }
  });

  it('has an about page with main content', () => {
    const about = byUrlId('about');
    expect(about.typeName).toBe('page');
    expect(about.mainContent).toMatch(/<h1>/);
  });

  it('has a contact form: name, email, subject select, message textarea, newsletter checkbox', () => {
    const form = readJson(contentDir, 'forms', 'contact.json');
    const types = form.fields.map((f: Json) => f.type);
    expect(types).toEqual(['name', 'email', 'select', 'textarea', 'checkbox']);
    const ids = form.fields.map((f: Json) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(form.fields.find((f: Json) => f.type === 'select').options.length).toBeGreaterThan(1);
  });

  it('every image the content refers to exists in content/media', () => {
    const urls = new Set<string>();
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if ((k === 'assetUrl' || k === 'avatarAssetUrl' || k === 'logoImageUrl') && typeof x === 'string')
            urls.add(x);
          else walk(x);
        }
      } else if (typeof v === 'string') for (const m of v.matchAll(/\/media\/[\w.-]+/g)) urls.add(m[0]);
    };
    walk(collections);
    walk(site);
    walk(readFileSync(join(templateDir, 'collections', 'home.list'), 'utf8'));
    expect(urls.size).toBeGreaterThan(20);
    for (const url of urls) {
      expect(url, url).toMatch(/^\/media\//);
      expect(existsSync(join(contentDir, url)), url).toBe(true);
    }
    for (const p of products) expect(p.items.length, p.title).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------- templates

const templateFiles = (): string[] => {
  const out = readdirSync(templateDir).filter((f) => f.endsWith('.region'));
  for (const d of ['collections', 'blocks', 'pages']) {
    for (const f of readdirSync(join(templateDir, d)))
      if (/\.(list|item|block|page)$/.test(f)) out.push(`${d}/${f}`);
  }
  return out;
};

const partials = Object.fromEntries(
  readdirSync(join(templateDir, 'blocks')).map((f) => [
    f,
    readFileSync(join(templateDir, 'blocks', f), 'utf8'),
  ]),
);
const engine = createEngine({ plugins: [platformPlugin], enableExpressions: true });
const source = (file: string) => readFileSync(join(templateDir, file), 'utf8');

/** What the server puts around a page; enough for the templates to find what they read. */
const root = (extra: Json): Json => ({
  website: site.website,
  websiteSettings: site.websiteSettings,
  localizedStrings: {},
  shoppingCart: { entries: [{ quantity: 2 }] },
  productMerchandisingContext: Object.fromEntries(
    products.filter((p) => p.merchandisingContext).map((p) => [p.id, p.merchandisingContext]),
  ),
  ...extra,
});
const withUrl = (c: Json): Json => ({
  ...c,
  fullUrl: `/${c.urlId}`,
  items: (c.items ?? []).map((i: Json) => ({ ...i, fullUrl: `/${c.urlId}/${i.urlId}` })),
});

/** Tags the engine did not understand come out as literal text. */
const leftovers = (html: string) =>
  html.match(/\{[.@#]?[a-z][\w.@-]*(\|[^}\n]*)?\}|\{\.[^}\n]*\}|\{@[^}\n]*\}/gi) ?? [];

describe('demo template', () => {
  it('template.conf names a default layout, mainNav and existing stylesheets', () => {
    const conf = readJson(templateDir, 'template.conf');
    expect(conf.name).toBeTruthy();
    expect(conf.layouts.default.regions.length).toBeGreaterThan(0);
    for (const r of conf.layouts.default.regions)
      expect(existsSync(join(templateDir, `${r}.region`))).toBe(true);
    expect(conf.navigations.map((n: Json) => n.name)).toContain('mainNav');
    for (const s of conf.stylesheets) expect(existsSync(join(templateDir, 'styles', s))).toBe(true);
  });

  it.each(templateFiles())('%s compiles with no errors', (file) => {
    expect(engine.compile(source(file)).errors).toEqual([]);
  });

  it('the region has the platform variables and tags', () => {
    const region = source('site.region');
    for (const needle of [
      '{squarespace-headers}',
      '{squarespace-footers}',
      '{squarespace.main-content}',
      'class="{squarespace.page-classes}"',
      'id="{squarespace.page-id}"',
      '<squarespace:navigation navigationId="mainNav" template="navigation"/>',
      '{@|cart-url}',
    ]) {
      expect(region).toContain(needle);
    }
  });

  it.each(products.map((p) => [p.urlId, p] as const))(
    'products.item renders %s without errors',
    (_urlId, product) => {
      const collection = withUrl(shop);
      const item = collection.items.find((i: Json) => i.id === product.id);
      const { output, errors } = engine.render(
        source('collections/products.item'),
        root({ collection, item, pagination: {} }),
        { partials },
      );
      expect(errors).toEqual([]);
      expect(leftovers(output)).toEqual([]);
      expect(output).toContain('class="product-price"');
      expect(output).toContain('sqs-add-to-cart-button');
      expect(output).toContain(product.title);
    },
  );

  it('products.list renders every product card with its price and marks', () => {
    const collection = withUrl(shop);
    const { output, errors } = engine.render(
      source('collections/products.list'),
      root({ collection, items: collection.items }),
      { partials },
    );
    expect(errors).toEqual([]);
    expect(leftovers(output)).toEqual([]);
    expect(output.match(/<article class="product-card /g)).toHaveLength(products.length);
    expect(output).toContain('<div class="product-mark sold-out">');
    expect(output).toContain('<div class="product-mark sale">');
    expect(output).toContain('class="original-price"');
  });

  it('blog.list and blog.item render dates, authors and tags', () => {
    const collection = withUrl(byUrlId('journal'));
    const list = engine.render(
      source('collections/blog.list'),
      root({ collection, items: collection.items }),
      { partials },
    );
    expect(list.errors).toEqual([]);
    expect(leftovers(list.output)).toEqual([]);
    expect(list.output).toContain('November 17, 2026');
    const post = collection.items[0];
    const item = engine.render(
      source('collections/blog.item'),
      root({ collection, item: post, pagination: { nextItem: collection.items[1] } }),
      { partials },
    );
    expect(item.errors).toEqual([]);
    expect(leftovers(item.output)).toEqual([]);
    expect(item.output).toContain(post.author.displayName);
  });

  it.each(['collections/home.list', 'pages/contact.page', 'pages/not-found.page', 'site.region'])(
    '%s renders without errors',
    (file) => {
      const { output, errors } = engine.render(
        source(file),
        root({
          collection: withUrl(byUrlId('home')),
          items: [],
          squarespace: { 'main-content': '<p>main</p>' },
        }),
        { partials },
      );
      expect(errors).toEqual([]);
      expect(leftovers(output)).toEqual([]);
    },
  );
});
