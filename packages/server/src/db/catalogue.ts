import type { CollectionContent, ItemContent, VariantContent } from '../site/types.ts';
import type { Db } from './index.ts';
import type { CollectionRow, ItemRow, VariantRow } from './schema.ts';

/**
 * Parsed content JSON, reused while the row's text is the same (content only changes when a server
 * starts and syncs it, so this is a parse cache, not state of its own; comparing the text is far
 * cheaper than parsing it). Callers get the shared object and must copy before changing it.
 */
const parsed = new Map<string, { text: string; value: unknown }>();
function parsedOnce<T>(key: string, text: string): T {
  const hit = parsed.get(key);
  if (hit && hit.text === text) return hit.value as T;
  const value = JSON.parse(text) as T;
  if (parsed.size > 50_000) parsed.clear();
  parsed.set(key, { text, value });
  return value;
}

/** Reads of the catalogue: collections and items as content JSON, with the live stock of every variant. */

export function toCollection(row: CollectionRow): CollectionContent {
  const data = parsedOnce<CollectionContent>(`c:${row.id}`, row.data);
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
    const item = { ...parsedOnce<ItemContent>(`i:${row.id}`, row.data) };
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
