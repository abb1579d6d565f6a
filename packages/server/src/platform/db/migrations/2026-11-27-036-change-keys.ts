import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Change keys (issue 28): a version per key pages show, in place of the two counters of
 * 2026-11-23-010 ('content', 'stock'). `change_versions` keeps one row, `latest`, the sequence
 * every move takes its number from; `change_keys` holds each key's last number. The stock trigger
 * now moves the variant's own key, under the same conditions as before (a limited variant's count,
 * or whether it is limited) and, on PostgreSQL, still deferred to commit, so that the sequence row
 * is locked only while committing: taken with the variants' row locks, it would make two checkouts
 * of different variants wait on each other in a cycle.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      await sql`DROP TRIGGER IF EXISTS variants_stock_version ON variants`.execute(db);
      await sql`DROP FUNCTION IF EXISTS bump_stock_version()`.execute(db);
    } else await sql`DROP TRIGGER IF EXISTS variants_stock_version`.execute(db);
    await db.schema
      .createTable('change_keys')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('change_keys_version').on('change_keys').column('version').execute();
    await sql`DELETE FROM change_versions`.execute(db);
    await sql`INSERT INTO change_versions (name, version) VALUES ('latest', 1)`.execute(db);
    if (postgres) {
      await sql`
        CREATE FUNCTION move_stock_key() RETURNS trigger LANGUAGE plpgsql
        SET search_path FROM CURRENT AS $$
        DECLARE moved bigint;
        BEGIN
          UPDATE change_versions SET version = version + 1 WHERE name = 'latest' RETURNING version INTO moved;
          INSERT INTO change_keys (key, version) VALUES ('stock:' || NEW.id, moved)
            ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version;
          RETURN NULL;
        END $$`.execute(db);
      await sql`
        CREATE CONSTRAINT TRIGGER variants_stock_key
        AFTER UPDATE OF qty_in_stock, unlimited ON variants
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW
        WHEN (OLD.unlimited IS DISTINCT FROM NEW.unlimited
          OR (NEW.unlimited = 0 AND OLD.qty_in_stock IS DISTINCT FROM NEW.qty_in_stock))
        EXECUTE FUNCTION move_stock_key()`.execute(db);
    } else {
      await sql`
        CREATE TRIGGER variants_stock_key
        AFTER UPDATE OF qty_in_stock, unlimited ON variants
        FOR EACH ROW
        WHEN OLD.unlimited IS NOT NEW.unlimited
          OR (NEW.unlimited = 0 AND OLD.qty_in_stock IS NOT NEW.qty_in_stock)
        BEGIN
          UPDATE change_versions SET version = version + 1 WHERE name = 'latest';
          INSERT INTO change_keys (key, version)
            SELECT 'stock:' || NEW.id, version FROM change_versions WHERE name = 'latest'
            ON CONFLICT (key) DO UPDATE SET version = excluded.version;
        END`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`DROP TRIGGER IF EXISTS variants_stock_key ON variants`.execute(db);
      await sql`DROP FUNCTION IF EXISTS move_stock_key()`.execute(db);
    } else await sql`DROP TRIGGER IF EXISTS variants_stock_key`.execute(db);
    await db.schema.dropTable('change_keys').ifExists().execute();
    await sql`DELETE FROM change_versions`.execute(db);
    await sql`INSERT INTO change_versions (name, version) VALUES ('content', 1), ('stock', 1)`.execute(db);
  },
};
