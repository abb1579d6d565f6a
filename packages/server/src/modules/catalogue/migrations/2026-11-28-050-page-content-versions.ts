import type { Kysely, Migration } from 'kysely';

/**
 * The page content editor (issue 31): a collection's layout (its content's `blockFields`) carries a
 * version that moves with every write of the collection, by the editor or an import, so a save made
 * on an older one is refused (409) and loses nothing; and who saved it last. Named for the content
 * rather than plain `version`, so that a version of the collection's other settings can come beside it.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('collections')
      .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('collections').addColumn('content_updated_by', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('collections').dropColumn('content_updated_by').execute();
    await db.schema.alterTable('collections').dropColumn('content_version').execute();
  },
};
