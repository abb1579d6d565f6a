/**
 * The media library: originals kept in the database (asset-store.ts), read through a small
 * in-memory cache bounded in bytes, uploads examined (upload.ts) and named uniquely, and where each
 * file is used, asked of the modules that show files (passed in by app.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { message } from '@storefront/core';
import type { MediaAsset, MediaUse, RecordRevisions } from '@storefront/core/wire';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../platform/db/index.ts';
import { containedPath } from '../../platform/site/contained-path.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { apiError } from '../../platform/http/errors.ts';
import { recordChanged, revisionOnWire } from '../../platform/http/record-changed.ts';
import {
  assetById,
  assetByName,
  assetBytes,
  assetNames,
  deleteAsset,
  importedNames,
  insertAsset,
  listAssets,
  recordImported,
  takenNames,
  addAssetRevision,
  assetRevision,
  assetRevisions,
  claimAssetVersion,
  hasAssetRevisions,
  lockAsset,
  saveAssetFields,
  type AssetFields,
  type AssetRow,
} from './asset-store.ts';
import { CENTRE } from './focal-points.ts';
import { baseNameOf, candidateNames, contentTypeOfImport, type ExaminedUpload } from './upload.ts';

export type { AssetRow } from './asset-store.ts';

/** Who saves a file's fields, when, and the zone a 409 names the time in. */
export interface AssetSave {
  by: string | null;
  now: number;
  timeZone: string;
  /** The revision's words, when not the difference with the version before (a restore). */
  changesFirst?: string[];
}

const REVISIONS_SHOWN = 100;

const fieldsOf = (row: AssetRow): AssetFields => ({
  alt: row.alt,
  title: row.title,
  focalPoint: row.focalPoint,
});

/** What changed from `before` to `after`, in the words of the revisions list. */
function fieldChanges(before: AssetFields, after: AssetFields): string[] {
  const words: string[] = [];
  if (before.alt !== after.alt) words.push(message('media.change-alt'));
  if (before.title !== after.title) words.push(message('media.change-title'));
  if (before.focalPoint.x !== after.focalPoint.x || before.focalPoint.y !== after.focalPoint.y)
    words.push(message('media.change-focal-point'));
  return words;
}

/** Where each of `fileNames` is used: file name -> its uses (absent: unused). */
export type MediaUsesOf = (fileNames: readonly string[]) => Promise<Map<string, MediaUse[]>>;

/** Originals kept in memory at most, in bytes: a few large photos, or many small ones. */
const ORIGINALS_CACHE_BYTES = 64 * 1024 * 1024;

export const MEDIA_PATH = '/media/';

export const urlOf = (fileName: string) => `${MEDIA_PATH}${fileName}`;

export class MediaLibrary {
  /** Originals by content hash: the same bytes under two names are kept once. */
  private readonly originals = new LRUCache<string, Buffer>({
    maxSize: ORIGINALS_CACHE_BYTES,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
    // A file larger than the whole cache is read from the database each time it is needed.
    maxEntrySize: ORIGINALS_CACHE_BYTES,
  });

  constructor(
    private readonly db: Db,
    private readonly usesOf: MediaUsesOf,
  ) {}

  byName(fileName: string): Promise<AssetRow | undefined> {
    return assetByName(this.db, fileName);
  }

  byId(id: string): Promise<AssetRow | undefined> {
    return assetById(this.db, id);
  }

  /** The original bytes of `asset`, from memory when they were read lately. */
  async original(asset: AssetRow): Promise<Buffer | undefined> {
    const cached = this.originals.get(asset.sha256);
    if (cached) return cached;
    const bytes = await assetBytes(this.db, asset.id);
    if (bytes && bytes.length <= ORIGINALS_CACHE_BYTES) this.originals.set(asset.sha256, bytes);
    return bytes;
  }

  async list(query: Parameters<typeof listAssets>[1]): Promise<AssetRow[]> {
    return listAssets(this.db, query);
  }

