import { describe, expect, it } from 'vitest';
import { takeStock, returnStock } from '../../modules/catalogue/stock-store.ts';
import { hit, pruneRateLimits } from '../http/rate-limit.ts';
import { loadContent } from '../site/loader.ts';
import { DATABASES, FIXTURE_SITE, openFresh } from '../../testing/databases.ts';
import { getItemsByIds, listCollections, listItems } from '../../modules/catalogue/catalogue-store.ts';
import { syncContent } from '../../modules/catalogue/content-sync.ts';

for (const database of DATABASES) {
  describe(`[${database.name}] database`, () => {
    it(`[${database.name}] loads the content idempotently and keeps stock owned by the database`, async () => {
      const { handle, cleanup } = await openFresh(database);
      try {
        const content = loadContent(FIXTURE_SITE);
        const first = await syncContent(handle.db, content);
        expect(first).toMatchObject({ collections: 4, items: 10, newVariants: 9 });

        // A shopper's purchase changes stock; a restart (second load) must not reset it.
        await handle.db
          .updateTable('variants')
          .set({ qty_in_stock: 2 })
          .where('id', '=', 'v-tee-s')
          .execute();
        const edited = structuredClone(content);
        const shop = edited.collections.find((c) => c.urlId === 'shop');
        const tee = shop?.items?.find((i) => i.id === 'p-tee');
        if (!tee) throw new Error('fixture changed');
        tee.title = 'Linen Tee (new title)';
        const second = await syncContent(handle.db, edited);
        expect(second.newVariants).toBe(0);

        const items = await getItemsByIds(handle.db, ['p-tee']);
        const live = items.get('p-tee');
        expect(live?.title).toBe('Linen Tee (new title)');
        expect(live?.structuredContent?.variants?.map((v) => [v.sku, v.qtyInStock])).toEqual([
          ['TEE-S', 2],
          ['TEE-M', 1],
        ]);
        expect((await listCollections(handle.db)).map((c) => c.urlId)).toEqual([
          'home',
          'journal',
          'shop',
          'visit',
        ]);
        expect((await listItems(handle.db, 'c-shop')).length).toBe(7);
      } finally {
        await cleanup();
      }
    });

    it(`[${database.name}] removes what the content no longer lists`, async () => {
      const { handle, cleanup } = await openFresh(database);
      try {
        const content = loadContent(FIXTURE_SITE);
        await syncContent(handle.db, content);
        const edited = structuredClone(content);
        edited.collections = edited.collections.filter((c) => c.urlId !== 'journal');
        await syncContent(handle.db, edited);
        expect((await listCollections(handle.db)).map((c) => c.urlId)).toEqual(['home', 'shop', 'visit']);
        expect(await listItems(handle.db, 'c-journal')).toEqual([]);
      } finally {
        await cleanup();
      }
    });

    it(`[${database.name}] a collection given a new id keeps its URL (another site in the same database)`, async () => {
      const { handle, cleanup } = await openFresh(database);
      try {
        const content = loadContent(FIXTURE_SITE);
        await syncContent(handle.db, content);
        const other = structuredClone(content);
        const shop = other.collections.find((c) => c.urlId === 'shop');
        if (!shop) throw new Error('fixture changed');
        shop.id = 'c-shop-of-another-site';
        await syncContent(handle.db, other);
        const shopRow = (await listCollections(handle.db)).find((c) => c.urlId === 'shop');
        expect(shopRow?.id).toBe('c-shop-of-another-site');
        expect((await listItems(handle.db, 'c-shop-of-another-site')).length).toBe(7);
      } finally {
        await cleanup();
      }
    });

    it(`[${database.name}] concurrent reservations never take more than the stock`, async () => {
      const { handle, cleanup } = await openFresh(database);
      try {
        await syncContent(handle.db, loadContent(FIXTURE_SITE));
        await handle.db.updateTable('variants').set({ qty_in_stock: 5 }).where('id', '=', 'v-last').execute();
        // 20 shoppers each try to take 1 unit of the 5 left, at the same time.
        const outcomes = await Promise.all(
          Array.from({ length: 20 }, () =>
            handle.db.transaction().execute((trx) => takeStock(trx, 'v-last', 1)),
          ),
        );
        expect(outcomes.filter(Boolean).length).toBe(5);
        const row = await handle.db
          .selectFrom('variants')
          .select('qty_in_stock')
          .where('id', '=', 'v-last')
          .executeTakeFirstOrThrow();
        expect(row.qty_in_stock).toBe(0);

        await handle.db.transaction().execute((trx) => returnStock(trx, 'v-last', 2));
        const after = await handle.db
          .selectFrom('variants')
          .select('qty_in_stock')
          .where('id', '=', 'v-last')
          .executeTakeFirstOrThrow();
        expect(after.qty_in_stock).toBe(2);

        // Unlimited variants are never decremented and never refused.
        expect(await handle.db.transaction().execute((trx) => takeStock(trx, 'v-lesson', 1000))).toBe(true);
      } finally {
        await cleanup();
      }
    });

    it(`[${database.name}] rate-limit counters live in the database and reset after the window`, async () => {
      const { handle, cleanup } = await openFresh(database);
      try {
        const t0 = 1_000_000;
        expect(await hit(handle.db, 'k', 1000, t0)).toEqual({ current: 1, ttl: 1000 });
        expect(await hit(handle.db, 'k', 1000, t0 + 400)).toEqual({ current: 2, ttl: 600 });
        const burst = await Promise.all(Array.from({ length: 8 }, () => hit(handle.db, 'k', 1000, t0 + 500)));
        expect(Math.max(...burst.map((b) => b.current))).toBe(10);
        expect(await hit(handle.db, 'k', 1000, t0 + 1000)).toEqual({ current: 1, ttl: 1000 });
        // Housekeeping drops counters whose window ended long ago, and only those.
        await hit(handle.db, 'old', 1000, t0 - 50_000);
        await pruneRateLimits(handle.db, 10_000, t0 + 1000);
        const keys = (await handle.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
        expect(keys).toEqual(['k']);
      } finally {
        await cleanup();
      }
    });
  });
}
