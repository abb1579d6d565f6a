import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Media files carry a version like products (issue 30 Build 5): a change of alt text, title or
 * focal point made on an older version is refused, and who saved last is kept; each save keeps a
 * revision that can be restored. Released: frozen. Portable types only, and no import of the
 * current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('media_assets')
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    /** `{"x":0.5,"y":0.5}`; null: the centre. */
    await db.schema.alterTable('media_assets').addColumn('focal_point', 'text').execute();
    await db.schema
      .alterTable('media_assets')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('media_assets')
      .addColumn('updated_on', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('media_assets').addColumn('updated_by', 'text').execute();
    await sql`update media_assets set updated_on = uploaded_on, updated_by = uploaded_by`.execute(db);
    await db.schema
      .createTable('media_revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('asset_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('saved_on', 'bigint', (c) => c.notNull())
      .addColumn('saved_by', 'text')
      /** The file's alt text, title and focal point after this save (JSON). */
      .addColumn('fields', 'text', (c) => c.notNull())
      /** What changed against the version before, readable strings (JSON array). */
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('media_revisions_asset_idx')
      .on('media_revisions')
      .columns(['asset_id', 'version'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('media_revisions').ifExists().execute();
    for (const column of ['updated_by', 'updated_on', 'version', 'focal_point', 'title'])
      await db.schema.alterTable('media_assets').dropColumn(column).execute();
  },
};
