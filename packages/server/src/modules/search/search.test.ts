import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeKey } from '../../platform/db/change-version.ts';
import { syncContent } from '../catalogue/content-sync.ts';
import { searchableContent } from '../catalogue/catalogue-store.ts';
import { createTemplateEngine } from '../../storefront/engine.ts';
import { TagBodies } from '../../platform/site/platform-tags.ts';
import { loadSite } from '../../platform/site/loader.ts';
import { DATABASES, DEMO_SITE, startApp, type TestApp } from '../../testing/app.ts';
import { reindexItems } from './index-store.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';

interface Suggestion {
  query: string;
  url: string;
  total: number;
  groups: { type: string; label: string; count: number; results: { title: string; url: string }[] }[];
}

/** The result titles of a search page, in order (their text, without the <mark>s). */
const titles = (html: string) =>
  [...html.matchAll(/<h2><a href="[^"]*">(.*?)<\/a><\/h2>/g)].map((m) =>
    (m[1] ?? '').replace(/<\/?mark>/g, ''),
  );

const engine = createTemplateEngine();

describe.each(DATABASES)('site search on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(database, { siteDir: DEMO_SITE });
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = (query: string) => t.app.inject({ method: 'GET', url: `/search?${query}` });
  const suggest = (query: string) => t.app.inject({ method: 'GET', url: `/api/search/suggest?${query}` });

  it('finds the mug first, in the site layout, as page type 102, marked noindex', async () => {
    const page = await search('q=mug');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-page-type']).toBe('102');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.body).toContain('class="site-header"'); // the demo template's layout
    expect(titles(page.body)[0]).toBe('Speckled Stoneware Mug');
    expect(page.body).toContain(
      '<h2><a href="/shop/speckled-stoneware-mug">Speckled Stoneware <mark>Mug</mark></a></h2>',
    );
    expect(page.body).toMatch(/<p role="status">\d+ results? for “mug”<\/p>/);
  });

  it('finds a word typed with one wrong letter or two letters swapped', async () => {
    for (const typo of ['mgu', 'mig', 'stonewrae', 'stonewaer'])
      expect(titles((await search(`q=${typo}`)).body), typo).toContain('Speckled Stoneware Mug');
    // Typos rank below words found as typed: "mug" finds no "rug"-like word above the mug.
    expect(titles((await search('q=mgu')).body)[0]).toBe('Speckled Stoneware Mug');
  });

  it('finds words by their beginning', async () => {
    const page = await search('q=mu');
    expect(titles(page.body)).toContain('Speckled Stoneware Mug');
    expect(titles((await search('q=stonew')).body)).toContain('Speckled Stoneware Mug');
  });

  it('finds a post by a word of its body only, with the word highlighted in the snippet', async () => {
    const page = await search('q=detergent');
    expect(titles(page.body)).toEqual(['How we wash (and don’t iron) our linen']);
    expect(page.body).toContain('<mark>detergent</mark>');
    expect(page.body).toContain('<span class="sf-search__kind">Posts</span>');
  });

  it('finds a post by the words of its layout blocks (text, heading, video caption)', async () => {
    // Words only the demo post's blocks hold, none of its body or excerpt.
    for (const word of ['unloaded', 'sound', 'unloading'])
      expect(titles((await search(`q=${word}`)).body), word).toEqual(['Notes from the winter firing']);
  });

  it('finds products by SKU, variant option, tag and category, and pages by their content', async () => {
    expect(titles((await search('q=JR-MUG-SPEWHI')).body)[0]).toBe('Speckled Stoneware Mug');
    expect(titles((await search('q=speckled+white')).body)[0]).toBe('Speckled Stoneware Mug');
    expect(titles((await search('q=Kinderhook')).body)).toContain('About');
  });

  it('shows the empty state for a query that matches nothing', async () => {
    const page = await search('q=zzyzxqwv');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('No results for “zzyzxqwv”');
    expect(page.body).toContain('Check the spelling');
    expect(titles(page.body)).toEqual([]);
  });

  it('filters by type and counts the results of each type (facets)', async () => {
    const all = await search('q=linen');
    expect(all.body).toMatch(/Products \(\d+\)/);
    expect(all.body).toMatch(/Posts \(\d+\)/);
    const posts = await search('q=linen&type=post');
    const postTitles = titles(posts.body);
    expect(postTitles.length).toBeGreaterThan(0);
    expect(postTitles).not.toContain('Linen Camp Shirt');
    expect(posts.body).toContain('<span class="sf-search__kind">Posts</span>');
    expect(posts.body).not.toContain('<span class="sf-search__kind">Products</span>');
    const products = await search('q=linen&type=product');
    expect(titles(products.body)).toContain('Linen Camp Shirt');
    expect(products.body).not.toContain('<span class="sf-search__kind">Posts</span>');
  });

  it('sorts products by price', async () => {
    const prices = (html: string) =>
      [...html.matchAll(/<p>\$(\d+(?:\.\d\d)?)<\/p>/g)].map((m) => Number(m[1]));
    const ascending = prices((await search('q=a&type=product&sort=price-asc')).body);
    expect(ascending.length).toBeGreaterThan(2);
    expect(ascending).toEqual([...ascending].sort((x, y) => x - y));
    const descending = prices((await search('q=a&type=product&sort=price-desc')).body);
    expect(descending.length).toBeGreaterThan(2);
    expect(descending).toEqual([...descending].sort((x, y) => y - x));
    expect(descending[0]).toBeGreaterThan(ascending[0] as number);
  });

  it('sorts the newest first', async () => {
    const posts = async (sort: string) => titles((await search(`q=a&type=post&sort=${sort}`)).body);
    expect(await posts('newest')).toEqual([
      'Notes from the winter firing',
      'How we wash (and don’t iron) our linen',
      'A visit to the apiary that makes our candles possible',
    ]);
  });

  it('pages through results, ten at a time, each once', async () => {
    const first = await search('q=a');
    const total = Number(/(\d+) results for/.exec(first.body)?.[1]);
    expect(total).toBeGreaterThan(10);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 10); page++) {
      const body = (await search(`q=a&page=${page}`)).body;
      seen.push(...titles(body));
      if (page > 2) expect(body).toContain(`rel="prev" href="/search?q=a&amp;page=${page - 1}"`);
      if (page === 2) expect(body).toContain('rel="prev" href="/search?q=a"');
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(titles((await search(`q=a&page=${Math.ceil(total / 10) + 1}`)).body)).toEqual([]);
  });

  it('refuses an over-long query with a message saying how long it may be, page and API', async () => {
    const long = 'm'.repeat(201);
    const page = await search(`q=${long}`);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Your search is too long: use at most 200 characters.');
    const api = await suggest(`q=${long}`);
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({
      code: 'search-query-too-long',
      message: 'Your search is too long: use at most 200 characters.',
    });
    expect((await search(`q=${'m'.repeat(200)}`)).statusCode).toBe(200);
  });

  it('answers odd input with a 4xx or results, never a 500', async () => {
    const odd = [
      'q=%00',
      'q=mug%00',
      'q=%22',
      'q=%22mug%22*',
      'q=mug+OR+NOT',
      'q=AND',
      'q=(',
      'q=*',
      'q=mu:*%20%26%20!',
      'q=%27%3B+DROP+TABLE+items%3B--',
      'q=%F0%9F%90%9D',
      'q=%E2%80%AE',
      'q=ÅNGSTRÖM',
      'q=%ED%A0%80',
      'q[]=mug',
      'q=mug&q=cup',
      'q=mug&page=0',
      'q=mug&page=abc',
      'q=mug&type=widget',
      'q=mug&sort=cheapest',
      `q=${'a%20'.repeat(60)}`,
      'q=',
      '',
    ];
    for (const query of odd) {
      for (const answer of [await search(query), await suggest(query)]) {
        expect(answer.statusCode, query).toBeLessThan(500);
        expect([200, 400], query).toContain(answer.statusCode);
      }
    }
    expect((await search('q=mug&type=widget')).body).toContain('That search could not be understood');
  });

  it('suggests the first results of each type while typing, as small cacheable JSON', async () => {
    const answer = await suggest('q=lin');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=30');
    const body = answer.json() as Suggestion;
    expect(body.url).toBe('/search?q=lin');
    const products = body.groups.find((g) => g.type === 'product');
    expect(products?.label).toBe('Products');
    expect(products?.results.map((r) => r.title)).toContain('Linen Camp Shirt');
    for (const group of body.groups) expect(group.results.length).toBeLessThanOrEqual(4);
    expect(body.total).toBe(body.groups.reduce((sum, g) => sum + g.count, 0));
    expect(((await suggest('q=zzyzxqwv')).json() as Suggestion).groups).toEqual([]);
  });

  it('counts products per category and filters by one', async () => {
    const all = await search('q=stoneware');
    expect(all.body).toMatch(/>Kitchen \(\d+\)<\/a>/);
    const kitchen = await search('q=stoneware&type=product&category=Kitchen');
    expect(titles(kitchen.body)).toContain('Speckled Stoneware Mug');
    expect(kitchen.body).toContain('aria-current="page">Kitchen (');
    expect(titles((await search('q=stoneware&type=product&category=Wear')).body)).not.toContain(
      'Speckled Stoneware Mug',
    );
  });

  it('fills an empty index (a database from before search) on the next content sync', async () => {
    const db = t.app.database.db;
    await db.deleteFrom('search_documents').execute();
    expect(titles((await search('q=detergent')).body)).toEqual([]);
    const site = loadSite(DEMO_SITE, (source) => engine.compile(source), new TagBodies());
    const result = await syncContent(db, site.content);
    expect(result.writtenRows).toBe(0); // the content itself is unchanged
    expect(titles((await search('q=detergent')).body)).toEqual(['How we wash (and don’t iron) our linen']);
  });

  it('ranks a word in a title above the same word in a body, and words as typed above typos', async () => {
    const site = loadSite(DEMO_SITE, (source) => engine.compile(source), new TagBodies());
    const journal = site.content.collections.find((c) => c.urlId === 'journal');
    const post = (id: string, title: string, body: string) => ({
      id,
      urlId: id,
      title,
      body: `<p>${body}</p>`,
      addedOn: 1_790_000_000_000,
    });
    const long = 'A long note about glazes, kilns, clay bodies and the studio calendar. '.repeat(8);
    journal?.items?.push(
      post('ranking-body', 'Serving tray notes', 'quokka quokka quokka quokka pattern'),
      post('ranking-title', 'Quokka spoon', `${long} A small spoon.`),
      post('ranking-typed', 'Blorp vase', long),
      post('ranking-typo', 'Blorq', 'Blorq.'),
    );
    await syncContent(t.app.database.db, site.content);
    expect(titles((await search('q=quokka')).body)).toEqual(['Quokka spoon', 'Serving tray notes']);
    expect(titles((await search('q=blorp')).body)).toEqual(['Blorp vase', 'Blorq']);
  });

  it('follows content changes: content sync and reindexItems', async () => {
    const db = t.app.database.db;
    const site = loadSite(DEMO_SITE, (source) => engine.compile(source), new TagBodies());
    const shop = site.content.collections.find((c) => c.urlId === 'shop');
    const mug = shop?.items?.find((i) => i.urlId === 'speckled-stoneware-mug');
    if (!mug) throw new Error('the demo has no mug');
    mug.title = 'Speckled Stoneware Tankard';
    await syncContent(db, site.content);
    expect(titles((await search('q=tankard')).body)).toEqual(['Speckled Stoneware Tankard']);
    expect(titles((await search('q=tankrad')).body)).toEqual(['Speckled Stoneware Tankard']);

    // A write outside content sync (the back office's), then reindexItems in its transaction.
    await writeTransaction(db, async (trx, changes) => {
      const row = await trx
        .selectFrom('items')
        .select('data')
        .where('id', '=', mug.id)
        .executeTakeFirstOrThrow();
      const data = { ...JSON.parse(row.data), title: 'Speckled Stoneware Beaker' };
      await trx
        .updateTable('items')
        .set({ title: data.title, data: JSON.stringify(data) })
        .where('id', '=', mug.id)
        .execute();
      changes.touch(changeKey.item(mug.id));
      await reindexItems(trx, [mug.id], searchableContent);
    });
    expect(titles((await search('q=beaker')).body)).toEqual(['Speckled Stoneware Beaker']);
    expect(titles((await search('q=tankard')).body)).toEqual([]);

    // Removed from the content: gone from search.
    shop!.items = shop!.items!.filter((i) => i.id !== mug.id);
    await syncContent(db, site.content);
    expect(titles((await search('q=beaker')).body)).toEqual([]);
  });
});

