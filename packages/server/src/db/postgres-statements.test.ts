/**
 * PostgreSQL statements are prepared once per connection (named), up to a bound per connection, as
 * the server's pool sends them (db/index.ts); the database is real.
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PreparingClient } from './postgres-statements.ts';

const postgresUrl = process.env.DATABASE_URL;

describe.runIf(postgresUrl)('[postgres] prepared statements', () => {
  it('[postgres] a parameterised statement is prepared once per connection and its answers stay right', async () => {
    // Typed as the pool sees it: a pg.Client.
    const client: pg.Client = new PreparingClient({ connectionString: postgresUrl });
    await client.connect();
    try {
      const prepared = async () =>
        (await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map(
          (r) => r.statement,
        );
      const text = 'SELECT $1::int + 1 AS n';
      expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
      expect((await client.query(text, [41])).rows).toEqual([{ n: 42 }]);
      expect((await prepared()).filter((s) => s === text)).toHaveLength(1);
      // Statements without parameters are sent as they are.
      expect(await prepared()).not.toContain('SELECT statement FROM pg_prepared_statements');

      // A stream of distinct statements stops being prepared at the bound (then runs unnamed).
      for (let n = 0; n < 400; n++)
        expect((await client.query(`SELECT $1::int + ${n} AS n`, [1])).rows).toEqual([{ n: n + 1 }]);
      expect((await prepared()).length).toBe(300);
      // Those already prepared are still used.
      expect((await client.query(text, [2])).rows).toEqual([{ n: 3 }]);
    } finally {
      await client.end();
    }
  });
});
