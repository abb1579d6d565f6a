/**
 * Digital products' files (tables.ts `digital_files`, `digital_file_chunks`): the only code that
 * names those tables. Bytes go in and come out one chunk at a time, so neither an upload nor a
 * download holds a whole file in memory.
 */
import type { CatalogueDb } from './tables.ts';

export interface DigitalFileRow {
  id: string;
  fileName: string;
  contentType: string;
  bytes: number;
  uploadedOn: number;
  uploadedBy: string | null;
}

export interface NewDigitalFile {
  id: string;
  fileName: string;
  contentType: string;
  uploadedOn: number;
  uploadedBy: string | null;
}

/** A file row that holds no bytes yet: no product can name it until `finishDigitalFile`. */
export async function startDigitalFile(db: CatalogueDb, file: NewDigitalFile): Promise<void> {
  await db
    .insertInto('digital_files')
    .values({
      id: file.id,
      file_name: file.fileName,
      content_type: file.contentType,
      uploaded_on: file.uploadedOn,
      uploaded_by: file.uploadedBy,
    })
    .execute();
}

export async function writeDigitalFileChunk(
  db: CatalogueDb,
  fileId: string,
  seq: number,
  data: Buffer,
): Promise<void> {
  await db.insertInto('digital_file_chunks').values({ file_id: fileId, seq, data }).execute();
}

/** Every chunk is written: the file is whole, and a product may name it. */
export async function finishDigitalFile(
  db: CatalogueDb,
  fileId: string,
  totals: { bytes: number; sha256: string },
): Promise<void> {
  await db
    .updateTable('digital_files')
    .set({ complete: 1, bytes: totals.bytes, sha256: totals.sha256 })
    .where('id', '=', fileId)
    .execute();
}

/** An upload that did not finish: its row and whatever chunks it wrote. */
export async function discardDigitalFile(db: CatalogueDb, fileId: string): Promise<void> {
  await db.deleteFrom('digital_files').where('id', '=', fileId).where('complete', '=', 0).execute();
}

/** Uploads begun before `before` that never finished (a process that died mid-upload). */
export async function discardStaleUploads(db: CatalogueDb, before: number): Promise<void> {
  await db.deleteFrom('digital_files').where('complete', '=', 0).where('uploaded_on', '<', before).execute();
}

/** The whole file with that id, or undefined (unknown, or still being uploaded). */
export async function digitalFileById(db: CatalogueDb, fileId: string): Promise<DigitalFileRow | undefined> {
  const row = await db
    .selectFrom('digital_files')
    .select(['id', 'file_name', 'content_type', 'bytes', 'uploaded_on', 'uploaded_by'])
    .where('id', '=', fileId)
    .where('complete', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    fileName: row.file_name,
    contentType: row.content_type,
    bytes: Number(row.bytes),
    uploadedOn: Number(row.uploaded_on),
    uploadedBy: row.uploaded_by,
  };
}

/** The file's bytes, a chunk per query: memory holds one chunk however large the file. */
export async function* digitalFileChunks(db: CatalogueDb, fileId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq += 1) {
    const chunk = await db
      .selectFrom('digital_file_chunks')
      .select('data')
      .where('file_id', '=', fileId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!chunk) return;
    yield Buffer.from(chunk.data);
  }
}
