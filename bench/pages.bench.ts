/**
 * What a page costs as the catalogue grows: req/s, p50/p99 and server CPU per request for the home
 * page, a collection page, a product page, /cart and add-to-cart, each as a ratio to a trivial route
 * (GET /api/health) of the same server measured in the same round, at catalogue sizes of 14, 2,000
 * and 20,000 products, on SQLite and (when DATABASE_URL is set) on PostgreSQL.
 *
 *   npm run bench:pages     (BENCH_SIZES=14,2000,20000 BENCH_SECONDS=4 BENCH_ROUNDS=3 BENCH_CONNECTIONS=10
 *                            BENCH_DATABASES=sqlite,postgresql BENCH_BASELINE=/path/to/other/checkout)
 *
 * Each catalogue is the demo site with its shop grown (bench/catalogue.ts), served by the built
 * server in its own process. Every round runs the targets one after another with the trivial route
 * between each, so a noisy moment on this shared machine hits both sides; the figures are the
 * medians over the rounds, with the spread (lowest to highest ratio) beside them. Any non-2xx
 * answer invalidates the run. With BENCH_BASELINE (another checkout of this repository, e.g. the
 * commit before a refactor), that checkout's built server runs beside this one on the same catalogue
 * and database kind: in every round each target is measured on both, in alternating order, and the
 * summary prints this build's ratio to trivial over the baseline's, per target. Start-up at 100,000 products is `npm run bench:startup`.
 *
 * Then, on each database, the home and product pages while an editor saves a post every second
 * against their idle rates (bench/editing.ts; BENCH_EDITING=off skips it, BENCH_EDITING=only runs it alone).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { createPostgresDatabase } from '../packages/server/src/testing/databases.ts';
import { generateCatalogue } from './catalogue.ts';
import { benchEditing, editingPhase, printEditing, type EditingResult } from './editing.ts';
import {
  addToCartLoad,
  makeCarts,
  measure,
  median,
  startBenchServer,
  type BenchServer,
  type Figures,
} from './support.ts';

const SIZES = (process.env.BENCH_SIZES ?? '14,2000,20000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgresql').toLowerCase().split(',');
const CARTS = 100;
const BASELINE = process.env.BENCH_BASELINE;
const PRODUCT_PATH = '/shop/linen-camp-shirt';

type Target = 'home' | 'collection' | 'product' | 'cart page' | 'add-to-cart';
const TARGETS: Target[] = ['home', 'collection', 'product', 'cart page', 'add-to-cart'];

interface Sample {
  target: Figures;
  trivial: Figures;
}

/** A target's medians over the rounds. */
interface Result {
  rps: number;
  p50: number;
  p99: number;
  cpuMs: number;
  ratio: number;
  ratioLow: number;
  ratioHigh: number;
}

function loads(server: BenchServer, carts: string[]): Record<Target, autocannon.Options> {
  // A visitor with a cart: the cart page reads it (the anonymous pages are read without one).
  // Pages are asked for as Chromium asks (every browser sends Accept-Encoding), so what is measured
  // is what a visitor is sent: bytes on the wire, not a page 3-8 times its compressed size.
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const withCart = { ...browser, cookie: carts[0]! };
  return {
    home: { url: `${server.base}/`, headers: browser },
    collection: { url: `${server.base}/shop`, headers: browser },
    product: { url: `${server.base}${PRODUCT_PATH}`, headers: browser },
    'cart page': { url: `${server.base}/cart`, headers: withCart },
    'add-to-cart': addToCartLoad(server.base, carts),
  };
}

function summarise(samples: Sample[]): Result {
  const ratios = samples.map((s) => s.target.rps / s.trivial.rps);
  return {
    rps: median(samples.map((s) => s.target.rps)),
    p50: median(samples.map((s) => s.target.p50)),
    p99: median(samples.map((s) => s.target.p99)),
    cpuMs: median(samples.map((s) => s.target.cpuMsPerRequest ?? Number.NaN)),
    ratio: median(ratios),
    ratioLow: Math.min(...ratios),
    ratioHigh: Math.max(...ratios),
  };
}

