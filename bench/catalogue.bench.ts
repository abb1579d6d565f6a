/**
 * A merchant's catalogue arriving by CSV while the shop is open: a Squarespace product CSV of 10,000
 * products with three variants each, imported over HTTP into the built server (SQLite, a fresh data
 * folder each round), and the storefront's product-page rate while the import runs against its idle
 * rate on the same server in the same round.
 *
 *   npm run bench:catalogue   (BENCH_PRODUCTS=10000 BENCH_ROUNDS=3 BENCH_IDLE_SECONDS=5 BENCH_CONNECTIONS=10)
 *
 * Then the /config product list's first and 1,000th page at 100,000 products (bench/catalogue-list.ts;
 * BENCH_LIST=off skips it; on PostgreSQL when DATABASE_URL is set).
 *
 * Goals on this machine: the import under 60 s; the product page during the import at least half its
 * idle rate (the import's one transaction yields between batches, and the parsing happens before it).
 * Rounds alternate which comes first (idle, then import; import, then idle), so that a noisy moment
 * of this shared machine does not always fall on the same side; the summary gives medians and the
 * spread (lowest to highest).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { stringify } from 'csv-stringify/sync';
import { SQUARESPACE_COLUMNS } from '../packages/server/src/modules/catalogue/product-csv.ts';
import { benchCatalogueList, printListFigures } from './catalogue-list.ts';
import { measure, median, signedInStaff, startBenchServer, type BenchServer } from './support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PRODUCT_PATH = '/shop/linen-camp-shirt';
const IMPORT_GOAL_SECONDS = 60;
const RATE_GOAL = 0.5;

/** The file: each product's first row carries its fields, the two after it only their variant's. */
function squarespaceCsv(products: number): string {
  const rows: string[][] = [];
  for (let p = 0; p < products; p++)
    for (const [v, size] of ['S', 'M', 'L'].entries()) {
      const first = v === 0;
      const row: Record<string, string> = {
        'Product Type': first ? 'PHYSICAL' : '',
        'Product Page': first ? 'shop' : '',
        'Product URL': first ? `bench-tee-${p}` : '',
        Title: first ? `Bench Tee ${p}` : '',
        Description: first ? `<p>Tee number ${p}, "soft",\nwashed.</p>` : '',
        SKU: `BT-${p}-${size}`,
        'Option Name 1': 'Size',
        'Option Value 1': size,
        Price: `${20 + (p % 50)}.00`,
        'Sale Price': '0.00',
        'On Sale': 'No',
        Stock: String((p + v) % 20),
        Categories: first ? 'Wear' : '',
        Tags: first ? 'bench, tee' : '',
        Weight: '0.3',
        Visible: first ? 'Yes' : '',
      };
      rows.push(SQUARESPACE_COLUMNS.map((column) => row[column] ?? ''));
    }
  return stringify([[...SQUARESPACE_COLUMNS], ...rows], { record_delimiter: 'windows' });
}

/** The product page's rate for as long as `work` runs. */
async function rateDuring<T>(
  server: BenchServer,
  work: () => Promise<T>,
): Promise<{ rps: number; result: T }> {
  let instance: autocannon.Instance | undefined;
  const load = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      // A page held up by the import's transaction is slow, not lost: it is counted when it comes.
      { url: `${server.base}${PRODUCT_PATH}`, connections: CONNECTIONS, duration: 3600, timeout: 300 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  const result = await work();
  instance?.stop();
  const figures = await load;
  if (figures.non2xx || figures.errors)
    throw new Error(`during the import: ${figures.non2xx} non-2xx, ${figures.errors} errors`);
  return { rps: figures.requests.average, result };
}

interface Round {
  importSeconds: number;
  idleRps: number;
  duringRps: number;
}

async function round(index: number, csv: string): Promise<Round> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-catalogue-'));
  const server = await startBenchServer({ SITE_DIR: 'sites/demo', DATA_DIR: dataDir });
  try {
    const headers = await signedInStaff(server, 'admin', { SITE_DIR: 'sites/demo', DATA_DIR: dataDir });
    await measure({ url: `${server.base}${PRODUCT_PATH}` }, 2, CONNECTIONS);
    const idle = async () => {
      const f = await measure({ url: `${server.base}${PRODUCT_PATH}` }, IDLE_SECONDS, CONNECTIONS, server);
      if (f.non2xx || f.errors) throw new Error(`idle: ${f.non2xx} non-2xx, ${f.errors} errors`);
      return f.rps;
    };
    const importing = async () => {
      const started = performance.now();
      const res = await fetch(`${server.base}/api/config/products/import?format=squarespace`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/csv', accept: 'application/json' },
        body: csv,
      });
      const seconds = (performance.now() - started) / 1000;
      const answer = (await res.json()) as { created?: number };
      if (res.status !== 200 || answer.created !== PRODUCTS)
        throw new Error(`import: ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
      return seconds;
    };
    // Even rounds measure idle first, odd rounds after the import.
    let idleRps = index % 2 === 0 ? await idle() : 0;
    const during = await rateDuring(server, importing);
    if (index % 2 === 1) idleRps = await idle();
    const r = { importSeconds: during.result, idleRps, duringRps: during.rps };
    console.log(
      `  round ${index + 1}: import ${r.importSeconds.toFixed(1)} s; product page ${r.duringRps.toFixed(0)} req/s during, ${r.idleRps.toFixed(0)} idle: ratio ${(r.duringRps / r.idleRps).toFixed(2)}`,
    );
    return r;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const spread = (values: number[], digits: number) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

async function main() {
  const csv = squarespaceCsv(PRODUCTS);
  console.log(
    `catalogue bench: a Squarespace CSV of ${PRODUCTS} products × 3 variants (${(csv.length / 1e6).toFixed(1)} MB) imported over HTTP, SQLite; ` +
      `${ROUNDS} rounds, product page measured idle for ${IDLE_SECONDS} s and for the whole import, ${CONNECTIONS} connections`,
  );
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round(i, csv));
  const importSeconds = rounds.map((r) => r.importSeconds);
  const ratios = rounds.map((r) => r.duringRps / r.idleRps);
  console.log(
    `\nimport: ${spread(importSeconds, 1)} s (goal under ${IMPORT_GOAL_SECONDS} s)${median(importSeconds) < IMPORT_GOAL_SECONDS ? '' : '  MISSED'}`,
  );
  console.log(
    `product page during the import / idle: ${spread(ratios, 2)} (goal at least ${RATE_GOAL})${median(ratios) >= RATE_GOAL ? '' : '  MISSED'}; ` +
      `idle ${spread(
        rounds.map((r) => r.idleRps),
        0,
      )} req/s, during ${spread(
        rounds.map((r) => r.duringRps),
        0,
      )} req/s`,
  );

  // ------------------------------------------------------------------ the /config product list
  if (process.env.BENCH_LIST === 'off') return;
  console.log('');
  printListFigures(await benchCatalogueList());
}

await main();