describe.each(DATABASES)("a template's own search page on $name", (database) => {
  let t: TestApp;
  let siteDir: string;
  beforeAll(async () => {
    siteDir = mkdtempSync(join(tmpdir(), 'storefront-search-site-'));
    cpSync(DEMO_SITE, siteDir, { recursive: true });
    writeFileSync(
      join(siteDir, 'template/pages/search.page'),
      '<div class="own-search"><p>You searched for {search.query}: {search.total} found.</p>' +
        '{.repeated section search.results}<a class="own-hit" href="{url}">{title}</a>{.end}' +
        '{.if search.empty}<p class="own-empty">Nothing here.</p>{.end}</div>',
    );
    t = await startApp(database, { siteDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('renders pages/search.page with the results in `search`, inside the layout', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/search?q=mug' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-page-type']).toBe('102');
    expect(page.body).toContain('class="site-header"');
    expect(page.body).toMatch(/You searched for mug: \d+ found\./);
    expect(page.body).toContain(
      '<a class="own-hit" href="/shop/speckled-stoneware-mug">Speckled Stoneware Mug</a>',
    );
    expect(page.body).not.toContain('class="sf-search"');
    const none = await t.app.inject({ method: 'GET', url: '/search?q=%3Cb%3Ezzyzxqwv' });
    expect(none.body).toContain('<p class="own-empty">Nothing here.</p>');
    expect(none.body).not.toContain('<b>zzyzxqwv');
  });
});
