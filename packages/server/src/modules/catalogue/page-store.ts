/**
 * The pages editor's reads and writes of the catalogue tables (admin-pages.ts decides what to
 * write): every collection as a page, its version claim, revisions, the home page, deleting a page
 * with its items, a deleted page's address sent elsewhere, and its events' dates and places.
 */
import { sql } from 'kysely';
import type { ItemContent, Json } from '../../platform/site/types.ts';
import type { CatalogueDb, CatalogueTrx } from './tables.ts';

export interface PageRow {
  id: string;
  urlId: string;
  title: string;
  typeName: string;
  type: number;
  homepage: boolean;
  enabled: boolean;
  position: number;
  /** The collection's content JSON (without its items). */
  data: Json;
  version: number;
  updatedOn: number;
  updatedBy: string | null;
  itemCount: number;
}

const PAGE_COLUMNS = [
  'id',
  'url_id',
  'title',
  'type_name',
  'type',
  'homepage',
  'enabled',
  'position',
  'data',
  'version',
  'updated_on',
  'updated_by',
] as const;

type StoredPage = {
  id: string;
  url_id: string;
  title: string;
  type_name: string;
  type: number;
  homepage: number;
  enabled: number;
  position: number;
  data: string;
  version: number;
  updated_on: number | string;
  updated_by: string | null;
};

const pageOf = (row: StoredPage, itemCount: number): PageRow => ({
  id: row.id,
  urlId: row.url_id,
  title: row.title,
  typeName: row.type_name,
  type: Number(row.type),
  homepage: Number(row.homepage) === 1,
  enabled: Number(row.enabled) === 1,
  position: Number(row.position),
  data: JSON.parse(row.data) as Json,
  version: Number(row.version),
  updatedOn: Number(row.updated_on),
  updatedBy: row.updated_by,
  itemCount,
});

async function itemCounts(db: CatalogueDb, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const counts = await db
    .selectFrom('items')
    .select(['collection_id', (eb) => eb.fn.countAll().as('count')])
    .where('collection_id', 'in', ids)
    .groupBy('collection_id')
    .execute();
  return new Map(counts.map((c) => [c.collection_id, Number(c.count)]));
}

/** Every collection in navigation order, with how many items each holds (two statements). */
export async function pageRows(db: CatalogueDb): Promise<PageRow[]> {
  const rows = await db
    .selectFrom('collections')
    .select(PAGE_COLUMNS)
    .where('url_id', 'not like', 'removed:%')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const counts = await itemCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => pageOf(r, counts.get(r.id) ?? 0));
}