  /** The wire form of `rows`, each with where it is used. */
  async wire(rows: readonly AssetRow[]): Promise<MediaAsset[]> {
    const uses = rows.length
      ? await this.usesOf(rows.map((row) => row.fileName))
      : new Map<string, MediaUse[]>();
    return rows.map((row) => ({
      id: row.id,
      url: urlOf(row.fileName),
      fileName: row.fileName,
      contentType: row.contentType,
      bytes: row.bytes,
      width: row.width,
      height: row.height,
      alt: row.alt,
      title: row.title,
      focalPoint: row.focalPoint,
      uploadedOn: row.uploadedOn,
      usedBy: uses.get(row.fileName) ?? [],
      version: row.version,
      updatedOn: row.updatedOn,
      updatedBy: row.updatedBy,
    }));
  }

  async usesOfAsset(row: AssetRow): Promise<MediaUse[]> {
    return (await this.usesOf([row.fileName])).get(row.fileName) ?? [];
  }

  /**
   * Keeps each upload under its own name, or the first of `name-2`, `name-3`… not taken; all of
   * them or none (one transaction).
   */
  async store(
    uploads: readonly { fileName: string; upload: ExaminedUpload }[],
    uploadedBy: string | null,
    now: number,
  ): Promise<AssetRow[]> {
    return writeTransaction(this.db, async (trx) => {
      const stored: AssetRow[] = [];
      for (const { fileName, upload } of uploads) {
        const { stem, extension } = baseNameOf(fileName, upload);
        const id = randomUUID();
        for (let from = 1; ; from += 20) {
          const candidates = candidateNames(stem, extension, from, 20);
          const taken = await takenNames(trx, candidates);
          const free = candidates.filter((name) => !taken.has(name));
          let kept: AssetRow | undefined;
          for (const name of free) {
            const row: AssetRow = {
              id,
              fileName: name,
              contentType: upload.contentType,
              bytes: upload.data.length,
              width: upload.width,
              height: upload.height,
              alt: '',
              sha256: upload.sha256,
              uploadedOn: now,
              uploadedBy,
              title: '',
              focalPoint: CENTRE,
              version: 1,
              updatedOn: now,
              updatedBy: uploadedBy,
            };
            if (await insertAsset(trx, id, { ...row, data: upload.data })) {
              kept = row;
              break;
            }
          }
          if (kept) {
            stored.push(kept);
            break;
          }
        }
      }
      return stored;
    });
  }

  /**
   * Saves a change of alt text, title or focal point made on `seen` (any version when undefined):
   * 409 `record-changed` when someone saved since. A save that changes something moves the version
   * and keeps a revision (the first one of a file first keeps it as it was, to restore).
   */
  async change(
    id: string,
    seen: number | undefined,
    change: Partial<AssetFields>,
    save: AssetSave,
  ): Promise<AssetRow> {
    return writeTransaction(this.db, async (trx) => {
      const held = seen === undefined ? await lockAsset(trx, id) : await claimAssetVersion(trx, id, seen);
      const row = await assetById(trx, id);
      if (!row) throw apiError('media.not-found');
      if (!held) throw recordChanged(row, save.timeZone, 'file');
      const before = fieldsOf(row);
      const after: AssetFields = { ...before, ...change };
      const words = save.changesFirst ?? fieldChanges(before, after);
      if (words.length === 0) return row;
      if (!(await hasAssetRevisions(trx, id)))
        await addAssetRevision(trx, {
          id: randomUUID(),
          asset_id: id,
          version: row.version,
          saved_on: row.updatedOn,
          saved_by: row.updatedBy,
          fields: JSON.stringify(before),
          changes: JSON.stringify([message('catalogue.change-before-first-edit')]),
        });
      const version = await saveAssetFields(trx, id, after, save.by, save.now);
      await addAssetRevision(trx, {
        id: randomUUID(),
        asset_id: id,
        version,
        saved_on: save.now,
        saved_by: save.by,
        fields: JSON.stringify(after),
        changes: JSON.stringify(words),
      });
      return (await assetById(trx, id)) as AssetRow;
    });
  }

  async revisions(id: string): Promise<RecordRevisions> {
    return { revisions: (await assetRevisions(this.db, id, REVISIONS_SHOWN)).map(revisionOnWire) };
  }

  /** Saves the file's alt text, title and focal point as a revision had them: a save of its own. */
  async restore(id: string, revisionId: string, save: AssetSave): Promise<AssetRow> {
    const revision = await assetRevision(this.db, id, revisionId);
    if (!revision) throw apiError('catalogue.revision-not-found');
    const fields = JSON.parse(revision.fields) as AssetFields;
    return this.change(id, undefined, fields, {
      ...save,
      changesFirst: [message('catalogue.change-restored', { version: revision.version })],
    });
  }

