/**
 * Add-to-cart throughput against a trivial route of the same server, side by side in one run.
 *
 *   npm run bench:cart            (BENCH_SECONDS=10 BENCH_CONNECTIONS=10 by default)
 *
 * Starts the real server (the built `packages/server/dist/main.js`, as `npm start` runs it, built
 * first if its sources changed; its own process) on SQLite in a temporary DATA_DIR with the demo
 * site, on a free loopback port; then, when DATABASE_URL is set, again on a fresh PostgreSQL
 * database made under it (dropped afterwards), and prints PostgreSQL's add rate over SQLite's. The
 * cart write limit is raised for this server only (CART_WRITE_LIMIT in its environment; the default
 * stays 60 per 10 s).
 *
 * Load: POST /api/commerce/shopping-cart/entries adding the demo's digital product (unlimited stock,
 * so stock never runs out) with crumb header and cookies, spread over CARTS carts created up front:
 * each request goes to the next cart in turn, so many carts are written at once, as with many
 * shoppers. The baseline is GET /api/health ({ok:true}). Each gets a warm-up, then BENCH_SECONDS.
 * Every non-2xx answer is counted and fails the run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase } from '../packages/server/src/testing/databases.ts';
import { addToCartLoad, makeCarts, measure, startBenchServer, type Figures } from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CARTS = 100;

const line = (name: string, f: Figures) =>
  `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   ${(f.cpuMsPerRequest ?? 0).toFixed(3)} ms server CPU/request   (${f.total} requests, ${f.non2xx} non-2xx, ${f.errors} errors)`;

/** Measures the trivial route and add-to-cart on one server; returns the add's figures. */
async function benchOne(database: string, env: Record<string, string>): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-'));
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const server = await startBenchServer({ SITE_DIR: 'sites/demo', DATA_DIR: dataDir, ...env }, profile);
  try {
    const add = addToCartLoad(server.base, await makeCarts(server.base, CARTS));
    const health = { url: `${server.base}/api/health` };

    console.log(
      `cart bench: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s each, ${database}, ${CARTS} carts`,
    );
    await measure(health, WARMUP_SECONDS, CONNECTIONS);
    await measure(add, WARMUP_SECONDS, CONNECTIONS);
    const trivial = await measure(health, SECONDS, CONNECTIONS, server);
    const cart = await measure(add, SECONDS, CONNECTIONS, server);

    console.log(line('GET /api/health', trivial));
    console.log(line('POST shopping-cart/entries', cart));
    console.log(`ratio add-to-cart / trivial: ${(cart.rps / trivial.rps).toFixed(3)}`);
    if (cart.non2xx || cart.errors || trivial.non2xx || trivial.errors) {
      console.error('some requests failed: the figures are not valid');
      process.exitCode = 1;
    }
    return cart;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const sqlite = await benchOne('SQLite', {});
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return;
  const own = await createPostgresDatabase(adminUrl, 'sf_bench_cart');
  try {
    const postgres = await benchOne('PostgreSQL', { DATABASE_URL: own.url });
    console.log(
      `ratio PostgreSQL add-to-cart / SQLite add-to-cart: ${(postgres.rps / sqlite.rps).toFixed(3)}`,
    );
  } finally {
    await own.drop();
  }
}

await main();
