/**
 * The browser bundle, built without ever breaking a server that is serving the previous one:
 *
 * 1. Vite (packages/web/vite.config.ts) builds into a fresh staging folder inside dist/.
 * 2. Every file is named by its content hash (checked here), so each is renamed into dist/ beside
 *    the files of earlier builds; a name already there already holds the same bytes.
 * 3. dist/manifest.json, naming the entry script and the stylesheets, is replaced by a rename: a
 *    server reads either the old manifest or the new one, and each names files that exist.
 * 4. Files that only builds older than the last KEPT_BUILDS used are removed (dist/builds.json keeps
 *    the history), so a page rendered before the switch, or a browser holding an older entry in
 *    its cache, still finds its chunks.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { digestOf } from './inputs.mjs';

export const WEB_INPUTS = [
  'packages/web/src',
  'packages/core/src',
  'packages/jsont/src',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'package-lock.json',
  'scripts/build/web.mjs',
];

/** How many builds' files stay in dist/ (the current one included). */
export const KEPT_BUILDS = 5;

/** A content hash in the name: `storefront.<hash>.js`, `storefront-cart-page.<hash>.js`, `assets/a.<hash>.svg`. */
export const CONTENT_HASHED = /\.[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** Where the server serves the bundle from: `WEB_DIST_DIR` (from the working directory, as the server reads it). */
export const webDistDir = (root) =>
  process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(root, 'packages/web/dist');
export const webManifestFile = (root) => join(webDistDir(root), 'manifest.json');

function filesUnder(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, out);
    else out.push(path);
  }
  return out;
}

/** Writes `data` to `file` by a rename, so that readers see the old content or the new, never a part. */
function replaceFile(file, data) {
  const staged = join(dirname(file), `.${process.pid}-${Date.now()}.tmp`);
  writeFileSync(staged, data);
  renameSync(staged, file);
}

function readHistory(file) {
  try {
    const builds = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(builds) ? builds.filter((b) => b && Array.isArray(b.files)) : [];
  } catch {
    return [];
  }
}

/** The manifest keys of the entries: storefront, back office, passkey buttons (packages/web/vite.config.ts). */
export const STOREFRONT_ENTRY = 'src/main.tsx';
export const CONFIG_ENTRY = 'src/config/main.tsx';
export const PASSKEY_ENTRY = 'src/passkey.ts';

/**
 * Entry script and stylesheets of Vite's manifest (`.vite/manifest.json` in the staging folder),
 * and the back office's and the passkey buttons' entries, named apart so that storefront pages
 * never load them.
 */
function entryOf(viteManifest) {
  const chunks = Object.values(viteManifest);
  const entry = viteManifest[STOREFRONT_ENTRY];
  if (!entry?.isEntry) throw new Error(`Vite's manifest names no entry chunk ${STOREFRONT_ENTRY}`);
  const config = viteManifest[CONFIG_ENTRY];
  if (!config?.isEntry) throw new Error(`Vite's manifest names no entry chunk ${CONFIG_ENTRY}`);
  const passkey = viteManifest[PASSKEY_ENTRY];
  if (!passkey?.isEntry) throw new Error(`Vite's manifest names no entry chunk ${PASSKEY_ENTRY}`);
  // With cssCodeSplit off, the one stylesheet is its own manifest entry rather than the entry's `css`.
  const stylesheets = [
    ...new Set([...(entry.css ?? []), ...chunks.map((c) => c.file).filter((f) => f.endsWith('.css'))]),
  ];
  return { entry: entry.file, stylesheets, configEntry: config.file, passkeyEntry: passkey.file };
}

export async function buildWeb(root) {
  const { build } = await import('vite');
  const dist = webDistDir(root);
  mkdirSync(dist, { recursive: true });
  const inputs = digestOf(root, WEB_INPUTS);
  const staging = mkdtempSync(join(dist, '.staging-'));
  try {
    await build({
      configFile: join(root, 'packages/web/vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: staging, emptyOutDir: true },
    });
    const viteManifestFile = join(staging, '.vite', 'manifest.json');
    const { entry, stylesheets, configEntry, passkeyEntry } = entryOf(
      JSON.parse(readFileSync(viteManifestFile, 'utf8')),
    );
    rmSync(join(staging, '.vite'), { recursive: true, force: true });

    const files = filesUnder(staging).map((f) => relative(staging, f).split('\\').join('/'));
    const unhashed = files.filter((f) => !CONTENT_HASHED.test(f));
    if (unhashed.length > 0) {
      throw new Error(`web files without a content hash in their name: ${unhashed.join(', ')}`);
    }
    for (const file of files) {
      const target = join(dist, file);
      if (existsSync(target)) continue; // same name, same content: a running server may be sending it
      mkdirSync(dirname(target), { recursive: true });
      renameSync(join(staging, file), target);
    }

    const builtAt = new Date().toISOString();
    replaceFile(
      webManifestFile(root),
      JSON.stringify({ entry, stylesheets, configEntry, passkeyEntry, inputs, builtAt }, null, 2) + '\n',
    );

    const historyFile = join(dist, 'builds.json');
    const history = [...readHistory(historyFile), { builtAt, files }];
    const kept = history.slice(-KEPT_BUILDS);
    const keptFiles = new Set(kept.flatMap((b) => b.files));
    for (const old of history.slice(0, -KEPT_BUILDS)) {
      for (const file of old.files) if (!keptFiles.has(file)) rmSync(join(dist, file), { force: true });
    }
    replaceFile(historyFile, JSON.stringify(kept, null, 2) + '\n');
    return { entry, stylesheets, configEntry, passkeyEntry, files };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
