/**
 * SQLite's reader connection (sqlite-driver.ts): a page's reads answer while a long write
 * transaction (a catalogue import) holds the writer, with what was committed before it; a write
 * outside a transaction is seen by the read that follows; an in-memory database still works on its
 * one connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../database.ts';
import { DATABASES, openFresh } from '../../testing/databases.ts';
import type { Db } from './index.ts';

const sqlite = DATABASES.filter((d) => d.name === 'sqlite');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fresh(): Promise<Db> {
  const { handle, cleanup } = await openFresh(sqlite[0] as (typeof DATABASES)[number]);
  cleanups.push(cleanup);
  return handle.db;
}

const countOf = async (db: Db, key: string) =>
  Number(
    (await db.selectFrom('rate_limits').select('count').where('key', '=', key).executeTakeFirst())?.count,
  );

/** A write transaction that stays open, its write made, until `finish` is called. */
function openTransaction(db: Db, write: (trx: Db) => Promise<unknown>) {
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let wrote: () => void = () => undefined;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const done = db.transaction().execute(async (trx) => {
    await write(trx);
    wrote();
    await finished;
  });
  return { written, finish, done };
}

/**
 * Runs `query` while `open` holds the writer. The transaction is let go on the next turn of the
 * event loop whatever happens (a read still queued behind it would otherwise wait forever), so the
 * order in which the two finish says whether the read waited for it.
 */
async function whileHeld<T>(open: ReturnType<typeof openTransaction>, query: Promise<T>) {
  const order: string[] = [];
  const answered = query.then((value) => {
    order.push('read');
    return value;
  });
  const committed = open.done.then(() => order.push('commit'));
  setImmediate(open.finish);
  const [value] = await Promise.all([answered, committed]);
  return { value, order };
}

describe('[sqlite] a reader beside the writer', () => {
  it('answers a read outside a transaction while another transaction holds the writer, with the committed value', async () => {
    const db = await fresh();
    await db.insertInto('rate_limits').values({ key: 'k', count: 1, window_start: 0 }).execute();
    const open = openTransaction(db, (trx) =>
      trx.updateTable('rate_limits').set({ count: 2 }).where('key', '=', 'k').execute(),
    );
    await open.written;

    expect(await whileHeld(open, countOf(db, 'k'))).toEqual({ value: 1, order: ['read', 'commit'] });
    expect(await countOf(db, 'k')).toBe(2);

    const again = openTransaction(db, (trx) =>
      trx.updateTable('rate_limits').set({ count: 3 }).where('key', '=', 'k').execute(),
    );
    await again.written;
    const raw = await whileHeld(
      again,
      sql<{ count: number }>`select count from rate_limits where key = ${'k'}`.execute(db),
    );
    expect(raw.order).toEqual(['read', 'commit']);
    expect(raw.value.rows.map((r) => Number(r.count))).toEqual([2]);
  });

  it('a write outside a transaction waits for the open transaction, then the next read sees it', async () => {
    const db = await fresh();
    await db.insertInto('rate_limits').values({ key: 'k', count: 1, window_start: 0 }).execute();
    const open = openTransaction(db, (trx) =>
      trx.insertInto('rate_limits').values({ key: 'other', count: 1, window_start: 0 }).execute(),
    );
    await open.written;
    const order: string[] = [];
    const write = db
      .updateTable('rate_limits')
      .set({ count: 5 })
      .where('key', '=', 'k')
      .execute()
      .then(() => order.push('write'));
    // The write queues behind the transaction (it would otherwise run inside it).
    const read = await whileHeld(open, countOf(db, 'k'));
    await write;
    expect([...read.order, ...order]).toEqual(['read', 'commit', 'write']);
    expect(read.value).toBe(1);
    expect(await countOf(db, 'k')).toBe(5);
    expect(await countOf(db, 'other')).toBe(1);

    for (let count = 6; count < 10; count++) {
      await db.updateTable('rate_limits').set({ count }).where('key', '=', 'k').execute();
      expect(await countOf(db, 'k')).toBe(count);
    }
  });

  it('a transaction reads its own uncommitted writes', async () => {
    const db = await fresh();
    await db.insertInto('rate_limits').values({ key: 'k', count: 1, window_start: 0 }).execute();
    const seen = await db.transaction().execute(async (trx) => {
      await trx.updateTable('rate_limits').set({ count: 3 }).where('key', '=', 'k').execute();
      return countOf(trx, 'k');
    });
    expect(seen).toBe(3);
  });

  it('an in-memory database works on its one connection', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-memory-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const handle = await openDatabase({ dataDir, sqliteFile: ':memory:' });
    cleanups.push(() => handle.destroy());
    const { db } = handle;
    await db.insertInto('rate_limits').values({ key: 'k', count: 1, window_start: 0 }).execute();
    expect(await countOf(db, 'k')).toBe(1);
    await db
      .transaction()
      .execute((trx) => trx.updateTable('rate_limits').set({ count: 2 }).where('key', '=', 'k').execute());
    expect(await countOf(db, 'k')).toBe(2);
  });
});
