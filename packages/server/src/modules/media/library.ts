/**
 * The media library: originals kept in the database (asset-store.ts), read through a small
 * in-memory cache bounded in bytes, uploads examined (upload.ts) and named uniquely, and where each
 * file is used, asked of the modules that show files (passed in by app.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { MediaAsset, MediaUse } from '@storefront/core/wire';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../platform/db/index.ts';
import { containedPath } from '../../platform/site/contained-path.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
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
  setAlt,
  takenNames,
  type AssetRow,
} from './asset-store.ts';
import { baseNameOf, candidateNames, contentTypeOfImport, type ExaminedUpload } from './upload.ts';

export type { AssetRow } from './asset-store.ts';

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
      uploadedOn: row.uploadedOn,
      usedBy: uses.get(row.fileName) ?? [],
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

  async setAlt(id: string, alt: string): Promise<AssetRow | undefined> {
    return writeTransaction(this.db, async (trx) =>
      (await setAlt(trx, id, alt)) ? assetById(trx, id) : undefined,
    );
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
