#!/usr/bin/env node
/**
 * `npm run size`: builds the web bundle (packages/web/vite.config.ts, into a temporary folder with
 * a Vite manifest) and prints the gzip bytes of the JavaScript a product page loads before idle:
 * the entry chunk and, recursively, its static imports, read from the manifest. Chunks loaded
 * later or only on some pages (dynamic imports: telemetry after idle, the restock sign-up once a
 * sold-out variant shows its form, the captcha, the /cart page...) are listed apart. Gzip is
 * zlib's level 9, each file on its own, as a server would send them.
 *
 *   npm run size            # the table and the total
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
const outDir = mkdtempSync(join(tmpdir(), 'storefront-size-'));
try {
  await build({
    configFile: join(root, 'packages/web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: 'manifest.json', reportCompressedSize: false },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('the manifest names no entry chunk');
  const gz = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;

  const initial = new Map();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || initial.has(chunk.file)) return;
    initial.set(chunk.file, gz(chunk.file));
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  walk(entryKey);
  const lazy = new Map();
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.js') && !initial.has(chunk.file)) lazy.set(chunk.file, gz(chunk.file));
  }
  const total = [...initial.values()].reduce((a, b) => a + b, 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify(
        {
          gzipBytes: total,
          goalBytes: GOAL,
          initial: Object.fromEntries(initial),
          lazy: Object.fromEntries(lazy),
        },
        null,
        2,
      ),
    );
  } else {
    console.log('JavaScript a product page loads before idle (entry + static imports, gzip -9):');
    for (const [file, n] of initial) console.log(`  ${file.padEnd(36)} ${String(n).padStart(7)} B  ${kb(n)}`);
    console.log(`  ${'total'.padEnd(36)} ${String(total).padStart(7)} B  ${kb(total)}  (goal < ${kb(GOAL)})`);
    console.log('Loaded later or on some pages only (dynamic imports):');
    for (const [file, n] of lazy) console.log(`  ${file.padEnd(36)} ${String(n).padStart(7)} B  ${kb(n)}`);
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
