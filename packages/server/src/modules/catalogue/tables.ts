import type { ColumnType, Kysely, Selectable, Transaction } from 'kysely';

/**
 * The catalogue's tables: collections, items, their variants (with live stock), the items' terms
 * and the stock ledger. Portable column types only (text, integer, bigint): booleans are 0/1
 * integers and times are epoch milliseconds (PostgreSQL returns bigint as a string: read them with `Number`).
 */
type Millis = ColumnType<number | string, number, number>;

export interface CollectionsTable {
  id: string;
  url_id: string;
  title: string;
  type_name: string;
  type: number;
  homepage: number;
  position: number;
  /** The collection's content JSON (without its items). */
  data: string;
  updated_on: Millis;
  /** Moves with every write of the collection: a change made on an older version is refused (409). */
  version: ColumnType<number, number | undefined, number>;
  /** The staff member's address who saved last; null for content imports. */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Moves with every write of the collection (editor or import): a layout saved on an older one is refused (409). */
  content_version: ColumnType<number, number | undefined, number>;
  /** The staff member's address who saved the layout last; null after an import. */
  content_updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 when the page is disabled: the storefront answers 404 and lists neither it nor its items. */
  enabled: ColumnType<number, number | undefined, number>;
}

/** Every save of a store page in the back office: what it was after the save, and what changed. */
export interface CollectionRevisionsTable {
  id: string;
  collection_id: string;
  version: number;
  saved_on: Millis;
  saved_by: string | null;
  /** Title, slug, page size, categories and product order after the save (JSON). */
  page: string;
  /** Readable changes against the version before (JSON array of strings). */
  changes: string;
}

/**
 * Every save of a page in the Pages screen: `{ title, urlId, enabled, data }` after the save, and what
 * changed. The store page screen keeps its own (`collection_revisions`): the two restore different
 * things; both move the collection's one `version`.
 */
export interface PageRevisionsTable {
  id: string;
  collection_id: string;
  version: number;
  saved_on: Millis;
  saved_by: string | null;
  page: string;
  changes: string;
}

export interface ItemsTable {
  id: string;
  collection_id: string;
  url_id: string;
  title: string;
  record_type: number;
  /** structuredContent.productType for store items, null otherwise. */
  product_type: number | null;
  position: number;
  starred: number;
  added_on: Millis;
  publish_on: Millis;
  /** The content's `startDate` (0 without one), kept by content sync (event-dates.ts). */
  event_start: ColumnType<number | string, number | undefined, number>;
  /** The content's `endDate`, else its start. */
  event_end: ColumnType<number | string, number | undefined, number>;
  /** The item's content JSON (variants' live stock is in `variants`). */
  data: string;
  updated_on: Millis;
  /** Moves with every write of the item: a save made on an older version is refused (409). */
  version: ColumnType<number, number | undefined, number>;
  /** The staff member's address who saved last; null for content and CSV imports. */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the content says `isHidden`: the storefront does not show it. */
  hidden: ColumnType<number, number | undefined, number>;
  /** The cheapest variant's unit price, kept by triggers on `variants` (the list's price order). */
  from_price_cents: ColumnType<number | string, number | undefined, number>;
}

/** Every save of a product in the back office: what it was after the save, and what changed. */
export interface ItemRevisionsTable {
  id: string;
  item_id: string;
  version: number;
  saved_on: Millis;
  saved_by: string | null;
  /** The wire's ProductInput after the save, as JSON. */
  product: string;
  /** Readable changes against the version before (JSON array of strings). */
  changes: string;
}

/** Every save of a page's layout in the back office: its blocks after the save, and what changed. */
export interface PageContentRevisionsTable {
  id: string;
  collection_id: string;
  version: number;
  saved_on: Millis;
  saved_by: string | null;
  /** The layout's blocks after the save (JSON array). */
  blocks: string;
  /** Readable changes against the version before (JSON array of strings). */
  changes: string;
}

