/** The catalogue module's API: what other modules, the storefront, the back office and the app use. */
export {
  CatalogueCache,
  uncachedReads,
  type CatalogueReads,
  type ContentVersion,
} from './catalogue-cache.ts';
export {
  collectionAddresses,
  countAllItems,
  firstGiftCardId,
  itemsInCatalogueOrder,
  type ItemWalkKey,
  getItemsByIds,
  itemsForSaleByIds,
  itemAddresses,
  itemsWithCollectionUrls,
  productAndVariant,
  storedItemContent,
  type ItemAddress,
  PRODUCT_SORTS,
  type EventKey,
  type EventsPageQuery,
  type ItemWhere,
  type PageQuery,
  type ProductSort,
  type TermFilter,
} from './catalogue-store.ts';
export {
  availableVariantIds,
  lowStockVariants,
  productStock,
  returnOrderStock,
  returnStock,
  stockLockOrder,
  stockOfRow,
  takeStock,
  variantAttributes,
  variantsStock,
  type OrderStockLine,
  type VariantStockRow,
} from './stock-store.ts';
export { eventEndOf, eventStartOf } from './event-dates.ts';
export { anyProduct } from './product-store.ts';
export {
  storeCurrency,
  syncCatalogue,
  syncContent,
  takeContentTurn,
  type CatalogueChanges,
  type RowChanges,
  type SyncOptions,
  type SyncResult,
} from './content-sync.ts';
export { storedCatalogue, storedCollections, storedItems } from './content-export.ts';
export {
  productBulkBody,
  productEditorRoutes,
  productListQuery,
  productSearchQuery,
  searchProducts,
} from './admin-products.ts';
export {
  productContent,
  productInputOf,
  type ImageAddress,
  type ProductMedia,
  type ProductSite,
} from './product-content.ts';
export { checkProduct, MAX_VARIANTS, productInput } from './product-rules.ts';
export {
  changeStock,
  LEDGER_CSV_COLUMNS,
  ledgerCsv,
  ledgerFilter,
  ledgerQuery,
  listStock,
  LOW_STOCK,
  stockChangeBody,
  stockLedger,
  stockQuery,
  type AccountEmails,
} from './admin-stock.ts';
export { catalogueMediaUses, type CatalogueMediaUse } from './media-uses-store.ts';
export { formUses, type FormUse } from './form-uses-store.ts';
export type { CatalogueTables } from './tables.ts';
export { catalogueMigrations } from './migrations.ts';
export { movedCollectionPath } from './collection-store.ts';
export { catalogueAdminRoutes, type CatalogueAdminOptions } from './admin-routes.ts';
export { postForPreview, postPreviewPath, type StaffMember } from './post-editor.ts';
export { digitalFileById, digitalFileChunks, type DigitalFileRow } from './digital-file-store.ts';
