/**
 * Test support: every integration suite runs once per database — SQLite always, PostgreSQL when
 * DATABASE_URL is set — and each app gets a fresh database (a temporary SQLite file, or its own
 * PostgreSQL schema, dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Config } from '../config.ts';
import { openDatabase } from '../database.ts';
import { dropSchema, type DatabaseHandle, type DialectName } from '../platform/db/index.ts';
import { repoRoot } from './repo-root.ts';

export const FIXTURE_SITE = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../test-fixtures/site');
export const DEMO_SITE = join(repoRoot, 'sites/demo');

export interface TestDatabase {
  name: DialectName;
  /** A config slice naming a fresh, empty database; `cleanup` removes it. */
  fresh(): {
    config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir' | 'sqliteFile'>;
    cleanup: () => Promise<void>;
  };
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  fresh() {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-test-'));
    return {
      config: { dataDir: dir, databaseUrl: undefined, databaseSchema: undefined },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

const postgresUrl = process.env.DATABASE_URL;
const postgres: TestDatabase = {
  name: 'postgres',
  fresh() {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const dir = mkdtempSync(join(tmpdir(), 'storefront-test-'));
    return {
      config: { dataDir: dir, databaseUrl: postgresUrl, databaseSchema: schema },
      cleanup: async () => {
        rmSync(dir, { recursive: true, force: true });
        await dropSchema(postgresUrl as string, schema);
      },
    };
  },
};

/** The databases every integration suite runs on. */
export const DATABASES: TestDatabase[] = postgresUrl ? [sqlite, postgres] : [sqlite];

export function testConfig(
  db: ReturnType<TestDatabase['fresh']>['config'],
  overrides: Partial<Config> = {},
): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    siteDir: FIXTURE_SITE,
    logLevel: 'silent',
    webDistDir: join(repoRoot, 'packages/web/dist'),
    cartWriteLimit: { max: 1000, windowMs: 10_000 },
    siteUrl: 'http://storefront.test',
    ...db,
    ...overrides,
  };
}

/** Opens a fresh database only (no app), for repository-level tests. */
export async function openFresh(
  database: TestDatabase,
): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  const fresh = database.fresh();
  const handle = await openDatabase(fresh.config);
  return {
    handle,
    cleanup: async () => {
      await handle.destroy();
      await fresh.cleanup();
    },
  };
}

/**
 * A PostgreSQL database of its own (one database holds one site), for a test that runs a second
 * site beside the one in the shared database; `drop` removes it.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
