/**
 * Idempotency-Keys after a SIGKILL (issue 29): the real server process takes keyed orders from
 * several clients and is killed mid-stream (PostgreSQL), or while one order's transaction is open
 * (SQLite). Each client then retries its unanswered key as the answers tell it to (503 and 409 carry
 * Retry-After): on PostgreSQL against a second instance that was running all along, on SQLite
 * against the server started again on the same data folder. Every key learns its outcome within a
 * minute, and the database holds exactly one order per key, each the one its shopper was told about.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../database.ts';
import { createPostgresDatabase } from '../../testing/databases.ts';
import { startServerProcess } from '../../testing/process.ts';
import { CUSTOMER, makeCheckoutSite } from './testing.ts';

const postgresUrl = process.env.DATABASE_URL;
const CLIENTS = 8;
const TRUTH_WITHIN_MS = 60_000;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const startServer = (env: Record<string, string>) => {
  const server = startServerProcess({ CART_WRITE_LIMIT: '1000000', PORT: '0', HOST: '127.0.0.1', ...env });
  cleanups.push(() => void server.kill('SIGKILL'));
  return server;
};

const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-kill-keys-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

interface Answer {
  status: number;
  retryAfterS: number | undefined;
  orderId: string | undefined;
}

async function order(base: string, crumb: string, key: string, quantity: number): Promise<Answer> {
  const res = await fetch(`${base}/api/commerce/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `crumb=${crumb}`,
      'x-csrf-token': crumb,
      'idempotency-key': key,
    },
    body: JSON.stringify({ ...CUSTOMER, item: { itemId: 'p-last', sku: 'MUG-1', quantity } }),
  });
  const body = (await res.json()) as { order?: { id: string } };
  const retryAfter = res.headers.get('retry-after');
  return {
    status: res.status,
    retryAfterS: retryAfter === null ? undefined : Number(retryAfter),
    orderId: body.order?.id,
  };
}

describe.skipIf(!postgresUrl)('SIGKILL during keyed orders, retried on the other instance (postgres)', () => {
  it(
    'every key left unanswered by the kill learns its outcome within a minute; one order per key',
    { timeout: 180_000 },
    async () => {
      const site = makeCheckoutSite({ stock: { 'v-last': 100_000 } });
      cleanups.push(site.cleanup);
      const own = await createPostgresDatabase(postgresUrl as string, 'sf_killkeys');
      cleanups.push(own.drop);
      const env = { DATA_DIR: dataDir(), DATABASE_URL: own.url, SITE_DIR: site.dir };
      const first = startServer(env);
      const firstBase = `http://127.0.0.1:${await first.port()}`;
      const second = startServer(env);
      const secondBase = `http://127.0.0.1:${await second.port()}`;
      const start = await fetch(`${firstBase}/api/commerce/shopping-cart`);
      const crumb = /crumb=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')?.[1] ?? '';
      await start.text();

      const acknowledged = new Map<string, string>();
      const unanswered = new Set<string>();
      /** The quantity each key was sent with: a retry sends the same request. */
      const quantities = new Map<string, number>();
      let stop = false;
      const client = async (n: number) => {
        for (let i = 0; !stop; i++) {
          const key = `kill-${n}-${i}`;
          const quantity = 1 + ((n + i) % 3);
          unanswered.add(key);
          quantities.set(key, quantity);
          const answer = await order(firstBase, crumb, key, quantity).catch(() => undefined);
          if (!answer) return; // the server is gone: this key's outcome is unknown
          expect(answer.status).toBe(200);
          acknowledged.set(key, answer.orderId as string);
          unanswered.delete(key);
        }
      };
      const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
      while (acknowledged.size < 60) await new Promise((r) => setTimeout(r, 10));
      first.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      const killedAt = Date.now();
      stop = true;
      await Promise.all(clients);
      expect(unanswered.size).toBeGreaterThan(0);

      const learnt = new Map<string, Answer>();
      // Each unanswered key, and a few acknowledged ones, retried as the answers say.
      const retried = [...unanswered, ...[...acknowledged.keys()].slice(-5)];
      await Promise.all(
        retried.map(async (key) => {
          for (;;) {
            const answer = await order(secondBase, crumb, key, quantities.get(key) as number);
            if (answer.retryAfterS === undefined || Date.now() - killedAt > TRUTH_WITHIN_MS)
              return learnt.set(key, answer);
            await new Promise((r) => setTimeout(r, (answer.retryAfterS as number) * 1000));
          }
        }),
      );
      const tookMs = Date.now() - killedAt;
      for (const [key, answer] of learnt) {
        expect(answer.status, key).toBe(200);
        const before = acknowledged.get(key);
        if (before) expect(answer.orderId, key).toBe(before);
        acknowledged.set(key, answer.orderId as string);
      }
      expect(tookMs).toBeLessThan(TRUTH_WITHIN_MS);
      second.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      const handle = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: own.url });
      try {
        const stored = (await handle.db.selectFrom('orders').select('id').execute()).map((o) => o.id).sort();
        const acked = [...acknowledged.values()];
        expect(new Set(acked).size).toBe(acked.length);
        // Every stored order is one its shopper now knows about, and no key stored two.
        expect(stored).toEqual([...acked].sort());
        console.log(
          `[postgres] SIGKILL with keys: ${acked.length} orders, ${unanswered.size} keys unanswered at the kill, all answered ${tookMs} ms after it`,
        );
      } finally {
        await handle.destroy();
      }
    },
  );
});

