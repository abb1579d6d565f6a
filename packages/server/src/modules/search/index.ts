export { itemDocument, pageDocument, type SearchDocument } from './documents.ts';
export { SEARCH_CSS } from './page.ts';
export { searchRoutes } from './routes.ts';
export {
  reindexItems,
  searchIndexIsEmpty,
  writeSearchDocuments,
  type IndexedCollection,
  type IndexedContent,
  type IndexedContentReader,
  type IndexedItem,
  type SearchSource,
} from './store.ts';
export type { SearchTables } from './tables.ts';
export { searchMigrations } from './migrations.ts';
