/**
 * The only code touching the search tables (`search_documents` and the engines' index over it:
 * SQLite's `search_fts` and `search_vocab`, PostgreSQL's `search_vector`).
 *
 * Keeps the search documents in step with the content: content sync rebuilds those of what it wrote
 * (in its transaction, a batch at a time), and any later content write calls `reindexItems` with the
 * ids of the items (or page collections) it changed, inside its own transaction.
 */
import type { TablesHandle } from '../../platform/db/index.ts';
import { sql, type RawBuilder } from 'kysely';
import type { CollectionContent, ItemContent } from '../../platform/site/types.ts';
import { itemDocument, pageDocument, type SearchDocument } from './documents.ts';
import type { SearchKind, SearchTables } from './tables.ts';

/** Runs on the database or inside a transaction. */
type SearchDb = TablesHandle<SearchTables>;

/** Something whose document is rebuilt: its id, and its document (undefined: none, or no longer). */
export interface SearchSource {
  id: string;
  document: () => SearchDocument | undefined;
}

const DEFAULT_BATCH = 200;

/**
 * Replaces the documents of `sources` (and deletes those of `removed`), `batch` at a time: the
 * documents are made batch by batch, so a big catalogue's text is never all in memory at once.
 */
export async function writeSearchDocuments(
  db: SearchDb,
  sources: Iterable<SearchSource>,
  removed: readonly string[] = [],
  batch = DEFAULT_BATCH,
): Promise<void> {
  for (let i = 0; i < removed.length; i += batch)
    await db
      .deleteFrom('search_documents')
      .where('id', 'in', removed.slice(i, i + batch))
      .execute();
  let chunk: SearchSource[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const ids = chunk.map((s) => s.id);
    const documents = chunk.flatMap((s) => s.document() ?? []);
    chunk = [];
    await db.deleteFrom('search_documents').where('id', 'in', ids).execute();
    if (documents.length) await db.insertInto('search_documents').values(documents).execute();
  };
  for (const source of sources) {
    chunk.push(source);
    if (chunk.length >= batch) await flush();
  }
  await flush();
}

/** True when no document is indexed (a database from before search, or one whose index was emptied). */
export async function searchIndexIsEmpty(db: SearchDb): Promise<boolean> {
  return !(await db.selectFrom('search_documents').select('id').limit(1).executeTakeFirst());
}

/** An item to index, as its owner (the catalogue) stores it. */
export interface IndexedItem {
  collectionId: string;
  content: ItemContent;
  publishedOn: number;
}

/** A collection to index (a page) or whose items are indexed, with when it last changed. */
export interface IndexedCollection {
  content: CollectionContent;
  updatedOn: number;
}

/** What the documents of some ids are made from: the items among them, and the collections of those items and among the ids. */
export interface IndexedContent {
  items: ReadonlyMap<string, IndexedItem>;
  collections: ReadonlyMap<string, IndexedCollection>;
}

/** Reads the content of `ids` (items or page collections) for indexing, from its owner; called once per batch. */
export type IndexedContentReader = (ids: readonly string[]) => Promise<IndexedContent>;

/**
 * Rebuilds the search documents of the given items (or page collections) from the content `read`
 * finds for them (the catalogue's, e.g. after the back office changed them); an id that is gone
 * loses its document. Run it inside the transaction that wrote the content.
 */
export async function reindexItems(
  db: SearchDb,
  ids: readonly string[],
  read: IndexedContentReader,
  batch = DEFAULT_BATCH,
): Promise<void> {
  for (let i = 0; i < ids.length; i += batch) {
    const chunk = [...new Set(ids.slice(i, i + batch))];
    const { items, collections } = await read(chunk);
    const sources: SearchSource[] = chunk.map((id) => ({
      id,
      document: () => {
        const item = items.get(id);
        if (!item) {
          const page = collections.get(id);
          return page ? pageDocument(page.content, page.updatedOn) : undefined;
        }
        const collection = collections.get(item.collectionId);
        return collection ? itemDocument(collection.content, item.content, item.publishedOn) : undefined;
      },
    }));
    await writeSearchDocuments(db, sources, [], batch);
  }
}

/** A query word, with the indexed words one edit away from it (not already prefixed by it). */
export interface QueryWord {
  typed: string;
  typos: string[];
}

