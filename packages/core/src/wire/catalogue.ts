/**
 * The catalogue editor's HTTP contract (`/api/config/products…`, `/api/config/store-pages…`,
 * `/api/config/media…`): what the server's handlers take and answer and what the screens of
 * packages/web/src/config send and read. Prices travel as decimal strings in the store's currency
 * ("44.00"), never as floats; times as epoch milliseconds; a local date-time the merchant typed as
 * `YYYY-MM-DDTHH:mm` in the site's time zone.
 */
import type { CursorPage } from './config.ts';

// ------------------------------------------------------------------ products

/** The product types a merchant picks (spec §5 productType codes: 1 physical, 2 digital, 3 service, 4 gift card). */
export type ProductKind = 'physical' | 'digital' | 'service' | 'gift-card';

/** Visible now, hidden, or visible from a local date-time in the site's time zone. */
export type ProductVisibility =
  { state: 'visible' } | { state: 'hidden' } | { state: 'scheduled'; from: string };

export interface ProductOption {
  name: string;
  /** In the order the shopper's picker shows them. */
  values: string[];
}

export interface ProductDimensions {
  length: number;
  width: number;
  height: number;
}

export interface ProductVariantInput {
  /** Absent for a variant the editor has just generated. */
  id?: string;
  sku: string;
  /** Option name -> value, one entry per product option. */
  options: Record<string, string>;
  price: string;
  salePrice: string;
  onSale: boolean;
  /** Units in stock, or unlimited. */
  stock: number | 'unlimited';
  /**
   * The stock the editor loaded (the record's `stock`). When given, a typed change is applied as
   * the difference (typed minus seen) to the stock as it is at the save, so orders taken meanwhile
   * stay counted; when `stock` equals it, the stock is left alone. Without it, `stock` is set as typed.
   */
  stockSeen?: number | 'unlimited';
  /** In the store's weight unit. */
  weight: number;
  dimensions: ProductDimensions;
  /** The product image shown when this variant is picked. */
  imageId: string | null;
}

export interface ProductImageInput {
  /** A media library asset. */
  mediaId: string;
  alt: string;
  focalPoint: { x: number; y: number };
}

export interface ProductMerchandising {
  scarcityEnabled: boolean;
  scarcityShownByDefault: boolean;
  scarcityText: string;
  soldOutText: string;
  restockNotificationsEnabled: boolean;
  restockMailingListOptIn: boolean;
}

/** What the editor saves (create and update). */
export interface ProductInput {
  title: string;
  slug: string;
  /** Rich text, as the editor writes it (sanitised on the server). */
  descriptionHtml: string;
  kind: ProductKind;
  options: ProductOption[];
  variants: ProductVariantInput[];
  images: ProductImageInput[];
  /** The store page (a products collection) the product lives on. */
  storePageId: string;
  categories: string[];
  tags: string[];
  visibility: ProductVisibility;
  seoTitle: string;
  seoDescription: string;
  merchandising: ProductMerchandising;
  addButtonText: string;
  /** The form the shopper fills in before adding (spec "additional fields"), or none. */
  additionalFieldsFormId: string | null;
  /** Digital products: the file delivered after payment (a `DigitalFile`'s id). */
  digitalFileId: string | null;
  /** Gift cards: the amounts offered. */
  giftCardDenominations: string[];
  /** Physical and service products only (spec §5). */
  subscriptionPlans: { interval: 'week' | 'month' | 'year'; every: number; price: string }[];
}

/** One saved product, as the editor loads it. */
export interface ProductRecord extends ProductInput {
  id: string;
  /** Sent back with a save: a save made on an older version answers 409 `record-changed`. */
  version: number;
  updatedOn: number;
  /** The staff member who saved last (their email), null for an import or the content folder. */
  updatedBy: string | null;
  currency: string;
  /** The storefront address of the product. */
  url: string;
}

export type ProductStockState = 'in-stock' | 'low' | 'out-of-stock';

/** One row of the product list. */
export interface ProductSummary {
  id: string;
  title: string;
  kind: ProductKind;
  storePageId: string;
  storePageTitle: string;
  visibility: ProductVisibility['state'];
  /** The cheapest variant's price ("from"), decimal. */
  price: string;
  onSale: boolean;
  variantCount: number;
  /** Units over all variants; null when any variant is unlimited. */
  stock: number | null;
  stockState: ProductStockState;
  imageUrl: string | null;
  updatedOn: number;
}

export type ProductListSort = 'title' | '-title' | 'updated' | '-updated' | 'price' | '-price' | 'position';

/** `GET /api/config/products` query. */
export interface ProductListQuery {
  q?: string;
  kind?: ProductKind;
  visibility?: ProductVisibility['state'];
  stock?: ProductStockState;
  storePageId?: string;
  category?: string;
  sort?: ProductListSort;
  cursor?: string;
  limit?: number;
}

export type ProductPage = CursorPage<'products', ProductSummary> & { total: number };

/** 409 `record-changed`: a save on a stale version. The form keeps what was typed. */
export interface RecordChanged {
  code: 'record-changed';
  message: string;
  changedBy: string | null;
  changedOn: number;
  currentVersion: number;
}

/** One save of a record edited on a version (product, store page, media file). */
export interface RecordRevision {
  id: string;
  version: number;
  savedOn: number;
  savedBy: string | null;
  /** What changed against the version before, field by field ("Price of M / Oat"). */
  changes: string[];
}