  /** Deletes the asset unless it is in use: its uses, or null when it was deleted (or never was). */
  async delete(row: AssetRow): Promise<MediaUse[] | null> {
    const uses = await this.usesOfAsset(row);
    if (uses.length > 0) return uses;
    await writeTransaction(this.db, async (trx) => {
      await deleteAsset(trx, row.id);
    });
    return null;
  }
}

/** Every file under `dir` (not hidden), as its path below it with `/` between folders. */
function filesBelow(dir: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      // A link is followed only while it stays inside the folder (a link to /etc/passwd is no media).
      const real = entry.isSymbolicLink() ? containedPath(dir, path) : path;
      if (real === undefined) continue;
      const stat = statSync(real);
      if (stat.isDirectory() && !entry.isSymbolicLink()) walk(path);
      else if (stat.isFile()) found.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return found.sort();
}

/**
 * Imports the files of a site folder's `content/media` that were never imported before: the first
 * start brings in every file, a later one only new names. A name already in the library (an upload
 * of the same name) is left as it is, and so is a file deleted from the library since its import.
 */
export async function importMediaFolder(db: Db, dir: string, now: number = Date.now()): Promise<string[]> {
  const files = filesBelow(dir);
  if (files.length === 0) return [];
  const done = await importedNames(db);
  const imported: string[] = [];
  for (const fileName of files) {
    if (done.has(fileName)) continue;
    const path = containedPath(dir, join(dir, fileName));
    if (path === undefined) continue;
    const data = readFileSync(path);
    const { contentType, width, height } = await contentTypeOfImport(data, fileName);
    const inserted = await writeTransaction(db, async (trx) => {
      const kept = await insertAsset(trx, randomUUID(), {
        fileName,
        contentType,
        bytes: data.length,
        width,
        height,
        alt: '',
        sha256: createHash('sha256').update(data).digest('hex'),
        uploadedOn: now,
        uploadedBy: null,
        data,
      });
      await recordImported(trx, fileName, now);
      return kept;
    });
    if (inserted) imported.push(fileName);
  }
  return imported;
}

/** Writes every original of the library into `dir` under its name (the content export's `media/`). */
export async function exportMediaInto(db: Db, dir: string): Promise<string[]> {
  const written: string[] = [];
  for (const { id, fileName } of await assetNames(db)) {
    const bytes = await assetBytes(db, id);
    if (!bytes) continue;
    const path = join(dir, ...fileName.split('/'));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    written.push(fileName);
  }
  return written;
}

/** What a page needs of an asset to print it: its address and, for a raster image, its size (`originalSize`, "WxH"). */
export interface MediaAddress {
  url: string;
  originalSize?: string;
}

/**
 * The library's addresses both ways, for editors that keep images by asset id (the product editor).
 * Each read runs on the handle given: the caller's transaction, where it holds one.
 */
export interface MediaAddresses {
  /** Asset id -> its address, for the ids that are in the library. */
  addressesOf(db: Db, ids: readonly string[]): Promise<ReadonlyMap<string, MediaAddress>>;
  /** `/media/<fileName>` -> asset id, for the addresses that are in the library. */
  idsOf(db: Db, urls: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

const fileNameOf = (url: string): string | undefined => {
  try {
    return decodeURIComponent(url.slice(MEDIA_PATH.length).split('?')[0] ?? '');
  } catch {
    return undefined;
  }
};

export const mediaAddresses: MediaAddresses = {
  async addressesOf(db, ids) {
    const found = new Map<string, MediaAddress>();
    for (const id of new Set(ids)) {
      const row = await assetById(db, id);
      if (!row) continue;
      const sized = row.width !== null && row.height !== null;
      found.set(id, {
        url: urlOf(row.fileName),
        ...(sized ? { originalSize: `${row.width}x${row.height}` } : {}),
      });
    }
    return found;
  },
  async idsOf(db, urls) {
    const ids = new Map<string, string>();
    for (const url of new Set(urls)) {
      const name = url.startsWith(MEDIA_PATH) ? fileNameOf(url) : undefined;
      const row = name ? await assetByName(db, name) : undefined;
      if (row) ids.set(url, row.id);
    }
    return ids;
  },
};
