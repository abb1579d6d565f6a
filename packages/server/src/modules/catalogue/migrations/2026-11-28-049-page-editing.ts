import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Pages in the back office (issue 31): a collection's version and who saved it last are the store
 * pages' (migration 043), shared; `enabled` 0 takes a page off the storefront
 * (404, out of navigation and the sitemap, its items too) without removing it; each save keeps a
 * revision; a deleted page's address may answer 301 to another path of the site. A collection the content already disabled (`"enabled": false`) starts disabled.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('collections')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    const rows = await sql<{
      id: string;
      data: string;
    }>`select id, data from collections where data like ${'%"enabled":false%'}`.execute(db);
    for (const row of rows.rows) {
      const data = JSON.parse(row.data) as { enabled?: unknown };
      if (data.enabled === false)
        await sql`update collections set enabled = 0 where id = ${row.id}`.execute(db);
    }
    // A deleted page's address sends its visitors to the path its owner chose.
    await db.schema.alterTable('collection_redirects').addColumn('target_path', 'text').execute();
    await db.schema
      .createTable('page_revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('collection_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('saved_on', 'bigint', (c) => c.notNull())
      .addColumn('saved_by', 'text')
      /** The page's title, slug, enabled flag and content JSON after this save. */
      .addColumn('page', 'text', (c) => c.notNull())
      /** What changed against the version before, readable strings (JSON array). */
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('page_revisions_collection_idx')
      .on('page_revisions')
      .columns(['collection_id', 'version'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('page_revisions').ifExists().execute();
    await db.schema.alterTable('collection_redirects').dropColumn('target_path').execute();
    await db.schema.alterTable('collections').dropColumn('enabled').execute();
  },
};
