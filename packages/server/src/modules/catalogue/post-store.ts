/**
 * The post and page content editor's reads and writes of the catalogue tables (post-editor.ts and
 * page-content.ts decide what to write): a blog's posts (items of a `blog` collection) whether shown
 * or not, the back office's post list keyset-paged on (updated_on, id), a page's layout with the
 * version claim that refuses a stale save, and the layout's revisions. A post's version, revisions
 * and former addresses are an item's, kept by product-store.ts.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { CatalogueDb, CatalogueTables, CatalogueTrx } from './tables.ts';

export interface PostRow {
  id: string;
  collection_id: string;
  collection_title: string;
  collection_url_id: string;
  url_id: string;
  title: string;
  position: number;
  data: string;
  version: number;
  hidden: number;
  publish_on: number;
  updated_on: number;
  updated_by: string | null;
}

type ItemsEb = ExpressionBuilder<CatalogueTables, 'items' | 'collections'>;

const postColumns = [
  'items.id',
  'items.collection_id',
  'collections.title as collection_title',
  'collections.url_id as collection_url_id',
  'items.url_id',
  'items.title',
  'items.position',
  'items.data',
  'items.version',
  'items.hidden',
  'items.publish_on',
  'items.updated_on',
  'items.updated_by',
] as const;

const numbered = <
  R extends { position: number; version: number; hidden: number; publish_on: unknown; updated_on: unknown },
>(
  r: R,
): R & { publish_on: number; updated_on: number } => ({
  ...r,
  position: Number(r.position),
  version: Number(r.version),
  hidden: Number(r.hidden),
  publish_on: Number(r.publish_on),
  updated_on: Number(r.updated_on),
});

/** A post (an item of a blog), shown or not, by id. */
export async function postRow(db: CatalogueDb, id: string): Promise<PostRow | undefined> {
  const row = await db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select(postColumns)
    .where('items.id', '=', id)
    .where('collections.type_name', '=', 'blog')
    .executeTakeFirst();
  return row && numbered(row);
}

export interface BlogRow {
  id: string;
  title: string;
  url_id: string;
}

/** The site's blogs, in the navigation's order. */
export async function blogRows(db: CatalogueDb): Promise<BlogRow[]> {
  return db
    .selectFrom('collections')
    .select(['id', 'title', 'url_id'])
    .where('type_name', '=', 'blog')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The site's pages (collections of type page), whose layout the page content editor writes. */
export async function pageRows(db: CatalogueDb): Promise<BlogRow[]> {
  return db
    .selectFrom('collections')
    .select(['id', 'title', 'url_id'])
    .where('type_name', '=', 'page')
    .orderBy('position')
    .orderBy('id')
    .limit(500)
    .execute();
}

/** Whether the collection with this URL id has an item with this one (a product block's target). */
export async function itemExists(
  db: CatalogueDb,
  collectionUrlId: string,
  itemUrlId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select('items.id')
    .where('collections.url_id', '=', collectionUrlId)
    .where('items.url_id', '=', itemUrlId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a collection has this URL id (a summary block's target). */
export async function collectionExists(db: CatalogueDb, urlId: string): Promise<boolean> {
  const row = await db.selectFrom('collections').select('id').where('url_id', '=', urlId).executeTakeFirst();
  return row !== undefined;
}

export interface PostFilter {
  blogId?: string | undefined;
  /** `like` pattern (lower-cased, escaped with `\`) of the title. */
  pattern?: string | undefined;
  status?: 'draft' | 'scheduled' | 'published' | undefined;
  now: number;
}

function postsMatching(eb: ItemsEb, f: PostFilter): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [eb('collections.type_name', '=', 'blog')];
  if (f.blogId !== undefined) all.push(eb('items.collection_id', '=', f.blogId));
  if (f.pattern !== undefined) all.push(eb(sql`lower(items.title)`, 'like', sql`${f.pattern} escape '\\'`));
  if (f.status === 'draft') all.push(eb('items.hidden', '=', 1));
  else if (f.status === 'scheduled')
    all.push(eb.and([eb('items.hidden', '=', 0), eb('items.publish_on', '>', f.now)]));
  else if (f.status === 'published')
    all.push(eb.and([eb('items.hidden', '=', 0), eb('items.publish_on', '<=', f.now)]));
  return eb.and(all);
}

/** One page of the post list, last changed first, after the cursor's (updated_on, id). */
export async function listPostRows(
  db: CatalogueDb,
  filter: PostFilter,
  after: readonly [number, string] | undefined,
  limit: number,
): Promise<PostRow[]> {
  let query = db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select(postColumns)
    .where((eb) => postsMatching(eb, filter));
  if (after)
    query = query.where((eb) =>
      eb(eb.refTuple('items.updated_on', 'items.id'), '<', eb.tuple(after[0], after[1])),
    );
  const rows = await query
    .orderBy('items.updated_on', 'desc')
    .orderBy('items.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(numbered);
}

// ------------------------------------------------------------------ a page's layout

export interface PageRow {
  id: string;
  title: string;
  url_id: string;
  type_name: string;
  data: string;
  content_version: number;
  updated_on: number;
  content_updated_by: string | null;
}

/** A collection with its layout's version, by id. */
export async function pageRow(db: CatalogueDb, id: string): Promise<PageRow | undefined> {
  const row = await db
    .selectFrom('collections')
    .select([
      'id',
      'title',
      'url_id',
      'type_name',
      'data',
      'content_version',
      'updated_on',
      'content_updated_by',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, content_version: Number(row.content_version), updated_on: Number(row.updated_on) };
}

/**
 * Writes a collection's content if its layout is still at `version` (one conditional UPDATE: a save
 * running at the same time finds the version moved). Answers the new version, or undefined: someone
 * saved since.
 */
export async function writePageData(
  trx: CatalogueTrx,
  id: string,
  version: number,
  change: { data: string; by: string; now: number },
): Promise<number | undefined> {
  const result = await trx
    .updateTable('collections')
    .set({
      data: change.data,
      content_version: version + 1,
      content_updated_by: change.by,
      updated_on: change.now,
    })
    .where('id', '=', id)
    .where('content_version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? version + 1 : undefined;
}

export interface LayoutRevisionRow {
  id: string;
  version: number;
  saved_on: number;
  saved_by: string | null;
  blocks: string;
  changes: string;
}

export async function addLayoutRevision(
  trx: CatalogueTrx,
  revision: LayoutRevisionRow & { collection_id: string },
): Promise<void> {
  await trx.insertInto('page_content_revisions').values(revision).execute();
}

/** A page's layout revisions, newest first (at most `limit`). */
export async function layoutRevisionsOf(
  db: CatalogueDb,
  collectionId: string,
  limit: number,
): Promise<LayoutRevisionRow[]> {
  const rows = await db
    .selectFrom('page_content_revisions')
    .select(['id', 'version', 'saved_on', 'saved_by', 'blocks', 'changes'])
    .where('collection_id', '=', collectionId)
    .orderBy('version', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, version: Number(r.version), saved_on: Number(r.saved_on) }));
}

export async function layoutRevisionOf(
  db: CatalogueDb,
  collectionId: string,
  revisionId: string,
): Promise<LayoutRevisionRow | undefined> {
  const row = await db
    .selectFrom('page_content_revisions')
    .select(['id', 'version', 'saved_on', 'saved_by', 'blocks', 'changes'])
    .where('collection_id', '=', collectionId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  return row && { ...row, version: Number(row.version), saved_on: Number(row.saved_on) };
}
