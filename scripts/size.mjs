#!/usr/bin/env node
/**
 * `npm run size`: builds the web bundle (packages/web/vite.config.ts, into a temporary folder with
 * a Vite manifest) and prints the gzip bytes of the JavaScript a product page loads before any
 * interaction: the entry chunk and its static imports, plus the chunks the page loads by itself
 * (dynamic imports started without the shopper doing anything, e.g. telemetry once the browser is
 * idle), read from the manifest. Every dynamic import of a chunk so counted must be placed in
 * SCHEDULE below, or the run fails: a new one cannot slip past the count. Chunks loaded on
 * interaction or on other pages are listed apart. Gzip is zlib's level 9, each file on its own, as
 * a server would send them. Exits with 1 when the product page is over the goal.
 *
 *   npm run size            # the table and the totals
 *   npm run size -- --json  # the same as JSON
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const GOAL = 70 * 1024;

/**
 * When each lazily loaded module loads, as the web code decides (main.tsx, page.ts, the islands):
 * `every` product page before any interaction, only a `sold-out` product's page (its restock form
 * shows at start, with its captcha where the site has one), or only on interaction or on other
 * pages (`later`). Keys are manifest keys.
 */
const SCHEDULE = [
  { module: 'src/telemetry/index.ts', loads: 'every', when: 'when the browser is idle after load' },
  {
    module: 'src/islands/restock.ts',
    loads: 'sold-out',
    when: 'once a restock form shows (at start on a sold-out product)',
  },
  {
    module: 'src/start.tsx',
    loads: 'later',
    when: 'first use of an add-to-cart or quick-view button; a site form or /cart in view',
  },
  { module: 'src/islands/quick-view-panel.tsx', loads: 'later', when: 'first quick view' },
  {
    module: 'src/islands/search.tsx',
    loads: 'later',
    when: "first focus or pointer on the header's search form",
  },
  {
    module: 'src/islands/gallery.tsx',
    loads: 'later',
    when: 'a gallery block near the viewport (never on a product page)',
  },
  {
    module: 'src/consent-banner.ts',
    loads: 'later',
    when: "the footer's cookie settings; on idle under a restrictive cookie policy until the visitor chose",
  },
  {
    module: 'src/islands/popup-overlay.tsx',
    loads: 'later',
    when: "on idle on the popup overlay's pages, until closed or signed up (never the demo's product pages)",
  },
  {
    module: /\/node_modules\/altcha\//,
    loads: 'sold-out',
    when: 'on idle, once a restock form shows on a site with a captcha',
  },
];

const scheduleOf = (key) =>
  SCHEDULE.find((s) => (typeof s.module === 'string' ? s.module === key : s.module.test(key)));

const outDir = mkdtempSync(join(tmpdir(), 'storefront-size-'));
try {
  await build({
    configFile: join(root, 'packages/web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: 'manifest.json', reportCompressedSize: false },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'));
  // The storefront's entry: the back office's (src/config/main.tsx) is never loaded by a product page.
  const entryKey = 'src/main.tsx';
  if (!manifest[entryKey]?.isEntry) throw new Error(`the manifest names no entry chunk ${entryKey}`);
  const gz = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;

  /** Adds `key`'s chunk and its static imports to `files` (file -> why), returning the keys added. */
  const closure = (key, why, files, seen = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    if (!files.has(chunk.file)) files.set(chunk.file, why);
    return [key, ...(chunk.imports ?? []).flatMap((dep) => closure(dep, why, files, seen))];
  };
  /** The chunks a page loads by itself from `keys` on, following the schedule of dynamic imports. */
  const loadsByItself = (keys, files, accept) => {
    const queue = [...keys];
    const visited = new Set();
    while (queue.length > 0) {
      const key = queue.shift();
      if (visited.has(key)) continue;
      visited.add(key);
      for (const dynamic of manifest[key]?.dynamicImports ?? []) {
        const schedule = scheduleOf(dynamic);
        if (!schedule) {
          throw new Error(
            `${dynamic} is loaded lazily by ${key}: say when in scripts/size.mjs SCHEDULE before measuring`,
          );
        }
        if (accept.includes(schedule.loads))
          queue.push(...closure(dynamic, `${dynamic}: ${schedule.when}`, files));
      }
    }
    return files;
  };

  const entryFiles = new Map();
  const entryKeys = closure(entryKey, 'entry and its static imports', entryFiles);
  const productPage = loadsByItself(entryKeys, new Map(entryFiles), ['every']);
  const soldOutPage = loadsByItself(entryKeys, new Map(entryFiles), ['every', 'sold-out']);
  const sizes = new Map(
    Object.values(manifest)
      .filter((c) => c.file.endsWith('.js'))
      .map((c) => [c.file, gz(c.file)]),
  );
  const total = (files) => [...files.keys()].reduce((n, f) => n + (sizes.get(f) ?? 0), 0);
  const later = [...sizes.keys()].filter((f) => !soldOutPage.has(f));
  const worst = Math.max(total(productPage), total(soldOutPage));

  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const row = (file, note = '') =>
    `  ${file.padEnd(40)} ${String(sizes.get(file)).padStart(7)} B  ${kb(sizes.get(file)).padStart(8)}  ${note}`;
  if (process.argv.includes('--json')) {
    const bytes = (files) => Object.fromEntries([...files.keys()].map((f) => [f, sizes.get(f)]));
    console.log(
      JSON.stringify(
        {
          gzipBytes: total(productPage),
          soldOutGzipBytes: total(soldOutPage),
          goalBytes: GOAL,
          beforeInteraction: bytes(productPage),
          soldOutBeforeInteraction: bytes(soldOutPage),
          later: Object.fromEntries(later.map((f) => [f, sizes.get(f)])),
        },
        null,
        2,
      ),
    );
  } else {
    console.log('JavaScript a product page loads before any interaction (gzip -9, each file):');
    for (const [file, why] of productPage) console.log(row(file, why));
    console.log(
      `  ${'total'.padEnd(40)} ${String(total(productPage)).padStart(7)} B  ${kb(total(productPage)).padStart(8)}  (goal <= ${kb(GOAL)})`,
    );
    console.log('A sold-out product, whose restock form (and captcha, if any) shows at start, adds:');
    for (const [file, why] of soldOutPage) if (!productPage.has(file)) console.log(row(file, why));
    console.log(
      `  ${'total'.padEnd(40)} ${String(total(soldOutPage)).padStart(7)} B  ${kb(total(soldOutPage)).padStart(8)}`,
    );
    console.log('Loaded on interaction or on other pages only:');
    for (const file of later) console.log(row(file));
  }
  if (worst > GOAL) {
    console.error(`over the goal: ${kb(worst)} > ${kb(GOAL)}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
