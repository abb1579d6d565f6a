import type { Kysely, Migration } from 'kysely';

/**
 * The product editor (issue 30): every item carries a version (a save made on an older one is
 * refused, nothing lost) and who saved it last; each save keeps a revision; a changed URL leaves a
 * redirect behind; `hidden` takes an item off the storefront without removing it. Indexes keep the
 * back office's product list one indexed read per page, by title or by last change, at any size.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('items')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('items').addColumn('updated_by', 'text').execute();
    await db.schema
      .alterTable('items')
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('items_title_idx').on('items').columns(['title', 'id']).execute();
    await db.schema.createIndex('items_updated_idx').on('items').columns(['updated_on', 'id']).execute();
    await db.schema
      .createIndex('items_type_title_idx')
      .on('items')
      .columns(['product_type', 'title', 'id'])
      .execute();
    await db.schema.createIndex('variants_sku_idx').on('variants').columns(['sku']).execute();

    await db.schema
      .createTable('item_revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('saved_on', 'bigint', (c) => c.notNull())
      .addColumn('saved_by', 'text')
      /** The product as the editor loads it after this save (the wire's ProductInput, JSON). */
      .addColumn('product', 'text', (c) => c.notNull())
      /** What changed against the version before, readable strings (JSON array). */
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('item_revisions_item_idx')
      .on('item_revisions')
      .columns(['item_id', 'version'])
      .execute();

    await db.schema
      .createTable('item_redirects')
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('url_id', 'text', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('item_redirects_pk', ['collection_id', 'url_id'])
      .execute();
    await db.schema.createIndex('item_redirects_item_idx').on('item_redirects').column('item_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('item_redirects').ifExists().execute();
    await db.schema.dropTable('item_revisions').ifExists().execute();
    await db.schema.dropIndex('variants_sku_idx').ifExists().execute();
    await db.schema.dropIndex('items_type_title_idx').ifExists().execute();
    await db.schema.dropIndex('items_updated_idx').ifExists().execute();
    await db.schema.dropIndex('items_title_idx').ifExists().execute();
    await db.schema.alterTable('items').dropColumn('hidden').execute();
    await db.schema.alterTable('items').dropColumn('updated_by').execute();
    await db.schema.alterTable('items').dropColumn('version').execute();
  },
};