export async function pageRow(db: CatalogueDb, id: string): Promise<PageRow | undefined> {
  const row = await db.selectFrom('collections').select(PAGE_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return pageOf(row, (await itemCounts(db, [id])).get(id) ?? 0);
}

/**
 * Holds the page's row for this transaction if it is still at `version` (an UPDATE that changes
 * nothing: a row lock on PostgreSQL, the write lock on SQLite). False: someone saved since, or it is gone.
 */
export async function claimPageVersion(trx: CatalogueTrx, id: string, version: number): Promise<boolean> {
  const result = await trx
    .updateTable('collections')
    .set({ version: sql<number>`version` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface NewPage {
  id: string;
  urlId: string;
  title: string;
  typeName: string;
  type: number;
  data: Json;
  now: number;
  by: string | null;
}

/** A new page, last in navigation order. */
export async function insertPage(trx: CatalogueTrx, page: NewPage): Promise<void> {
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
      type_name: page.typeName,
      type: page.type,
      homepage: 0,
      position: Number(last?.position ?? -1) + 1,
      data: JSON.stringify(page.data),
      updated_on: page.now,
      updated_by: page.by,
      enabled: 1,
    })
    .execute();
}

/** A page's title, slug, enabled flag and content JSON as given; its version moves on. Answers the new version. */
export async function updatePage(
  trx: CatalogueTrx,
  id: string,
  change: { urlId: string; title: string; enabled: boolean; data: Json; now: number; by: string | null },
): Promise<number> {
  const row = await trx
    .updateTable('collections')
    .set({
      url_id: change.urlId,
      title: change.title,
      enabled: change.enabled ? 1 : 0,
      data: JSON.stringify(change.data),
      updated_on: change.now,
      updated_by: change.by,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * The home page is `id` from now on: the one before loses the flag (in its row and its content
 * JSON, which content export writes). Answers the ids whose flag changed.
 */
export async function setHomepage(trx: CatalogueTrx, id: string, now: number): Promise<string[]> {
  const before = await trx
    .selectFrom('collections')
    .select(['id', 'data'])
    .where('homepage', '=', 1)
    .where('id', '!=', id)
    .execute();
  for (const row of before) {
    const { homepage: _gone, ...data } = JSON.parse(row.data) as Json;
    await trx
      .updateTable('collections')
      .set({ homepage: 0, data: JSON.stringify(data), updated_on: now, version: sql<number>`version + 1` })
      .where('id', '=', row.id)
      .execute();
  }
  await trx.updateTable('collections').set({ homepage: 1 }).where('id', '=', id).execute();
  return before.map((row) => row.id);
}

export interface PageRevisionRow {
  id: string;
  version: number;
  saved_on: number;
  saved_by: string | null;
  page: string;
  changes: string;
}

export async function addPageRevision(
  trx: CatalogueTrx,
  revision: PageRevisionRow & { collection_id: string },
): Promise<void> {
  await trx.insertInto('page_revisions').values(revision).execute();
}

/** A page's revisions, newest first (at most `limit`). */
export async function pageRevisionsOf(
  db: CatalogueDb,
  collectionId: string,
  limit: number,
): Promise<PageRevisionRow[]> {
  const rows = await db
    .selectFrom('page_revisions')
    .select(['id', 'version', 'saved_on', 'saved_by', 'page', 'changes'])
    .where('collection_id', '=', collectionId)
    .orderBy('version', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, version: Number(r.version), saved_on: Number(r.saved_on) }));
}

export async function pageRevisionOf(
  db: CatalogueDb,
  collectionId: string,
  revisionId: string,
): Promise<PageRevisionRow | undefined> {
  const row = await db
    .selectFrom('page_revisions')
    .select(['id', 'version', 'saved_on', 'saved_by', 'page', 'changes'])
    .where('collection_id', '=', collectionId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  return row && { ...row, version: Number(row.version), saved_on: Number(row.saved_on) };
}

/** The ids of a page's items and of their variants (what deleting the page removes). */
export async function pageContents(
  db: CatalogueDb,
  collectionId: string,
): Promise<{ items: string[]; variants: string[] }> {
  const items = await db.selectFrom('items').select('id').where('collection_id', '=', collectionId).execute();
  const variants = await db
    .selectFrom('variants')
    .innerJoin('items', 'items.id', 'variants.item_id')
    .select('variants.id')
    .where('items.collection_id', '=', collectionId)
    .execute();
  return { items: items.map((r) => r.id), variants: variants.map((r) => r.id) };
}

/** A deleted page's own records: its revisions and the former slugs that pointed at it. */
export async function forgetPage(trx: CatalogueTrx, collectionId: string): Promise<void> {
  for (const revisions of ['page_revisions', 'collection_revisions', 'page_content_revisions'] as const)
    await trx.deleteFrom(revisions).where('collection_id', '=', collectionId).execute();
  await trx.deleteFrom('collection_redirects').where('collection_id', '=', collectionId).execute();
  await trx.deleteFrom('item_revisions').where('item_id', 'in', itemIdsOf(trx, collectionId)).execute();
  await trx.deleteFrom('item_redirects').where('collection_id', '=', collectionId).execute();
}

const itemIdsOf = (db: CatalogueDb, collectionId: string) =>
  db.selectFrom('items').select('id').where('collection_id', '=', collectionId);

/** A deleted page's address (and every path under it) answers 301 to `targetPath` from now on. */
export async function redirectDeletedSlug(
  trx: CatalogueTrx,
  oldUrlId: string,
  collectionId: string,
  targetPath: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('collection_redirects')
    .values({ old_url_id: oldUrlId, collection_id: collectionId, created: now, target_path: targetPath })
    .onConflict((oc) =>
      oc
        .column('old_url_id')
        .doUpdateSet({ collection_id: collectionId, created: now, target_path: targetPath }),
    )
    .execute();
}

/** The items of a page with their content, publish time and hidden flag, `limit` at a time after `after` (by id). */
export async function pageItemsAfter(
  db: CatalogueDb,
  collectionId: string,
  after: string | undefined,
  limit: number,
): Promise<{ id: string; content: ItemContent; publishOn: number; hidden: boolean }[]> {
  let query = db
    .selectFrom('items')
    .select(['id', 'data', 'publish_on', 'hidden'])
    .where('collection_id', '=', collectionId)
    .orderBy('id')
    .limit(limit);
  if (after !== undefined) query = query.where('id', '>', after);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    content: JSON.parse(r.data) as ItemContent,
    publishOn: Number(r.publish_on),
    hidden: Number(r.hidden) === 1,
  }));
}

export interface EventRow {
  id: string;
  urlId: string;
  title: string;
  content: ItemContent;
  version: number;
}

/** An events page's events in start order (at most `limit`). */
export async function pageEvents(db: CatalogueDb, collectionId: string, limit: number): Promise<EventRow[]> {
  const rows = await db
    .selectFrom('items')
    .select(['id', 'url_id', 'title', 'data', 'version'])
    .where('collection_id', '=', collectionId)
    .orderBy('event_start')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    urlId: r.url_id,
    title: r.title,
    content: JSON.parse(r.data) as ItemContent,
    version: Number(r.version),
  }));
}

