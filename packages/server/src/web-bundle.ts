/**
 * Which browser bundle pages name: `manifest.json` in the web bundle folder (written last by
 * scripts/build/web.mjs, replaced by a rename) names the current entry script and stylesheets.
 * It is read again whenever a build replaced it, so that a running server names the new files as
 * soon as they are all in place, and never a file that is not there yet.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/** File names inside the bundle folder, as the build writes them (no path, nothing to escape). */
const bundleFile = z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/);

// `configEntry`: the back office's own entry (issue 15); `passkeyEntry`: the passkey buttons' of
// the sign-in and account pages (issue 14). Neither is named by a storefront page.
const manifestSchema = z.object({
  entry: bundleFile,
  stylesheets: z.array(bundleFile),
  configEntry: bundleFile.optional(),
  passkeyEntry: bundleFile.optional(),
});

export interface WebAssets {
  /** The entry module (`storefront.<hash>.js`), or null when the bundle is not built. */
  script: string | null;
  stylesheets: string[];
  /** The back office's entry module, or null when the bundle is not built (or predates it). */
  configScript?: string | null;
  /** The passkey buttons' entry module, or null when the bundle is not built (or predates it). */
  passkeyScript?: string | null;
}

export interface WebBundle {
  current(): WebAssets;
}

const NOT_BUILT: WebAssets = { script: null, stylesheets: [], configScript: null, passkeyScript: null };

export function openWebBundle(dir: string, log: FastifyBaseLogger): WebBundle {
  const manifestFile = join(dir, 'manifest.json');
  let seen: string | undefined;
  let assets = NOT_BUILT;
  return {
    current() {
      const stat = statSync(manifestFile, { throwIfNoEntry: false });
      // A rename gives the manifest a new inode: cheaper than reading it for every page.
      const version = stat ? `${stat.ino}:${stat.mtimeMs}:${stat.size}` : 'missing';
      if (version === seen) return assets;
      seen = version;
      if (!stat) {
        log.warn(`the web bundle is not built (${manifestFile} is missing): run npm run build:web`);
        assets = NOT_BUILT;
        return assets;
      }
      try {
        const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
        assets = {
          script: manifest.entry,
          stylesheets: manifest.stylesheets,
          configScript: manifest.configEntry ?? null,
          passkeyScript: manifest.passkeyEntry ?? null,
        };
      } catch (error) {
        // The files the previous manifest named are still there (builds keep a few): keep naming them.
        log.error({ err: error }, `the web bundle's manifest ${manifestFile} is unreadable`);
      }
      return assets;
    },
  };
}
