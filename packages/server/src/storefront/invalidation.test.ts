/**
 * Writes declare what they invalidate (issue 28): approving a comment, moderating a review, editing
 * the header and changing stock each drop exactly the kept pages that show them, on the instance
 * that wrote and on another one on the same database; every other page is still sent from memory.
 * "From memory" is what the request sent the database: a kept page reads the change versions and
 * nothing of what pages show.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSoldOut, type Product } from '@storefront/core';
import type { PostRecord } from '@storefront/core/wire';
import { buildApp } from '../app.ts';
import { addComment, setCommentState } from '../modules/comments/store.ts';
import { moderateReview } from '../modules/reviews/store.ts';
import { placeOrder, signInNewStaff } from '../testing/back-office.ts';
import { cookieHeader, DATABASES, DEMO_SITE, testConfig, type TestApp } from '../testing/app.ts';
import { recordStatements } from '../testing/statements.ts';

const POST = '/journal/notes-from-the-winter-firing';
const POST_ID = 'e2e3e93c17d56f25fd8e8174';
const OTHER_POST = '/journal/how-we-wash-and-care-for-linen';
const FEED = '/journal?format=rss';
const SHIRT = '/shop/linen-camp-shirt';
const SHIRT_ID = '4f701ce5de28051798b991fc';
const MUG = '/shop/speckled-stoneware-mug';
const CANDLE = '/shop/beeswax-pillar-candle';
const CANDLE_ID = 'c6654385106920d450a2a234';
const CANDLE_VARIANT = '3a8a751ba1bd88d721b07fa6';
const EDITOR = 4;
const JOURNAL = '/journal';
const HOME = '/';

/** Tables of what pages show: a request that reads none of them sent a kept page. */
const PAGE_TABLES =
  /\b(items|variants|collections|comments|item_likes|reviews|site_header_footer|site_languages)\b/;

/** An anonymous visitor who has been here before; the page, and whether it came from memory. */
async function visit(app: FastifyInstance, url: string): Promise<{ html: string; kept: boolean }> {
  const recording = recordStatements();
  try {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: cookieHeader({ crumb: 'crumb-of-an-earlier-visit' }) },
    });
    expect(res.statusCode, url).toBe(200);
    return { html: res.body, kept: !recording.statements.some((text) => PAGE_TABLES.test(text)) };
  } finally {
    recording.stop();
  }
}

function productOf(html: string, itemId: string): Product {
  const m = /<script id="storefront-context" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no page context script');
  const context = JSON.parse(m[1] as string) as { products: Record<string, Product> };
  return context.products[itemId] as Product;
}