describe('SIGKILL while a keyed order is in its transaction (sqlite)', () => {
  it(
    'started again on the same data folder, the retried key places its order within a minute, once',
    { timeout: 120_000 },
    async () => {
      const site = makeCheckoutSite();
      cleanups.push(site.cleanup);
      const dir = dataDir();
      const env = { DATA_DIR: dir, DATABASE_URL: '', SITE_DIR: site.dir };
      const first = startServer(env);
      const firstBase = `http://127.0.0.1:${await first.port()}`;
      const start = await fetch(`${firstBase}/api/commerce/shopping-cart`);
      const crumb = /crumb=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')?.[1] ?? '';
      await start.text();

      // Writing the order keeps its transaction busy for seconds (a join of 36 million rows).
      let handle = await openDatabase({ dataDir: dir, databaseUrl: undefined });
      await sql`CREATE TABLE slow_rows (x INTEGER)`.execute(handle.db);
      await sql`INSERT INTO slow_rows WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 6000) SELECT x FROM c`.execute(
        handle.db,
      );
      await sql`CREATE TRIGGER slow_order AFTER INSERT ON orders BEGIN SELECT count(*) FROM slow_rows a, slow_rows b; END`.execute(
        handle.db,
      );
      const pending = order(firstBase, crumb, 'mid-order', 1).catch(() => undefined);
      const claimed = () =>
        handle.db
          .selectFrom('idempotency_keys')
          .select('status')
          .where('key', '=', 'mid-order')
          .executeTakeFirst();
      const deadline = Date.now() + 20_000;
      while (!(await claimed())) {
        if (Date.now() > deadline) throw new Error('the order never claimed its key');
        await new Promise((r) => setTimeout(r, 5));
      }
      first.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      const killedAt = Date.now();
      expect(await pending).toBeUndefined();
      await sql`DROP TRIGGER slow_order`.execute(handle.db);
      await handle.destroy();

      const second = startServer(env);
      const secondBase = `http://127.0.0.1:${await second.port()}`;
      let answer: Answer;
      for (;;) {
        answer = await order(secondBase, crumb, 'mid-order', 1);
        if (answer.retryAfterS === undefined || Date.now() - killedAt > TRUTH_WITHIN_MS) break;
        await new Promise((r) => setTimeout(r, (answer.retryAfterS as number) * 1000));
      }
      expect(answer.status).toBe(200);
      expect(Date.now() - killedAt).toBeLessThan(TRUTH_WITHIN_MS);
      second.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      handle = await openDatabase({ dataDir: dir, databaseUrl: undefined });
      try {
        const stored = await handle.db.selectFrom('orders').select('id').execute();
        expect(stored.map((o) => o.id)).toEqual([answer.orderId]);
      } finally {
        await handle.destroy();
      }
    },
  );
});
