import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

/**
 * The media library (issue 30): the originals in the database (tables.ts). The bytes live in their
 * own table, as a SQLite BLOB or a PostgreSQL bytea (up to 1 GB a value, far above the upload
 * limit). Released: frozen.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('media_assets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('file_name', 'text', (c) => c.notNull().unique())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', 'bigint', (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('uploaded_on', 'bigint', (c) => c.notNull())
      .addColumn('uploaded_by', 'text')
      .execute();
    await db.schema
      .createIndex('media_assets_uploaded_idx')
      .on('media_assets')
      .columns(['uploaded_on', 'id'])
      .execute();
    await db.schema
      .createTable('media_blobs')
      .addColumn('asset_id', 'text', (c) => c.primaryKey().references('media_assets.id').onDelete('cascade'))
      .addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('media_content_imports')
      .addColumn('file_name', 'text', (c) => c.primaryKey())
      .addColumn('imported_on', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('media_content_imports').ifExists().execute();
    await db.schema.dropTable('media_blobs').ifExists().execute();
    await db.schema.dropTable('media_assets').ifExists().execute();
  },
};
