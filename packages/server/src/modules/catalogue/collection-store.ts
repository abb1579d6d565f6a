/**
 * The store pages' rows (issue 30): products collections as the back office edits them, the order of
 * their products, their categories on every product carrying them, and their former slugs.
 */
import { sql } from 'kysely';
import type { ItemContent, Json } from '../../platform/site/types.ts';
import { itemTerms } from './item-terms.ts';
import type { CatalogueDb, CatalogueTrx } from './tables.ts';

/** The collections' type name of a store page. */
export const STORE_PAGE_TYPE_NAME = 'products';
/** The collection type code of a store page (spec §5 enumerations: products 13). */
export const STORE_PAGE_TYPE = 13;

export interface StorePageRow {
  id: string;
  urlId: string;
  title: string;
  /** The collection's content JSON (without its items). */
  data: Json;
  productCount: number;
  version: number;
  updatedOn: number;
  updatedBy: string | null;
}

const PAGE_COLUMNS = ['id', 'url_id', 'title', 'data', 'version', 'updated_on', 'updated_by'] as const;

const pageOf = (
  row: {
    id: string;
    url_id: string;
    title: string;
    data: string;
    version: number;
    updated_on: number | string;
    updated_by: string | null;
  },
  productCount: number,
): StorePageRow => ({
  id: row.id,
  urlId: row.url_id,
  title: row.title,
  data: JSON.parse(row.data) as Json,
  productCount,
  version: Number(row.version),
  updatedOn: Number(row.updated_on),
  updatedBy: row.updated_by,
});

