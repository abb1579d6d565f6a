/**
 * Keeps the search documents in step with the content: content sync rebuilds those of what it wrote
 * (in its transaction, a batch at a time), and any later content write calls `reindexItems` with the
 * ids of the items (or page collections) it changed, inside its own transaction.
 */
import type { Db } from '../../platform/db/index.ts';
import type { CollectionContent, ItemContent } from '../../platform/site/types.ts';
import { itemDocument, pageDocument, type SearchDocument } from './documents.ts';

/** Something whose document is rebuilt: its id, and its document (undefined: none, or no longer). */
export interface SearchSource {
  id: string;
  document: () => SearchDocument | undefined;
}

const DEFAULT_BATCH = 200;

/** Whether the search index holds any document (a database from before search holds none). */
export async function hasSearchDocuments(db: Db): Promise<boolean> {
  return (await db.selectFrom('search_documents').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Replaces the documents of `sources` (and deletes those of `removed`), `batch` at a time: the
 * documents are made batch by batch, so a big catalogue's text is never all in memory at once.
 */
export async function writeSearchDocuments(
  db: Db,
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

/** What search indexes of some ids, as the catalogue answers it (`searchableContent` in modules/catalogue). */
export type SearchableContent = (
  db: Db,
  ids: readonly string[],
) => Promise<{
  items: readonly { id: string; collectionId: string; content: ItemContent; publishOn: number }[];
  collections: ReadonlyMap<string, { content: CollectionContent; updatedOn: number }>;
}>;

/**
 * Rebuilds the search documents of the given items (or page collections) from the database's
 * content (read by `contentOf`), e.g. after the back office changed them; an id that is gone loses
 * its document. Run it inside the transaction that wrote the content.
 */
export async function reindexItems(
  db: Db,
  ids: readonly string[],
  contentOf: SearchableContent,
  batch = DEFAULT_BATCH,
): Promise<void> {
  for (let i = 0; i < ids.length; i += batch) {
    const chunk = [...new Set(ids.slice(i, i + batch))];
    const { items, collections } = await contentOf(db, chunk);
    const byId = new Map(items.map((item) => [item.id, item]));
    const sources: SearchSource[] = chunk.map((id) => ({
      id,
      document: () => {
        const item = byId.get(id);
        if (!item) {
          const page = collections.get(id);
          return page ? pageDocument(page.content, page.updatedOn) : undefined;
        }
        const collection = collections.get(item.collectionId);
        return collection ? itemDocument(collection.content, item.content, item.publishOn) : undefined;
      },
    }));
    await writeSearchDocuments(db, sources, [], batch);
  }
}
