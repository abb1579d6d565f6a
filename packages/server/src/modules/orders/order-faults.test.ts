/**
 * Orders with an Idempotency-Key tell the truth under database faults (issue 29): an order that
 * was stored is acknowledged to its shopper (at once, or by a replay of the same key), and no key
 * ever stores two orders. Counted from the database.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/index.ts';
import { DATABASES, startApp, type TestApp, type TestDatabase } from '../../testing/app.ts';
import { CUSTOMER, Shopper } from './testing.ts';

const postgresUrl = process.env.DATABASE_URL;
const sqlite = DATABASES.find((d) => d.name === 'sqlite') as TestDatabase;
const postgres = DATABASES.find((d) => d.name === 'postgres');
const LESSON = { itemId: 'p-lesson', sku: 'LESSON', quantity: 1 };
/** The app's pool (db/index.ts). */
const POOL_SIZE = 10;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function started(database: TestDatabase): Promise<TestApp> {
  const t = await startApp(database, { cartWriteLimit: { max: 1_000_000, windowMs: 60_000 } });
  cleanups.push(() => t.close());
  return t;
}

const orderIds = async (db: Db) => (await db.selectFrom('orders').select('id').execute()).map((o) => o.id);
const orderIdOf = (body: string) => (JSON.parse(body) as { order: { id: string } }).order.id;

/** Holds one of the app's pooled connections until `release` is called. */
function holdConnection(db: Db) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let acquired: () => void = () => undefined;
  const holding = new Promise<void>((resolve) => (acquired = resolve));
  const done = db.connection().execute(async () => {
    acquired();
    await released;
  });
  return { holding, release, done };
}

/** An answer is definitive unless it asks the client to retry (503, or 409 with Retry-After). */
const retryLater = (status: number, retryAfter: unknown) =>
  status === 503 || (status === 409 && retryAfter !== undefined);

