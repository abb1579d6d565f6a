/**
 * The media library's rows (tables.ts): the only code that names its tables. Listing reads the
 * asset rows alone; the bytes are read one original at a time.
 */
import { sql, type Selectable } from 'kysely';
import { likePattern } from '../../platform/http/list-search.ts';
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
}

export interface NewAsset extends Omit<AssetRow, 'id'> {
  data: Buffer;
}

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
  };
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

export async function setAlt(db: MediaDb, id: string, alt: string): Promise<boolean> {
  const result = await db.updateTable('media_assets').set({ alt }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteAsset(db: MediaDb, id: string): Promise<boolean> {
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
