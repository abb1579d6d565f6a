/**
 * The catalogue as content export reads it (content-export.ts): collections in position order,
 * a collection's items a page at a time in position order, and their variants with live stock.
 */
import type { CatalogueDb } from './tables.ts';

export async function collectionsInOrder(db: CatalogueDb) {
  return db
    .selectFrom('collections')
    .select(['id', 'url_id', 'data'])
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** At most `limit` items of a collection after `after` (position, id), in position order. */
export async function itemsPage(
  db: CatalogueDb,
  collectionId: string,
  after: { position: number; id: string } | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('items')
    .select(['id', 'position', 'added_on', 'publish_on', 'data'])
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .orderBy('id')
    .limit(limit);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('position', '>', after.position),
        eb.and([eb('position', '=', after.position), eb('id', '>', after.id)]),
      ]),
    );
  return query.execute();
}

/** The variants of these items, each item's in position order, with their live stock. */
export async function variantsOfItems(db: CatalogueDb, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('variants')
    .select(['id', 'item_id', 'unlimited', 'qty_in_stock', 'data'])
    .where('item_id', 'in', itemIds)
    .orderBy('item_id')
    .orderBy('position')
    .execute();
}
