/**
 * Content import (issue 30): a content folder (a site folder's `content/`, or an export) into the
 * database, which is the source of truth for content once a site has started. The catalogue goes
 * through the catalogue's sync; the other files are kept as documents (`site_documents`); the
 * files read are recorded (`content_import_files`) so that a later start can say when `content/`
 * differs. One transaction: all of it or nothing, and every instance shows it on its next request.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { changeKey } from '../../platform/db/change-version.ts';
import type { Db } from '../../platform/db/index.ts';
import { writeTransaction } from '../../platform/db/transaction.ts';
import { contentFingerprints, loadContentFolder, type ContentFolder } from '../../platform/site/loader.ts';
import type { Json, NavigationEntry, SiteContent } from '../../platform/site/types.ts';
import {
  storedCatalogue,
  syncCatalogue,
  takeContentTurn,
  type CatalogueChanges,
} from '../catalogue/index.ts';
import {
  documentRows,
  importedFiles,
  recordImportedFiles,
  removeDocuments,
  saveDocument,
} from './documents-store.ts';

export interface DocumentChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

export interface ImportReport {
  /** True: nothing was written (a dry run). */
  dryRun: boolean;
  catalogue: CatalogueChanges;
  documents: DocumentChanges;
  /** What the folder had out of bounds and was brought within them ("file: what"), not refused. */
  warnings: string[];
}

export interface ImportOptions {
  /** Works out the changes and writes none of them. */
  dryRun?: boolean;
  /** Known variants take the folder's stock too (an explicit import); see SyncOptions. */
  stockFromContent?: boolean;
  now?: number;
  rowsPerStatement?: number;
}

/** Thrown to roll a dry run's transaction back, carrying what it would have done. */
class DryRunDone extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }
}

