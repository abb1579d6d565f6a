/**
 * PostgreSQL statements are prepared once per connection (named), up to a bound per connection, as
 * the server's pool sends them (db/index.ts); the database is real.
 */
import { randomBytes } from 'node:crypto';
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

  it('[postgres] a migration on a running server: statements are prepared again, not refused', async () => {
    const table = `stale_plan_${randomBytes(6).toString('hex')}`;
    const clients: pg.Client[] = [0, 1, 2].map(() => new PreparingClient({ connectionString: postgresUrl }));
    const [first, second, migrator] = clients as [pg.Client, pg.Client, pg.Client];
    await Promise.all(clients.map((c) => c.connect()));
    try {
      await migrator.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name text)`);
      await migrator.query(`INSERT INTO ${table} VALUES (1, 'mug')`);
      const read = `SELECT * FROM ${table} WHERE id = $1`;
      for (const client of [first, second])
        expect((await client.query(read, [1])).rows).toEqual([{ id: 1, name: 'mug' }]);

      // Another instance migrates: the rows this statement reads gain a column.
      await migrator.query(`ALTER TABLE ${table} ADD COLUMN stock int NOT NULL DEFAULT 7`);
      // Outside a transaction the statement is prepared again and answers with the new shape.
      expect((await first.query(read, [1])).rows).toEqual([{ id: 1, name: 'mug', stock: 7 }]);
      // Inside one, the other connection prepares afresh too: its transaction is not refused.
      await second.query('BEGIN');
      expect((await second.query(read, [1])).rows).toEqual([{ id: 1, name: 'mug', stock: 7 }]);
      await second.query('COMMIT');

      // A second migration met first inside a transaction fails that transaction only; its connection
      // and every other one prepare the statement again for what follows.
      await migrator.query(`ALTER TABLE ${table} ADD COLUMN note text`);
      await first.query('BEGIN');
      await expect(first.query(read, [1])).rejects.toThrow(/cached plan must not change result type/);
      await first.query('ROLLBACK');
      for (const client of [first, second]) {
        await client.query('BEGIN');
        expect((await client.query(read, [1])).rows).toEqual([{ id: 1, name: 'mug', stock: 7, note: null }]);
        await client.query('COMMIT');
      }
    } finally {
      await migrator.query(`DROP TABLE IF EXISTS ${table}`);
      await Promise.all(clients.map((c) => c.end()));
    }
  });
});