for (const database of DATABASES) {
  describe(`[${database.name}] writes drop exactly the kept pages that show them, on every instance`, () => {
    const fresh = database.fresh();
    const config = testConfig(fresh.config, { siteDir: DEMO_SITE });
    let a: TestApp;
    let b: TestApp;
    const instances = () =>
      [
        ['a', a.app],
        ['b', b.app],
      ] as const;
    let reviewId = '';
    beforeAll(async () => {
      a = { app: await buildApp(config, { logger: false }), config, close: () => a.app.close() };
      b = { app: await buildApp(config, { logger: false }), config, close: () => b.app.close() };
      // A delivered shirt with a review waiting for moderation.
      const order = await placeOrder(a, [{ itemId: SHIRT_ID, sku: 'JR-LCS-M-OAT', quantity: 1 }]);
      const line = await a.app.database.db
        .selectFrom('order_lines')
        .select(['id', 'title'])
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      reviewId = `review-${order.id}`;
      await a.app.database.db
        .insertInto('reviews')
        .values({
          id: reviewId,
          order_id: order.id,
          line_id: line.id,
          item_id: SHIRT_ID,
          product_title: line.title,
          customer_name: 'Ada Lovelace',
          email: 'ada@example.test',
          rating: 4,
          title: 'Soft from day one',
          body: 'Washed it twice already.',
          state: 'pending',
          created: Date.now(),
          moderated_at: null,
          moderated_by: null,
        })
        .execute();
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await fresh.cleanup();
    });

    /** Visits each page on both instances until each is kept there. */
    async function keepEverywhere(...urls: string[]) {
      for (const [name, app] of instances())
        for (const url of urls) {
          await visit(app, url);
          expect((await visit(app, url)).kept, `${url} on ${name}`).toBe(true);
        }
    }

    it('approving a comment drops the post that shows it, nothing else', async () => {
      await keepEverywhere(POST, OTHER_POST, SHIRT);
      const added = await addComment(a.app.database.db, {
        itemId: POST_ID,
        parentId: null,
        authorName: 'Grace',
        authorEmail: 'grace@example.test',
        accountId: null,
        staffId: null,
        visitor: 'visitor-grace',
        body: 'The celadon glaze came out beautifully.',
        state: 'pending',
      });
      if (!added.ok) throw new Error('comment not added');
      // Pending: nobody else sees it, so no page moves.
      for (const [name, app] of instances()) expect((await visit(app, POST)).kept, name).toBe(true);
      expect(
        await setCommentState(a.app.database.db, added.comment.id, 'approved', 'staff@example.test'),
      ).toBe(true);
      for (const [name, app] of instances()) {
        const post = await visit(app, POST);
        expect(post.kept, name).toBe(false);
        expect(post.html, name).toContain('The celadon glaze came out beautifully.');
        expect((await visit(app, POST)).kept, name).toBe(true);
        expect((await visit(app, OTHER_POST)).kept, name).toBe(true);
        expect((await visit(app, SHIRT)).kept, name).toBe(true);
      }
    });

    it('moderating a review drops the product page that shows its rating, nothing else', async () => {
      await keepEverywhere(SHIRT, MUG, POST);
      for (const [name, app] of instances())
        expect((await visit(app, SHIRT)).html, name).not.toContain('class="product-rating"');
      expect(await moderateReview(a.app.database.db, reviewId, 'approved', 'staff-id')).toBe(true);
      for (const [name, app] of instances()) {
        const shirt = await visit(app, SHIRT);
        expect(shirt.kept, name).toBe(false);
        expect(shirt.html, name).toContain('class="product-rating"');
        expect((await visit(app, MUG)).kept, name).toBe(true);
        expect((await visit(app, POST)).kept, name).toBe(true);
      }
    });

    it('editing the header drops every page that shows it, not the feed', async () => {
      await keepEverywhere(POST, SHIRT, FEED);
      const editor = await signInNewStaff(a, 'editor@example.test', [EDITOR]);
      const saved = await editor.request('PUT', '/api/site-header-footer', {
        header: { announcementText: 'Kiln open day on Saturday', announcementUrl: '' },
        footer: { text: '', socialLinks: [] },
      });
      expect(saved.statusCode).toBe(200);
      for (const [name, app] of instances()) {
        for (const url of [POST, SHIRT]) {
          const page = await visit(app, url);
          expect(page.kept, `${url} on ${name}`).toBe(false);
          expect(page.html, `${url} on ${name}`).toContain('Kiln open day on Saturday');
        }
        const feed = await visit(app, FEED);
        expect(feed.kept, name).toBe(true);
        expect(feed.html, name).not.toContain('Kiln open day');
      }
    });

    it("changing a variant's stock drops the page that shows it, nothing else", async () => {
      await keepEverywhere(CANDLE, MUG, POST);
      for (const [name, app] of instances())
        expect(isSoldOut(productOf((await visit(app, CANDLE)).html, CANDLE_ID)), name).toBe(false);
      // Whoever writes stock (checkout, the back office, an operator's SQL): the row's trigger moves it.
      await a.app.database.db
        .updateTable('variants')
        .set({ qty_in_stock: 0 })
        .where('id', '=', CANDLE_VARIANT)
        .execute();
      for (const [name, app] of instances()) {
        const candle = await visit(app, CANDLE);
        expect(candle.kept, name).toBe(false);
        expect(isSoldOut(productOf(candle.html, CANDLE_ID)), name).toBe(true);
        expect((await visit(app, MUG)).kept, name).toBe(true);
        expect((await visit(app, POST)).kept, name).toBe(true);
      }
    });

    it("saving a post drops the pages that show it, not a product's page", async () => {
      await keepEverywhere(POST, JOURNAL, HOME, SHIRT, MUG);
      const editor = await signInNewStaff(a, 'writer@example.test', [EDITOR]);
      const loaded = await editor.request('GET', `/api/config/posts/${POST_ID}`);
      expect(loaded.statusCode, loaded.body).toBe(200);
      const { id, version, title, slug, blocks, excerptHtml, authorId, categories, tags, coverImage } =
        loaded.json() as PostRecord;
      const { seoTitle, seoDescription, commentsOn } = loaded.json() as PostRecord;
      const saved = await editor.request('PUT', `/api/config/posts/${id}`, {
        version,
        post: {
          title: 'Notes from the spring firing',
          slug,
          blocks,
          excerptHtml,
          authorId,
          categories,
          tags,
          coverImage,
          seoTitle,
          seoDescription,
          commentsOn,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(title).not.toBe('Notes from the spring firing');
      for (const [name, app] of instances()) {
        // The journal and the home page list the post by its title.
        for (const url of [POST, JOURNAL, HOME]) {
          const page = await visit(app, url);
          expect(page.kept, `${url} on ${name}`).toBe(false);
          expect(page.html, `${url} on ${name}`).toContain('Notes from the spring firing');
        }
        for (const url of [SHIRT, MUG]) expect((await visit(app, url)).kept, `${url} on ${name}`).toBe(true);
      }
    });
  });
}