type SizeResult = Record<Target, Result> & { trivialRps: number };

interface Side {
  label: string;
  server: BenchServer;
  targets: Record<Target, autocannon.Options>;
  samples: Map<Target, Sample[]>;
  trivialRates: number[];
}

async function measureSide(side: Side, target: Target, label: string) {
  const health = { url: `${side.server.base}/api/health` };
  const trivial = await measure(health, SECONDS, CONNECTIONS, side.server);
  const figures = await measure(side.targets[target], SECONDS, CONNECTIONS, side.server);
  for (const f of [trivial, figures])
    if (f.non2xx || f.errors) throw new Error(`${label} ${target}: ${f.non2xx} non-2xx, ${f.errors} errors`);
  side.samples.get(target)!.push({ target: figures, trivial });
  side.trivialRates.push(trivial.rps);
}

/** One catalogue on one database: this build, and the baseline's beside it when BENCH_BASELINE is set. */
async function benchOne(
  database: string,
  products: number,
  siteDir: string,
  env: () => Promise<{ env: Record<string, string>; drop(): Promise<void> }>,
): Promise<{ current: SizeResult; baseline?: SizeResult }> {
  const checkouts = [{ label: 'this build', checkout: undefined as string | undefined }];
  if (BASELINE) checkouts.push({ label: `baseline ${BASELINE}`, checkout: BASELINE });
  const sides: Side[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  try {
    for (const { label, checkout } of checkouts) {
      const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-pages-'));
      const database = await env();
      cleanups.push(async () => {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      });
      const server = await startBenchServer(
        { SITE_DIR: siteDir, DATA_DIR: dataDir, ...database.env },
        [],
        checkout,
      );
      cleanups.push(() => server.stop());
      const carts = await makeCarts(server.base, CARTS);
      const side: Side = {
        label,
        server,
        targets: loads(server, carts),
        samples: new Map(TARGETS.map((t) => [t, []])),
        trivialRates: [],
      };
      for (const options of [{ url: `${server.base}/api/health` }, ...Object.values(side.targets)])
        await measure(options, WARMUP_SECONDS, CONNECTIONS);
      sides.push(side);
    }
    for (let round = 0; round < ROUNDS; round++)
      for (const target of TARGETS) {
        // Alternate which side goes first, so neither always meets the machine's quieter moment.
        const order = round % 2 === 0 ? sides : [...sides].reverse();
        for (const side of order) await measureSide(side, target, `${database} ${products} ${side.label}`);
      }
    const results = sides.map((side) => {
      const summary = Object.fromEntries(TARGETS.map((t) => [t, summarise(side.samples.get(t)!)])) as Record<
        Target,
        Result
      >;
      const trivialRps = median(side.trivialRates);
      console.log(
        `\n${database}, ${products} products, ${side.label} (trivial route: ${trivialRps.toFixed(0)} req/s)`,
      );
      for (const target of TARGETS) {
        const r = summary[target];
        console.log(
          `  ${target.padEnd(12)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   cpu ${r.cpuMs.toFixed(2).padStart(6)} ms/req   ratio to trivial ${r.ratio.toFixed(3)} (${r.ratioLow.toFixed(3)}–${r.ratioHigh.toFixed(3)})`,
        );
      }
      return { ...summary, trivialRps };
    });
    return { current: results[0]!, ...(results[1] ? { baseline: results[1] } : {}) };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

async function main() {
  const databases: {
    name: string;
    env: () => Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
  }[] = [{ name: 'SQLite', env: async () => ({ env: {}, drop: async () => {} }) }];
  const adminUrl = process.env.DATABASE_URL;
  if (!DATABASES.includes('sqlite')) databases.pop();
  if (adminUrl && DATABASES.includes('postgresql'))
    databases.push({
      name: 'PostgreSQL',
      env: async () => {
        const own = await createPostgresDatabase(adminUrl, 'sf_bench');
        return { env: { DATABASE_URL: own.url }, drop: own.drop };
      },
    });
  if (editingPhase === 'only') {
    await editingOn(databases);
    return;
  }
  console.log(
    `pages bench: sizes ${SIZES.join(', ')}; ${ROUNDS} rounds of ${SECONDS} s per target (after ${WARMUP_SECONDS} s warm-up), ` +
      `${CONNECTIONS} connections; the trivial route measured beside each target in every round; medians (spread)`,
  );
  const sites = SIZES.map((products) => generateCatalogue(products));
  const all = new Map<string, Map<number, SizeResult>>();
  const againstBaseline: { database: string; products: number; current: SizeResult; baseline: SizeResult }[] =
    [];
  try {
    for (const database of databases) {
      const bySize = new Map<number, SizeResult>();
      all.set(database.name, bySize);
      for (const site of sites) {
        const { current, baseline } = await benchOne(
          database.name,
          site.products,
          site.siteDir,
          database.env,
        );
        bySize.set(site.products, current);
        if (baseline)
          againstBaseline.push({ database: database.name, products: site.products, current, baseline });
      }
    }
  } finally {
    for (const site of sites) rmSync(site.siteDir, { recursive: true, force: true });
  }

  const smallest = Math.min(...SIZES);
  console.log(
    `\nrate at each size / rate at ${smallest} products (goal for home, collection, product: ≥ 0.9)`,
  );
  for (const [database, bySize] of all) {
    const base = bySize.get(smallest)!;
    for (const size of SIZES.filter((s) => s !== smallest)) {
      const at = bySize.get(size)!;
      const cells = TARGETS.map((t) => `${t} ${(at[t].rps / base[t].rps).toFixed(2)}`);
      console.log(`  ${database} ${size}: ${cells.join('   ')}`);
      // The sizes run minutes apart: the same comparison with each rate taken against the trivial route
      // of its own round cancels what the machine was doing meanwhile.
      const steady = TARGETS.map((t) => `${t} ${(at[t].ratio / base[t].ratio).toFixed(2)}`);
      console.log(`  ${database} ${size}, against the trivial route: ${steady.join('   ')}`);
    }
  }
  console.log('\nagainst the trivial route (goal: product page and add-to-cart ≥ 0.25 on SQLite)');
  for (const [database, bySize] of all)
    for (const [size, r] of bySize)
      console.log(
        `  ${database} ${size}: product ${r.product.ratio.toFixed(3)}   add-to-cart ${r['add-to-cart'].ratio.toFixed(3)}`,
      );
  const sqlite = all.get('SQLite');
  const postgres = all.get('PostgreSQL');
  if (sqlite && postgres) {
    console.log('\nPostgreSQL add-to-cart / SQLite add-to-cart (goal ≥ 0.5)');
    for (const size of SIZES)
      console.log(
        `  ${size}: ${(postgres.get(size)!['add-to-cart'].rps / sqlite.get(size)!['add-to-cart'].rps).toFixed(3)}`,
      );
  }
  if (againstBaseline.length) {
    console.log(
      `\nthis build / baseline (${BASELINE}), each as its ratio to the trivial route of its own round (1.00: the same)`,
    );
    for (const { database, products, current, baseline } of againstBaseline)
      console.log(
        `  ${database} ${products}: ${TARGETS.map((t) => `${t} ${(current[t].ratio / baseline[t].ratio).toFixed(2)}`).join('   ')}`,
      );
    // CPU per request is the steadier figure on a shared machine: other processes lower the rate, not it.
    console.log('server CPU per request, baseline / this build (above 1.00: this build costs less)');
    for (const { database, products, current, baseline } of againstBaseline)
      console.log(
        `  ${database} ${products}: ${TARGETS.map((t) => `${t} ${(baseline[t].cpuMs / current[t].cpuMs).toFixed(2)}`).join('   ')}`,
      );
  }
  if (editingPhase !== 'off') await editingOn(databases);
}

/** The editing phase on each database, printed last. */
async function editingOn(databases: { name: string; env: Parameters<typeof benchEditing>[1] }[]) {
  console.log(
    `\nthe home and product pages while an editor saves a post every second, against idle (demo site)`,
  );
  const results: EditingResult[] = [];
  for (const database of databases) results.push(await benchEditing(database.name, database.env));
  printEditing(results);
}

await main();
