/**
 * Content sync at catalogue scale: statements stay bounded (a catalogue whose ids alone exceed
 * SQLite's 32,766 variables loads), a restart with the same content writes nothing, and edits to
 * the content reach the database without touching the stock the database owns.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../platform/site/loader.ts';
import type { SiteContent } from '../../platform/site/types.ts';
import { grownProducts } from '../../testing/big-catalogue.ts';
import { DATABASES, DEMO_SITE, openFresh, type TestDatabase } from '../../testing/databases.ts';
import { syncContent } from './content-sync.ts';
import type { DatabaseHandle } from '../../platform/db/index.ts';

const demo = loadContent(DEMO_SITE);
/** Items of the demo's other collections (its journal posts). */
const otherItems = demo.collections
  .filter((c) => c.urlId !== 'shop')
  .reduce((n, c) => n + (c.items?.length ?? 0), 0);

/** The demo site with its shop grown to `products` products. */
function catalogue(products: number): SiteContent {
  const content = structuredClone(demo);
  const shop = content.collections.find((c) => c.urlId === 'shop');
  if (!shop?.items) throw new Error('the demo has no shop');
  shop.items = [...grownProducts(shop.items, products)];
  return content;
}

function shopOf(content: SiteContent) {
  return content.collections.find((c) => c.urlId === 'shop')?.items ?? [];
}

/**
 * Rows written since the connection opened: SQLite's total_changes(); on PostgreSQL every insert or
 * update makes a new row version (a new xmin) and a delete drops one, so the content tables' (id, xmin)
 * pairs change with any write.
 */
async function writeMark(handle: DatabaseHandle, database: TestDatabase): Promise<string> {
  if (database.name === 'sqlite') {
    const { rows } = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(handle.db);
    return String(rows[0]?.n);
  }
  const { rows } = await sql<{ mark: string }>`
    SELECT md5(string_agg(t || ':' || id || ':' || xmin::text, ',' ORDER BY t, id)) AS mark FROM (
      SELECT 'c' AS t, id, xmin FROM collections UNION ALL
      SELECT 'i', id, xmin FROM items UNION ALL
      SELECT 'v', id, xmin FROM variants) rows`.execute(handle.db);
  return String(rows[0]?.mark);
}

async function count(handle: DatabaseHandle, table: 'items' | 'variants'): Promise<number> {
  const row = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

for (const database of DATABASES) {
  describe(`[${database.name}] content sync at scale`, () => {
    it(
      `[${database.name}] loads 13,200 products with 33,000 variants (more ids than SQLite takes in one statement)`,
      { timeout: 120_000 },
      async () => {
        const { handle, cleanup } = await openFresh(database);
        try {
          const content = catalogue(13_200);
          const variants = shopOf(content).reduce(
            (n, i) => n + (i.structuredContent?.variants?.length ?? 0),
            0,
          );
          expect(variants).toBeGreaterThan(32_766);
          const result = await syncContent(handle.db, content);
          expect(result).toMatchObject({ items: 13_200 + otherItems, variants, newVariants: variants });
          expect(await count(handle, 'variants')).toBe(variants);

          // The restart: same content, nothing written, nothing new.
          const before = await writeMark(handle, database);
          const again = await syncContent(handle.db, content);
          expect(again).toMatchObject({ newVariants: 0, writtenRows: 0, removedRows: 0 });
          expect(await writeMark(handle, database)).toBe(before);
        } finally {
          await cleanup();
        }
      },
    );

    it(`[${database.name}] a restart with the same content writes nothing and keeps sold stock`, async () => {
      const { handle, cleanup } = await openFresh(database);
      try {
        const content = catalogue(600);
        // An item without dates is dated by its first load, and that date must not count as a change.
        const undated = shopOf(content)[100];
        if (!undated) throw new Error('catalogue too small');
        delete undated.addedOn;
        delete undated.publishOn;
        await syncContent(handle.db, content, { rowsPerStatement: 50 });
        const sold = undated.structuredContent?.variants?.[0]?.id as string;
        await handle.db.updateTable('variants').set({ qty_in_stock: 0 }).where('id', '=', sold).execute();

        const before = await writeMark(handle, database);
        // A restart loads the site's files again: equal content, new objects.
        const result = await syncContent(handle.db, structuredClone(content), { rowsPerStatement: 50 });
        expect(result).toMatchObject({ newVariants: 0, writtenRows: 0, removedRows: 0 });
        expect(await writeMark(handle, database)).toBe(before);
        const stock = await handle.db
          .selectFrom('variants')
          .select('qty_in_stock')
          .where('id', '=', sold)
          .executeTakeFirstOrThrow();
        expect(stock.qty_in_stock).toBe(0);
      } finally {
        await cleanup();
      }
    });

    it(`[${database.name}] removed products go, a changed price updates, sold stock survives`, async () => {
      const { handle, cleanup } = await openFresh(database);
      try {
        const content = catalogue(600);
        await syncContent(handle.db, content, { rowsPerStatement: 50 });
        const products = shopOf(content);
        const repriced = products[300];
        const repricedVariant = repriced?.structuredContent?.variants?.[0];
        if (!repriced || !repricedVariant) throw new Error('catalogue too small');
        // A shopper buys 2 of the repriced variant before the merchant's next deploy.
        const stockBefore = repricedVariant.qtyInStock ?? 0;
        await handle.db
          .updateTable('variants')
          .set({ qty_in_stock: stockBefore - 2 })
          .where('id', '=', repricedVariant.id)
          .execute();

        const edited = structuredClone(content);
        const shop = edited.collections.find((c) => c.urlId === 'shop');
        if (!shop?.items) throw new Error('the demo has no shop');
        const removed = shop.items.splice(120, 130); // more than two batches of 50
        const editedVariant = shop.items.find((i) => i.id === repriced.id)?.structuredContent?.variants?.[0];
        if (!editedVariant) throw new Error('repriced product missing');
        editedVariant.priceMoney = { currency: 'USD', value: '123.45' };
        editedVariant.qtyInStock = 500; // the content's stock is only a starting value

        const result = await syncContent(handle.db, edited, { rowsPerStatement: 50 });
        const removedVariants = removed.flatMap((i) => i.structuredContent?.variants ?? []);
        expect(result.removedRows).toBe(removed.length + removedVariants.length);
        expect(result.newVariants).toBe(0);
        expect(await count(handle, 'items')).toBe(600 - 130 + otherItems);
        const gone = await handle.db
          .selectFrom('variants')
          .select('id')
          .where(
            'id',
            'in',
            removedVariants.map((v) => v.id),
          )
          .execute();
        expect(gone).toEqual([]);
        const row = await handle.db
          .selectFrom('variants')
          .select(['price_cents', 'qty_in_stock'])
          .where('id', '=', repricedVariant.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ price_cents: 12_345, qty_in_stock: stockBefore - 2 });
        // Positions after the removed run moved up: those items are rewritten, the ones before are not.
        const unchanged = await handle.db
          .selectFrom('items')
          .select('position')
          .where('id', '=', (products[50] as { id: string }).id)
          .executeTakeFirstOrThrow();
        expect(unchanged.position).toBe(50);
      } finally {
        await cleanup();
      }
    });
  });
}
