import type { CollectionContent, ItemContent, VariantContent } from '../site/types.ts';
import type { Db } from './index.ts';
import type { CollectionRow, ItemRow, VariantRow } from './schema.ts';

/** Reads of the catalogue: collections and items as content JSON, with the live stock of every variant. */

export function toCollection(row: CollectionRow): CollectionContent {
  const data = JSON.parse(row.data) as CollectionContent;
  return {
    ...data,
    id: row.id,
    urlId: row.url_id,
    title: row.title,
    typeName: row.type_name,
    type: row.type,
    homepage: row.homepage === 1,
  };
}

export async function listCollections(db: Db): Promise<CollectionContent[]> {
  const rows = await db.selectFrom('collections').selectAll().orderBy('position').execute();
  return rows.map(toCollection);
}

/** Every item of a collection in content order, live stock overlaid. */
export async function listItems(db: Db, collectionId: string): Promise<ItemContent[]> {
  const rows = await db
    .selectFrom('items')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .execute();
  return withStock(db, rows);
}

export async function getItemsByIds(db: Db, ids: readonly string[]): Promise<Map<string, ItemContent>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const items = await withStock(db, rows);
  return new Map(items.map((i) => [i.id, i]));
}

export async function getVariant(db: Db, itemId: string, sku: string): Promise<VariantRow | undefined> {
  return db
    .selectFrom('variants')
    .selectAll()
    .where('item_id', '=', itemId)
    .where('sku', '=', sku)
    .executeTakeFirst();
}

async function withStock(db: Db, rows: ItemRow[]): Promise<ItemContent[]> {
  const ids = rows.filter((r) => r.product_type !== null).map((r) => r.id);
  const variants = ids.length
    ? await db.selectFrom('variants').selectAll().where('item_id', 'in', ids).orderBy('position').execute()
    : [];
  const byItem = new Map<string, VariantRow[]>();
  for (const v of variants) {
    const list = byItem.get(v.item_id) ?? [];
    list.push(v);
    byItem.set(v.item_id, list);
  }
  return rows.map((row) => {
    const item = JSON.parse(row.data) as ItemContent;
    item.collectionId = row.collection_id;
    const live = byItem.get(row.id);
    if (live && item.structuredContent) {
      const stock = new Map(live.map((v) => [v.id, v]));
      item.structuredContent = {
        ...item.structuredContent,
        variants: (item.structuredContent.variants ?? []).flatMap((v: VariantContent) => {
          const s = stock.get(v.id);
          return s ? [{ ...v, qtyInStock: s.qty_in_stock, unlimited: s.unlimited === 1 }] : [];
        }),
      };
    }
    return item;
  });
}
