/**
 * The back office's product list at 100,000 products (issue 30): its first page and its 1,000th.
 *
 *   npm run bench:catalogue-list   (BENCH_PRODUCTS=100000 BENCH_REPEATS=25 BENCH_DEEP_PAGE=1000
 *                                   BENCH_SORT=title by default)
 *
 * Builds the app on a fresh database (SQLite in a temporary folder; PostgreSQL in a schema of its
 * own when DATABASE_URL is set, dropped afterwards) with the demo site, seeds BENCH_PRODUCTS
 * products of three variants each straight into the catalogue tables, 500 rows a statement, signs a
 * staff member in, then asks `GET /api/config/products` over real HTTP on a loopback port: the
 * first page, and the 1,000th (reached by following the cursors), each BENCH_REPEATS times after a
 * warm-up, printing the median and the 95th percentile. Goal: under 100 ms each.
 */
import type { FastifyInstance } from 'fastify';
import { ROLES } from '@storefront/core';
import { buildApp } from '../packages/server/src/app.ts';
import { Customer, makeAccount } from '../packages/server/src/modules/accounts/testing.ts';
import { STAFF_SESSION_PATH } from '../packages/server/src/modules/accounts/routes.ts';
import type { Db } from '../packages/server/src/platform/db/index.ts';
import { cookieHeader, DATABASES, DEMO_SITE, testConfig } from '../packages/server/src/testing/app.ts';
import { median } from './support.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 25);
const PAGE = 50;
/** The list's order (`title` is the screen's default). */
const SORT = process.env.BENCH_SORT ?? 'title';
const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 1_000);
const ROWS_PER_STATEMENT = 500;
const DEMO_SHOP = 'efb5b1b6891646c806f549db';

const WORDS = [
  'Linen',
  'Oak',
  'Stoneware',
  'Wool',
  'Canvas',
  'Brass',
  'Ash',
  'Clay',
  'Moss',
  'Ink',
  'Salt',
  'Rye',
];
const THINGS = [
  'Apron',
  'Mug',
  'Bowl',
  'Shirt',
  'Candle',
  'Tray',
  'Scarf',
  'Jug',
  'Cap',
  'Stool',
  'Vase',
  'Towel',
];

/** Deterministic, spread titles: title order is not insertion order. */
const titleOf = (n: number) => {
  const h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  return `${WORDS[h % WORDS.length]} ${THINGS[(h >>> 8) % THINGS.length]} ${(h >>> 4) % 10_000} No. ${n}`;
};
const idOf = (kind: 'e' | 'f', n: number) => kind + n.toString(16).padStart(23, '0');

/** Inserts `count` products with three variants each into the demo shop, a batch per statement. */
export async function seedProducts(db: Db, count: number): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < count; start += ROWS_PER_STATEMENT) {
    const ns = Array.from({ length: Math.min(ROWS_PER_STATEMENT, count - start) }, (_, i) => start + i);
    const items = ns.map((n) => {
      const variants = ['S', 'M', 'L'].map((size, i) => ({
        id: idOf('f', n * 4 + i),
        sku: `SEED-${n}-${size}`,
        attributes: { Size: size },
        optionValues: [{ optionName: 'Size', value: size }],
        priceMoney: { currency: 'USD', value: `${20 + (n % 80)}.00` },
        salePriceMoney: { currency: 'USD', value: '0.00' },
        onSale: false,
        qtyInStock: n % 7,
        unlimited: false,
      }));
      const data = {
        id: idOf('e', n),
        urlId: `seeded-${n}`,
        title: titleOf(n),
        recordType: 11,
        body: '<p>Seeded.</p>',
        assetUrl: '/media/mug-speckled.svg',
        tags: [],
        categories: [n % 3 ? 'Home' : 'Kitchen'],
        structuredContent: { productType: 1, variants, variantOptionOrdering: ['Size'] },
      };
      return { n, data, variants };
    });
    await db
      .insertInto('items')
      .values(
        items.map(({ n, data }) => ({
          id: data.id,
          collection_id: DEMO_SHOP,
          url_id: data.urlId,
          title: data.title,
          record_type: 11,
          product_type: 1,
          position: 1_000 + n,
          starred: 0,
          added_on: now - n,
          publish_on: now - n,
          data: JSON.stringify(data),
          updated_on: now - n,
        })),
      )
      .execute();
    await db
      .insertInto('variants')
      .values(
        items.flatMap(({ data, variants }) =>
          variants.map((v, i) => ({
            id: v.id,
            item_id: data.id,
            sku: v.sku,
            position: i,
            currency: 'USD',
            price_cents: Number(v.priceMoney.value) * 100,
            sale_price_cents: 0,
            on_sale: 0,
            unit_price_cents: Number(v.priceMoney.value) * 100,
            unlimited: 0,
            qty_in_stock: v.qtyInStock,
            data: JSON.stringify(v),
          })),
        ),
      )
      .execute();
  }
}

