export { itemDocument, pageDocument } from './documents.ts';
export {
  hasSearchDocuments,
  reindexItems,
  writeSearchDocuments,
  type SearchableContent,
  type SearchSource,
} from './index-store.ts';