/** Imports a content folder, or (dry run) says what importing it would change. */
export async function importContent(
  db: Db,
  folder: ContentFolder,
  options: ImportOptions = {},
): Promise<ImportReport> {
  try {
    return await writeTransaction(db, async (trx, changes) => {
      await takeContentTurn(db, trx);
      const report = await importInto(trx, changes, folder, options);
      if (options.dryRun) throw new DryRunDone(report);
      return report;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.report;
    throw error;
  }
}

/**
 * A start's import: the folder goes in only when nothing was imported yet (an empty database, or
 * one from before content import). Undefined when it was not (instances starting together on one
 * PostgreSQL database take turns; the second finds the first's import).
 */
export async function importIfNothingImported(
  db: Db,
  loadFolder: () => ContentFolder,
  now = Date.now(),
): Promise<ImportReport | undefined> {
  if ((await importedFiles(db)).size > 0) return undefined;
  const folder = loadFolder();
  return writeTransaction(db, async (trx, changes) => {
    await takeContentTurn(db, trx);
    if ((await importedFiles(trx)).size > 0) return undefined;
    return importInto(trx, changes, folder, { now });
  });
}

async function importInto(
  trx: Db,
  changes: Parameters<typeof syncCatalogue>[1],
  folder: ContentFolder,
  options: ImportOptions,
): Promise<ImportReport> {
  const now = options.now ?? Date.now();
  const synced = await syncCatalogue(trx as Parameters<typeof syncCatalogue>[0], changes, folder.content, {
    now,
    ...(options.rowsPerStatement ? { rowsPerStatement: options.rowsPerStatement } : {}),
    ...(options.stockFromContent ? { stockFromContent: true } : {}),
  });
  const stored = new Map((await documentRows(trx)).map((row) => [row.name, row.data]));
  const documents: DocumentChanges = { added: [], changed: [], removed: [] };
  for (const [name, json] of folder.documents) {
    const data = JSON.stringify(json);
    const before = stored.get(name);
    if (before === data) continue;
    (before === undefined ? documents.added : documents.changed).push(name);
    await saveDocument(trx, name, data, now);
  }
  documents.removed = [...stored.keys()].filter((name) => !folder.documents.has(name));
  await removeDocuments(trx, documents.removed);
  if (documents.added.length + documents.changed.length + documents.removed.length > 0)
    changes.touch(changeKey.settings, changeKey.navigation);
  await recordImportedFiles(trx, folder.files, now);
  return {
    dryRun: options.dryRun === true,
    catalogue: synced.changes,
    documents,
    warnings: folder.warnings.map((warning) => `${warning.file}: ${warning.message}`),
  };
}

/** The files of `content/` that differ from what the last import read (added, changed or gone). */
export async function filesChangedSinceImport(db: Db, contentDir: string): Promise<string[]> {
  const imported = await importedFiles(db);
  const now = contentFingerprints(contentDir);
  const changed = [...now].filter(([path, sha]) => imported.get(path) !== sha).map(([path]) => path);
  const gone = [...imported.keys()].filter((path) => !now.has(path));
  return [...changed, ...gone].sort();
}

/** The site's content as the database holds it: documents and the catalogue. */
export interface StoredContent {
  content: SiteContent;
  /** `commerce.json` (discount codes, shipping, tax), when the site has one. */
  commerce: Json | undefined;
}

export async function storedContent(db: Db): Promise<StoredContent> {
  const documents = new Map((await documentRows(db)).map((row) => [row.name, JSON.parse(row.data) as Json]));
  const websiteFile = documents.get('website.json');
  if (!websiteFile)
    throw new Error(
      'the database holds no website.json: import the content with npm run content -- import DIR',
    );
  const forms: Record<string, Json> = {};
  for (const [name, json] of documents)
    if (name.startsWith('forms/')) forms[name.slice('forms/'.length, -'.json'.length)] = json;
  return {
    content: {
      website: websiteFile.website as SiteContent['website'],
      websiteSettings: (websiteFile.websiteSettings ?? {}) as Json,
      localizedStrings: (websiteFile.localizedStrings ?? {}) as Record<string, string>,
      navigation: (documents.get('navigation.json') ?? {}) as Record<string, NavigationEntry[]>,
      collections: await storedCatalogue(db),
      forms,
    },
    commerce: documents.get('commerce.json'),
  };
}

/** Every document as the database holds it, by its path in a content folder. */
export async function storedDocuments(db: Db): Promise<Map<string, Json>> {
  return new Map((await documentRows(db)).map((row) => [row.name, JSON.parse(row.data) as Json]));
}

/** A site folder's content folder. */
export const contentDirOf = (siteDir: string): string => join(siteDir, 'content');

export interface ContentAtStart extends StoredContent {
  /** The import this start made (the first start on an empty database), if it made one. */
  imported: ImportReport | undefined;
  /** Files of `content/` that differ from the last import (never written by a start). */
  changedFiles: string[];
}

/**
 * A start's content: the first start on an empty database imports the site folder's `content/`;
 * later starts never write it, they read the database and note which files differ.
 */
export async function contentAtStart(db: Db, siteDir: string): Promise<ContentAtStart> {
  const contentDir = contentDirOf(siteDir);
  const imported = await importIfNothingImported(db, () => loadContentFolder(contentDir));
  const changedFiles =
    imported || !existsSync(contentDir) ? [] : await filesChangedSinceImport(db, contentDir);
  return { ...(await storedContent(db)), imported, changedFiles };
}

/** The one warning of a start whose `content/` differs from the last import: what, and the command. */
export function contentDiffersWarning(siteDir: string, files: readonly string[]): string {
  const contentDir = contentDirOf(siteDir);
  const shown = files.length > 5 ? [...files.slice(0, 5), `and ${files.length - 5} more`] : files;
  return (
    `${contentDir} differs from what was last imported (${shown.join(', ')}); the database is the ` +
    'source of truth for content, so this start did not load it. To see what importing it would change: ' +
    `npm run content -- import --dry-run ${contentDir}; to import it: npm run content -- import ${contentDir}`
  );
}
