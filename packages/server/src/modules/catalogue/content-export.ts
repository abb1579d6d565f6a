/**
 * The catalogue in the site folder's format (docs/interfaces.md "Site folder"), read from the
 * database: what `npm run content -- export` writes and what a start shows. Collections come in
 * their position order, each with its items a page at a time in position order; a variant's
 * `qtyInStock` and `unlimited` are its live stock.
 */
import type { CollectionContent, ItemContent, VariantContent } from '../../platform/site/types.ts';
import type { Db } from '../../platform/db/index.ts';
import { collectionsInOrder, itemsPage, variantsOfItems } from './export-store.ts';

/** Items read per statement. */
const ITEMS_PER_PAGE = 500;

export interface StoredCollection {
  id: string;
  urlId: string;
  /** The collection's content without its items. */
  collection: CollectionContent;
}

export async function storedCollections(db: Db): Promise<StoredCollection[]> {
  return (await collectionsInOrder(db)).map((row) => ({
    id: row.id,
    urlId: row.url_id,
    collection: JSON.parse(row.data) as CollectionContent,
  }));
}

/** A collection's items as content, with their variants' live stock. */
export async function* storedItems(db: Db, collectionId: string): AsyncGenerator<ItemContent> {
  let after: { position: number; id: string } | undefined;
  for (;;) {
    const rows = await itemsPage(db, collectionId, after, ITEMS_PER_PAGE);
    const variants = new Map<string, VariantContent[]>();
    for (const row of await variantsOfItems(
      db,
      rows.map((r) => r.id),
    )) {
      const list = variants.get(row.item_id) ?? [];
      list.push(withLiveStock(JSON.parse(row.data) as VariantContent, row));
      variants.set(row.item_id, list);
    }
    for (const row of rows) {
      const item = JSON.parse(row.data) as ItemContent;
      // An item the content did not date was dated by its first load: the export keeps that date.
      if (typeof item.addedOn !== 'number') item.addedOn = Number(row.added_on);
      if (typeof item.publishOn !== 'number' && Number(row.publish_on) !== item.addedOn)
        item.publishOn = Number(row.publish_on);
      const own = variants.get(row.id);
      if (own) item.structuredContent = { ...item.structuredContent, variants: own };
      else if (item.structuredContent?.variants)
        item.structuredContent = { ...item.structuredContent, variants: [] };
      yield item;
    }
    if (rows.length < ITEMS_PER_PAGE) return;
    const last = rows[rows.length - 1] as { position: number; id: string };
    after = { position: Number(last.position), id: last.id };
  }
}

/** Every collection with its items, in order (a start's view of the catalogue). */
export async function storedCatalogue(db: Db): Promise<CollectionContent[]> {
  const out: CollectionContent[] = [];
  for (const { id, collection } of await storedCollections(db)) {
    const items: ItemContent[] = [];
    for await (const item of storedItems(db, id)) items.push(item);
    out.push(items.length > 0 ? { ...collection, items } : collection);
  }
  return out;
}

function withLiveStock(variant: VariantContent, row: { unlimited: number; qty_in_stock: number }) {
  const unlimited = Number(row.unlimited) === 1;
  const out: VariantContent = { ...variant };
  if (unlimited) out.unlimited = true;
  else {
    out.qtyInStock = Number(row.qty_in_stock);
    if ('unlimited' in variant) out.unlimited = false;
  }
  return out;
}
