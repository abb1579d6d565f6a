/**
 * Platform tags' data read with their limits (issue 20) gives what filtering the whole collection
 * gave: a category query with skip and limit, and a collection's categories (kept current when the
 * content changes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncachedReads } from '../modules/catalogue/catalogue-cache.ts';
import { syncContent } from '../modules/catalogue/content-sync.ts';
import { openDatabase } from '../database.ts';
import { type DatabaseHandle } from '../platform/db/index.ts';
import type { CollectionContent, ItemContent, Site } from '../platform/site/types.ts';
import { loadSite } from '../platform/site/loader.ts';
import { DATABASES, DEMO_SITE } from '../testing/databases.ts';
import { createTemplateEngine, type Compiled } from './engine.ts';
import { loadTagData, type TagData } from './loader.ts';
import { TagBodies, type PlatformTag } from '../platform/site/platform-tags.ts';

for (const database of DATABASES) {
  describe(`[${database.name}] platform tag data`, () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;
    let site: Site<Compiled>;
    let shop: CollectionContent;
    beforeAll(async () => {
      const engine = createTemplateEngine();
      site = loadSite<Compiled>(DEMO_SITE, (source) => engine.compile(source), new TagBodies());
      shop = site.content.collections.find((c) => c.urlId === 'shop') as CollectionContent;
      const fresh = database.fresh();
      cleanup = fresh.cleanup;
      handle = await openDatabase(fresh.config);
      await syncContent(handle.db, site.content);
    });
    afterAll(async () => {
      await handle?.destroy();
      await cleanup?.();
    });
    const only = async (tag: PlatformTag) =>
      [
        ...(
          await loadTagData(uncachedReads(handle.db, Date.now()), site.content.collections, [tag], null)
        ).values(),
      ][0] as TagData;

    it(`[${database.name}] a category query shows the matching items after skip, up to its limit`, async () => {
      const kitchen = (shop.items as ItemContent[]).filter((i) =>
        (i.categories as string[] | undefined)?.includes('Kitchen'),
      );
      expect(kitchen.length).toBeGreaterThan(2);
      const data = await only({
        name: 'query',
        attrs: { collection: 'shop', category: 'Kitchen', skip: '1', limit: '2' },
        body: '',
      });
      expect(data.name === 'query' && data.items.map((i) => i.id)).toEqual(
        kitchen.slice(1, 3).map((i) => i.id),
      );
    });

    it(`[${database.name}] a category tag lists the collection's categories, and follows a content change`, async () => {
      const categoriesOf = () => [
        ...new Set(
          (shop.items as ItemContent[]).flatMap((i) => (i.categories as string[] | undefined) ?? []),
        ),
      ];
      const tag: PlatformTag = { name: 'category', attrs: { collection: 'shop' }, body: '' };
      expect(await only(tag)).toMatchObject({ categories: categoriesOf(), count: shop.items?.length });
      const first = (shop.items as ItemContent[])[0] as ItemContent;
      first.categories = [...((first.categories as string[] | undefined) ?? []), 'Seasonal'];
      await syncContent(handle.db, site.content);
      expect(categoriesOf()).toContain('Seasonal');
      expect(await only(tag)).toMatchObject({ categories: categoriesOf() });
    });
  });
}