/** A matching document with what ranks, filters and counts it. */
export interface MatchRow {
  id: string;
  kind: SearchKind;
  title: string;
  price_cents: number | string | null;
  published_on: number | string;
  categories: string;
  score: number | string;
  exact: number | string;
  in_title: number | string;
}

/** A document's text, for showing it as a result. */
export interface DocumentTextRow {
  id: string;
  kind: SearchKind;
  title: string;
  body: string;
  url: string;
  image_url: string | null;
  price_cents: number | string | null;
}

export type SearchEngine = 'postgres' | 'sqlite';

/**
 * Every document published at `now` matching all `words` (each as a prefix, or one of its typos),
 * with its `score` (higher is better), `exact` (1: every word as typed) and `in_title` (1: every
 * word in the title). An item's `published_on` is its publish time (a scheduled item's is ahead:
 * found from then on, as the catalogue shows it); a page's is when it last changed, never ahead.
 */
export async function matchingDocuments(
  db: SearchDb,
  engine: SearchEngine,
  words: readonly QueryWord[],
  now: number,
): Promise<MatchRow[]> {
  const { rows } = await sql<MatchRow>`
      SELECT m.id, m.kind, m.title, m.price_cents, m.published_on, m.categories, m.score, m.exact, m.in_title
      FROM (${matched(engine, words)}) m
      WHERE m.kind = 'page' OR m.published_on <= ${now}`.execute(db);
  return rows;
}

function matched(engine: SearchEngine, words: readonly QueryWord[]): RawBuilder<unknown> {
  const hasTypos = words.some((w) => w.typos.length > 0);
  const columns = sql.raw('d.id, d.kind, d.title, d.price_cents, d.published_on, d.categories');
  if (engine === 'postgres') {
    // `label` A: in the title (weight A) only.
    const all = (label = '') =>
      words
        .map(
          (w) =>
            `(${[`${w.typed}:*${label}`, ...w.typos.map((t) => (label ? `${t}:${label}` : t))].join(' | ')})`,
        )
        .join(' & ');
    const exact = words.map((w) => `${w.typed}:*`).join(' & ');
    return sql`
        SELECT ${columns}, ts_rank('{0.1,0.1,0.1,1.0}', d.search_vector, q.query) AS score,
          CASE WHEN d.search_vector @@ q.exact THEN 1 ELSE 0 END AS exact,
          CASE WHEN d.search_vector @@ q.title THEN 1 ELSE 0 END AS in_title
        FROM search_documents d,
          (SELECT to_tsquery('simple', ${all()}) AS query, to_tsquery('simple', ${exact}) AS exact,
            to_tsquery('simple', ${all('A')}) AS title) q
        WHERE d.search_vector @@ q.query`;
  }
  const phrase = (w: string) => `"${w}"`;
  const any = words
    .map((w) => `(${[`${phrase(w.typed)}*`, ...w.typos.map(phrase)].join(' OR ')})`)
    .join(' AND ');
  const exact = words.map((w) => `${phrase(w.typed)}*`).join(' AND ');
  const among = (expression: string) =>
    sql`(search_fts.rowid IN (SELECT rowid FROM search_fts WHERE search_fts MATCH ${expression}))`;
  return sql`
      SELECT ${columns}, -bm25(search_fts, 10.0, 1.0) AS score,
        ${hasTypos ? among(exact) : sql`1`} AS exact,
        ${among(`search_title : (${any})`)} AS in_title
      FROM search_fts JOIN search_documents d ON d.seq = search_fts.rowid
      WHERE search_fts MATCH ${any}`;
}

/** The text of the documents `ids` (in no particular order). */
export const documentTexts = (db: SearchDb, ids: readonly string[]): Promise<DocumentTextRow[]> =>
  db
    .selectFrom('search_documents')
    .select(['id', 'kind', 'title', 'body', 'url', 'image_url', 'price_cents'])
    .where('id', 'in', ids)
    .execute();

/**
 * Every indexed word: SQLite lists them through the `search_vocab` (fts5vocab) table, PostgreSQL
 * through `ts_stat`.
 */
export async function indexedWords(db: SearchDb, engine: SearchEngine): Promise<string[]> {
  const { rows } =
    engine === 'postgres'
      ? await sql<{
          word: string;
        }>`SELECT word FROM ts_stat('SELECT search_vector FROM search_documents')`.execute(db)
      : await sql<{ word: string }>`SELECT term AS word FROM search_vocab`.execute(db);
  return rows.map((r) => r.word);
}