/** An item's former address: the storefront answers 301 to where the item is now. */
export interface ItemRedirectsTable {
  collection_id: string;
  url_id: string;
  item_id: string;
  created: Millis;
}

/** An item's categories, tags and author (display name in `label`), kept by content sync for filters. */
export interface ItemTermsTable {
  item_id: string;
  collection_id: string;
  kind: 'category' | 'tag' | 'author';
  /** The term's index in the item's list (first-seen order of a collection's categories). */
  position: number;
  value: string;
  label: string | null;
}

export interface VariantsTable {
  id: string;
  item_id: string;
  sku: string;
  position: number;
  currency: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: number;
  /** What one unit costs a shopper (core's `variantUnitPrice`), for sorting by price in SQL. */
  unit_price_cents: number;
  /** Stock: owned by the database once inserted (content gives the starting values only). */
  unlimited: number;
  qty_in_stock: number;
  /** The variant's content JSON (attributes, optionValues, sizes...). */
  data: string;
}

/** Every stock change made by the back office: 'cancellation', 'adjustment', 'set'. */
export interface StockLedgerTable {
  id: string;
  created: Millis;
  variant_id: string;
  /** Units added (positive) or taken (negative). */
  change: number;
  reason: string;
  /** The order, for order and cancellation entries. */
  ref_id: string | null;
  actor_id: string | null;
  note: string | null;
}

/** A store page's former URL slug, answered with a 301 to where the page is now. */
export interface CollectionRedirectsTable {
  old_url_id: string;
  collection_id: string;
  created: Millis;
  /** Where a deleted page's address goes (a path of this site); null: to its collection. */
  target_path: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * Digital products' files (migration 2026-11-28-046): private, handed out only by an order's
 * signed download link. A product names its file by id (`structuredContent.digitalFileId`), so
 * choosing a file is part of a versioned save and a revision restores the file it had. A row is
 * written before its bytes and marked complete after the last chunk: an upload that breaks off is
 * never a file a product can name.
 */
export interface DigitalFilesTable {
  id: string;
  /** The uploader's own file name: what the buyer's download is saved as. */
  file_name: string;
  content_type: string;
  bytes: ColumnType<number | string, number | undefined, number>;
  sha256: ColumnType<string, string | undefined, string>;
  /** 1 once every chunk is written. */
  complete: ColumnType<number, number | undefined, number>;
  uploaded_on: Millis;
  uploaded_by: string | null;
}

/** The bytes, in order, a chunk of about a megabyte each (SQLite BLOB, PostgreSQL bytea). */
export interface DigitalFileChunksTable {
  file_id: string;
  seq: number;
  data: Buffer;
}

export interface CatalogueTables {
  collections: CollectionsTable;
  items: ItemsTable;
  variants: VariantsTable;
  item_terms: ItemTermsTable;
  stock_ledger: StockLedgerTable;
  collection_redirects: CollectionRedirectsTable;
  item_revisions: ItemRevisionsTable;
  item_redirects: ItemRedirectsTable;
  collection_revisions: CollectionRevisionsTable;
  page_content_revisions: PageContentRevisionsTable;
  digital_files: DigitalFilesTable;
  digital_file_chunks: DigitalFileChunksTable;
  page_revisions: PageRevisionsTable;
}

export type CollectionRow = Selectable<CollectionsTable>;
export type ItemRow = Selectable<ItemsTable>;
export type VariantRow = Selectable<VariantsTable>;
export type ItemTermRow = Selectable<ItemTermsTable>;

/**
 * The catalogue stores' handles, narrowed to these tables: a transaction where the write must run in
 * the caller's, else the database or a transaction (Kysely's `Transaction<any>` is not assignable to
 * `Kysely<CatalogueTables>`, hence the union).
 */
export type CatalogueTrx = Transaction<CatalogueTables>;
export type CatalogueDb = Kysely<CatalogueTables> | CatalogueTrx;
