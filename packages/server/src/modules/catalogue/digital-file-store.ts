/**
 * Digital products' files (tables.ts `digital_files`, `digital_file_chunks`): the only code that
 * names those tables. Bytes go in and come out one chunk at a time, so neither an upload nor a
 * download holds a whole file in memory.
 */
import type { CatalogueDb, CatalogueTrx } from './tables.ts';

export interface DigitalFileRow {
  id: string;
  productId: string;
  fileName: string;
  contentType: string;
  bytes: number;
  uploadedOn: number;
  uploadedBy: string | null;
}

export interface NewDigitalFile {
  id: string;
  productId: string;
  fileName: string;
  contentType: string;
  uploadedOn: number;
  uploadedBy: string | null;
}

/** A file row that holds no bytes yet: it is nobody's file until `finishDigitalFile`. */
export async function startDigitalFile(db: CatalogueDb, file: NewDigitalFile): Promise<void> {
  await db
    .insertInto('digital_files')
    .values({
      id: file.id,
      product_id: file.productId,
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

/**
 * The uploaded file becomes the product's, in the caller's transaction: the file it replaces goes
 * with its bytes, so a buyer's next download is the new file and never a mix.
 */
export async function finishDigitalFile(
  trx: CatalogueTrx,
  fileId: string,
  productId: string,
  totals: { bytes: number; sha256: string },
): Promise<void> {
  await trx
    .deleteFrom('digital_files')
    .where('product_id', '=', productId)
    .where('complete', '=', 1)
    .execute();
  await trx
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

/** The product's file, or undefined when it has none. */
export async function digitalFileOf(db: CatalogueDb, productId: string): Promise<DigitalFileRow | undefined> {
  const row = await db
    .selectFrom('digital_files')
    .select(['id', 'product_id', 'file_name', 'content_type', 'bytes', 'uploaded_on', 'uploaded_by'])
    .where('product_id', '=', productId)
    .where('complete', '=', 1)
    .orderBy('uploaded_on', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    productId: row.product_id,
    fileName: row.file_name,
    contentType: row.content_type,
    bytes: Number(row.bytes),
    uploadedOn: Number(row.uploaded_on),
    uploadedBy: row.uploaded_by,
  };
}

/** Removes the product's file; true when it had one. */
export async function removeDigitalFile(db: CatalogueDb, productId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('digital_files')
    .where('product_id', '=', productId)
    .where('complete', '=', 1)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
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
