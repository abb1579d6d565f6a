/**
 * Scale-out on PostgreSQL, proven with real processes: two servers start together on one empty
 * database (migrations and content sync race), 100 shoppers each put the 5-unit variant in a cart
 * of their own and order it, spread over both, and in the middle every backend connection of the
 * database is terminated. Both processes stay up, exactly 5 orders are stored, stock ends at 0 and
 * is never negative, every order acknowledged with 200 is stored, and nothing answers 500 (a 503
 * is allowed for requests whose connection died: the client retries them with the same
 * Idempotency-Key, as a real client would).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../testing/databases.ts';
import { startServerProcess, type ServerProcess } from '../../testing/process.ts';
import { CUSTOMER, makeCheckoutSite } from './testing.ts';

const postgresUrl = process.env.DATABASE_URL;
const STOCK = 5;
const SHOPPERS = 100;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

interface Answer {
  kind: 'read' | 'add' | 'order';
  status: number;
  body: string;
}

/** One shopper on one instance: a cart of its own, then the order, retrying 503s with the same key. */
async function shop(base: string, n: number, answers: Answer[]): Promise<string | undefined> {
  const cookies = new Map<string, string>();
  const call = async (kind: Answer['kind'], path: string, body?: unknown, key?: string) => {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'x-csrf-token': cookies.get('crumb') ?? '' }),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).catch((error: unknown) => error as Error);
      if (res instanceof Error) {
        // The instance is gone (what a dropped connection used to do): recorded, and this shopper stops.
        answers.push({ kind, status: 0, body: JSON.stringify({ code: String(res.cause ?? res.message) }) });
        return { status: 0, json: () => undefined };
      }
      const text = await res.text();
      answers.push({ kind, status: res.status, body: text });
      for (const line of res.headers.getSetCookie()) {
        const [, name, value] = /^([^=]+)=([^;]*)/.exec(line) ?? [];
        if (name && value !== undefined) cookies.set(name, value);
      }
      // Retry-After says 5 s (1 s while another request holds the key); the test waits less.
      const retry = res.status === 503 || (res.status === 409 && res.headers.get('retry-after') !== null);
      if (!retry || attempt >= 10) return { status: res.status, json: () => JSON.parse(text) as unknown };
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  };
  await call('read', '/api/commerce/shopping-cart');
  const added = await call(
    'add',
    '/api/commerce/shopping-cart/entries',
    { itemId: 'p-last', sku: 'MUG-1', quantity: 1 },
    `add-${n}`,
  );
  if (added.status !== 200) return undefined;
  const order = await call('order', '/api/commerce/orders', CUSTOMER, `order-${n}`);
  return order.status === 200 ? (order.json() as { order: { id: string } }).order.id : undefined;
}

const alive = (server: ServerProcess) =>
  Promise.race([
    server.exited.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 50)),
  ]);

