/**
 * The database is the source of truth for content (issue 30): the first start imports `content/`,
 * later starts keep what staff edited and say when `content/` differs; `npm run content -- import`
 * shows and applies a folder; refusals; the zip export from /config.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { runContent } from './modules/content/index.ts';
import { SiteError } from './platform/site/errors.ts';
import { signInNewStaff } from './testing/back-office.ts';
import { DATABASES, FIXTURE_SITE, testConfig, type TestApp, type TestDatabase } from './testing/app.ts';

interface ShopFile {
  items: {
    id: string;
    title: string;
    structuredContent: {
      variants: { sku: string; qtyInStock?: number; unlimited?: boolean; priceMoney: { currency: string } }[];
    };
  }[];
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A copy of the fixture site that a test may change. */
function siteCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'storefront-content-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const dir = join(root, 'site');
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  return dir;
}

function editShop(siteDir: string, edit: (shop: ShopFile) => void): void {
  const path = join(siteDir, 'content/collections/shop.json');
  const shop = JSON.parse(readFileSync(path, 'utf8')) as ShopFile;
  edit(shop);
  writeFileSync(path, JSON.stringify(shop, null, 2));
}

const tee = (shop: ShopFile) => shop.items.find((item) => item.id === 'p-tee') as ShopFile['items'][number];

/** A fresh database for the test, and the config of a site on it. */
function freshConfig(database: TestDatabase, siteDir: string): Config {
  const fresh = database.fresh();
  cleanups.push(fresh.cleanup);
  return testConfig(fresh.config, { siteDir });
}

async function start(config: Config, logLines?: string[]): Promise<FastifyInstance> {
  const app = await buildApp(config, {
    logger: logLines
      ? { stream: { write: (line: string) => void logLines.push(line) }, level: 'warn' }
      : false,
  });
  cleanups.push(() => app.close());
  return app;
}

async function command(app: FastifyInstance, siteDir: string, ...argv: string[]) {
  const lines: string[] = [];
  const code = await runContent(app.database.db, argv, (line) => lines.push(line), { siteDir });
  return { code, lines };
}

const page = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

