/**
 * The site documents' and the import record's reads and writes (tables.ts: `site_documents`,
 * `content_import_files`). Every statement is bounded: a site has a handful of documents and
 * content files.
 */
import type { TablesHandle } from '../../platform/db/index.ts';
import type { SiteContentTables } from './tables.ts';

type ContentDb = TablesHandle<SiteContentTables>;

export interface StoredDocument {
  name: string;
  data: string;
  version: number;
}

/** Every document, by name. */
export async function documentRows(db: ContentDb): Promise<StoredDocument[]> {
  const rows = await db
    .selectFrom('site_documents')
    .select(['name', 'data', 'version'])
    .orderBy('name')
    .execute();
  return rows.map((row) => ({ name: row.name, data: row.data, version: Number(row.version) }));
}

/** Writes a document in place of what it held, its version one more than before (1 when new). */
export async function saveDocument(trx: ContentDb, name: string, data: string, now: number): Promise<void> {
  await trx
    .insertInto('site_documents')
    .values({ name, data, version: 1, updated_on: now })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        data,
        version: eb(eb.ref('site_documents.version'), '+', 1),
        updated_on: now,
      })),
    )
    .execute();
}

export async function removeDocuments(trx: ContentDb, names: readonly string[]): Promise<void> {
  if (names.length > 0) await trx.deleteFrom('site_documents').where('name', 'in', names).execute();
}

/** What the last import read: path -> SHA-256 (empty: nothing imported yet). */
export async function importedFiles(db: ContentDb): Promise<Map<string, string>> {
  const rows = await db.selectFrom('content_import_files').select(['path', 'sha256']).execute();
  return new Map(rows.map((row) => [row.path, row.sha256]));
}

/** Records the files an import read, in place of the previous import's. */
export async function recordImportedFiles(
  trx: ContentDb,
  files: ReadonlyMap<string, string>,
  now: number,
): Promise<void> {
  await trx.deleteFrom('content_import_files').execute();
  const rows = [...files].map(([path, sha256]) => ({ path, sha256, imported_on: now }));
  if (rows.length > 0) await trx.insertInto('content_import_files').values(rows).execute();
}
