import type { Kysely, Migration } from 'kysely';

/**
 * The catalogue (collections, items, variants), carts and their entries, rate-limit counters.
 * Released: frozen. Portable types only, and no import of the current row types: this is the
 * schema as it was shipped, whatever the tables look like later.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('collections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('url_id', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('type_name', 'text', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('homepage', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('updated_on', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id'))
      .addColumn('url_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('record_type', 'integer', (c) => c.notNull())
      .addColumn('product_type', 'integer')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('starred', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('added_on', 'bigint', (c) => c.notNull())
      .addColumn('publish_on', 'bigint', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('updated_on', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('items_collection_url_unique', ['collection_id', 'url_id'])
      .execute();
    await db.schema
      .createIndex('items_collection_idx')
      .on('items')
      .columns(['collection_id', 'position'])
      .execute();

    await db.schema
      .createTable('variants')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('sale_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('unlimited', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('qty_in_stock', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('data', 'text', (c) => c.notNull())
      .addUniqueConstraint('variants_item_sku_unique', ['item_id', 'sku'])
      .execute();

    await db.schema
      .createTable('carts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('website_id', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addColumn('is_purchased', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('order_id', 'text')
      .execute();

    await db.schema
      .createTable('cart_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('variant_id', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('additional_fields', 'text')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('cart_entries_cart_idx')
      .on('cart_entries')
      .columns(['cart_id', 'position'])
      .execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['rate_limits', 'cart_entries', 'carts', 'variants', 'items', 'collections']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
