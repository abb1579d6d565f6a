import { BoundedCache } from '@storefront/jsont/bounded-cache';
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/**
 * The SQLite handle Kysely uses, with prepared statements kept per SQL text: Kysely prepares every
 * query anew, and preparing was the largest single cost of an add-to-cart in the cart benchmark
 * (bench/cart.bench.ts). Kysely runs one query at a time on its one SQLite connection, and a
 * statement is finished when `all`/`run` returns, so reusing it is safe; streamed queries
 * (`iterate`) get a fresh statement, since one could still be open when the same text runs again.
 */
export function cachingSqlite(sqlite: SqliteDatabase.Database, max = 500): KyselySqliteDatabase {
  // Generated SQL has a bounded set of shapes; the cap only guards against unbounded `in (...)` lists.
  // The wrapper Kysely is handed is kept with the statement: one object per SQL text, not per run.
  const cache = new BoundedCache<string, SqliteStatement>(max);
  const wrapped = (sql: string): SqliteStatement => {
    const shared = sqlite.prepare(sql);
    return {
      reader: shared.reader,
      all: (parameters) => shared.all(parameters as unknown[]),
      run: (parameters) => shared.run(parameters as unknown[]),
      iterate: (parameters) => sqlite.prepare(sql).iterate(parameters as unknown[]),
    };
  };
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sql: string): SqliteStatement => cache.getOrCreate(sql, () => wrapped(sql)),
  };
}