/** Times `url` over HTTP: a warm-up, then `repeats` requests one after another; milliseconds. */
async function timed(url: string, cookie: string, repeats: number): Promise<number[]> {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) times.push(await once());
  return times;
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? 0;

export interface ListFigures {
  database: string;
  products: number;
  seedSeconds: number;
  firstPageMs: number;
  deepPageMs: number;
  firstPageP95Ms: number;
  deepPageP95Ms: number;
}

/** Seeds a fresh database and measures the list's first and 1,000th page. */
export async function benchCatalogueList(products = PRODUCTS, repeats = REPEATS): Promise<ListFigures[]> {
  const results: ListFigures[] = [];
  // The database the environment names: PostgreSQL when DATABASE_URL is set, else SQLite.
  const database = DATABASES[DATABASES.length - 1];
  if (!database) throw new Error('no database to run on');
  const fresh = database.fresh();
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp(testConfig(fresh.config, { siteDir: DEMO_SITE }), { logger: false });
    const db = app.database.db;
    const seedStart = performance.now();
    await seedProducts(db, products);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    await makeAccount(db, 'bench@staff.test', { kind: 'staff', roles: [ROLES['store-manager']] });
    const t = { app, config: testConfig(fresh.config), close: async () => {} };
    const staff = new Customer(t);
    const signedIn = await staff.signIn('bench@staff.test', undefined, false, STAFF_SESSION_PATH);
    if (signedIn.statusCode !== 200) throw new Error(`sign-in answered ${signedIn.statusCode}`);
    const cookie = cookieHeader(staff.cookies);

    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const list = `${base}/api/config/products?limit=${PAGE}&sort=${SORT}`;
    let url = list;
    for (let page = 1; page < DEEP_PAGE; page++) {
      const res = await fetch(url, { headers: { cookie } });
      const body = (await res.json()) as { nextPageCursor: string | null };
      if (!body.nextPageCursor) throw new Error(`the list ends at page ${page}: seed more products`);
      url = `${list}&cursor=${body.nextPageCursor}`;
    }
    const first = await timed(list, cookie, repeats);
    const deep = await timed(url, cookie, repeats);
    results.push({
      database: database.name,
      products,
      seedSeconds,
      firstPageMs: median(first),
      deepPageMs: median(deep),
      firstPageP95Ms: p95(first),
      deepPageP95Ms: p95(deep),
    });
  } finally {
    await app?.close();
    await fresh.cleanup();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchCatalogueList();
  for (const f of figures) {
    console.log(
      `catalogue list on ${f.database}, ${f.products.toLocaleString('en')} products (3 variants each), sorted by ${SORT}, seeded in ${f.seedSeconds.toFixed(1)} s`,
    );
    console.log(
      `  first page:   median ${f.firstPageMs.toFixed(1)} ms, p95 ${f.firstPageP95Ms.toFixed(1)} ms`,
    );
    console.log(
      `  page ${DEEP_PAGE}:    median ${f.deepPageMs.toFixed(1)} ms, p95 ${f.deepPageP95Ms.toFixed(1)} ms`,
    );
    const met = f.firstPageMs < 100 && f.deepPageMs < 100;
    console.log(`  goal < 100 ms each: ${met ? 'met' : 'NOT met'}`);
  }
}
