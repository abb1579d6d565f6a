/**
 * Database faults, through real HTTP against a listening app: a dropped PostgreSQL connection fails
 * only the requests using it; an unreachable PostgreSQL or a full SQLite disk answers 503 with
 * Retry-After (never 500) while /api/health stays 200 and /api/health/ready says whether the
 * database answers; everything recovers once the database does.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CUSTOMER } from '../../modules/orders/testing.ts';
import { makeFormSite, EVERY_TYPE_ANSWERS } from '../../modules/forms/testing.ts';
import { RESTOCK_PATH } from '../../modules/restock/routes.ts';
import { DATABASES, type TestDatabase } from '../../testing/databases.ts';
import { startApp } from '../../testing/app.ts';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy.ts';
import { isDatabaseUnavailable } from './faults.ts';

const UNAVAILABLE = 'The shop is briefly unavailable. Please try again in a few seconds.';
const postgresUrl = process.env.DATABASE_URL;
const sqlite = DATABASES.find((d) => d.name === 'sqlite') as TestDatabase;
const postgres = DATABASES.find((d) => d.name === 'postgres');

const site = makeFormSite();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
afterAll(() => site.cleanup());

async function listening(database: TestDatabase, overrides: Parameters<typeof startApp>[1] = {}) {
  const t = await startApp(database, { siteDir: site.dir, ...overrides });
  cleanups.push(() => t.close());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { t, base: `http://127.0.0.1:${port}` };
}

/** A browser-like client over HTTP: the crumb cookie it was given, sent back as the header on writes. */
async function client(base: string) {
  const first = await fetch(`${base}/api/commerce/shopping-cart`);
  await first.text();
  const crumb = /crumb=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
  let cart = '';
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: `crumb=${crumb}${cart ? `; CART=${cart}` : ''}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json', 'x-csrf-token': crumb }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    cart = /CART=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? cart;
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      type: res.headers.get('content-type') ?? '',
      text,
    };
  };
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown, headers?: Record<string, string>) =>
      send('POST', path, body, headers),
    order: (quantity = 1, headers?: Record<string, string>) =>
      send(
        'POST',
        '/api/commerce/orders',
        { ...CUSTOMER, item: { itemId: 'p-lesson', sku: 'LESSON', quantity } },
        headers,
      ),
  };
}

type Answer = Awaited<ReturnType<Awaited<ReturnType<typeof client>>['get']>>;

function expectUnavailable(answer: Answer, kind: 'json' | 'page') {
  expect(answer.status, answer.text).toBe(503);
  expect(answer.retryAfter).toBe('5');
  if (kind === 'json')
    expect(JSON.parse(answer.text)).toEqual({ code: 'service-unavailable', message: UNAVAILABLE });
  else {
    expect(answer.type).toContain('text/html');
    expect(answer.text).toContain(UNAVAILABLE);
  }
}

describe('which errors mean the database is unavailable', () => {
  it('connection, shutdown, resource and disk-full faults do; constraint and syntax errors do not', () => {
    for (const code of [
      '08006',
      '08001',
      '57P01',
      '57P03',
      '53100',
      '53300',
      'ECONNREFUSED',
      'SQLITE_FULL',
      'SQLITE_IOERR_WRITE',
      'SQLITE_BUSY',
    ])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '57P01' }) }),
      ),
    ).toBe(true);
    for (const code of ['23505', '42P01', '22P02', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', undefined])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), String(code)).toBe(false);
  });
});

describe.skipIf(!postgres)('PostgreSQL faults (needs DATABASE_URL)', () => {
  const db = postgres as TestDatabase;

  it(
    'terminating every backend under traffic, five times: the app stays up, no 500, the next requests succeed',
    { timeout: 120_000 },
    async () => {
      // What would have crashed a server process (an 'error' event nobody listens to).
      const crashes: unknown[] = [];
      const crash = (error: unknown) => crashes.push(error);
      process.on('uncaughtException', crash);
      cleanups.push(() => void process.off('uncaughtException', crash));
      const { t, base } = await listening(db);
      const applicationName = `storefront:${t.config.databaseSchema}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      cleanups.push(() => admin.end());
      const answers: Answer[] = [];
      let stop = false;
      let ok = 0;
      const worker = async () => {
        const shopper = await client(base);
        while (!stop) {
          for (const answer of [
            await shopper.order(),
            await shopper.post('/api/commerce/shopping-cart/entries', {
              itemId: 'p-lesson',
              sku: 'LESSON',
              quantity: 1,
            }),
            await shopper.get('/shop/lesson'),
            await shopper.get('/api/commerce/shopping-cart'),
          ]) {
            answers.push(answer);
            if (answer.status === 200) ok++;
          }
        }
      };
      const workers = Array.from({ length: 6 }, worker);
      let terminated = 0;
      for (let round = 0; round < 5; round++) {
        const before = ok;
        while (ok < before + 20) await new Promise((r) => setTimeout(r, 10));
        const { rows } = await admin.query<{ n: string }>(
          'SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE application_name = $1',
          [applicationName],
        );
        terminated += Number(rows[0]?.n);
      }
      stop = true;
      await Promise.all(workers);

      expect(terminated).toBeGreaterThanOrEqual(5);
      expect(crashes.map(String)).toEqual([]);
      const statuses = new Map<number, number>();
      for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      const unexpected = answers.filter((a) => a.status !== 200 && a.status !== 503);
      expect(unexpected.map((a) => `${a.status} ${a.text.slice(0, 200)}`)).toEqual([]);
      for (const a of answers.filter((x) => x.status === 503)) expect(a.retryAfter).toBe('5');

      // The pool replaced the dropped connections: the next requests all succeed.
      const after = await client(base);
      for (let i = 0; i < 5; i++) {
        expect((await after.order()).status).toBe(200);
        expect((await after.get('/shop/lesson')).status).toBe(200);
      }
      console.log(
        `[postgres] terminate x5: ${terminated} backends ended; answers ${JSON.stringify([...statuses])}`,
      );
    },
  );

  it('an order whose connection drops while its answer is being kept is still acknowledged, and replays', async () => {
    const { t, base } = await listening(db);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    cleanups.push(() => admin.end());
    // The first time the answer is written, the connection writing it is terminated.
    await admin.query(`SET search_path = ${t.config.databaseSchema}`);
    await admin.query('CREATE SEQUENCE answer_writes');
    await admin.query(`CREATE FUNCTION drop_first_answer_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF nextval('answer_writes') = 1 THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;
        RETURN NEW;
      END $$`);
    await admin.query(
      'CREATE TRIGGER drop_first_answer_write BEFORE UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION drop_first_answer_write()',
    );
    const shopper = await client(base);
    const first = await shopper.order(1, { 'idempotency-key': 'order-1' });
    expect(first.status, first.text).toBe(200);
    const replay = await shopper.order(1, { 'idempotency-key': 'order-1' });
    expect(replay.status, replay.text).toBe(200);
    const id = (answer: Answer) => (JSON.parse(answer.text) as { order: { id: string } }).order.id;
    expect(id(replay)).toBe(id(first));
    const orders = await t.app.database.db.selectFrom('orders').select('id').execute();
    expect(orders.map((o) => o.id)).toEqual([id(first)]);
  });

  it(
    'while PostgreSQL is unreachable: 503 with Retry-After for pages and APIs, health 200, ready 503; then recovery',
    { timeout: 60_000 },
    async () => {
      const real = new URL(postgresUrl as string);
      const proxy: TcpProxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
      cleanups.push(() => proxy.close());
      const proxied = new URL(real);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      const { base } = await listening(db, { databaseUrl: proxied.toString() });
      const shopper = await client(base);
      expect((await shopper.order()).status).toBe(200);
      // A cart of its own, so that reading it needs the database.
      expect(
        (
          await shopper.post('/api/commerce/shopping-cart/entries', {
            itemId: 'p-lesson',
            sku: 'LESSON',
            quantity: 1,
          })
        ).status,
      ).toBe(200);
      expect((await shopper.get('/api/health/ready')).status).toBe(200);

      await proxy.cut();
      expectUnavailable(await shopper.get('/shop/lesson'), 'page');
      expectUnavailable(await shopper.get('/checkout'), 'page');
      expectUnavailable(await shopper.get('/api/commerce/shopping-cart'), 'json');
      expectUnavailable(await shopper.order(), 'json');
      expectUnavailable(
        await shopper.post(RESTOCK_PATH, {
          productId: 'p-soldout',
          variantId: 'v-soldout',
          siteVisitorEmail: 'ada@example.test',
        }),
        'json',
      );
      expectUnavailable(await shopper.post('/api/form/FormSubmissionKey', {}), 'json');
      expectUnavailable(
        await shopper.post('/api/census/RecordHit', {
          event: 'page-view',
          data: { pagePath: '/shop', websiteId: 'w1' },
        }),
        'json',
      );
      expect((await shopper.get('/api/health')).status).toBe(200);
      expectUnavailable(await shopper.get('/api/health/ready'), 'json');

      await proxy.restore();
      expect((await shopper.get('/api/health/ready')).status).toBe(200);
      expect((await shopper.order()).status).toBe(200);
      expect((await shopper.get('/shop/lesson')).status).toBe(200);
    },
  );
});

