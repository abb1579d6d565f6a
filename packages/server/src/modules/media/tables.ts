import type { ColumnType, Kysely, Transaction } from 'kysely';

/**
 * The media library (issue 30; migration 2026-11-28-041-media-library): every original the site
 * serves at `/media/<file_name>`, in the database so that every instance serves the same files.
 * Times are epoch milliseconds (PostgreSQL returns bigint as a string: read them with `Number`).
 */
type Millis = ColumnType<number | string, number, number>;

export interface MediaAssetsTable {
  id: string;
  /** The name in `/media/<file_name>`: unique, never reused for other bytes while the asset lives. */
  file_name: string;
  content_type: string;
  bytes: number;
  /** Null for a file that is not an image (a sound) or whose header cannot be read. */
  width: number | null;
  height: number | null;
  alt: string;
  /** Hex SHA-256 of the bytes: the resized variants on each instance's disk are named by it. */
  sha256: string;
  uploaded_on: Millis;
  /** The staff member's address; null for a file imported from the site folder's content/media. */
  uploaded_by: string | null;
  title: ColumnType<string, string | undefined, string>;
  /** `{"x":…,"y":…}` from 0 to 1; null: the centre. */
  focal_point: ColumnType<string | null, string | null | undefined, string | null>;
  /** Moves with every change: a change made on an older version is refused (409). */
  version: ColumnType<number, number | undefined, number>;
  updated_on: ColumnType<number | string, number, number>;
  /** Who changed it last (null: imported from content/media). */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Every change of a file's alt text, title or focal point: the fields after it, and what changed. */
export interface MediaRevisionsTable {
  id: string;
  asset_id: string;
  version: number;
  saved_on: Millis;
  saved_by: string | null;
  /** `{ alt, title, focalPoint }` after the save (JSON). */
  fields: string;
  /** Readable changes against the version before (JSON array of strings). */
  changes: string;
}

/** The bytes apart, so that listing the library never reads them (SQLite BLOB, PostgreSQL bytea). */
export interface MediaBlobsTable {
  asset_id: string;
  data: Buffer;
}

/** The names already imported from content/media: a later start never brings back one deleted since. */
export interface MediaContentImportsTable {
  file_name: string;
  imported_on: Millis;
}

export interface MediaTables {
  media_assets: MediaAssetsTable;
  media_blobs: MediaBlobsTable;
  media_content_imports: MediaContentImportsTable;
  media_revisions: MediaRevisionsTable;
}

export type MediaDb = Kysely<MediaTables> | Transaction<MediaTables>;
