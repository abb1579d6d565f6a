import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The navigation editor (issue 31). Every save of a site document keeps a revision (who, when, the
 * document as saved, what changed), restorable: `site_document_revisions`, for any document name
 * (the settings editor keeps `website.json`'s in the same table, hence `ifNotExists`).
 *
 * The header's links staff added in the header and footer screen (`site_header_footer.header`'s
 * `navigationLinks`, shown beside the template's navigation) become links at the end of the
 * document's main navigation (`mainNav`, else its first), once: the navigation document is the one
 * place the header's links live from now on.
 * Released: frozen. Portable types only, and no import of the current row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('site_document_revisions')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('saved_on', 'bigint', (c) => c.notNull())
      .addColumn('saved_by', 'text')
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('site_document_revisions_name_idx')
      .ifNotExists()
      .on('site_document_revisions')
      .columns(['name', 'version'])
      .execute();

    const headers = await sql<{ language: string; header: string }>`
      select language, header from site_header_footer`.execute(db);
    const links: unknown[] = [];
    for (const row of headers.rows) {
      const header = JSON.parse(row.header) as { navigationLinks?: unknown[] };
      if (!Array.isArray(header.navigationLinks)) continue;
      // Every language's row ('') holds the links pages showed; a language's own row never had its own.
      if (row.language === '')
        for (const link of header.navigationLinks as { title: string; url: string; newWindow?: boolean }[])
          links.push({
            externalLink: { url: link.url, title: link.title, newWindow: link.newWindow === true },
          });
      delete header.navigationLinks;
      await sql`update site_header_footer set header = ${JSON.stringify(header)} where language = ${row.language}`.execute(
        db,
      );
    }
    if (links.length === 0) return;
    const documents = await sql<{ data: string }>`
      select data from site_documents where name = 'navigation.json'`.execute(db);
    const stored = documents.rows[0];
    const navigation = stored ? (JSON.parse(stored.data) as Record<string, unknown[]>) : {};
    const main = 'mainNav' in navigation ? 'mainNav' : (Object.keys(navigation)[0] ?? 'mainNav');
    navigation[main] = [...(navigation[main] ?? []), ...links];
    const data = JSON.stringify(navigation);
    const now = Date.now();
    if (stored)
      await sql`update site_documents set data = ${data}, version = version + 1, updated_on = ${now}
        where name = 'navigation.json'`.execute(db);
    else
      await sql`insert into site_documents (name, data, version, updated_on)
        values ('navigation.json', ${data}, 1, ${now})`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('site_document_revisions').ifExists().execute();
  },
};
