import { BoundedCache } from '@storefront/jsont/bounded-cache';
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** A cached statement, and whether SQLite says it writes nothing (sqlite3_stmt_readonly). */
export interface CachedStatement extends SqliteStatement {
  readonly readonly: boolean;
}

export interface CachingSqlite extends KyselySqliteDatabase {
  prepare(sql: string): CachedStatement;
}

/**
 * A SQLite connection with prepared statements kept per SQL text: Kysely prepares every query anew,
 * and preparing was the largest single cost of an add-to-cart in the cart benchmark
 * (bench/cart.bench.ts). Each connection (sqlite-driver.ts: the writer, the reader) has its own
 * cache, and runs one query at a time: a statement is finished when `all`/`run` returns, so
 * reusing it is safe; streamed queries (`iterate`) get a fresh statement, since one could still be
 * open when the same text runs again.
 */
export function cachingSqlite(sqlite: SqliteDatabase.Database, max = 500): CachingSqlite {
  // Generated SQL has a bounded set of shapes; the cap only guards against unbounded `in (...)` lists.
  // The wrapper Kysely is handed is kept with the statement: one object per SQL text, not per run.
  const cache = new BoundedCache<string, CachedStatement>(max);
  const wrapped = (sql: string): CachedStatement => {
    const shared = sqlite.prepare(sql);
    return {
      reader: shared.reader,
      readonly: shared.readonly,
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
    prepare: (sql: string): CachedStatement => cache.getOrCreate(sql, () => wrapped(sql)),
  };
}
