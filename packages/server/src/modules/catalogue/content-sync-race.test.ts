/**
 * Two instances syncing content into one PostgreSQL database at once (a deploy starting both, or a
 * rolling deploy with old and new content): they take turns, so neither fails and the stock the
 * database owns is written once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../platform/site/loader.ts';
import { DATABASES, FIXTURE_SITE, type TestDatabase } from '../../testing/databases.ts';
import { syncContent } from './content-sync.ts';
import { openDatabase } from '../../database.ts';
import { type DatabaseHandle } from '../../platform/db/index.ts';

const postgres = DATABASES.find((d) => d.name === 'postgres');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.skipIf(!postgres)('content sync racing on PostgreSQL (needs DATABASE_URL)', () => {
  it(
    'two instances syncing different orderings at once both succeed, ten times over',
    { timeout: 60_000 },
    async () => {
      const fresh = (postgres as TestDatabase).fresh();
      cleanups.push(fresh.cleanup);
      const handles: DatabaseHandle[] = [];
      for (let i = 0; i < 2; i++) {
        const handle = await openDatabase(fresh.config);
        cleanups.push(() => handle.destroy());
        handles.push(handle);
      }
      const content = loadContent(FIXTURE_SITE);
      const reversed = structuredClone(content);
      reversed.collections.reverse();
      for (const collection of reversed.collections) collection.items?.reverse();

      const outcomes: PromiseSettledResult<unknown>[] = [];
      for (let round = 0; round < 10; round++)
        outcomes.push(
          ...(await Promise.allSettled([
            syncContent((handles[0] as DatabaseHandle).db, round === 0 ? content : reversed),
            syncContent((handles[1] as DatabaseHandle).db, content),
          ])),
        );
      expect(
        outcomes
          .filter((o) => o.status === 'rejected')
          .map((o) => String((o as PromiseRejectedResult).reason)),
      ).toEqual([]);
      const results = outcomes.map((o) => (o as PromiseFulfilledResult<{ newVariants: number }>).value);
      // The starting stock went in once: exactly one sync saw the variants as new.
      expect(results.reduce((n, r) => n + r.newVariants, 0)).toBe(9);
      const variants = await (handles[0] as DatabaseHandle).db.selectFrom('variants').select('id').execute();
      expect(variants.length).toBe(9);
    },
  );
});
