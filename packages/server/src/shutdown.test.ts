/**
 * Issue 20 (review): SIGTERM with requests in flight drains. The built server stops taking new
 * connections, answers every request it has begun (adds to the cart, pages), then closes the
 * database and exits 0; no request is reset or answered with an error, and nothing in the log says
 * the database went before a request was done with it.
 */
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, FIXTURE_SITE } from './testing/databases.ts';
import { startServerProcess } from './testing/process.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const postgresUrl = process.env.DATABASE_URL;
const DATABASES: { name: string; env(): Promise<Record<string, string>> }[] = [
  { name: 'sqlite', env: async () => ({ DATABASE_URL: '' }) },
  ...(postgresUrl
    ? [
        {
          name: 'postgres',
          env: async () => {
            const own = await createPostgresDatabase(postgresUrl, 'sf_drain');
            cleanups.push(own.drop);
            return { DATABASE_URL: own.url };
          },
        },
      ]
    : []),
];

const IN_FLIGHT = 24;
const ADD = JSON.stringify({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 });

interface Answer {
  status: number;
  body: string;
}

/**
 * A request sent up to its last bytes, on a connection of its own: it is in flight (its headers
 * read, its handler waiting for the body) until `finish()` sends the rest.
 */
function heldRequest(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  crumb: string,
  body = '',
): { answer: Promise<Answer>; finish(): void } {
  let finish = () => {};
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          cookie: `crumb=${crumb}`,
          'x-csrf-token': crumb,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.flushHeaders();
    if (body) {
      req.write(body.slice(0, 5));
      finish = () => req.end(body.slice(5));
    } else finish = () => req.end();
  });
  return { answer, finish: () => finish() };
}

describe('SIGTERM with requests in flight', () => {
  for (const database of DATABASES) {
    it(`[${database.name}] answers every request it had begun, then closes the database and exits 0`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'storefront-drain-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const server = startServerProcess({
        ...(await database.env()),
        PORT: '0',
        HOST: '127.0.0.1',
        SITE_DIR: FIXTURE_SITE,
        DATA_DIR: dataDir,
        CART_WRITE_LIMIT: '1000000',
      });
      cleanups.push(() => server.kill('SIGKILL'));
      const port = await server.port();
      const start = await fetch(`http://127.0.0.1:${port}/api/commerce/shopping-cart`);
      const crumb = /crumb=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')?.[1] ?? '';
      await start.text();

      // Adds (each its own cart) and pages, all begun before the signal; a body still coming holds the add.
      const held = Array.from({ length: IN_FLIGHT }, (_, n) =>
        n % 3 === 2
          ? heldRequest(port, 'GET', n % 2 ? '/shop' : '/cart', crumb)
          : heldRequest(port, 'POST', '/api/commerce/shopping-cart/entries', crumb, ADD),
      );
      // Every request has begun (the server logged it) before the signal.
      const begun = () => server.output().match(/"msg":"incoming request"/g)?.length ?? 0;
      while (begun() < IN_FLIGHT + 1) await new Promise((r) => setTimeout(r, 20));
      server.kill('SIGTERM');
      await server.waitFor(/SIGTERM: finishing in-flight requests/);
      for (const h of held) h.finish();
      const answers = await Promise.all(held.map((h) => h.answer));

      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      for (const a of answers.filter((_, n) => n % 3 !== 2))
        expect(JSON.parse(a.body).newlyAdded).toMatchObject({ itemId: 'p-lesson', quantity: 1 });
      expect(await server.exited).toBe(0);
      expect(server.output()).not.toMatch(/destroyed|"level":50/);
    });
  }

  // A handler outlives its connection: the client left while the page waited for the database.
  // Only PostgreSQL can keep a read waiting (on a lock) without stopping the whole process.
  it.runIf(postgresUrl)(
    '[postgres] a request whose client left is still finished before the database closes',
    async () => {
      const own = await createPostgresDatabase(postgresUrl!, 'sf_drain');
      cleanups.push(own.drop);
      const dataDir = mkdtempSync(join(tmpdir(), 'storefront-drain-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const server = startServerProcess({
        DATABASE_URL: own.url,
        PORT: '0',
        HOST: '127.0.0.1',
        SITE_DIR: FIXTURE_SITE,
        DATA_DIR: dataDir,
      });
      cleanups.push(() => server.kill('SIGKILL'));
      const port = await server.port();
      const start = await fetch(`http://127.0.0.1:${port}/api/commerce/shopping-cart`);
      const crumb = /crumb=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')?.[1] ?? '';
      await start.text();
      const added = await fetch(`http://127.0.0.1:${port}/api/commerce/shopping-cart/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
        body: ADD,
      });
      expect(added.status).toBe(200);
      const cart = /CART=([^;]+)/.exec(added.headers.getSetCookie().join('; '))?.[1] ?? '';
      await added.text();

      const locker = new pg.Client({ connectionString: own.url });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table carts in access exclusive mode');
        // The cart page: it waits on the lock for the cart, with more reads to do after it.
        const page = request({
          host: '127.0.0.1',
          port,
          path: '/cart',
          agent: false,
          headers: { cookie: `crumb=${crumb}; CART=${cart}` },
        });
        page.on('error', () => {});
        page.end();
        const begun = () => server.output().match(/"msg":"incoming request"/g)?.length ?? 0;
        while (begun() < 3) await new Promise((r) => setTimeout(r, 20));
        // The page's read is queued behind the lock.
        const waitingOnLock = async () =>
          (
            await locker.query<{ n: number }>(`select count(*)::int as n from pg_locks
             where not granted and database = (select oid from pg_database where datname = current_database())`)
          ).rows[0]!.n;
        while ((await waitingOnLock()) === 0) await new Promise((r) => setTimeout(r, 20));
        page.destroy();
        server.kill('SIGTERM');
        await server.waitFor(/SIGTERM: finishing in-flight requests/);
        // The server has no connection left to wait for, and says it waits for the page's work.
        await server.waitFor(/closing: waiting for 1 request\(s\) still being worked on/);
        expect(await waitingOnLock()).toBeGreaterThan(0);
        await locker.query('commit');
      } finally {
        await locker.end();
      }
      expect(await server.exited).toBe(0);
      expect(server.output()).toMatch(/"msg":"closed"/);
      expect(server.output()).not.toMatch(/destroyed|"level":50/);
    },
  );
});
