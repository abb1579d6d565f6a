/**
 * Scheduled items (issue 30 "visible from a date", docs/content.md "Scheduled items"), on each
 * database: a product or a blog post whose publish time is ahead is on no page a visitor reaches
 * (its page, its collection's list and count, the filters, its neighbour's previous/next link, search,
 * the sitemap, the feed) and cannot
 * be added to a cart, on two instances sharing one database; at its time, on the clock both
 * instances run by, it is everywhere on their next request, with no write and no restart, although
 * both kept the pages that left it out.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ProductRecord } from '@storefront/core/wire';
import { ROLES } from '@storefront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { CUSTOMER, makeCheckoutSite } from '../orders/testing.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { Shopper } from '../../testing/shopper.ts';
import { DATABASES, testConfig, type TestApp } from '../../testing/app.ts';

/** 9:00 on 1 January 2030 in the fixture site's time zone (America/New_York, UTC-5 then). */
const LAUNCH_LOCAL = '2030-01-01T09:00';
const LAUNCH = Date.UTC(2030, 0, 1, 14, 0);
const A_MINUTE = 60_000;

/** The fixture site with a blog post that the content schedules for LAUNCH. */
function siteWithScheduledPost() {
  const site = makeCheckoutSite();
  const journalFile = join(site.dir, 'content/collections/journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { items: unknown[] };
  journal.items.push({
    id: 'post-launch',
    urlId: 'kiln-launch',
    title: 'The kiln launch',
    recordType: 1,
    addedOn: 1720000000000,
    publishOn: LAUNCH,
    body: '<p>Our new kiln fires for the first time.</p>',
    excerpt: '<p>Kiln!</p>',
    tags: ['launch'],
    categories: ['Launches'],
  });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return site;
}

for (const database of DATABASES) {
  describe(`[${database.name}] an item scheduled for later`, () => {
    const site = siteWithScheduledPost();
    const fresh = database.fresh();
    // The one clock both instances run by: moved by the test, never slept on.
    let now = LAUNCH - 10 * A_MINUTE;
    let first: FastifyInstance;
    let second: FastifyInstance;
    const testApp = (app: () => FastifyInstance): TestApp => ({
      get app() {
        return app();
      },
      config: testConfig(fresh.config, { siteDir: site.dir }),
      close: async () => {},
    });

    beforeAll(async () => {
      const config = testConfig(fresh.config, { siteDir: site.dir });
      first = await buildApp(config, { logger: false, clock: () => now });
      second = await buildApp(config, { logger: false, clock: () => now });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await fresh.cleanup();
      site.cleanup();
    });

    const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });
    /** What a visitor of `app` reaches of the lesson and of the scheduled post. */
    const seen = async (app: FastifyInstance) => {
      const shopper = new Shopper(testApp(() => app));
      await shopper.start();
      const add = await shopper.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 });
      const shopJson = (await get(app, '/shop?format=json')).json() as {
        items: { urlId: string }[];
        collection: { itemCount: number };
      };
      const journalJson = (await get(app, '/journal?format=json')).json() as {
        items: { urlId: string }[];
        collection: { itemCount: number };
      };
      const launchesJson = (await get(app, '/journal?category=Launches&format=json')).json() as {
        items: { urlId: string }[];
      };
      const suggest = async (q: string) => (await get(app, `/api/search/suggest?q=${q}`)).body;
      const sitemap = (await get(app, '/sitemap.xml')).body;
      const besidePost = (await get(app, '/journal/third-post?format=json')).json() as {
        pagination: Record<string, { urlId: string } | undefined>;
      };
      return {
        productPage: (await get(app, '/shop/lesson')).statusCode,
        productListed: shopJson.items.some((i) => i.urlId === 'lesson'),
        shopCount: shopJson.collection.itemCount,
        productFound: (await suggest('weaving')).includes('/shop/lesson'),
        productInSitemap: sitemap.includes('/shop/lesson<'),
        add: { status: add.statusCode, message: (add.json() as { message?: string }).message },
        postPage: (await get(app, '/journal/kiln-launch')).statusCode,
        postListed: journalJson.items.some((i) => i.urlId === 'kiln-launch'),
        journalCount: journalJson.collection.itemCount,
        postInCategory: launchesJson.items.some((i) => i.urlId === 'kiln-launch'),
        postNextToThird: Object.values(besidePost.pagination).some((i) => i?.urlId === 'kiln-launch'),
        postInFeed: (await get(app, '/journal?format=rss')).body.includes('kiln-launch'),
        postFound: (await suggest('kiln')).includes('/journal/kiln-launch'),
        postInSitemap: sitemap.includes('/journal/kiln-launch<'),
      };
    };

    it('is on no page, list, search, sitemap, feed or cart before its time, and everywhere at it, on both instances', async () => {
      // Both instances keep the pages as they were before the product is scheduled.
      const before = await seen(second);
      expect(before).toMatchObject({ productPage: 200, productListed: true, postPage: 404 });
      await seen(first);

      const staff = await signInNewStaff(
        testApp(() => first),
        'scheduler@example.test',
        [ROLES.admin],
      );
      const record = (await staff.request('GET', '/api/config/products/p-lesson')).json() as ProductRecord;
      const {
        id: _id,
        version,
        updatedOn: _updatedOn,
        updatedBy: _updatedBy,
        currency: _currency,
        url: _url,
        ...input
      } = record;
      const scheduled = await staff.request('PUT', '/api/config/products/p-lesson', {
        version,
        product: { ...input, visibility: { state: 'scheduled', from: LAUNCH_LOCAL } },
      });
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      expect((scheduled.json() as ProductRecord).visibility).toEqual({
        state: 'scheduled',
        from: LAUNCH_LOCAL,
      });

      const hidden = {
        productPage: 404,
        productListed: false,
        shopCount: before.shopCount - 1,
        productFound: false,
        productInSitemap: false,
        add: { status: 404, message: 'Sorry, this item is unavailable.' },
        postPage: 404,
        postListed: false,
        journalCount: 3,
        postInCategory: false,
        postNextToThird: false,
        postInFeed: false,
        postFound: false,
        postInSitemap: false,
      };
      now = LAUNCH - 1;
      expect(await seen(first)).toEqual(hidden);
      expect(await seen(second)).toEqual(hidden);
      // Staff still see and find it in the back office.
      const listed = (await staff.request('GET', '/api/config/products?visibility=scheduled')).json() as {
        products: { id: string }[];
      };
      expect(listed.products.map((p) => p.id)).toContain('p-lesson');

      // Its time comes: no write, no restart, the same kept pages on both instances.
      now = LAUNCH;
      const shown = {
        productPage: 200,
        productListed: true,
        shopCount: before.shopCount,
        productFound: true,
        productInSitemap: true,
        add: { status: 200, message: undefined },
        postPage: 200,
        postListed: true,
        journalCount: 4,
        postInCategory: true,
        postNextToThird: true,
        postInFeed: true,
        postFound: true,
        postInSitemap: true,
      };
      expect(await seen(second)).toEqual(shown);
      expect(await seen(first)).toEqual(shown);
    });

    it('is not sold once hidden, from a cart that already held it or by express checkout', async () => {
      const shopper = new Shopper(testApp(() => first));
      await shopper.start();
      expect((await shopper.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 })).statusCode).toBe(200);
      const staff = await signInNewStaff(
        testApp(() => first),
        'hider@example.test',
        [ROLES.admin],
      );
      const hide = await staff.request('POST', '/api/config/products/bulk', {
        productIds: ['p-lesson'],
        action: 'visibility',
        visibility: { state: 'hidden' },
      });
      expect(hide.statusCode, hide.body).toBe(200);
      const orders = async () => (await first.database.db.selectFrom('orders').select('id').execute()).length;
      const before = await orders();

      const fromCart = await shopper.order(CUSTOMER);
      expect(fromCart.statusCode).toBe(409);
      expect(fromCart.json()).toEqual({
        code: 'cart.add.variant-unavailable',
        message: 'Sorry, that item variant is unavailable. Please select another variant.',
      });
      const stranger = new Shopper(testApp(() => second));
      await stranger.start();
      const express = await stranger.order({
        ...CUSTOMER,
        item: { itemId: 'p-lesson', sku: 'LESSON', quantity: 1 },
      });
      expect(express.statusCode).toBe(404);
      expect(express.json()).toEqual({ code: 'item-not-found', message: 'Sorry, this item is unavailable.' });
      expect((await get(second, '/checkout?itemId=p-lesson&sku=LESSON')).statusCode).toBe(404);
      expect(await orders()).toBe(before);
    });
  });
}
