import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { cookieHeader, cookiesOf, DATABASES, openFresh, startApp, type TestApp } from '../../testing/app.ts';
import { canonicalJson, IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, idempotent } from './idempotency.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';

async function crumbOf(t: TestApp): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/commerce/shopping-cart' });
  return cookiesOf(res.headers['set-cookie']);
}

function add(t: TestApp, cookies: Record<string, string>, body: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: ENTRIES,
    headers: {
      cookie: cookieHeader(cookies),
      'x-csrf-token': cookies.crumb as string,
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: JSON.stringify(body),
  });
}

async function entryRows(db: Db) {
  return db.selectFrom('cart_entries').select(['cart_id', 'sku', 'quantity']).execute();
}

it('canonical JSON sorts keys at every depth', () => {
  expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
    '{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}',
  );
});

for (const database of DATABASES) {
  describe(`[${database.name}] Idempotency-Key on add-to-cart`, () => {
    let t: TestApp;
    let db: Db;
    beforeAll(async () => {
      t = await startApp(database);
      db = t.app.database.db;
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`[${database.name}] 50 simultaneous adds with one key make exactly one entry; replays answer the first answer`, async () => {
      const cookies = await crumbOf(t);
      const body = { itemId: 'p-tee', sku: 'TEE-S', quantity: 1 };
      const before = (await entryRows(db)).length;
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => add(t, cookies, body, 'key-concurrent-1')),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
      const fresh = answers.filter((a) => a.headers['idempotent-replayed'] === undefined);
      expect(fresh).toHaveLength(1);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
      const first = fresh[0]!.json();
      for (const a of answers) expect(a.json()).toEqual(first);
      // A replay sets the same cart cookie as the first answer.
      for (const a of answers)
        expect(cookiesOf(a.headers['set-cookie']).CART).toBe(cookiesOf(fresh[0]!.headers['set-cookie']).CART);

      const rows = await entryRows(db);
      expect(rows.length - before).toBe(1);
      const mine = rows.filter((r) => r.sku === 'TEE-S');
      expect(mine).toEqual([{ cart_id: first.shoppingCart.id, sku: 'TEE-S', quantity: 1 }]);
      expect(
        await db.selectFrom('idempotency_keys').select('key').where('key', '=', 'key-concurrent-1').execute(),
      ).toHaveLength(1);

      // Later replay (with the cart cookie now sent), same key and body: the first answer again.
      const later = await add(
        t,
        { ...cookies, ...cookiesOf(fresh[0]!.headers['set-cookie']) },
        body,
        'key-concurrent-1',
      );
      expect(later.statusCode).toBe(200);
      expect(later.headers['idempotent-replayed']).toBe('true');
      expect(later.json()).toEqual(first);

      // Same key, another body: 422, nothing added.
      const other = await add(t, cookies, { ...body, quantity: 2 }, 'key-concurrent-1');
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({
        code: 'idempotency-key-reused',
        message: 'This Idempotency-Key was already used with a different request.',
      });
      // Key order in the body does not matter.
      const reordered = await add(
        t,
        cookies,
        { quantity: 1, sku: 'TEE-S', itemId: 'p-tee' },
        'key-concurrent-1',
      );
      expect(reordered.statusCode).toBe(200);
      expect(reordered.headers['idempotent-replayed']).toBe('true');
      expect((await entryRows(db)).length - before).toBe(1);
    });

    it(`[${database.name}] keys belong to one client: another shopper's same key runs on its own`, async () => {
      const a = await crumbOf(t);
      const b = await crumbOf(t);
      const body = { itemId: 'p-lesson', sku: 'LESSON', quantity: 1 };
      const ra = await add(t, a, body, 'shared-key');
      const rb = await add(t, b, body, 'shared-key');
      expect(ra.statusCode).toBe(200);
      expect(rb.statusCode).toBe(200);
      expect(rb.headers['idempotent-replayed']).toBeUndefined();
      expect(rb.json().shoppingCart.id).not.toBe(ra.json().shoppingCart.id);
    });

    it(`[${database.name}] a refusal (4xx) is stored and replayed; no key runs every time`, async () => {
      const cookies = await crumbOf(t);
      const body = { itemId: 'p-soldout', sku: 'CAP', quantity: 1 };
      const first = await add(t, cookies, body, 'refused-1');
      expect(first.statusCode).toBe(400);
      const again = await add(t, cookies, body, 'refused-1');
      expect(again.statusCode).toBe(400);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());

      const before = (await entryRows(db)).length;
      const plain = { itemId: 'p-lesson', sku: 'LESSON', quantity: 1 };
      expect((await add(t, cookies, plain)).statusCode).toBe(200);
      expect((await add(t, cookies, plain)).statusCode).toBe(200);
      const rows = await entryRows(db);
      // Without a key (and without the cart cookie) each add runs: two carts, one entry each.
      expect(rows.length - before).toBe(2);
    });

    it(`[${database.name}] a bad Idempotency-Key answers 400 naming the header`, async () => {
      const cookies = await crumbOf(t);
      for (const key of ['', 'x'.repeat(256), 'caf\u00e9', 'tab\there']) {
        const res = await t.app.inject({
          method: 'POST',
          url: ENTRIES,
          headers: {
            cookie: cookieHeader(cookies),
            'x-csrf-token': cookies.crumb as string,
            'content-type': 'application/json',
            'idempotency-key': key,
          },
          payload: JSON.stringify({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 }),
        });
        expect(res.statusCode, JSON.stringify(key)).toBe(400);
        expect(res.json()).toEqual({
          code: 'invalid-idempotency-key',
          message: 'Idempotency-Key must be 1 to 255 printable ASCII characters.',
        });
      }
      expect(
        (await add(t, cookies, { itemId: 'p-lesson', sku: 'LESSON', quantity: 1 }, 'x'.repeat(255)))
          .statusCode,
      ).toBe(200);
    });
  });

  describe(`[${database.name}] idempotent() itself`, () => {
    let app: FastifyInstance;
    let db: Db;
    let cleanup: () => Promise<void>;
    let runs = 0;
    let failNext = true;
    let slowMs = 0;

    beforeAll(async () => {
      const fresh = await openFresh(database);
      db = fresh.handle.db;
      cleanup = fresh.cleanup;
      app = Fastify();
      await app.register(cookie);
      app.post('/work', (request, reply) =>
        idempotent(db, request, reply, 'test', async () => {
          runs++;
          if (slowMs) await new Promise((r) => setTimeout(r, slowMs));
          if (failNext) {
            failNext = false;
            return { status: 503, body: { code: 'down' } };
          }
          return { status: 201, body: { run: runs } };
        }),
      );
      // Work that is one transaction: it counts itself and completes the key in that transaction.
      app.post('/transactional', (request, reply) =>
        idempotent(db, request, reply, 'test-tx', async (claim) => {
          const mine = ++transactionalRuns;
          if (mine === 1) await firstRunMayCommit;
          await db.transaction().execute(async (trx) => {
            await trx
              .updateTable('order_counter')
              .set((eb) => ({ value: eb('value', '+', 1) }))
              .where('id', '=', 'orders')
              .execute();
            await claim?.complete(trx, { status: 201, body: { run: mine } });
          });
          if (failAfterCommit) throw new Error('the write after the commit failed');
          return { status: 201, body: { run: mine } };
        }),
      );
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await cleanup?.();
    });

    let transactionalRuns = 0;
    let failAfterCommit = false;
    let letFirstRunCommit: () => void = () => undefined;
    let firstRunMayCommit: Promise<void> = Promise.resolve();
    const committedRuns = async () =>
      Number(
        (
          await db
            .selectFrom('order_counter')
            .select('value')
            .where('id', '=', 'orders')
            .executeTakeFirstOrThrow()
        ).value,
      );
    const transactional = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/transactional',
        headers: { 'idempotency-key': key },
        payload: { a: 1 },
      });

    const work = (key: string, body: unknown = { a: 1 }) =>
      app.inject({
        method: 'POST',
        url: '/work',
        headers: { 'idempotency-key': key },
        payload: body as object,
      });

    it(`[${database.name}] a 5xx releases the key: the retry runs the handler`, async () => {
      runs = 0;
      failNext = true;
      expect((await work('k5')).statusCode).toBe(503);
      const retry = await work('k5');
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual({ run: 2 });
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      const replay = await work('k5');
      expect(replay.statusCode).toBe(201);
      expect(replay.json()).toEqual({ run: 2 });
      expect(replay.headers['idempotent-replayed']).toBe('true');
    });

    it(`[${database.name}] an expired key (older than 24 h) runs again`, async () => {
      failNext = false;
      const first = await work('kexp');
      expect(first.statusCode).toBe(201);
      await db
        .updateTable('idempotency_keys')
        .set({ created: Date.now() - IDEMPOTENCY_TTL_MS - 1000 })
        .where('key', '=', 'kexp')
        .execute();
      const again = await work('kexp');
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(again.json().run).toBe(first.json().run + 1);
    });

    it(`[${database.name}] a loser whose winner failed answers 409 in-progress with Retry-After`, async () => {
      failNext = true;
      slowMs = 300;
      const [winner, loser] = await Promise.all([work('kfail'), work('kfail')]);
      slowMs = 0;
      expect(winner.statusCode).toBe(503);
      expect(loser.statusCode).toBe(409);
      expect(loser.headers['retry-after']).toBe('1');
      expect(loser.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(loser.json()).toEqual({
        code: 'idempotency-in-progress',
        message:
          'A request with this Idempotency-Key is still in progress. Please try again in a few seconds.',
      });
    });

    it(`[${database.name}] work that committed with its answer is acknowledged, even when a later step fails`, async () => {
      transactionalRuns = 0;
      failAfterCommit = true;
      const before = await committedRuns();
      const first = await transactional('kcommitted');
      failAfterCommit = false;
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toEqual({ run: 1 });
      const retry = await transactional('kcommitted');
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual({ run: 1 });
      expect((await committedRuns()) - before).toBe(1);
    });

    it(`[${database.name}] a key whose holder stopped renewing it (its process died) is taken over by the retry; the old holder can no longer commit`, async () => {
      transactionalRuns = 0;
      const before = await committedRuns();
      firstRunMayCommit = new Promise((resolve) => (letFirstRunCommit = resolve));
      const stalled = transactional('klapsed');
      const claimed = () =>
        db.selectFrom('idempotency_keys').select('key').where('key', '=', 'klapsed').executeTakeFirst();
      while (!(await claimed())) await new Promise((r) => setTimeout(r, 5));
      // What a dead holder leaves: the claim's lease runs out, as nobody renews it.
      await db
        .updateTable('idempotency_keys')
        .set({ lease_until: Date.now() - 1 })
        .where('key', '=', 'klapsed')
        .execute();
      const retry = await transactional('klapsed');
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      expect(retry.json()).toEqual({ run: 2 });
      // The old holder wakes up: its transaction rolls back, and it answers what the key holds.
      letFirstRunCommit();
      const late = await stalled;
      expect(late.statusCode, late.body).toBe(201);
      expect(late.json()).toEqual({ run: 2 });
      expect((await committedRuns()) - before).toBe(1);
    });

    it(`[${database.name}] a claim within its lease (at most 10 s ahead) is not taken over`, async () => {
      transactionalRuns = 0;
      firstRunMayCommit = new Promise((resolve) => (letFirstRunCommit = resolve));
      const running = transactional('klive');
      const claimed = () =>
        db.selectFrom('idempotency_keys').select('lease_until').where('key', '=', 'klive').executeTakeFirst();
      while (!(await claimed())) await new Promise((r) => setTimeout(r, 5));
      const lease = Number((await claimed())?.lease_until);
      expect(lease).toBeGreaterThan(Date.now());
      expect(lease).toBeLessThanOrEqual(Date.now() + IDEMPOTENCY_LEASE_MS);
      const loser = await transactional('klive');
      expect(loser.statusCode).toBe(409);
      expect(loser.headers['retry-after']).toBe('1');
      letFirstRunCommit();
      expect((await running).json()).toEqual({ run: 1 });
    });

    it(`[${database.name}] a loser waits for the winner's answer`, async () => {
      failNext = false;
      slowMs = 300;
      const [a, b] = await Promise.all([work('kslow'), work('kslow')]);
      slowMs = 0;
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json()).toEqual(b.json());
      expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual([
        'true',
      ]);
    });
  });
}