/** `GET …/:id/revisions`, newest first; `POST …/:id/revisions/:revisionId/restore` saves one again. */
export interface RecordRevisions {
  revisions: RecordRevision[];
}

export type ProductRevision = RecordRevision;
export type ProductRevisions = RecordRevisions;

/** `POST /api/config/products/bulk`: one transaction, one revision per product. */
export type ProductBulkAction =
  | { action: 'visibility'; visibility: ProductVisibility }
  | { action: 'store-page'; storePageId: string }
  | { action: 'add-category'; category: string }
  | { action: 'remove-category'; category: string }
  | { action: 'price-percent'; percent: number }
  | { action: 'delete' };

export type ProductBulkRequest = { productIds: string[] } & ProductBulkAction;

// ------------------------------------------------------------------ store pages and categories

export interface StorePageSummary {
  id: string;
  title: string;
  slug: string;
  productCount: number;
  /** Products in the order the merchant dragged them into (user-orderable pages). */
  userOrderable: boolean;
  /** Products per page of the storefront's list. */
  pageSize: number;
  /** Nested categories as paths ("Home/Kitchen"). */
  categories: string[];
}

export interface StorePages {
  storePages: StorePageSummary[];
}

/** One product of a store page, as the order list shows it. */
export interface StorePageProduct {
  id: string;
  title: string;
  imageUrl: string | null;
}

/** `GET /api/config/store-pages/:id`: the page, with its products in the storefront's order. */
export interface StorePageDetail extends StorePageSummary {
  /** Sent back with each change: one made on an older version answers 409 `record-changed`. */
  version: number;
  updatedOn: number;
  /** The staff member who saved last, null for an import or the content folder. */
  updatedBy: string | null;
  /** In the storefront's order; empty when the page holds more than can be ordered by hand. */
  products: StorePageProduct[];
  /** How many products can be ordered by hand (spec §9: items in a user-orderable collection). */
  orderLimit: number;
}

/** `POST /api/config/store-pages`; `PATCH …/:id` takes any of its fields with the `version` it was loaded at. */
export interface StorePageInput {
  title: string;
  slug: string;
  pageSize: number;
}

/** `PUT /api/config/store-pages/:id/order`: every product of the page, in the new order. */
export interface StorePageOrder {
  /** The page's version the order was made on. */
  version: number;
  productIds: string[];
}

/**
 * Categories of a store page: `POST …/:id/categories` `{ path }` adds one (and its parents);
 * `PATCH …/:id/categories` `{ from, to }` renames one with everything under it, on every product;
 * `DELETE …/:id/categories?path=` removes one with everything under it, from every product;
 * `PUT …/:id/categories/order` `{ categories }` gives every path in the new order. Each answers the
 * StorePageDetail.
 */
export interface CategoryCreate {
  path: string;
}
export interface CategoryRename {
  from: string;
  to: string;
}
export interface CategoryOrder {
  categories: string[];
}

// ------------------------------------------------------------------ media

export interface MediaUse {
  kind: 'product' | 'page' | 'post' | 'collection' | 'site';
  id: string;
  title: string;
}

export interface MediaAsset {
  id: string;
  /** The address the site prints (`/media/…`), from which the image service derives widths. */
  url: string;
  fileName: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  alt: string;
  title: string;
  /** Where a crop keeps its centre, 0 to 1 from the left and from the top. */
  focalPoint: { x: number; y: number };
  uploadedOn: number;
  usedBy: MediaUse[];
  /** Sent back with a change: one made on an older version answers 409 `record-changed`. */
  version: number;
  updatedOn: number;
  updatedBy: string | null;
}

/** `PATCH /api/config/media/:id`: any of the fields, with the version the screen loaded. */
export interface MediaAssetChange {
  version: number;
  alt?: string;
  title?: string;
  focalPoint?: { x: number; y: number };
}

export type MediaPage = CursorPage<'assets', MediaAsset>;

// ------------------------------------------------------------------ a digital product's file

/**
 * The file a digital product's buyers download once paid: private, never at a `/media` address.
 * `POST /api/config/digital-files` (multipart) answers it; a product names it by `digitalFileId`.
 */
export interface DigitalFile {
  id: string;
  fileName: string;
  contentType: string;
  bytes: number;
  uploadedOn: number;
  uploadedBy: string | null;
}

// ------------------------------------------------------------------ product CSV

/** The product CSV a file follows: Squarespace 7.1's or Shopify's columns. */
export type ProductCsvFormat = 'squarespace' | 'shopify';

/** One problem of a file: its line (1 is the header), the column's name ('' for the whole line), what to do. */
export interface ProductCsvProblem {
  line: number;
  column: string;
  message: string;
}

/** 422 `csv-invalid` of `POST /api/config/products/import`: nothing was imported. */
export interface ProductCsvProblems {
  code: 'csv-invalid';
  message: string;
  problems: ProductCsvProblem[];
}

/** What an import did (or, with `dryRun`, would do). */
export interface ProductImportResult {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  variants: number;
  /** Image addresses outside the site's own media: listed, never fetched. */
  notFetched: { line: number; url: string }[];
}

/**
 * The streamed answer's lines (`Accept: application/x-ndjson`), one JSON object a line: progress
 * while writing, then the result, or the error that rolled everything back.
 */
export type ProductImportLine =
  | { progress: { written: number; total: number } }
  | { result: ProductImportResult }
  | { error: { code: string; message: string } };
