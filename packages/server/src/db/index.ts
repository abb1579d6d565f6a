import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { migrationProvider } from './migrations.ts';
import { cachingSqlite } from './sqlite-statements.ts';
import type { Database } from './schema.ts';

export type { Database } from './schema.ts';
export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** Closes every connection (the SQLite file or the PostgreSQL pool). */
  destroy(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Opens the database named by the config (PostgreSQL when `databaseUrl` is set, else SQLite) and migrates it. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir' | 'sqliteFile'>,
): Promise<DatabaseHandle> {
  let db: Db;
  let dialect: DialectName;
  if (config.databaseUrl) {
    dialect = 'postgres';
    const schema = config.databaseSchema;
    if (schema !== undefined && !SCHEMA_NAME.test(schema))
      throw new Error(`Invalid database schema name: ${schema}`);
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error(`PostgreSQL pool: ${error.message}`));
    if (schema) {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      } finally {
        client.release();
      }
    }
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    const file = config.sqliteFile ?? 'storefront.sqlite';
    let path = file;
    if (file !== ':memory:') {
      mkdirSync(config.dataDir, { recursive: true });
      path = join(config.dataDir, file);
    }
    const sqlite = new SqliteDatabase(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingSqlite(sqlite) }) });
  }
  try {
    await migrate(db, dialect === 'postgres' ? (config.databaseSchema ?? 'public') : undefined);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let destroyed = false;
  return {
    db,
    dialect,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await db.destroy();
    },
  };
}

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrate(db: Db, schema?: string): Promise<void> {
  // With a schema of its own, the migration tables are looked up there (not in any schema that
  // happens to hold tables of the same name).
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`);
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
