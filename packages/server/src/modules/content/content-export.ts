/**
 * Content export (issue 30): the database's content in the site folder's format, the one an
 * import reads (docs/interfaces.md "Site folder"): `website.json`, `navigation.json`,
 * `commerce.json`, `comments.json`, `forms/<name>.json`, `collections/<urlId>.json` (items in
 * position order, live stock as `qtyInStock`) and `media/`. Written to a folder
 * (`npm run content -- export DIR`) or streamed as a zip (`GET /api/config/content/export`),
 * through one ExportTarget. Importing an export into an empty database gives the same site, and
 * exporting that again gives the same files.
 */
import { createReadStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Db } from '../../platform/db/index.ts';
import { storedCollections, storedItems } from '../catalogue/index.ts';
import { storedDocuments } from './content-import.ts';

/** Where an export goes: one file at a time, its bytes as they are made. */
export interface ExportTarget {
  write(
    path: string,
    chunks: AsyncIterable<string | Uint8Array>,
    options?: { compressed?: boolean },
  ): Promise<void>;
}

/** Writes the export of the database's content into `target`; `mediaDir`: the media folder to copy. */
export async function exportContent(db: Db, target: ExportTarget, mediaDir: string): Promise<void> {
  for (const [name, json] of await storedDocuments(db)) await target.write(name, once(jsonText(json)));
  const collections = await storedCollections(db);
  const names = collectionFileNames(collections.map((c) => c.urlId));
  for (const [index, { id, collection }] of collections.entries())
    await target.write(
      `collections/${names[index] as string}`,
      collectionText(collection, storedItems(db, id)),
    );
  await exportMediaInto(target, mediaDir);
}

/**
 * The media originals. For now they are the files of the site folder's `content/media`; when they
 * live in the database, this is the one place that reads them for an export.
 */
export async function exportMediaInto(target: ExportTarget, mediaDir: string): Promise<void> {
  if (!existsSync(mediaDir)) return;
  const walk = function* (dir: string): Generator<string> {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(path);
      else if (entry.isFile()) yield path;
    }
  };
  for (const path of walk(mediaDir))
    await target.write(`media/${relative(mediaDir, path).split('\\').join('/')}`, createReadStream(path), {
      compressed: false,
    });
}

/** A folder as the target: each file written whole under `dir`. */
export function folderTarget(dir: string): ExportTarget & { written: string[] } {
  const written: string[] = [];
  return {
    written,
    async write(path, chunks) {
      const file = join(dir, path);
      mkdirSync(dirname(file), { recursive: true });
      await pipeline(Readable.from(chunks), createWriteStream(file));
      written.push(path);
    },
  };
}

/**
 * A zip as the target, its bytes readable from `stream` as they are made (fflate: small, no
 * dependencies, streaming). Text files are deflated; media, mostly compressed already, are stored.
 */
export function zipTarget(): ExportTarget & { stream: Readable; finish(): void; fail(error: Error): void } {
  const stream = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) stream.destroy(error);
    else {
      stream.write(chunk);
      if (final) stream.end();
    }
  });
  return {
    stream,
    async write(path, chunks, options) {
      const entry =
        options?.compressed === false ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
      zip.add(entry);
      for await (const chunk of chunks) {
        entry.push(typeof chunk === 'string' ? strToU8(chunk) : new Uint8Array(chunk));
        // Lets the response drain before the next piece is made; a client gone ends the export.
        if (stream.writableNeedDrain)
          await new Promise((resolve) => {
            stream.once('drain', resolve);
            stream.once('close', resolve);
          });
        if (stream.destroyed) throw new Error('the download was closed before the export was written');
      }
      entry.push(new Uint8Array(0), true);
    },
    finish: () => zip.end(),
    fail: (error) => stream.destroy(error),
  };
}

/** JSON as the files hold it: two spaces, a final line break. */
const jsonText = (json: unknown): string => `${JSON.stringify(json, null, 2)}\n`;

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

/**
 * A collection file, its items streamed: the collection's fields, then `items` (left out when it has
 * none), formatted as `jsonText` would format the whole.
 */
async function* collectionText(collection: object, items: AsyncIterable<object>): AsyncGenerator<string> {
  const head = JSON.stringify(collection, null, 2);
  const open = head === '{}' ? '{\n  "items": [\n' : `${head.slice(0, -2)},\n  "items": [\n`;
  let first = true;
  for await (const item of items) {
    const text = JSON.stringify(item, null, 2).replace(/\n/g, '\n    ');
    yield first ? `${open}    ${text}` : `,\n    ${text}`;
    first = false;
  }
  yield first ? jsonText(collection) : '\n  ]\n}\n';
}

/**
 * File names that keep the collections' order: an import numbers collections in file-name order.
 * `<urlId>.json` when those sort in position order already (the demo's), else each prefixed with
 * its position.
 */
export function collectionFileNames(urlIds: readonly string[]): string[] {
  const safe = urlIds.map((urlId) => urlId.replace(/[^\w.-]+/g, '-') || 'collection');
  const sorted = [...safe].sort();
  const keepsOrder = new Set(safe).size === safe.length && sorted.every((name, i) => name === safe[i]);
  if (keepsOrder) return safe.map((name) => `${name}.json`);
  const width = String(safe.length).length;
  return safe.map((name, i) => `${String(i + 1).padStart(width, '0')}-${name}.json`);
}
