import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type Transaction, Migrator, type Migration, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { SQLITE_FILE } from '../../data-dir.ts';
import { isDatabaseUnavailable } from './faults.ts';
import { PreparingClient } from './postgres-statements.ts';
import { sqliteDialect } from './sqlite-driver.ts';
/**
 * The platform knows no module's tables: a module's store narrows this handle to its own tables
 * (`Kysely<CartTables>`, in modules/<module>/tables.ts), so a store cannot reach another module's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- narrowed by each module's store
export type Db = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- narrowed by each module's store
export type Trx = Transaction<any>;
/**
 * A store's handle on its own tables: the database or a transaction in progress, whichever the
 * caller holds (a `Trx` is assignable to the union, not to `Kysely<Tables>` alone).
 */
export type TablesHandle<Tables> = Kysely<Tables> | Transaction<Tables>;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** True when the database answers a trivial query within `timeoutMs` (readiness). */
  answers(timeoutMs: number): Promise<boolean>;
  /** Closes every connection (the SQLite file or the PostgreSQL pool). */
  destroy(): Promise<void>;
}

export interface OpenOptions {
  /**
   * Every migration of the install, by the name Kysely records: the platform's (migrations.ts) and
   * each module's, gathered by the app (src/database.ts), since the platform knows no module.
   */
  migrations: Readonly<Record<string, Migration>>;
  /** How long to keep retrying while the database is unavailable (start-up); 0: fail at once. */
  waitMs?: number;
  /** Told about each retry, with the reason and the delay before the next attempt. */
  onRetry?: (message: string) => void;
}

/** The database could not be reached in time; the message names it (never a password). */
export class DatabaseUnavailableError extends Error {}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** How long a request waits for a pooled connection (or a new one) before failing with a 503. */
const CONNECT_TIMEOUT_MS = 10_000;
/** A transaction left idle this long (a stuck process) is ended by PostgreSQL, freeing its locks. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
const RETRY_DELAY_MAX_MS = 2_000;
const BUSY_TIMEOUT_MS = 5000;

/** Where the database is (config.ts reads these from the environment). */
export interface OpenConfig {
  /** PostgreSQL connection string; SQLite under `dataDir` when absent. */
  databaseUrl?: string | undefined;
  databaseSchema?: string | undefined;
  dataDir: string;
  /** SQLite file name inside `dataDir`; `:memory:` keeps the database in memory. */
  sqliteFile?: string;
  /**
   * Whether SQLite reads outside a transaction use a second, read-only connection (sqlite-driver.ts);
   * on unless false. Off, every query waits for the one connection (benchmarks compare both).
   */
  sqliteReader?: boolean | undefined;
}

/**
 * Opens the database named by the config (PostgreSQL when `databaseUrl` is set, else SQLite) and
 * migrates it. While the database is unavailable (see faults.ts) it retries for `waitMs`, then
 * throws a DatabaseUnavailableError.
 */
export async function openDatabase(config: OpenConfig, options: OpenOptions): Promise<DatabaseHandle> {
  const deadline = Date.now() + (options.waitMs ?? 0);
  let delay = 250;
  for (;;) {
    try {
      return await openOnce(config, options.migrations);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new DatabaseUnavailableError(
          `Gave up waiting for the database (${describeDatabase(config)}) after ${(options.waitMs ?? 0) / 1000} s: ${reason}`,
          { cause: error },
        );
      const wait = Math.min(delay, left);
      options.onRetry?.(
        `The database (${describeDatabase(config)}) is not available (${reason}); retrying in ${wait} ms, giving up in ${Math.ceil(left / 1000)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
      delay = Math.min(delay * 2, RETRY_DELAY_MAX_MS);
    }
  }
}

/** Names the database for people: PostgreSQL's host, port and database (no user or password), or the SQLite file. */
export function describeDatabase(config: OpenConfig): string {
  if (!config.databaseUrl) return `SQLite ${sqlitePath(config)}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL at ${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

function sqlitePath(config: OpenConfig): string {
  const file = config.sqliteFile ?? SQLITE_FILE;
  return file === ':memory:' ? file : join(config.dataDir, file);
}

async function openOnce(config: OpenConfig, migrations: OpenOptions['migrations']): Promise<DatabaseHandle> {
  let db: Db;
  let dialect: DialectName;
  if (config.databaseUrl) {
    dialect = 'postgres';
    const schema = config.databaseSchema;
    if (schema !== undefined && !SCHEMA_NAME.test(schema))
      throw new Error(`Invalid database schema name: ${schema}`);
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: config.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
      // Names this instance's connections in pg_stat_activity (tests end their own by it).
      application_name: schema ? `storefront:${schema}` : 'storefront',
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // A connection that drops (pg_terminate_backend, a restart, a failover) must not crash the
    // process: without a listener, a client's 'error' event throws. The query using it fails
    // (answered 503), and the pool drops the client and opens a new one for the next request.
    pool.on('connect', (client) => client.on('error', () => undefined));
    pool.on('error', (error) => console.error(`PostgreSQL pool: ${error.message}`));
    try {
      if (schema) await createSchema(pool, schema);
    } catch (error) {
      await pool.end();
      throw error;
    }
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    const path = sqlitePath(config);
    if (path !== ':memory:') mkdirSync(config.dataDir, { recursive: true });
    const sqlite = new SqliteDatabase(path);
    const journal: unknown = sqlite.pragma('journal_mode = WAL', { simple: true });
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // An in-memory database answers 'memory': a second connection would see another database.
    const reader = journal === 'wal' && config.sqliteReader !== false ? openReader(path) : undefined;
    db = new Kysely({ dialect: sqliteDialect(sqlite, reader) });
  }
  try {
    await migrate(db, migrations, dialect === 'postgres' ? (config.databaseSchema ?? 'public') : undefined);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let destroyed = false;
  return {
    db,
    dialect,
    answers: (timeoutMs) => answersWithin(db, timeoutMs),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await db.destroy();
    },
  };
}

/**
 * The read-only connection beside the writer; none when the file cannot be opened a second time
 * (every query then runs on the writer, as with one connection).
 */
function openReader(path: string): SqliteDatabase.Database | undefined {
  try {
    const reader = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
    // A WAL reader waits only while a checkpoint or a recovery holds the WAL index.
    reader.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    return reader;
  } catch {
    return undefined;
  }
}

async function createSchema(pool: pg.Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } catch (error) {
    // Two instances creating it at once: the loser's IF NOT EXISTS still hits the unique index.
    if ((error as { code?: unknown }).code !== '23505') throw error;
  } finally {
    client.release();
  }
}

async function answersWithin(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = sql`SELECT 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrate(db: Db, migrations: OpenOptions['migrations'], schema?: string): Promise<void> {
  // With a schema of its own, the migration tables are looked up there (not in any schema that
  // happens to hold tables of the same name).
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    // None ran: the database itself failed (a connection, the migration lock), not a migration.
    if (!failed) throw error;
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed.migrationName} failed: ${cause}`, { cause: error });
  }
}

/** Drops a PostgreSQL schema (used by tests that isolate themselves in one). */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid database schema name: ${schema}`);
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }),
  });
  try {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
  } finally {
    await db.destroy();
  }
}
