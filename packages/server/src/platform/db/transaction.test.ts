/**
 * writeTransaction: a transaction PostgreSQL aborts to break a real deadlock is run again and both
 * writers' changes land; past its bound the conflict goes up as an error the app answers with 503;
 * any other error is not retried; every rolled-back try leaves nothing behind.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES, openFresh } from '../../testing/databases.ts';
import { isDatabaseUnavailable } from './faults.ts';
import type { Db } from './index.ts';
import { WRITE_TRANSACTION_ATTEMPTS, writeTransaction } from './transaction.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fresh(database: (typeof DATABASES)[number]): Promise<Db> {
  const { handle, cleanup } = await openFresh(database);
  cleanups.push(cleanup);
  return handle.db;
}

const counters = (db: Db) =>
  db.selectFrom('discount_usage').select(['code', 'used']).orderBy('code').execute();

/** Resolves once `count` parties have arrived: each writer waits here holding its first lock. */
function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived++;
    if (arrived >= count) open();
    return opened;
  };
}

for (const database of DATABASES.filter((d) => d.name === 'postgres')) {
  describe(`[${database.name}] writeTransaction and a real deadlock`, () => {
    it('runs the transaction PostgreSQL aborted again, and both writers change both rows', async () => {
      const db = await fresh(database);
      await db
        .insertInto('discount_usage')
        .values([
          { code: 'A', used: 0 },
          { code: 'B', used: 0 },
        ])
        .execute();
      const bothHoldOne = barrier(2);
      const retries: unknown[] = [];
      const raise = (trx: Db, code: string) =>
        trx
          .updateTable('discount_usage')
          .set((eb) => ({ used: eb('used', '+', 1) }))
          .where('code', '=', code)
          .execute();
      const crosswise = (first: string, second: string) =>
        writeTransaction(
          db,
          async (trx) => {
            await raise(trx, first);
            await bothHoldOne();
            await raise(trx, second);
          },
          { onRetry: (error) => retries.push((error as { code?: unknown }).code) },
        );
      await Promise.all([crosswise('A', 'B'), crosswise('B', 'A')]);
      expect(retries).toEqual(['40P01']);
      expect(await counters(db)).toEqual([
        { code: 'A', used: 2 },
        { code: 'B', used: 2 },
      ]);
    });
  });
}

for (const database of DATABASES) {
  describe(`[${database.name}] writeTransaction's bound`, () => {
    it('gives up after its tries with an error answered as 503, each try rolled back', async () => {
      const db = await fresh(database);
      let tries = 0;
      const conflict = Object.assign(new Error('deadlock detected'), { code: '40P01' });
      const outcome = await writeTransaction(db, async (trx) => {
        tries++;
        await trx
          .insertInto('discount_usage')
          .values({ code: `try-${tries}`, used: 1 })
          .execute();
        throw conflict;
      }).catch((error: unknown) => error);
      expect(outcome).toBe(conflict);
      expect(tries).toBe(WRITE_TRANSACTION_ATTEMPTS);
      expect(isDatabaseUnavailable(outcome)).toBe(true);
      expect(await counters(db)).toEqual([]);
    });

    it('does not run a transaction again for an error that is not a conflict', async () => {
      const db = await fresh(database);
      await db.insertInto('discount_usage').values({ code: 'A', used: 0 }).execute();
      let tries = 0;
      const outcome = await writeTransaction(db, async (trx) => {
        tries++;
        await trx.insertInto('discount_usage').values({ code: 'A', used: 1 }).execute();
      }).catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(Error);
      expect(tries).toBe(1);
      expect(await counters(db)).toEqual([{ code: 'A', used: 0 }]);
    });
  });
}
