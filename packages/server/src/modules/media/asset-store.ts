/**
 * The media library's rows (tables.ts): the only code that names its tables. Listing reads the
 * asset rows alone; the bytes are read one original at a time.
 */
import { sql, type Selectable } from 'kysely';
import { likePattern } from '../../platform/http/list-search.ts';
import { CENTRE, type FocalPoint } from './focal-points.ts';
import type { MediaAssetsTable, MediaDb } from './tables.ts';

export interface AssetRow {
  id: string;
  fileName: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  alt: string;
  sha256: string;
  uploadedOn: number;
  uploadedBy: string | null;
  title: string;
  focalPoint: FocalPoint;
  version: number;
  updatedOn: number;
  updatedBy: string | null;
}

/** What staff edit of a file, on a version. */
export interface AssetFields {
  alt: string;
  title: string;
  focalPoint: FocalPoint;
}

export type NewAsset = Omit<AssetRow, 'id' | keyof AssetFields | 'version' | 'updatedOn' | 'updatedBy'> & {
  alt: string;
  data: Buffer;
};

const COLUMNS = [
  'id',
  'file_name',
  'content_type',
  'bytes',
  'width',
  'height',
  'alt',
  'sha256',
  'uploaded_on',
  'uploaded_by',
  'title',
  'focal_point',
  'version',
  'updated_on',
  'updated_by',
] as const;

type Stored = Selectable<MediaAssetsTable>;

const nullableNumber = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

function rowOf(row: Stored): AssetRow {
  return {
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    bytes: Number(row.bytes),
    width: nullableNumber(row.width),
    height: nullableNumber(row.height),
    alt: row.alt,
    sha256: row.sha256,
    uploadedOn: Number(row.uploaded_on),
    uploadedBy: row.uploaded_by,
    title: row.title,
    focalPoint: focalPointOf(row.focal_point),
    version: Number(row.version),
    updatedOn: Number(row.updated_on),
    updatedBy: row.updated_by,
  };
}

function focalPointOf(stored: string | null): FocalPoint {
  if (stored === null) return CENTRE;
  const point = JSON.parse(stored) as Partial<FocalPoint>;
  return typeof point.x === 'number' && typeof point.y === 'number' ? { x: point.x, y: point.y } : CENTRE;
}

export async function assetByName(db: MediaDb, fileName: string): Promise<AssetRow | undefined> {
  const row = await db
    .selectFrom('media_assets')
    .select(COLUMNS)
    .where('file_name', '=', fileName)
    .executeTakeFirst();
  return row ? rowOf(row) : undefined;
}

export async function assetById(db: MediaDb, id: string): Promise<AssetRow | undefined> {
  const row = await db.selectFrom('media_assets').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? rowOf(row) : undefined;
}

