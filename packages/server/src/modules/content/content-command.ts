/**
 * `npm run content -- <command>`: the site's content in and out of the database the server uses
 * (the same environment: DATABASE_URL, or the SQLite file of SITE_DIR / DATA_DIR).
 *
 *   import --dry-run DIR   what importing DIR would change (collections, items, variants added,
 *                          changed, removed; stock set; documents changed); writes nothing
 *   import DIR             applies it, in one transaction; running servers show it on their next
 *                          request. Known variants take the files' stock (the ledger says 'import').
 *   export DIR             writes the database's content into DIR (new or empty), in the same format
 *
 * DIR is a content folder (holding website.json) or a site folder (holding content/website.json).
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Db } from '../../platform/db/index.ts';
import { SiteError } from '../../platform/site/errors.ts';
import { loadContentFolder } from '../../platform/site/loader.ts';
import type { RowChanges } from '../catalogue/index.ts';
import { exportContent, folderTarget } from './content-export.ts';
import { importContent, storedDocuments, type ImportReport } from './content-import.ts';

export const CONTENT_USAGE = [
  'Usage:',
  '  npm run content -- import --dry-run DIR   show what importing DIR would change',
  '  npm run content -- import DIR             import DIR (a content folder, or a site folder with content/)',
  '  npm run content -- export DIR             write the content into DIR (a new or empty folder)',
].join('\n');

/** Names listed per kind of change before "and N more". */
const LISTED = 20;

export interface ContentCommandOptions {
  /** The served site's folder: an export copies its media. */
  siteDir: string;
}

/** Runs the command; answers the exit code. Everything it says goes to `print`. */
export async function runContent(
  db: Db,
  argv: readonly string[],
  print: (line: string) => void,
  options: ContentCommandOptions,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { 'dry-run': { type: 'boolean' } },
    });
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\n${CONTENT_USAGE}`);
    return 2;
  }
  const [command, dir, ...extra] = parsed.positionals;
  if (!dir || extra.length > 0 || (command !== 'import' && command !== 'export')) {
    print(CONTENT_USAGE);
    return 2;
  }
  if (command === 'export') {
    if (parsed.values['dry-run']) {
      print(`--dry-run is for import only.\n${CONTENT_USAGE}`);
      return 2;
    }
    return exportInto(db, resolve(dir), options.siteDir, print);
  }
  const contentDir = existsSync(join(dir, 'content', 'website.json')) ? join(dir, 'content') : dir;
  let folder;
  try {
    folder = loadContentFolder(resolve(contentDir));
  } catch (error) {
    if (error instanceof SiteError) {
      print(`Nothing imported: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const dryRun = parsed.values['dry-run'] === true;
  const report = await importContent(db, folder, { dryRun, stockFromContent: true });
  for (const line of reportLines(report)) print(line);
  print(
    dryRun
      ? `Dry run: nothing was written. To apply it: npm run content -- import ${dir}`
      : 'Imported. Running servers show it on their next request.',
  );
  return 0;
}

async function exportInto(db: Db, dir: string, siteDir: string, print: (line: string) => void) {
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    print(`${dir} is not empty: export into a new or empty folder.`);
    return 1;
  }
  if (!(await storedDocuments(db)).has('website.json')) {
    print(
      'The database holds no content yet: start the server once (its first start imports content/), ' +
        'or import a folder with npm run content -- import DIR.',
    );
    return 1;
  }
  mkdirSync(dir, { recursive: true });
  const target = folderTarget(dir);
  await exportContent(db, target, join(siteDir, 'content', 'media'));
  print(`Exported ${target.written.length} files into ${dir}.`);
  return 0;
}

/** What an import changes (or would), a section per kind. */
export function reportLines(report: ImportReport): string[] {
  const { catalogue, documents } = report;
  const lines: string[] = [];
  const section = (title: string, rows: RowChanges) => {
    lines.push(
      `${title}: ${rows.added.length} added, ${rows.changed.length} changed, ${rows.removed.length} removed`,
    );
    lines.push(...listed('+', rows.added), ...listed('~', rows.changed), ...listed('-', rows.removed));
  };
  section('Collections', catalogue.collections);
  section('Items', catalogue.items);
  section('Variants', catalogue.variants);
  lines.push(
    `Stock set from the files: ${catalogue.stockSet.length} variants`,
    ...listed('=', catalogue.stockSet),
  );
  section('Documents', documents);
  for (const warning of report.warnings) lines.push(`Warning: ${warning}`);
  return lines;
}

function listed(mark: string, names: readonly string[]): string[] {
  const lines = names.slice(0, LISTED).map((name) => `  ${mark} ${name}`);
  if (names.length > LISTED) lines.push(`  … and ${names.length - LISTED} more`);
  return lines;
}
