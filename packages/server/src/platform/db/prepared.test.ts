/**
 * Queries built once (db/prepared.ts): each call binds its own values, lists of another length get
 * a plan of their own, and a query that would freeze a value (computed on, or altered) is refused
 * when it is first built instead of answering with its first call's value ever after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFresh, DATABASES } from '../../testing/databases.ts';
import type { DatabaseHandle } from './index.ts';
import { preparedQuery } from './prepared.ts';

const counterByKey = preparedQuery((db, { key }: { key: string }) =>
  db.selectFrom('rate_limits').select(['key', 'count']).where('key', '=', key),
);
const countersByKeys = preparedQuery((db, { keys }: { keys: readonly string[] }) =>
  db.selectFrom('rate_limits').select('key').where('key', 'in', keys).orderBy('key'),
);
const setCount = preparedQuery((db, { key, count }: { key: string; count: number }) =>
  db.updateTable('rate_limits').set({ count }).where('key', '=', key),
);

for (const database of DATABASES) {
  describe(`[${database.name}] prepared queries`, () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ handle, cleanup } = await openFresh(database));
      await handle.db
        .insertInto('rate_limits')
        .values(['a', 'b', 'c'].map((key, n) => ({ key, count: n + 1, window_start: 0 })))
        .execute();
    });
    afterAll(async () => {
      await cleanup?.();
    });

    it(`[${database.name}] binds each call's values, in and out of a transaction`, async () => {
      const { db } = handle;
      expect((await counterByKey.run(db, { key: 'a' })).map((r) => Number(r.count))).toEqual([1]);
      expect((await counterByKey.run(db, { key: 'b' })).map((r) => Number(r.count))).toEqual([2]);
      await db.transaction().execute(async (trx) => {
        await setCount.run(trx, { key: 'c', count: 30 });
        await setCount.run(trx, { key: 'b', count: 20 });
      });
      const rows = await db.selectFrom('rate_limits').select(['key', 'count']).orderBy('key').execute();
      expect(rows.map((r) => Number(r.count))).toEqual([1, 20, 30]);
    });

    it(`[${database.name}] a list of another length is a query of its own`, async () => {
      const { db } = handle;
      expect(await countersByKeys.run(db, { keys: ['c', 'a'] })).toEqual([{ key: 'a' }, { key: 'c' }]);
      expect(await countersByKeys.run(db, { keys: ['b'] })).toEqual([{ key: 'b' }]);
      expect(await countersByKeys.run(db, { keys: ['b', 'c', 'x'] })).toEqual([{ key: 'b' }, { key: 'c' }]);
    });

    it(`[${database.name}] refuses a query whose value is computed on or altered before binding`, async () => {
      const { db } = handle;
      const computed = preparedQuery((d, { count }: { count: number }) =>
        d
          .selectFrom('rate_limits')
          .select('key')
          .where('count', '>', count - 1),
      );
      await expect(computed.run(db, { count: 2 })).rejects.toThrow(/values not bound as parameters: count/);
      const altered = preparedQuery((d, { key }: { key: string }) =>
        d.selectFrom('rate_limits').select('key').where('key', 'like', `${key}%`),
      );
      await expect(altered.run(db, { key: 'a' })).rejects.toThrow(/altered before binding/);
    });
  });
}
