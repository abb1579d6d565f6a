/**
 * Search latency on a big catalogue: p50 and p99 of the /search page and of the predictive API
 * (/api/search/suggest) at 10,000 products, on SQLite and (when DATABASE_URL is set) PostgreSQL.
 *
 *   npm run bench:search     (BENCH_PRODUCTS=10000 BENCH_SECONDS=4 BENCH_CONNECTIONS=4)
 *
 * The catalogue is the demo site with its shop grown (bench/catalogue.ts), served by the built
 * server in its own process. Each target is a few queries asked in turn: a word as typed, a prefix,
 * a typo (which goes through the vocabulary) and two words. Any non-2xx answer invalidates the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { createPostgresDatabase } from '../packages/server/src/testing/databases.ts';
import { generateCatalogue } from './catalogue.ts';
import { measure, startBenchServer } from './support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const QUERIES = ['mug', 'lin', 'stonewrae', 'linen shirt'];

const targets = (base: string): Record<string, autocannon.Options> => {
  const load = (path: string): autocannon.Options => ({
    url: base,
    requests: QUERIES.map((q) => ({ method: 'GET', path: `${path}?q=${encodeURIComponent(q)}` })),
  });
  return { '/search': load('/search'), suggest: load('/api/search/suggest') };
};

async function benchOne(name: string, siteDir: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-search-'));
  const server = await startBenchServer({ SITE_DIR: siteDir, DATA_DIR: dataDir, ...env });
  try {
    console.log(`\n${name}, ${PRODUCTS} products (queries: ${QUERIES.join(', ')})`);
    for (const [target, options] of Object.entries(targets(server.base))) {
      await measure(options, WARMUP_SECONDS, CONNECTIONS);
      const f = await measure(options, SECONDS, CONNECTIONS, server);
      if (f.non2xx || f.errors) throw new Error(`${name} ${target}: ${f.non2xx} non-2xx, ${f.errors} errors`);
      console.log(
        `  ${target.padEnd(8)} p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   ` +
          `${f.rps.toFixed(0).padStart(6)} req/s   cpu ${(f.cpuMsPerRequest ?? Number.NaN).toFixed(2)} ms/req`,
      );
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `search bench: ${SECONDS} s per target after ${WARMUP_SECONDS} s warm-up, ${CONNECTIONS} connections`,
  );
  const site = generateCatalogue(PRODUCTS);
  try {
    await benchOne('SQLite', site.siteDir, {});
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl) {
      const own = await createPostgresDatabase(adminUrl, 'sf_bench');
      try {
        await benchOne('PostgreSQL', site.siteDir, { DATABASE_URL: own.url });
      } finally {
        await own.drop();
      }
    }
  } finally {
    rmSync(site.siteDir, { recursive: true, force: true });
  }
}

await main();
