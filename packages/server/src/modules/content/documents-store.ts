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

/**
 * Writes a document in place of what it held, its version one more than before (1 when new);
 * `by` is the staff member who saved it (none: an import).
 */
export async function saveDocument(
  trx: ContentDb,
  name: string,
  data: string,
  now: number,
  by: string | null = null,
): Promise<void> {
  await trx
    .insertInto('site_documents')
    .values({ name, data, version: 1, updated_on: now, updated_by: by })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        data,
        version: eb(eb.ref('site_documents.version'), '+', 1),
        updated_on: now,
        updated_by: by,
      })),
    )
    .execute();
}

export interface DocumentRow extends StoredDocument {
  updatedOn: number;
  updatedBy: string | null;
}

/** One document with who saved it and when (none: the site has no such document). */
export async function documentRow(db: ContentDb, name: string): Promise<DocumentRow | undefined> {
  const row = await db
    .selectFrom('site_documents')
    .select(['name', 'data', 'version', 'updated_on', 'updated_by'])
    .where('name', '=', name)
    .executeTakeFirst();
  return (
    row && {
      name: row.name,
      data: row.data,
      version: Number(row.version),
      updatedOn: Number(row.updated_on),
      updatedBy: row.updated_by,
    }
  );
}

/** Locks a document's row to the end of the caller's transaction (PostgreSQL; SQLite's writer lock is whole). */
export async function lockDocument(trx: ContentDb, name: string): Promise<void> {
  await trx
    .updateTable('site_documents')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('name', '=', name)
    .execute();
}

export interface DocumentRevisionRow {
  id: string;
  version: number;
  savedOn: number;
  savedBy: string | null;
  data: string;
  changes: string[];
}

export async function insertDocumentRevision(
  trx: ContentDb,
  name: string,
  revision: DocumentRevisionRow,
): Promise<void> {
  await trx
    .insertInto('site_document_revisions')
    .values({
      id: revision.id,
      name,
      version: revision.version,
      saved_on: revision.savedOn,
      saved_by: revision.savedBy,
      data: revision.data,
      changes: JSON.stringify(revision.changes),
    })
    .execute();
}

/** A document's revisions, newest first, at most `limit`. */
export async function documentRevisions(
  db: ContentDb,
  name: string,
  limit: number,
): Promise<DocumentRevisionRow[]> {
  const rows = await db
    .selectFrom('site_document_revisions')
    .select(['id', 'version', 'saved_on', 'saved_by', 'data', 'changes'])
    .where('name', '=', name)
    .orderBy('version', 'desc')
    .limit(limit)
    .execute();
  return rows.map(revisionOf);
}

export async function documentRevision(
  db: ContentDb,
  name: string,
  id: string,
): Promise<DocumentRevisionRow | undefined> {
  const row = await db
    .selectFrom('site_document_revisions')
    .select(['id', 'version', 'saved_on', 'saved_by', 'data', 'changes'])
    .where('name', '=', name)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && revisionOf(row);
}

function revisionOf(row: {
  id: string;
  version: number;
  saved_on: number | string;
  saved_by: string | null;
  data: string;
  changes: string;
}): DocumentRevisionRow {
  return {
    id: row.id,
    version: Number(row.version),
    savedOn: Number(row.saved_on),
    savedBy: row.saved_by,
    data: row.data,
    changes: JSON.parse(row.changes) as string[],
  };
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

/**
 * Writes a document only if it is still at `version` (0: it does not exist yet), moving it to the
 * next; false when another save came first.
 */
export async function saveDocumentAt(
  trx: ContentDb,
  name: string,
  version: number,
  data: string,
  now: number,
  by: string | null = null,
): Promise<boolean> {
  if (version === 0) {
    const inserted = await trx
      .insertInto('site_documents')
      .values({ name, data, version: 1, updated_on: now, updated_by: by })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await trx
    .updateTable('site_documents')
    .set({ data, version: version + 1, updated_on: now, updated_by: by })
    .where('name', '=', name)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The newest revision of a document (who saved it last). */
export async function latestDocumentRevision(
  db: ContentDb,
  name: string,
): Promise<DocumentRevisionRow | undefined> {
  return (await documentRevisions(db, name, 1))[0];
}

/** The documents whose name starts with `prefix` (`forms/`), by name; a site has a handful. */
export async function documentsStartingWith(db: ContentDb, prefix: string): Promise<DocumentRow[]> {
  const rows = await db
    .selectFrom('site_documents')
    .select(['name', 'data', 'version', 'updated_on', 'updated_by'])
    // A wildcard in `prefix` only widens the match: the filter below keeps the names it starts.
    .where('name', 'like', `${prefix}%`)
    .orderBy('name')
    .execute();
  return rows
    .filter((row) => row.name.startsWith(prefix))
    .map((row) => ({
      name: row.name,
      data: row.data,
      version: Number(row.version),
      updatedOn: Number(row.updated_on),
      updatedBy: row.updated_by,
    }));
}

/** Removes a document if it is still at `version`; false when another save came first. */
export async function removeDocumentAt(trx: ContentDb, name: string, version: number): Promise<boolean> {
  const removed = await trx
    .deleteFrom('site_documents')
    .where('name', '=', name)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) === 1;
}