for (const database of DATABASES) {
  describe(`[${database.name}] content: the database is the source of truth`, () => {
    it('the first start imports content/; a later start keeps a staff edit over a changed content/ and warns once, naming the command', async () => {
      const siteDir = siteCopy();
      const config = freshConfig(database, siteDir);
      const first = await start(config);
      expect(await page(first, '/shop/tee')).toContain('Linen Tee');
      // A staff member renames the product (as the product editor saves it).
      const { db } = first.database;
      const row = await db
        .selectFrom('items')
        .select('data')
        .where('id', '=', 'p-tee')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('items')
        .set({ title: 'Staff Tee', data: JSON.stringify({ ...JSON.parse(row.data), title: 'Staff Tee' }) })
        .where('id', '=', 'p-tee')
        .execute();
      await first.close();

      editShop(siteDir, (shop) => {
        tee(shop).title = 'File Tee';
      });
      const websiteFile = join(siteDir, 'content/website.json');
      writeFileSync(
        websiteFile,
        readFileSync(websiteFile, 'utf8').replace('Fixture Store', 'Renamed In File'),
      );
      const log: string[] = [];
      const second = await start(config, log);
      const body = await page(second, '/shop/tee');
      expect(body).toContain('Staff Tee');
      expect(body).not.toContain('File Tee');
      // Website settings too are the database's: the file's new title is not shown.
      expect(body).toContain('Fixture Store');
      expect(body).not.toContain('Renamed In File');
      const warnings = log
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((entry) => entry.level === 40 && entry.msg.includes('content'));
      expect(warnings).toHaveLength(1);
      const contentDir = join(siteDir, 'content');
      expect(warnings[0]?.msg).toContain(
        `${contentDir} differs from what was last imported (collections/shop.json, website.json)`,
      );
      expect(warnings[0]?.msg).toContain(`npm run content -- import --dry-run ${contentDir}`);
      expect(warnings[0]?.msg).toContain(`to import it: npm run content -- import ${contentDir}`);
    });

    it('import --dry-run lists the changes and writes nothing; import applies them, stock included, and the running app shows them on its next request', async () => {
      const siteDir = siteCopy();
      const app = await start(freshConfig(database, siteDir));
      expect(await page(app, '/shop/tee')).toContain('Linen Tee');
      const edited = siteCopy();
      editShop(edited, (shop) => {
        tee(shop).title = 'Linen Tee, Washed';
        (tee(shop).structuredContent.variants[0] as { qtyInStock: number }).qtyInStock = 9;
      });

      const dry = await command(app, siteDir, 'import', '--dry-run', edited);
      expect(dry.code).toBe(0);
      expect(dry.lines).toContain('Items: 0 added, 1 changed, 0 removed');
      expect(dry.lines).toContain('  ~ shop/tee');
      expect(dry.lines).toContain('Stock set from the files: 1 variants');
      expect(dry.lines).toContain('  = shop/tee TEE-S');
      expect(dry.lines).toContain(
        `Dry run: nothing was written. To apply it: npm run content -- import ${edited}`,
      );
      expect(await page(app, '/shop/tee')).not.toContain('Linen Tee, Washed');
      const stockOf = async () =>
        Number(
          (
            await app.database.db
              .selectFrom('variants')
              .select('qty_in_stock')
              .where('id', '=', 'v-tee-s')
              .executeTakeFirstOrThrow()
          ).qty_in_stock,
        );
      expect(await stockOf()).toBe(3);

      const applied = await command(app, siteDir, 'import', edited);
      expect(applied.code).toBe(0);
      expect(applied.lines).toContain('  ~ shop/tee');
      expect(await page(app, '/shop/tee')).toContain('Linen Tee, Washed');
      expect(await stockOf()).toBe(9);
      const ledger = await app.database.db
        .selectFrom('stock_ledger')
        .select(['change', 'reason'])
        .where('variant_id', '=', 'v-tee-s')
        .where('reason', '=', 'import')
        .execute();
      expect(ledger.map((entry) => Number(entry.change))).toEqual([6]);
    });

    it('a variant priced in another currency than the store’s is refused, at import and at the first start, naming the product and variant', async () => {
      const siteDir = siteCopy();
      const app = await start(freshConfig(database, siteDir));
      const euro = siteCopy();
      editShop(euro, (shop) => {
        (
          tee(shop).structuredContent.variants[1] as { priceMoney: { currency: string } }
        ).priceMoney.currency = 'EUR';
      });
      const refusal =
        'content/collections/shop.json: product "Linen Tee" (tee), variant "TEE-M": priceMoney is in EUR, ' +
        "but the store's currency is USD; give the variant's prices in USD";
      expect(await command(app, siteDir, 'import', euro)).toEqual({
        code: 1,
        lines: [`Nothing imported: ${refusal}`],
      });
      const failed: unknown = await start(freshConfig(database, euro)).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(SiteError);
      expect((failed as SiteError).message).toBe(refusal);
    });

    it('a variant with neither qtyInStock nor unlimited is refused at import, naming it, and nothing is imported', async () => {
      const siteDir = siteCopy();
      const app = await start(freshConfig(database, siteDir));
      const stockless = siteCopy();
      editShop(stockless, (shop) => {
        tee(shop).title = 'Not Imported Tee';
        const variant = tee(shop).structuredContent.variants[1] as {
          qtyInStock?: number;
          unlimited?: boolean;
        };
        delete variant.qtyInStock;
      });
      expect(await command(app, siteDir, 'import', stockless)).toEqual({
        code: 1,
        lines: [
          'Nothing imported: content/collections/shop.json: product "Not Imported Tee" (tee), variant "TEE-M": ' +
            'has no stock; give it "qtyInStock" (0 for none in stock) or "unlimited": true',
        ],
      });
      expect(await page(app, '/shop/tee')).not.toContain('Not Imported Tee');
    });

    it('GET /api/config/content/export: a zip of the content for catalogue editors; 403 for a viewer, 401 signed out', async () => {
      const siteDir = siteCopy();
      const config = freshConfig(database, siteDir);
      const app = await start(config);
      const t: TestApp = { app, config, close: () => app.close() };
      const url = '/api/config/content/export';

      const manager = await signInNewStaff(t, 'manager@example.test', [8]);
      const res = await manager.request('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe('attachment; filename="content.zip"');
      const files = unzipSync(new Uint8Array(res.rawPayload));
      expect(Object.keys(files).sort()).toEqual(
        [
          'collections/home.json',
          'collections/journal.json',
          'collections/shop.json',
          'collections/visit.json',
          'media/pixel.gif',
          'navigation.json',
          'website.json',
        ].sort(),
      );
      const shop = JSON.parse(strFromU8(files['collections/shop.json'] as Uint8Array)) as ShopFile;
      expect(tee(shop).title).toBe('Linen Tee');
      expect(tee(shop).structuredContent.variants.map((v) => v.qtyInStock)).toEqual([3, 1]);
      expect(files['media/pixel.gif']).toEqual(
        new Uint8Array(readFileSync(join(siteDir, 'content/media/pixel.gif'))),
      );

      const viewer = await signInNewStaff(t, 'viewer@example.test', [10]);
      const refused = await viewer.request('GET', url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('account.forbidden');
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    });
  });
}
