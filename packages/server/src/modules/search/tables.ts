import type { ColumnType } from 'kysely';

/** What a search result is (the `?type=` filter). */
export const SEARCH_KINDS = ['product', 'post', 'page', 'event'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * One searchable thing (migrations/2026-11-24-013-search.ts): display text (`title`, `body`) and
 * the folded words searched (`search_title`, `search_body`). SQLite adds `seq` (its FTS index's
 * row id), PostgreSQL `search_vector`: neither is written by the code.
 */
export interface SearchDocumentsTable {
  id: string;
  kind: SearchKind;
  collection_id: string;
  title: string;
  body: string;
  url: string;
  image_url: string | null;
  /** A product's lowest price (what it sells for, sale included), for the price sorts. */
  price_cents: number | null;
  published_on: ColumnType<number | string, number, number>;
  /** A product's categories, one a line (the category facet and filter). */
  categories: string;
  search_title: string;
  search_body: string;
}

export interface SearchTables {
  search_documents: SearchDocumentsTable;
}
