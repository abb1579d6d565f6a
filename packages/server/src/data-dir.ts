/**
 * Where the embedded (SQLite) database lives when DATA_DIR is not set: a folder per site folder, so
 * that two sites started with the defaults never share one database (content sync would replace
 * the first site's catalogue, stock included, with the second's).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';

/** The SQLite file inside the data folder (db/index.ts opens it). */
export const SQLITE_FILE = 'storefront.sqlite';

const DEFAULT_FOLDER = /^[A-Za-z0-9._-]+-[0-9a-f]{8}$/;

/**
 * `<base>/data/<site folder name>-<8 hex digits>`: the name keeps it readable, the digits (SHA-256
 * of the site folder's path relative to `base`) keep two folders of the same name apart. Relative,
 * so that moving the whole checkout keeps the same data folder.
 */
export function defaultDataDir(base: string, siteDir: string): string {
  const sitePath = relative(base, siteDir).split(sep).join('/') || '.';
  const name =
    basename(siteDir)
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .slice(0, 40) || 'site';
  const digits = createHash('sha256').update(sitePath).digest('hex').slice(0, 8);
  return join(base, 'data', `${name}-${digits}`);
}

/**
 * Earlier versions kept every site's database at `data/storefront.sqlite`. When this site's default
 * folder has no database yet but that file exists, its path (the operator decides whose it is:
 * nothing is moved); otherwise undefined.
 */
export function earlierSharedDatabase(dataDir: string): string | undefined {
  const parent = dirname(dataDir);
  if (basename(parent) !== 'data' || !DEFAULT_FOLDER.test(basename(dataDir))) return undefined;
  const earlier = join(parent, SQLITE_FILE);
  return existsSync(earlier) && !existsSync(join(dataDir, SQLITE_FILE)) ? earlier : undefined;
}
