/**
 * Durability of acknowledged orders: the real server process (the built
 * `packages/server/dist/main.js`, as `npm start` runs it) takes orders from several clients at once, is killed with SIGKILL
 * mid-stream, and is started again on the same database. Every order answered 200 must be stored,
 * and the stock must equal the starting stock minus the quantities of the stored orders.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../database.ts';
import { CUSTOMER, makeCheckoutSite } from './testing.ts';
import { createPostgresDatabase } from '../../testing/databases.ts';
import { startServerProcess } from '../../testing/process.ts';

const INITIAL = 100_000;
const postgresUrl = process.env.DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** The real server, with the cart write limit out of the way of 8 busy clients. */
const startServer = (env: Record<string, string>) =>
  startServerProcess({ CART_WRITE_LIMIT: '1000000', ...env });

interface Database {
  name: string;
  /** Environment naming a fresh, empty database for the server, and the config to open it here. */
  make(): Promise<{ env: Record<string, string>; config: Parameters<typeof openDatabase>[0] }>;
}

const sqlite: Database = {
  name: 'sqlite',
  async make() {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, config: { dataDir, databaseUrl: undefined } };
  },
};

const postgres: Database = {
  name: 'postgres',
  async make() {
    // One database of its own (the server works in its public schema).
    const own = await createPostgresDatabase(postgresUrl as string, 'sf_kill');
    cleanups.push(own.drop);
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: own.url },
      config: { dataDir, databaseUrl: own.url },
    };
  },
};

const DATABASES_UNDER_TEST = postgresUrl ? [sqlite, postgres] : [sqlite];

describe.each(DATABASES_UNDER_TEST)('SIGKILL while orders are placed ($name)', (database) => {
  it('loses no acknowledged order; stock = initial - stored quantities', { timeout: 120_000 }, async () => {
    const site = makeCheckoutSite({ stock: { 'v-last': INITIAL } });
    cleanups.push(site.cleanup);
    const { env, config } = await database.make();
    const first = startServer({ ...env, SITE_DIR: site.dir });
    cleanups.push(() => void first.kill('SIGKILL'));
    const port = await first.port();
    const base = `http://127.0.0.1:${port}`;
    const start = await fetch(`${base}/api/commerce/shopping-cart`);
    const crumb = /crumb=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')?.[1] ?? '';
    await start.text();

    const acked: { id: string; quantity: number }[] = [];
    let sent = 0;
    let failed = 0;
    let stop = false;
    const deadline = Date.now() + 20_000;
    const client = async (n: number) => {
      // Bounded: stops on the first connection error after the kill, or after 20 s / 5000 requests.
      while (!stop && Date.now() < deadline && sent < 5000) {
        const quantity = 1 + ((sent + n) % 3);
        sent++;
        try {
          const res = await fetch(`${base}/api/commerce/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
            body: JSON.stringify({ ...CUSTOMER, item: { itemId: 'p-last', sku: 'MUG-1', quantity } }),
          });
          const body = (await res.json()) as { order?: { id: string; lines: { quantity: number }[] } };
          if (res.status === 200 && body.order)
            acked.push({ id: body.order.id, quantity: body.order.lines[0]?.quantity ?? 0 });
          else failed++;
        } catch {
          return; // the server is gone
        }
      }
    };
    const clients = Array.from({ length: 8 }, (_, n) => client(n));
    // Kill once a good number of orders have been answered, with more still in flight.
    while (acked.length < 60 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    first.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    stop = true;
    await Promise.all(clients);
    expect(acked.length).toBeGreaterThanOrEqual(60);
    expect(failed).toBe(0);

    // Start again on the same database: it comes up, and every acknowledged order is there.
    const second = startServer({ ...env, SITE_DIR: site.dir });
    cleanups.push(() => void second.kill('SIGKILL'));
    const port2 = await second.port();
    for (const order of acked.slice(-10)) {
      const page = await fetch(`http://127.0.0.1:${port2}/checkout/order-confirmed/${order.id}`);
      expect(page.status).toBe(200);
      await page.text();
    }
    second.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const handle = await openDatabase(config);
    try {
      const db = handle.db;
      const stored = await db
        .selectFrom('order_lines')
        .select(['order_id', 'quantity'])
        .where('variant_id', '=', 'v-last')
        .execute();
      const byId = new Map(stored.map((l) => [l.order_id, l.quantity]));
      for (const order of acked) expect(byId.get(order.id), order.id).toBe(order.quantity);
      const storedQuantity = stored.reduce((n, l) => n + l.quantity, 0);
      const stock = await db
        .selectFrom('variants')
        .select('qty_in_stock')
        .where('id', '=', 'v-last')
        .executeTakeFirstOrThrow();
      expect(stock.qty_in_stock).toBe(INITIAL - storedQuantity);
      // Orders stored but not acknowledged (answered after the kill) are at most those in flight.
      expect(stored.length - acked.length).toBeLessThanOrEqual(8);
      const orders = await db.selectFrom('orders').select('id').execute();
      expect(orders.length).toBe(stored.length);
      console.log(
        `[${database.name}] SIGKILL: ${sent} sent, ${acked.length} acknowledged, ${stored.length} stored, stock ${stock.qty_in_stock}`,
      );
    } finally {
      await handle.destroy();
    }
  });
});