export async function pageEvent(
  db: CatalogueDb,
  collectionId: string,
  itemId: string,
): Promise<EventRow | undefined> {
  const row = await db
    .selectFrom('items')
    .select(['id', 'url_id', 'title', 'data', 'version'])
    .where('collection_id', '=', collectionId)
    .where('id', '=', itemId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      urlId: row.url_id,
      title: row.title,
      content: JSON.parse(row.data) as ItemContent,
      version: Number(row.version),
    }
  );
}

/**
 * An event's content with new dates and place, if it is still at `version`; its start and end
 * columns (the calendar's and the list's order) follow. False: someone saved since.
 */
export async function saveEvent(
  trx: CatalogueTrx,
  itemId: string,
  version: number,
  change: { content: ItemContent; start: number; end: number; now: number; by: string | null },
): Promise<boolean> {
  const result = await trx
    .updateTable('items')
    .set({
      data: JSON.stringify(change.content),
      event_start: change.start,
      event_end: change.end,
      updated_on: change.now,
      updated_by: change.by,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', itemId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Who saved an item last, when, and its version now (what a refused stale save reports). */
export async function itemSaveState(
  db: CatalogueDb,
  itemId: string,
): Promise<{ updatedBy: string | null; updatedOn: number; version: number }> {
  const row = await db
    .selectFrom('items')
    .select(['updated_by', 'updated_on', 'version'])
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  return { updatedBy: row.updated_by, updatedOn: Number(row.updated_on), version: Number(row.version) };
}

/**
 * Folders and indexes list their pages by slug (`"collections": [...]`): a page's new slug replaces
 * its old one in each of them. Answers the ids of the folders rewritten.
 */
export async function renameInFolders(
  trx: CatalogueTrx,
  oldUrlId: string,
  newUrlId: string,
  now: number,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('collections')
    .select(['id', 'data'])
    .where('data', 'like', '%"collections":%')
    .execute();
  const rewritten: string[] = [];
  for (const row of rows) {
    const data = JSON.parse(row.data) as Json;
    if (!Array.isArray(data.collections) || !data.collections.includes(oldUrlId)) continue;
    data.collections = data.collections.map((slug) => (slug === oldUrlId ? newUrlId : slug));
    await trx
      .updateTable('collections')
      .set({ data: JSON.stringify(data), updated_on: now, version: sql<number>`version + 1` })
      .where('id', '=', row.id)
      .execute();
    rewritten.push(row.id);
  }
  return rewritten;
}
