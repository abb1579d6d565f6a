/**
 * `item_terms` (issue 20): the categories, tags and author that list filters and tag queries select
 * by, kept in step with the content by content sync, and filled from the items already in a
 * database by the migration that adds it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../platform/site/loader.ts';
import type { ItemContent, SiteContent } from '../../platform/site/types.ts';
import { DATABASES, DEMO_SITE, openFresh } from '../../testing/databases.ts';
import { syncContent } from './content-sync.ts';
import type { DatabaseHandle } from '../../platform/db/index.ts';
import { migration as itemTermsMigration } from './migrations/2026-11-23-008-item-terms.ts';

const demo = loadContent(DEMO_SITE);

for (const database of DATABASES) {
  describe(`[${database.name}] item terms`, () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;
    let content: SiteContent;
    beforeEach(async () => {
      ({ handle, cleanup } = await openFresh(database));
      content = structuredClone(demo);
      await syncContent(handle.db, content);
    });
    afterEach(async () => {
      await cleanup?.();
    });
    const shopItems = () => content.collections.find((c) => c.urlId === 'shop')?.items as ItemContent[];
    const allTerms = async () =>
      handle.db
        .selectFrom('item_terms')
        .selectAll()
        .orderBy('item_id')
        .orderBy('kind')
        .orderBy('position')
        .execute();
    const termsOf = async (itemId: string) =>
      (await allTerms()).filter((t) => t.item_id === itemId).map((t) => [t.kind, t.value, t.label]);

    it(`[${database.name}] content sync writes an item's categories, tags and author, and follows changes`, async () => {
      const shirt = shopItems()[0] as ItemContent;
      expect(await termsOf(shirt.id)).toEqual([
        ['author', '71ad8e3ba1ff75f32a490784', 'Nell Okafor'],
        ['category', 'Wear', null],
        ['tag', 'linen', null],
        ['tag', 'apparel', null],
      ]);
      shirt.tags = ['linen', 'summer'];
      shirt.categories = [];
      await syncContent(handle.db, content);
      expect(await termsOf(shirt.id)).toEqual([
        ['author', '71ad8e3ba1ff75f32a490784', 'Nell Okafor'],
        ['tag', 'linen', null],
        ['tag', 'summer', null],
      ]);
      const shop = content.collections.find((c) => c.urlId === 'shop');
      if (shop) shop.items = shopItems().slice(1);
      await syncContent(handle.db, content);
      expect(await termsOf(shirt.id)).toEqual([]);
    });

    it(`[${database.name}] the migration fills the terms of the items a database already has`, async () => {
      const synced = await allTerms();
      expect(synced.length).toBeGreaterThan(40);
      await handle.db.schema.dropTable('item_terms').execute();
      await itemTermsMigration.up(handle.db);
      expect(await allTerms()).toEqual(synced);
    });
  });
}