/** Every store page in navigation order, with how many products each holds (two statements). */
export async function storePageRows(db: CatalogueDb): Promise<StorePageRow[]> {
  const rows = await db
    .selectFrom('collections')
    .select(PAGE_COLUMNS)
    .where('type_name', '=', STORE_PAGE_TYPE_NAME)
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom('items')
    .select(['collection_id', (eb) => eb.fn.countAll().as('count')])
    .where(
      'collection_id',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('collection_id')
    .execute();
  const countOf = new Map(counts.map((c) => [c.collection_id, Number(c.count)]));
  return rows.map((r) => pageOf(r, countOf.get(r.id) ?? 0));
}

/** One store page, or undefined when there is none by that id. */
export async function storePageRow(db: CatalogueDb, id: string): Promise<StorePageRow | undefined> {
  const row = await db
    .selectFrom('collections')
    .select(PAGE_COLUMNS)
    .where('id', '=', id)
    .where('type_name', '=', STORE_PAGE_TYPE_NAME)
    .executeTakeFirst();
  return row && pageOf(row, await countCollectionItems(db, id));
}

/** Locks a store page's row in the caller's transaction (an UPDATE that changes nothing). */
export async function lockStorePage(trx: CatalogueTrx, id: string): Promise<boolean> {
  const result = await trx
    .updateTable('collections')
    .set({ position: sql<number>`position` })
    .where('id', '=', id)
    .where('type_name', '=', STORE_PAGE_TYPE_NAME)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countCollectionItems(db: CatalogueDb, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The collection (of any kind) at this URL slug. */
export async function collectionAtSlug(
  db: CatalogueDb,
  urlId: string,
): Promise<{ id: string; title: string } | undefined> {
  return db.selectFrom('collections').select(['id', 'title']).where('url_id', '=', urlId).executeTakeFirst();
}

export interface NewStorePage {
  id: string;
  urlId: string;
  title: string;
  data: Json;
  now: number;
  savedBy: string | null;
}

/** A new store page, last in navigation order. */
export async function insertStorePage(trx: CatalogueTrx, page: NewStorePage): Promise<void> {
  const last = await trx
    .selectFrom('collections')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  await trx
    .insertInto('collections')
    .values({
      id: page.id,
      url_id: page.urlId,
      title: page.title,
      type_name: STORE_PAGE_TYPE_NAME,
      type: STORE_PAGE_TYPE,
      homepage: 0,
      position: Number(last?.position ?? -1) + 1,
      data: JSON.stringify(page.data),
      updated_on: page.now,
      updated_by: page.savedBy,
    })
    .execute();
}

/** A store page's title, slug and content JSON as given. */
export async function updateStorePage(
  trx: CatalogueTrx,
  id: string,
  change: { urlId: string; title: string; data: Json; now: number },
): Promise<void> {
  await trx
    .updateTable('collections')
    .set({
      url_id: change.urlId,
      title: change.title,
      data: JSON.stringify(change.data),
      updated_on: change.now,
    })
    .where('id', '=', id)
    .execute();
}

/** A save of the page by `savedBy`: its version moves on. */
export async function stampStorePage(
  trx: CatalogueTrx,
  id: string,
  savedBy: string | null,
  now: number,
): Promise<number> {
  const row = await trx
    .updateTable('collections')
    .set({ version: sql<number>`version + 1`, updated_by: savedBy, updated_on: now })
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

export interface PageRevisionRow {
  id: string;
  version: number;
  saved_on: number;
  saved_by: string | null;
  /** The page's fields after the save (JSON). */
  page: string;
  changes: string;
}

export async function addPageRevision(
  trx: CatalogueTrx,
  revision: PageRevisionRow & { collection_id: string },
): Promise<void> {
  await trx.insertInto('collection_revisions').values(revision).execute();
}

export async function hasPageRevisions(db: CatalogueDb, collectionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('collection_revisions')
    .select('id')
    .where('collection_id', '=', collectionId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const REVISION_COLUMNS = ['id', 'version', 'saved_on', 'saved_by', 'page', 'changes'] as const;

const revisionRowOf = (r: Omit<PageRevisionRow, 'saved_on'> & { saved_on: number | string }) => ({
  ...r,
  version: Number(r.version),
  saved_on: Number(r.saved_on),
});

/** A store page's revisions, newest first (at most `limit`). */
export async function pageRevisions(
  db: CatalogueDb,
  collectionId: string,
  limit: number,
): Promise<PageRevisionRow[]> {
  const rows = await db
    .selectFrom('collection_revisions')
    .select(REVISION_COLUMNS)
    .where('collection_id', '=', collectionId)
    .orderBy('version', 'desc')
    .orderBy('saved_on', 'desc')
    .limit(limit)
    .execute();
  return rows.map(revisionRowOf);
}

export async function pageRevision(
  db: CatalogueDb,
  collectionId: string,
  revisionId: string,
): Promise<PageRevisionRow | undefined> {
  const row = await db
    .selectFrom('collection_revisions')
    .select(REVISION_COLUMNS)
    .where('collection_id', '=', collectionId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  return row && revisionRowOf(row);
}

export async function deleteStorePage(trx: CatalogueTrx, id: string): Promise<void> {
  await trx.deleteFrom('collection_revisions').where('collection_id', '=', id).execute();
  await trx.deleteFrom('collection_redirects').where('collection_id', '=', id).execute();
  await trx.deleteFrom('collections').where('id', '=', id).execute();
}

/** The products of a collection in its order (at most `limit`), each with its content JSON. */
export async function collectionProducts(
  db: CatalogueDb,
  collectionId: string,
  limit: number,
): Promise<{ id: string; title: string; content: ItemContent }[]> {
  const rows = await db
    .selectFrom('items')
    .select(['id', 'title', 'data'])
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, content: JSON.parse(r.data) as ItemContent }));
}

/** Every item id of a collection, in its order. */
export async function collectionItemIds(db: CatalogueDb, collectionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('items')
    .select('id')
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Puts a collection's items in the order of `ids` (each the position of its index). */
export async function setItemPositions(
  trx: CatalogueTrx,
  collectionId: string,
  ids: readonly string[],
): Promise<void> {
  for (const [position, id] of ids.entries())
    await trx
      .updateTable('items')
      .set({ position })
      .where('collection_id', '=', collectionId)
      .where('id', '=', id)
      .where('position', '!=', position)
      .execute();
}

// ------------------------------------------------------------------ categories on products

/** `like` pattern of everything under a category path (`Home/%`), `%`, `_` and `\` escaped. */
const underPattern = (path: string) => `${path.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;

/** The items of a collection carrying `path` or a category under it, with their content JSON. */
export async function itemsInCategory(
  db: CatalogueDb,
  collectionId: string,
  path: string,
): Promise<{ id: string; content: ItemContent }[]> {
  const rows = await db
    .selectFrom('items')
    .select(['id', 'data'])
    .where('collection_id', '=', collectionId)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('item_terms')
        .select('item_id')
        .where('collection_id', '=', collectionId)
        .where('kind', '=', 'category')
        .where((t) =>
          t.or([t('value', '=', path), t('value', 'like', sql<string>`${underPattern(path)} escape '\\'`)]),
        ),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, content: JSON.parse(r.data) as ItemContent }));
}

/** An item's content JSON with new categories, and its terms written again to match. */
export async function rewriteItemCategories(
  trx: CatalogueTrx,
  collectionId: string,
  item: ItemContent,
  now: number,
): Promise<void> {
  await trx
    .updateTable('items')
    .set({ data: JSON.stringify(item), updated_on: now })
    .where('id', '=', item.id)
    .execute();
  await trx.deleteFrom('item_terms').where('item_id', '=', item.id).where('kind', '=', 'category').execute();
  const categories = itemTerms(item, collectionId).filter((t) => t.kind === 'category');
  if (categories.length) await trx.insertInto('item_terms').values(categories).execute();
}

// ------------------------------------------------------------------ former slugs

/** Remembers `oldUrlId` as a former slug of the collection; a slug in use again is no longer one. */
export async function rememberFormerSlug(
  trx: CatalogueTrx,
  oldUrlId: string,
  collectionId: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('collection_redirects')
    .values({ old_url_id: oldUrlId, collection_id: collectionId, created: now })
    .onConflict((oc) => oc.column('old_url_id').doUpdateSet({ collection_id: collectionId, created: now }))
    .execute();
}

/** A slug taken by a page now answers that page, not a redirect. */
export async function forgetFormerSlug(trx: CatalogueTrx, urlId: string): Promise<void> {
  await trx.deleteFrom('collection_redirects').where('old_url_id', '=', urlId).execute();
}

/**
 * Where a former slug points now: the URL slug of its collection, or the path a deleted page's
 * address was sent to, or undefined.
 */
export async function formerSlugTarget(
  db: CatalogueDb,
  oldUrlId: string,
): Promise<{ urlId: string } | { path: string } | undefined> {
  const row = await db
    .selectFrom('collection_redirects')
    .leftJoin('collections', 'collections.id', 'collection_redirects.collection_id')
    .select(['collections.url_id', 'collection_redirects.target_path'])
    .where('collection_redirects.old_url_id', '=', oldUrlId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.target_path !== null) return { path: row.target_path };
  return row.url_id === null ? undefined : { urlId: row.url_id };
}

/**
 * Where a path under a former slug lives now (`/old-shop/p/mug` -> `/shop/p/mug`; every path under
 * a deleted page's address -> the path it was sent to), or undefined when its first segment is no
 * former slug.
 */
export async function movedCollectionPath(db: CatalogueDb, path: string): Promise<string | undefined> {
  const [, first, ...rest] = path.split('/');
  if (!first) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(first);
  } catch {
    return undefined;
  }
  if (slug.includes('\0')) return undefined;
  const target = await formerSlugTarget(db, slug);
  if (target === undefined) return undefined;
  return 'path' in target ? target.path : ['', target.urlId, ...rest].join('/');
}
