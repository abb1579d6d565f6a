import type { Kysely, Migration } from 'kysely';

/**
 * The site's header and footer, and its languages (issue 15), edited in the back office.
 * `site_header_footer` holds one row per language: `language` '' is every language's, and a
 * translated row (a BCP 47 tag) may later stand in for it on that language's pages. `header` and
 * `footer` are JSON. `site_languages` holds the enabled languages, one of them the default; no row
 * at all means the content's own language alone.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('site_header_footer')
      .addColumn('language', 'text', (c) => c.primaryKey())
      .addColumn('header', 'text', (c) => c.notNull())
      .addColumn('footer', 'text', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();
    await db.schema
      .createTable('site_languages')
      .addColumn('tag', 'text', (c) => c.primaryKey())
      .addColumn('is_default', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('site_languages').ifExists().execute();
    await db.schema.dropTable('site_header_footer').ifExists().execute();
  },
};
