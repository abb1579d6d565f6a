import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/**
 * Issue 18: site search. `search_documents` holds one row per searchable thing (a product, a blog
 * post, an event, a page), with its display text and its search text (folded to lower case without
 * accents and split into words by the code, so both databases see the same words). SQLite keeps an
 * FTS5 index of it (prefixes of 2 and 3 letters indexed; triggers keep it in step), with an
 * `fts5vocab` view of its words for typo tolerance; PostgreSQL a generated `tsvector` (title
 * weighted A, body B) with a GIN index. Filled by content sync on its next run.
 * Released: frozen. Portable types only, and no import of the current code or row types.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres)
      await sql`
        CREATE TABLE search_documents (
          id text PRIMARY KEY,
          kind text NOT NULL,
          collection_id text NOT NULL,
          title text NOT NULL,
          body text NOT NULL,
          url text NOT NULL,
          image_url text,
          price_cents integer,
          published_on bigint NOT NULL,
          categories text NOT NULL,
          search_title text NOT NULL,
          search_body text NOT NULL,
          search_vector tsvector GENERATED ALWAYS AS (
            setweight(to_tsvector('simple'::regconfig, search_title), 'A') ||
            setweight(to_tsvector('simple'::regconfig, search_body), 'B')
          ) STORED
        )`.execute(db);
    else
      await sql`
        CREATE TABLE search_documents (
          seq INTEGER PRIMARY KEY,
          id text NOT NULL UNIQUE,
          kind text NOT NULL,
          collection_id text NOT NULL,
          title text NOT NULL,
          body text NOT NULL,
          url text NOT NULL,
          image_url text,
          price_cents integer,
          published_on bigint NOT NULL,
          categories text NOT NULL,
          search_title text NOT NULL,
          search_body text NOT NULL
        )`.execute(db);
    await sql`CREATE INDEX search_documents_kind_idx ON search_documents (kind)`.execute(db);
    if (postgres) {
      await sql`CREATE INDEX search_documents_vector_idx ON search_documents USING gin (search_vector)`.execute(
        db,
      );
      return;
    }
    await sql`
      CREATE VIRTUAL TABLE search_fts USING fts5(
        search_title, search_body,
        content='search_documents', content_rowid='seq',
        prefix='2 3', tokenize='unicode61 remove_diacritics 2'
      )`.execute(db);
    await sql`CREATE VIRTUAL TABLE search_vocab USING fts5vocab(search_fts, 'row')`.execute(db);
    await sql`
      CREATE TRIGGER search_documents_ai AFTER INSERT ON search_documents BEGIN
        INSERT INTO search_fts (rowid, search_title, search_body)
        VALUES (new.seq, new.search_title, new.search_body);
      END`.execute(db);
    await sql`
      CREATE TRIGGER search_documents_ad AFTER DELETE ON search_documents BEGIN
        INSERT INTO search_fts (search_fts, rowid, search_title, search_body)
        VALUES ('delete', old.seq, old.search_title, old.search_body);
      END`.execute(db);
    await sql`
      CREATE TRIGGER search_documents_au AFTER UPDATE ON search_documents BEGIN
        INSERT INTO search_fts (search_fts, rowid, search_title, search_body)
        VALUES ('delete', old.seq, old.search_title, old.search_body);
        INSERT INTO search_fts (rowid, search_title, search_body)
        VALUES (new.seq, new.search_title, new.search_body);
      END`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
      await sql`DROP TABLE IF EXISTS search_vocab`.execute(db);
      await sql`DROP TABLE IF EXISTS search_fts`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS search_documents`.execute(db);
  },
};