describe.skipIf(!postgres)('PostgreSQL: orders with a key under faults (needs DATABASE_URL)', () => {
  const database = postgres as TestDatabase;

  for (const kind of ['express', 'cart'] as const) {
    it(
      `${kind}: the pool is exhausted right after the order commits: it is acknowledged, and its key replays it, never a second order`,
      { timeout: 60_000 },
      async () => {
        const t = await started(database);
        const db = t.app.database.db;
        const shopper = new Shopper(t);
        await shopper.start();
        if (kind === 'cart') expect((await shopper.add(LESSON)).statusCode).toBe(200);
        const body = kind === 'express' ? { ...CUSTOMER, item: LESSON } : CUSTOMER;

        // The order's transaction pauses after writing the order, so that the test can queue for
        // the connection it will give back: from its commit on, every connection is taken.
        const admin = new pg.Client({ connectionString: postgresUrl });
        await admin.connect();
        cleanups.push(() => admin.end());
        await admin.query(`SET search_path = ${t.config.databaseSchema}`);
        await admin.query(`CREATE FUNCTION pause_order() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN PERFORM pg_sleep(0.5); RETURN NEW; END $$`);
        await admin.query(
          'CREATE TRIGGER pause_order AFTER INSERT ON orders FOR EACH ROW EXECUTE FUNCTION pause_order()',
        );
        const held = Array.from({ length: POOL_SIZE - 1 }, () => holdConnection(db));
        await Promise.all(held.map((h) => h.holding));
        const first = shopper.order(body, { 'idempotency-key': `f-${kind}` });
        const paused = async () => {
          const { rows } = await admin.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event = 'PgSleep'`,
            [`storefront:${t.config.databaseSchema}`],
          );
          return Number(rows[0]?.n) > 0;
        };
        const deadline = Date.now() + 10_000;
        while (!(await paused())) {
          if (Date.now() > deadline) throw new Error('the order never reached its pause');
          await new Promise((r) => setTimeout(r, 10));
        }
        const queued = holdConnection(db);
        // Longer than a connection wait (10 s): every write the order makes after its commit fails.
        await queued.holding;
        await new Promise((r) => setTimeout(r, 11_000));
        for (const h of [...held, queued]) h.release();
        await Promise.all([...held, queued].map((h) => h.done));
        await admin.query('DROP TRIGGER pause_order ON orders');

        const answer = await first;
        expect(answer.statusCode, answer.body).toBe(200);
        const replay = await shopper.order(body, { 'idempotency-key': `f-${kind}` });
        expect(replay.statusCode, replay.body).toBe(200);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(orderIdOf(replay.body)).toBe(orderIdOf(answer.body));
        expect(await orderIds(db)).toEqual([orderIdOf(answer.body)]);
      },
    );
  }

  it(
    'terminating every backend in bursts under keyed orders: every stored order is acknowledged to its shopper, none is stored twice',
    { timeout: 120_000 },
    async () => {
      const t = await started(database);
      const db = t.app.database.db;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      cleanups.push(() => admin.end());
      const acknowledged = new Map<string, string>();
      const statuses: number[] = [];
      let stop = false;
      const worker = async (n: number) => {
        const shopper = new Shopper(t);
        await shopper.start();
        for (let i = 0; !stop; i++) {
          const key = `burst-${n}-${i}`;
          // A shopper retries as told, with the same key, until the answer is definitive.
          for (let attempt = 0; ; attempt++) {
            const answer = await shopper.order({ ...CUSTOMER, item: LESSON }, { 'idempotency-key': key });
            statuses.push(answer.statusCode);
            if (!retryLater(answer.statusCode, answer.headers['retry-after'])) {
              expect(answer.statusCode, answer.body).toBe(200);
              acknowledged.set(key, orderIdOf(answer.body));
              break;
            }
            if (attempt > 100) throw new Error(`${key}: no definitive answer after 100 retries`);
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      };
      const workers = Array.from({ length: 8 }, (_, n) => worker(n));
      let terminated = 0;
      for (let burst = 0; burst < 8; burst++) {
        const before = acknowledged.size;
        while (acknowledged.size < before + 15) await new Promise((r) => setTimeout(r, 5));
        const { rows } = await admin.query<{ n: string }>(
          'SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE application_name = $1',
          [`storefront:${t.config.databaseSchema}`],
        );
        terminated += Number(rows[0]?.n);
      }
      stop = true;
      await Promise.all(workers);

      expect(terminated).toBeGreaterThanOrEqual(8);
      const stored = (await orderIds(db)).sort();
      const acked = [...acknowledged.values()];
      expect(new Set(acked).size, 'two keys answered with one order').toBe(acked.length);
      // Equal sets: no stored order the shopper never heard of, none stored twice for one key.
      expect(stored).toEqual([...acked].sort());
      console.log(
        `[postgres] keyed orders, terminate x8: ${terminated} backends ended, ${acked.length} orders, ${statuses.filter((s) => s === 503).length} answers 503, ${statuses.filter((s) => s === 409).length} 409`,
      );
    },
  );
});

describe('SQLite: orders with a key under a full disk', () => {
  it(
    'every key ends with one stored order that its shopper was told about, once the disk has room again',
    { timeout: 60_000 },
    async () => {
      const t = await started(sqlite);
      const db = t.app.database.db;
      const shopper = new Shopper(t);
      await shopper.start();
      expect((await shopper.order({ ...CUSTOMER, item: LESSON })).statusCode).toBe(200);
      const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(db);
      await sql.raw(`PRAGMA max_page_count = ${Number(rows[0]?.page_count)}`).execute(db);

      const acknowledged = new Map<string, string>();
      const unanswered: string[] = [];
      const place = async (key: string) => {
        const answer = await shopper.order({ ...CUSTOMER, item: LESSON }, { 'idempotency-key': key });
        if (retryLater(answer.statusCode, answer.headers['retry-after'])) return false;
        expect(answer.statusCode, answer.body).toBe(200);
        const id = orderIdOf(answer.body);
        const before = acknowledged.get(key);
        if (before !== undefined) expect(id, key).toBe(before);
        acknowledged.set(key, id);
        return true;
      };
      // Orders until the disk refuses several in a row.
      let refusedInARow = 0;
      for (let i = 0; i < 200 && refusedInARow < 3; i++) {
        const key = `full-${i}`;
        if (await place(key)) refusedInARow = 0;
        else {
          refusedInARow++;
          unanswered.push(key);
        }
      }
      expect(unanswered.length).toBeGreaterThan(0);

      await sql.raw('PRAGMA max_page_count = 1073741823').execute(db);
      // Retrying as told: each unanswered key gets its answer, and answered keys replay theirs.
      for (const key of [...unanswered, ...acknowledged.keys()]) {
        let answered = false;
        for (let attempt = 0; attempt < 20 && !answered; attempt++) answered = await place(key);
        expect(answered, key).toBe(true);
      }
      const stored = (await orderIds(db)).sort();
      const acked = [...acknowledged.values()];
      expect(stored.length).toBe(1 + acked.length);
      for (const id of acked) expect(stored).toContain(id);
    },
  );
});
