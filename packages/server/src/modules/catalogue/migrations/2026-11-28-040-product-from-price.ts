import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * A product's "from" price (the cheapest variant's unit price) kept on its item, so that the back
 * office's product list sorts and pages by price on an index at any size (issue 30). Triggers on
 * `variants` keep it, whoever writes them (content sync, CSV import, the editor); a change of
 * stock alone does not fire them. Released: frozen. Portable types only, and no import of the
 * current row types.
 */
const FROM_PRICE = (itemId: 'NEW.item_id' | 'OLD.item_id') =>
  sql.raw(`UPDATE items SET from_price_cents = coalesce(
      (SELECT min(v.unit_price_cents) FROM variants v WHERE v.item_id = ${itemId}), 0)
    WHERE id = ${itemId};`);

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('items')
      .addColumn('from_price_cents', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`UPDATE items SET from_price_cents = coalesce(
      (SELECT min(v.unit_price_cents) FROM variants v WHERE v.item_id = items.id), 0)`.execute(db);
    await db.schema
      .createIndex('items_from_price_idx')
      .on('items')
      .columns(['from_price_cents', 'id'])
      .execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`
        CREATE FUNCTION items_from_price() RETURNS trigger LANGUAGE plpgsql
        SET search_path FROM CURRENT AS $$
        BEGIN
          IF TG_OP <> 'INSERT' THEN ${FROM_PRICE('OLD.item_id')} END IF;
          IF TG_OP <> 'DELETE' THEN ${FROM_PRICE('NEW.item_id')} END IF;
          RETURN NULL;
        END $$`.execute(db);
      await sql`
        CREATE TRIGGER variants_from_price
        AFTER INSERT OR DELETE OR UPDATE OF unit_price_cents, item_id ON variants
        FOR EACH ROW EXECUTE FUNCTION items_from_price()`.execute(db);
    } else {
      await sql`CREATE TRIGGER variants_from_price_insert AFTER INSERT ON variants
        BEGIN ${FROM_PRICE('NEW.item_id')} END`.execute(db);
      await sql`CREATE TRIGGER variants_from_price_update AFTER UPDATE OF unit_price_cents, item_id ON variants
        BEGIN ${FROM_PRICE('OLD.item_id')} ${FROM_PRICE('NEW.item_id')} END`.execute(db);
      await sql`CREATE TRIGGER variants_from_price_delete AFTER DELETE ON variants
        BEGIN ${FROM_PRICE('OLD.item_id')} END`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`DROP TRIGGER IF EXISTS variants_from_price ON variants`.execute(db);
      await sql`DROP FUNCTION IF EXISTS items_from_price()`.execute(db);
    } else
      for (const trigger of ['insert', 'update', 'delete'])
        await sql`DROP TRIGGER IF EXISTS ${sql.raw(`variants_from_price_${trigger}`)}`.execute(db);
    await db.schema.dropIndex('items_from_price_idx').ifExists().execute();
    await db.schema.alterTable('items').dropColumn('from_price_cents').execute();
  },
};
