import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { CUSTOMER, Shopper } from './modules/orders/testing.ts';
import { loadConfig, type Config } from './config.ts';
import { SQLITE_FILE } from './data-dir.ts';
import { FIXTURE_SITE, testConfig } from './testing/databases.ts';

/**
 * The default DATA_DIR is a folder per site folder: two sites started with the defaults never
 * share a database (before, the second replaced the first's catalogue and its stock).
 */

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

/** A copy of the fixture site in a folder of its own; `shop` rewrites its shop collection. */
function siteFolder(shop?: (collection: { items: Record<string, unknown>[] }) => void): string {
  const parent = mkdtempSync(join(tmpdir(), 'storefront-data-dir-'));
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  const dir = join(parent, 'shop');
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  if (shop) {
    const file = join(dir, 'content/collections/shop.json');
    const collection = JSON.parse(readFileSync(file, 'utf8')) as { items: Record<string, unknown>[] };
    shop(collection);
    writeFileSync(file, JSON.stringify(collection));
  }
  return dir;
}

/** A folder to start servers from (what `npm start` runs in: the checkout). */
function workingFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-working-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('the default DATA_DIR', () => {
  it('is data/<site folder name>-<8 hex digits>: another site folder gets another one, the same folder the same one', () => {
    const demo = loadConfig({}).dataDir;
    expect(basename(dirname(demo))).toBe('data');
    // The README's examples: the first 8 hex digits of the SHA-256 of `sites/demo`, `sites/my-shop`.
    expect(basename(demo)).toBe('demo-64f0fa0a');
    expect(basename(loadConfig({ SITE_DIR: 'sites/my-shop' }).dataDir)).toBe('my-shop-bc0a141e');
    expect(loadConfig({ SITE_DIR: 'sites/demo' }).dataDir).toBe(demo);
    expect(loadConfig({ SITE_DIR: './sites/demo/' }).dataDir).toBe(demo);
    expect(loadConfig({ SITE_DIR: loadConfig({}).siteDir }).dataDir).toBe(demo);
    // Relative to the working folder: a checkout moved elsewhere keeps its data folder's name.
    expect(basename(loadConfig({}, '/srv/moved/storefront').dataDir)).toBe('demo-64f0fa0a');

    // Two folders of the same name elsewhere: same readable name, different databases.
    const first = loadConfig({ SITE_DIR: '/srv/first/shop' }).dataDir;
    const second = loadConfig({ SITE_DIR: '/srv/second/shop' }).dataDir;
    expect(basename(first)).toMatch(/^shop-[0-9a-f]{8}$/);
    expect(basename(second)).toMatch(/^shop-[0-9a-f]{8}$/);
    expect(first).not.toBe(second);
    expect(first).not.toBe(demo);
  });

  it('an explicit DATA_DIR is used as given', () => {
    expect(loadConfig({ SITE_DIR: '/srv/first/shop', DATA_DIR: '/var/lib/storefront' }).dataDir).toBe(
      '/var/lib/storefront',
    );
  });

  it("site A, then site B, then site A again, all with defaults: A's catalogue, stock and orders are intact", async () => {
    const siteA = siteFolder();
    const siteB = siteFolder((shop) => {
      shop.items = shop.items
        .filter((item) => item.id === 'p-tee')
        .map((item) => ({
          ...item,
          id: 'p-apron',
          urlId: 'apron',
          title: 'Canvas Apron',
          structuredContent: {
            productType: 1,
            variants: [
              {
                id: 'v-apron',
                sku: 'APRON',
                priceMoney: { currency: 'USD', value: '30.00' },
                qtyInStock: 5,
              },
            ],
          },
        }));
    });
    // Both started from one folder with nothing but SITE_DIR set, as `SITE_DIR=... npm start` would.
    const working = workingFolder();
    const configA = loadConfig({ SITE_DIR: siteA, LOG_LEVEL: 'silent' }, working);
    const configB = loadConfig({ SITE_DIR: siteB, LOG_LEVEL: 'silent' }, working);
    expect(configA.dataDir).not.toBe(configB.dataDir);

    const start = async (config: Config) => {
      const app = await buildApp(config, { logger: false });
      return { app, config, close: () => app.close() };
    };
    const stockOfSmallTee = async (t: Awaited<ReturnType<typeof start>>) => {
      const res = await t.app.inject({ url: '/api/commerce/inventory/stock?itemId=p-tee' });
      expect(res.statusCode).toBe(200);
      const results = res.json().results as { sku: string; qtyInStock: number }[];
      return results.find((r) => r.sku === 'TEE-S')?.qtyInStock;
    };

    // A sells one of its 3 small tees.
    const a = await start(configA);
    const shopper = new Shopper(a);
    await shopper.start();
    expect((await shopper.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 })).statusCode).toBe(200);
    const placed = await shopper.order(CUSTOMER);
    expect(placed.statusCode).toBe(200);
    const confirmation = placed.json().confirmationUrl as string;
    expect(await stockOfSmallTee(a)).toBe(2);
    await a.close();

    // B, started the same way, shows its own catalogue.
    const b = await start(configB);
    const shopB = await b.app.inject({ url: '/shop' });
    expect(shopB.body).toContain('Canvas Apron');
    expect(shopB.body).not.toContain('Linen Tee');
    await b.close();

    // A again: its product, the stock it sold down to, and its order.
    const again = await start(configA);
    const shopA = await again.app.inject({ url: '/shop' });
    expect(shopA.body).toContain('Linen Tee');
    expect(shopA.body).not.toContain('Canvas Apron');
    expect(await stockOfSmallTee(again)).toBe(2);
    expect((await again.app.inject({ url: confirmation })).statusCode).toBe(200);
    await again.close();
    expect(existsSync(join(configA.dataDir, SQLITE_FILE))).toBe(true);
    expect(existsSync(join(configB.dataDir, SQLITE_FILE))).toBe(true);
  });

  it('start-up points at the database earlier versions shared (data/storefront.sqlite) and moves nothing', async () => {
    const working = workingFolder();
    const earlier = join(working, 'data', SQLITE_FILE);
    mkdirSync(dirname(earlier));
    writeFileSync(earlier, '');
    const { dataDir } = loadConfig({ SITE_DIR: siteFolder() }, working);
    const logged = async () => {
      let log = '';
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          log += chunk.toString();
          done();
        },
      });
      const app = await buildApp(testConfig({ dataDir, databaseUrl: undefined }), {
        logger: { stream, level: 'warn' },
      });
      await app.close();
      return log;
    };
    expect(await logged()).toContain(
      `${earlier} is the database an earlier version shared between sites; this site now uses ${dataDir}.`,
    );
    expect(readFileSync(earlier, 'utf8')).toBe('');
    // Once the site has its own database, nothing more is said.
    expect(await logged()).not.toContain('earlier version');
  });
});