describe('SQLite disk full', () => {
  it(
    'writes answer 503 with Retry-After (never 500), reads and readiness still work, nothing acknowledged is lost; writes succeed once there is room',
    { timeout: 60_000 },
    async () => {
      const { t, base } = await listening(sqlite, {
        forms: { submitLimit: { max: 1000, windowMs: 60_000 } },
      });
      const db = t.app.database.db;
      const shopper = await client(base);
      expect((await shopper.order()).status).toBe(200);
      const formKeys: string[] = [];
      for (let i = 0; i < 40; i++) {
        const answer = await shopper.post('/api/form/FormSubmissionKey', {});
        expect(answer.status).toBe(200);
        formKeys.push((JSON.parse(answer.text) as { data: { key: string } }).data.key);
      }
      const submission = (key: string) => ({
        key,
        formId: 'every',
        form: JSON.stringify(EVERY_TYPE_ANSWERS),
      });

      // A real SQLITE_FULL: the app's own connection may not grow the file any more. A write that
      // still fits in the pages it has succeeds; the first that does not must answer 503.
      const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(db);
      await sql.raw(`PRAGMA max_page_count = ${Number(rows[0]?.page_count)}`).execute(db);

      const acknowledged = { orders: [] as string[], forms: [] as string[] };
      const untilRefused = async (write: () => Promise<Answer>, onAcknowledged: (text: string) => void) => {
        for (let i = 0; i < 40; i++) {
          const answer = await write();
          if (answer.status !== 200) return answer;
          onAcknowledged(answer.text);
        }
        throw new Error('40 writes fitted in a full database');
      };
      expectUnavailable(
        await untilRefused(
          () => shopper.order(),
          (text) => acknowledged.orders.push((JSON.parse(text) as { order: { id: string } }).order.id),
        ),
        'json',
      );
      expectUnavailable(
        await untilRefused(
          // A new cart each time (adding to the same one only changes its quantity).
          async () =>
            (await client(base)).post('/api/commerce/shopping-cart/entries', {
              itemId: 'p-lesson',
              sku: 'LESSON',
              quantity: 1,
            }),
          () => undefined,
        ),
        'json',
      );
      const keys = [...formKeys];
      const refusedForm = await untilRefused(
        () => shopper.post('/api/form/SaveFormSubmission', submission(keys[0] as string)),
        (text) => {
          keys.shift();
          acknowledged.forms.push((JSON.parse(text) as { id: string }).id);
        },
      );
      expectUnavailable(refusedForm, 'json');
      // A full disk still reads: pages render and the instance stays ready.
      expect((await shopper.get('/shop/lesson')).status).toBe(200);
      expect((await shopper.get('/api/health/ready')).status).toBe(200);

      await sql.raw('PRAGMA max_page_count = 1073741823').execute(db);
      const orders = new Set((await db.selectFrom('orders').select('id').execute()).map((o) => o.id));
      for (const id of acknowledged.orders) expect(orders.has(id), id).toBe(true);
      // The first order plus those acknowledged while full: a refused one left nothing behind.
      expect(orders.size).toBe(1 + acknowledged.orders.length);
      const forms = new Set(
        (await db.selectFrom('form_submissions').select('id').execute()).map((f) => f.id),
      );
      expect([...forms].sort()).toEqual([...acknowledged.forms].sort());

      expect((await shopper.order()).status).toBe(200);
      expect(
        (
          await shopper.post('/api/commerce/shopping-cart/entries', {
            itemId: 'p-lesson',
            sku: 'LESSON',
            quantity: 1,
          })
        ).status,
      ).toBe(200);
      // The refused submission's key was not spent: it goes through now.
      expect((await shopper.post('/api/form/SaveFormSubmission', submission(keys[0] as string))).status).toBe(
        200,
      );
      console.log(
        `[sqlite] disk full: acknowledged before the first 503: ${acknowledged.orders.length} orders, ${acknowledged.forms.length} form submissions`,
      );
    },
  );
});
