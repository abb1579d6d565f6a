/**
 * Start-up time with a big catalogue: from process start to "Server listening", for a first start
 * (empty database: the whole catalogue is loaded) and a restart (same content: nothing to write).
 *
 *   npm run bench:startup            (BENCH_PRODUCTS=100000 by default)
 *
 * Generates the catalogue (bench/catalogue.ts: the demo's shop grown to BENCH_PRODUCTS products, 2.5
 * variants each), then starts the built server (`packages/server/dist/main.js`, built first if its
 * sources changed) as `npm start` runs it, on SQLite in a temporary DATA_DIR, on a free port.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCatalogue } from './catalogue.ts';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const GIVE_UP_MS = 300_000;

interface Start {
  seconds: number;
  /** The process's peak resident memory (MB), from its own report on exit. */
  peakMb: number;
}

/** Starts the server, waits for "Server listening", stops it; how long the start took. */
async function startOnce(siteDir: string, dataDir: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'data:text/javascript,process.on("exit",()=>process.stderr.write(`peak-rss ${process.resourceUsage().maxRSS}\\n`))',
      'packages/server/dist/main.js',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        SITE_DIR: siteDir,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const seconds = await new Promise<number>((resolveStart, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "Server listening" within ${GIVE_UP_MS / 1000} s`)),
      GIVE_UP_MS,
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Server listening')) {
        clearTimeout(timer);
        resolveStart((performance.now() - started) / 1000);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${stdout}\n${stderr}`));
    });
  });
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  const peakKb = Number(/peak-rss (\d+)/.exec(stderr)?.[1] ?? 0);
  return { seconds, peakMb: Math.round(peakKb / 1024) };
}

async function main() {
  execFileSync(process.execPath, ['scripts/build.mjs', '--server', '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  const generating = performance.now();
  const catalogue = generateCatalogue(PRODUCTS);
  const shopMb = statSync(join(catalogue.siteDir, 'content/collections/shop.json')).size / 1e6;
  console.log(
    `catalogue: ${catalogue.products} products, ${catalogue.variants} variants, shop.json ${shopMb.toFixed(0)} MB ` +
      `(generated in ${((performance.now() - generating) / 1000).toFixed(1)} s)`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-startup-'));
  try {
    const first = await startOnce(catalogue.siteDir, dataDir);
    console.log(
      `first start (loads the catalogue): ${first.seconds.toFixed(1)} s, peak RSS ${first.peakMb} MB`,
    );
    const restart = await startOnce(catalogue.siteDir, dataDir);
    console.log(
      `restart (same content, no writes): ${restart.seconds.toFixed(1)} s, peak RSS ${restart.peakMb} MB`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(catalogue.siteDir, { recursive: true, force: true });
  }
}

await main();
