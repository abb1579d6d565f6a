/**
 * The one rule for every file a site folder supplies (templates, content, strings, stylesheets,
 * assets, scripts, media): it is opened only when its real path, after every symbolic link, stays
 * inside the folder it belongs to. A template or content folder is input from elsewhere, and a link
 * to `/proc/self/environ` or `/etc/passwd` would otherwise print the server's secrets into a page.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { SiteError } from './errors.ts';

const realPathOf = (path: string): string | undefined => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

/**
 * The real path of `path` when it exists and, links followed, lies strictly inside `folder`
 * (whose own real path counts, so a site kept behind a linked folder still works); otherwise undefined.
 */
export function containedPath(folder: string, path: string): string | undefined {
  const realFolder = realPathOf(folder);
  const real = realPathOf(path);
  if (realFolder === undefined || real === undefined) return undefined;
  const below = relative(realFolder, real);
  const inside = below !== '' && below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below);
  return inside ? real : undefined;
}

/** Why a file is refused at start-up (SiteError prefixes it with the file's name). */
export const OUTSIDE_SITE_FOLDER = 'leads outside the site folder (a symbolic link): not read';

/**
 * The text of a site file for start-up, read through its real path; a file whose real path leaves
 * the site folder stops start-up naming it.
 */
export function readSiteText(siteDir: string, path: string): string {
  if (realPathOf(path) === undefined)
    throw new SiteError(relative(siteDir, path), 'cannot be read: it does not exist');
  const real = containedPath(siteDir, path);
  if (real === undefined) throw new SiteError(relative(siteDir, path), OUTSIDE_SITE_FOLDER);
  return readFileSync(real, 'utf8');
}