describe.skipIf(!postgresUrl)('two instances on one PostgreSQL (needs DATABASE_URL)', () => {
  it(
    '100 orders for 5 units over both, every backend terminated mid-way: both up, 5 orders, stock 0, no 500',
    { timeout: 180_000 },
    async () => {
      const own = await createPostgresDatabase(postgresUrl as string, 'sf_scale');
      cleanups.push(own.drop);
      const site = makeCheckoutSite({ stock: { 'v-last': STOCK } });
      cleanups.push(site.cleanup);
      const dataDir = mkdtempSync(join(tmpdir(), 'storefront-scale-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const env = {
        DATABASE_URL: own.url,
        SITE_DIR: site.dir,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        CART_WRITE_LIMIT: '1000000',
      };
      // Started together: both migrate and sync the content into the same empty database.
      const servers = [startServerProcess(env), startServerProcess(env)];
      for (const server of servers) cleanups.push(() => server.kill('SIGKILL'));
      const bases = (await Promise.all(servers.map((s) => s.port(90_000)))).map(
        (p) => `http://127.0.0.1:${p}`,
      );

      const watcher = new pg.Client({ connectionString: own.url });
      await watcher.connect();
      cleanups.push(() => watcher.end());
      const stockNow = async () =>
        Number(
          (
            await watcher.query<{ qty_in_stock: string }>(
              "SELECT qty_in_stock FROM variants WHERE id = 'v-last'",
            )
          ).rows[0]?.qty_in_stock,
        );
      expect(await stockNow()).toBe(STOCK);

      let watching = true;
      const seen: number[] = [];
      const watch = (async () => {
        while (watching) {
          seen.push(await stockNow());
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();

      const answers: Answer[] = [];
      const acknowledged: string[] = [];
      const shoppers = Array.from({ length: SHOPPERS }, (_, n) =>
        shop(bases[n % 2] as string, n, answers).then((id) => {
          if (id) acknowledged.push(id);
        }),
      );
      // Mid-way, and again later while orders are still outstanding: every backend of the database
      // but the watcher's (which runs the statement) is terminated.
      let done = false;
      const finished = Promise.all(shoppers).then(() => (done = true));
      const ordersAnswered = () => answers.filter((a) => a.kind === 'order').length;
      const cuts: { afterOrderAnswers: number; terminated: number }[] = [];
      for (const at of [3, 25, 50]) {
        while (!done && ordersAnswered() < at) await new Promise((resolve) => setTimeout(resolve, 1));
        if (done) break;
        const afterOrderAnswers = ordersAnswered();
        const { rows } = await watcher.query<{ n: string }>(
          'SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
        );
        cuts.push({ afterOrderAnswers, terminated: Number(rows[0]?.n) });
      }
      await finished;
      watching = false;
      await watch;

      // Both processes survived, and serve again.
      for (const [i, server] of servers.entries()) {
        expect(await alive(server), server.output()).toBe(true);
        const ready = await fetch(`${bases[i]}/api/health/ready`);
        expect(ready.status).toBe(200);
      }
      expect(cuts.length).toBeGreaterThanOrEqual(1);
      expect(cuts[0]?.afterOrderAnswers).toBeLessThan(SHOPPERS);
      expect(cuts[0]?.terminated).toBeGreaterThanOrEqual(2);
      const failed = answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503));
      expect(failed.map((a) => `${a.kind} ${a.status} ${a.body}`)).toEqual([]);

      const orders = await watcher.query<{ id: string }>('SELECT id FROM orders');
      expect(orders.rows.length).toBe(STOCK);
      const stored = new Set(orders.rows.map((o) => o.id));
      for (const id of acknowledged) expect(stored.has(id), id).toBe(true);
      const sold = await watcher.query<{ n: string }>(
        "SELECT sum(quantity) AS n FROM order_lines WHERE variant_id = 'v-last'",
      );
      expect(Number(sold.rows[0]?.n)).toBe(STOCK);
      expect(await stockNow()).toBe(0);
      expect(seen.length).toBeGreaterThan(0);
      expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
      const tally = new Map<string, number>();
      for (const a of answers) {
        const code = a.status === 200 ? '' : ` ${(JSON.parse(a.body) as { code?: string }).code ?? ''}`;
        const label = `${a.kind} ${a.status}${code}`;
        tally.set(label, (tally.get(label) ?? 0) + 1);
      }
      console.log(
        `[postgres] two instances: ${answers.length} answers ${JSON.stringify(Object.fromEntries(tally))}; ` +
          `backends terminated ${cuts.map((c) => `${c.terminated} after ${c.afterOrderAnswers} order answers`).join(', ')}; ${acknowledged.length} orders acknowledged, ${orders.rows.length} stored; ` +
          `stock watched ${seen.length} times, lowest ${Math.min(...seen)}`,
      );

      for (const server of servers) server.kill('SIGTERM');
      for (const server of servers) expect(await server.exited).toBe(0);
    },
  );
});
