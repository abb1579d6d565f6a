import { statSync } from 'node:fs';
import { join } from 'node:path';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, DEMO_SITE, startApp, type TestApp } from '../../testing/app.ts';
import { rssFeed } from './rss.ts';

interface FeedItem {
  title: string;
  link: string;
  guid: string;
  pubDate: string;
  'content:encoded': string;
  description?: string;
  enclosure?: { url: string; length: string; type: string };
}
const parser = new Parser<Record<string, never>, FeedItem>({
  customFields: { item: ['content:encoded', 'description'] },
});

for (const database of DATABASES) {
  describe(`[${database.name}] feeds and formats on the demo site`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database, { siteDir: DEMO_SITE });
    });
    afterAll(async () => t?.close());
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    it(`[${database.name}] ?format=rss on the journal is RSS 2.0 with every post's full body and image`, async () => {
      const res = await get('/journal?format=rss');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
      const feed = await parser.parseString(res.body);
      const site = t.config.siteUrl;
      expect(feed.title).toContain('Journal');
      expect(feed.link).toBe(`${site}/journal`);
      expect(feed.description).toContain('Notes from the studio');
      const posts = (await get('/journal?format=json')).json().items as {
        id: string;
        title: string;
        fullUrl: string;
        body: string;
        publishOn: number;
        assetUrl: string;
      }[];
      expect(feed.items.map((i) => i.title)).toEqual(posts.map((p) => p.title));
      for (const [i, post] of posts.entries()) {
        const item = feed.items[i] as FeedItem;
        expect(item.link).toBe(`${site}${post.fullUrl}`);
        expect(item.guid).toBe(post.id);
        expect(item.pubDate).toBe(new Date(post.publishOn).toUTCString());
        expect(item['content:encoded']).toBe(post.body);
        const file = join(DEMO_SITE, 'content', post.assetUrl);
        expect(item.enclosure).toEqual({
          url: `${site}${post.assetUrl}`,
          length: String(statSync(file).size),
          type: 'image/svg+xml',
        });
      }
    });

    it(`[${database.name}] a post made of blocks has their words in its description`, async () => {
      const feed = await parser.parseString((await get('/journal?format=rss')).body);
      const post = feed.items.find((i) => i.title === 'Notes from the winter firing');
      const description = post?.description ?? '';
      expect(description).toContain('<h2>The firing, in pictures and sound</h2>');
      expect(description).toContain('<p>The waiting is the hard part.</p><p>Nell Okafor</p>');
      expect(description).toContain('We filmed the kiln being unloaded');
      // A post without blocks keeps its excerpt alone.
      const plain = feed.items.find((i) => i.title !== 'Notes from the winter firing');
      expect(plain?.description).not.toContain('<h2>');
    });

    it(`[${database.name}] the feed follows the list's filters`, async () => {
      const feed = await parser.parseString((await get('/journal?tag=stoneware&format=rss')).body);
      expect(feed.items.map((i) => i.title)).toEqual(['Notes from the winter firing']);
    });

    it(`[${database.name}] a collection that is no blog or events list has no feed: ?format=rss shows the page`, async () => {
      const res = await get('/shop?format=rss');
      expect(res.headers['content-type']).toContain('text/html');
    });

    it(`[${database.name}] ?format=main-content is the inner template alone, without the layout`, async () => {
      const whole = (await get('/shop')).body;
      const res = await get('/shop?format=main-content');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      for (const layoutOnly of [/<html/, /<head[\s>]/, /<body/, /<title>/, /storefront-context/])
        expect(res.body).not.toMatch(layoutOnly);
      const cards = (html: string) =>
        [...html.matchAll(/class="product-card__link" href="([^"]+)"/g)].map((m) => m[1]);
      expect(cards(res.body)).toEqual(cards(whole));
      expect(cards(res.body).length).toBeGreaterThan(0);
      expect(whole).toContain(res.body.trim().slice(0, 200));
    });

    it(`[${database.name}] ?format=json is still the page's context`, async () => {
      const json = (await get('/journal?format=json')).json();
      expect(json.collection.urlId).toBe('journal');
      expect(json.items).toHaveLength(3);
    });
  });
}

describe('rssFeed', () => {
  it('keeps a body holding ]]> and markup intact, and escapes titles', async () => {
    const body = '<p>a ]]> b <![CDATA[ c ]]></p>';
    const xml = rssFeed({
      origin: 'https://shop.example',
      title: 'News & <notes>',
      path: '/news',
      description: '',
      items: [{ id: '1', title: 'A < B & "C"', fullUrl: '/news/a', body, publishOn: 0 }],
      enclosures: new Map(),
    });
    const feed = await parser.parseString(xml);
    expect(feed.title).toBe('News & <notes>');
    expect(feed.items[0]?.title).toBe('A < B & "C"');
    expect(feed.items[0]?.['content:encoded']).toBe(body);
  });

  it("escapes the text of an item's blocks in its description and keeps a text block's HTML", async () => {
    const xml = rssFeed({
      origin: 'https://shop.example',
      title: 'News',
      path: '/news',
      description: '',
      items: [
        {
          id: '1',
          title: 'Blocks',
          fullUrl: '/news/blocks',
          publishOn: 0,
          blockFields: {
            main: [
              { id: 'h', type: 'heading', text: 'Fish & <chips> ]]>' },
              { id: 't', type: 'text', html: '<p>Made <em>here</em></p>' },
              { id: 'q', type: 'quote', text: '<script>alert(1)</script>' },
            ],
          },
        },
      ],
      enclosures: new Map(),
    });
    const description = (await parser.parseString(xml)).items[0]?.description;
    expect(description).toBe(
      '<h2>Fish &amp; &lt;chips&gt; ]]&gt;</h2>\n<p>Made <em>here</em></p>\n' +
        '<blockquote><p>&lt;script&gt;alert(1)&lt;/script&gt;</p></blockquote>',
    );
  });
});
