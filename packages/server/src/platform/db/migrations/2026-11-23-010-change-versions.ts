import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Change versions (issue 20): one row per kind of change pages show ('content', 'stock'), each a
 * counter. Stock is moved by a trigger on `variants`, so that every writer of stock (checkout,
 * compensation, an operator's SQL) moves it and only when a page could show the difference: a
 * limited variant's count, or whether it is limited at all. On PostgreSQL the trigger is deferred
 * to commit, so the counter row is locked only while committing: taken with the variants' row
 * locks, it would make two checkouts of different variants wait on each other in a cycle.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('change_versions')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
    await sql`INSERT INTO change_versions (name, version) VALUES ('content', 1), ('stock', 1)`.execute(db);
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`
        CREATE FUNCTION bump_stock_version() RETURNS trigger LANGUAGE plpgsql
        SET search_path FROM CURRENT AS $$
        BEGIN
          UPDATE change_versions SET version = version + 1 WHERE name = 'stock';
          RETURN NULL;
        END $$`.execute(db);
      await sql`
        CREATE CONSTRAINT TRIGGER variants_stock_version
        AFTER UPDATE OF qty_in_stock, unlimited ON variants
        DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW
        WHEN (OLD.unlimited IS DISTINCT FROM NEW.unlimited
          OR (NEW.unlimited = 0 AND OLD.qty_in_stock IS DISTINCT FROM NEW.qty_in_stock))
        EXECUTE FUNCTION bump_stock_version()`.execute(db);
    } else {
      await sql`
        CREATE TRIGGER variants_stock_version
        AFTER UPDATE OF qty_in_stock, unlimited ON variants
        FOR EACH ROW
        WHEN OLD.unlimited IS NOT NEW.unlimited
          OR (NEW.unlimited = 0 AND OLD.qty_in_stock IS NOT NEW.qty_in_stock)
        BEGIN
          UPDATE change_versions SET version = version + 1 WHERE name = 'stock';
        END`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`DROP TRIGGER IF EXISTS variants_stock_version ON variants`.execute(db);
      await sql`DROP FUNCTION IF EXISTS bump_stock_version()`.execute(db);
    } else await sql`DROP TRIGGER IF EXISTS variants_stock_version`.execute(db);
    await db.schema.dropTable('change_versions').ifExists().execute();
  },
};