export async function assetBytes(db: MediaDb, id: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('media_blobs').select('data').where('asset_id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.data) : undefined;
}

/**
 * Inserts the asset under `fileName` unless that name is taken; true when it was inserted. A clash
 * with another writer at the same moment is a taken name too, never an error.
 */
export async function insertAsset(db: MediaDb, id: string, asset: NewAsset): Promise<boolean> {
  const inserted = await db
    .insertInto('media_assets')
    .values({
      id,
      file_name: asset.fileName,
      content_type: asset.contentType,
      bytes: asset.bytes,
      width: asset.width,
      height: asset.height,
      alt: asset.alt,
      sha256: asset.sha256,
      uploaded_on: asset.uploadedOn,
      uploaded_by: asset.uploadedBy,
      updated_on: asset.uploadedOn,
      updated_by: asset.uploadedBy,
    })
    .onConflict((oc) => oc.column('file_name').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await db.insertInto('media_blobs').values({ asset_id: id, data: asset.data }).execute();
  return true;
}

/** The names taken among `candidates`. */
export async function takenNames(db: MediaDb, candidates: readonly string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .selectFrom('media_assets')
    .select('file_name')
    .where('file_name', 'in', candidates)
    .execute();
  return new Set(rows.map((row) => row.file_name));
}

/**
 * Holds the asset's row for this transaction if it is still at `version` (an UPDATE that changes
 * nothing). False: someone saved since, or there is no such asset.
 */
export async function claimAssetVersion(db: MediaDb, id: string, version: number): Promise<boolean> {
  const result = await db
    .updateTable('media_assets')
    .set({ version: sql<number>`version` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Holds the asset's row for this transaction, whatever its version; false when there is none. */
export async function lockAsset(db: MediaDb, id: string): Promise<boolean> {
  const result = await db
    .updateTable('media_assets')
    .set({ version: sql<number>`version` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The asset's fields as given, saved by `savedBy`: its version moves on. */
export async function saveAssetFields(
  db: MediaDb,
  id: string,
  fields: AssetFields,
  savedBy: string | null,
  now: number,
): Promise<number> {
  const row = await db
    .updateTable('media_assets')
    .set({
      alt: fields.alt,
      title: fields.title,
      focal_point: JSON.stringify(fields.focalPoint),
      version: sql<number>`version + 1`,
      updated_on: now,
      updated_by: savedBy,
    })
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

export interface AssetRevisionRow {
  id: string;
  version: number;
  saved_on: number;
  saved_by: string | null;
  /** AssetFields after the save (JSON). */
  fields: string;
  changes: string;
}

export async function addAssetRevision(
  db: MediaDb,
  revision: AssetRevisionRow & { asset_id: string },
): Promise<void> {
  await db.insertInto('media_revisions').values(revision).execute();
}

export async function hasAssetRevisions(db: MediaDb, assetId: string): Promise<boolean> {
  const row = await db
    .selectFrom('media_revisions')
    .select('id')
    .where('asset_id', '=', assetId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const REVISION_COLUMNS = ['id', 'version', 'saved_on', 'saved_by', 'fields', 'changes'] as const;

const revisionRowOf = (r: Omit<AssetRevisionRow, 'saved_on'> & { saved_on: number | string }) => ({
  ...r,
  version: Number(r.version),
  saved_on: Number(r.saved_on),
});

/** An asset's revisions, newest first (at most `limit`). */
export async function assetRevisions(
  db: MediaDb,
  assetId: string,
  limit: number,
): Promise<AssetRevisionRow[]> {
  const rows = await db
    .selectFrom('media_revisions')
    .select(REVISION_COLUMNS)
    .where('asset_id', '=', assetId)
    .orderBy('version', 'desc')
    .orderBy('saved_on', 'desc')
    .limit(limit)
    .execute();
  return rows.map(revisionRowOf);
}

export async function assetRevision(
  db: MediaDb,
  assetId: string,
  revisionId: string,
): Promise<AssetRevisionRow | undefined> {
  const row = await db
    .selectFrom('media_revisions')
    .select(REVISION_COLUMNS)
    .where('asset_id', '=', assetId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  return row && revisionRowOf(row);
}

export async function deleteAsset(db: MediaDb, id: string): Promise<boolean> {
  await db.deleteFrom('media_revisions').where('asset_id', '=', id).execute();
  await db.deleteFrom('media_blobs').where('asset_id', '=', id).execute();
  const result = await db.deleteFrom('media_assets').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface AssetListQuery {
  q?: string | undefined;
  /** The last shown row's key: newest first, then by id. */
  after?: readonly [number, string] | undefined;
  limit: number;
}

/** Newest first; `limit + 1` rows so that the caller knows whether more follow. */
export async function listAssets(db: MediaDb, query: AssetListQuery): Promise<AssetRow[]> {
  let select = db.selectFrom('media_assets').select(COLUMNS);
  if (query.q) {
    const pattern = likePattern(query.q);
    select = select.where((eb) => eb(sql`lower(file_name)`, 'like', sql`${pattern} escape '\\'`));
  }
  if (query.after) {
    const [uploadedOn, id] = query.after;
    select = select.where((eb) =>
      eb.or([
        eb('uploaded_on', '<', uploadedOn),
        eb.and([eb('uploaded_on', '=', uploadedOn), eb('id', '<', id)]),
      ]),
    );
  }
  const rows = await select
    .orderBy('uploaded_on', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  return rows.map(rowOf);
}

/** Every asset's name and id, in name order (the export, the start's import). */
export async function assetNames(db: MediaDb): Promise<{ id: string; fileName: string }[]> {
  const rows = await db.selectFrom('media_assets').select(['id', 'file_name']).orderBy('file_name').execute();
  return rows.map((row) => ({ id: row.id, fileName: row.file_name }));
}

/** The names ever imported from content/media. */
export async function importedNames(db: MediaDb): Promise<Set<string>> {
  const rows = await db.selectFrom('media_content_imports').select('file_name').execute();
  return new Set(rows.map((row) => row.file_name));
}

export async function recordImported(db: MediaDb, fileName: string, now: number): Promise<void> {
  await db
    .insertInto('media_content_imports')
    .values({ file_name: fileName, imported_on: now })
    .onConflict((oc) => oc.column('file_name').doNothing())
    .execute();
}
