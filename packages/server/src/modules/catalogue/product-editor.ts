/**
 * The product editor's work (issue 30): load, create, save on a version, duplicate, delete,
 * revisions and their restore, bulk changes, and the product list. Every write is one
 * `writeTransaction` that refuses a stale version (409 naming who saved and when), writes the item
 * and its variants through content sync's own upsert (so the storefront reads them as it reads
 * imported ones), puts stock changes in the ledger, keeps a revision, and touches the change keys
 * of the store pages that show the product: every instance shows the save on its next request.
 */
import type {
  ProductBulkRequest,
  ProductInput,
  ProductListQuery,
  ProductPage,
  ProductRecord,
  ProductRevisions,
  ProductStockState,
  ProductSummary,
} from '@storefront/core/wire';
import {
  decimalToMinor,
  message,
  minorToDecimal,
  moneyToCents,
  productOf,
  variantUnitPrice,
} from '@storefront/core';
import { withVariantSkus } from '@storefront/core/product-editing';
import { changeKey, type ChangeKey } from '../../platform/db/change-version.ts';
import type { Db, Trx } from '../../platform/db/index.ts';
import { writeTransaction, type UnitChanges } from '../../platform/db/transaction.ts';
import { decodeCursor, pageOf } from '../../platform/http/cursor.ts';
import { apiError } from '../../platform/http/errors.ts';
import { recordChanged as recordChangedBy, revisionOnWire } from '../../platform/http/record-changed.ts';
import { likePattern } from '../../platform/http/list-search.ts';
import type { CollectionContent, ItemContent, VariantContent } from '../../platform/site/types.ts';
import { itemUrl } from '../../platform/site/urls.ts';
import { itemDocument, writeSearchDocuments } from '../search/index.ts';
import { toCollection } from './catalogue-store.ts';
import { eventEndOf, eventStartOf } from './event-dates.ts';
import {
  kindCode,
  kindOf,
  newId,
  productContent,
  productInputOf,
  storedImages,
  type ImageAddress,
  type ProductMedia,
  type ProductSite,
} from './product-content.ts';
import { checkProduct, productChanges } from './product-rules.ts';
import {
  addRevision,
  claimVersion,
  collectionRow,
  itemVersion,
  countProducts,
  forgetAddress,
  forgetItemAddresses,
  liveStock,
  listProductRows,
  LOW_STOCK_UNITS,
  moveAddress,
  nextPosition,
  productRow,
  revisionOf,
  revisionsOf,
  setVariantStock,
  slugTaken,
  variantTotals,
  type ListSort,
  type ProductRow,
} from './product-store.ts';
import { digitalFileById } from './digital-file-store.ts';
import { recordStockChanges } from './stock-store.ts';
import { removeUnlisted, replaceTerms, upsert, type Wanted } from './sync-store.ts';

/** Who is saving: their address (kept on the record and its revision) and account (in the stock ledger). */
export interface Editor {
  email: string;
  accountId: string;
}

const BATCH = 500;
const REVISIONS_SHOWN = 100;

/** A stored row as the editor's record, with the live stock of its variants. */
async function recordOf(
  db: Db,
  row: ProductRow,
  site: ProductSite,
  collection: CollectionContent,
): Promise<ProductRecord> {
  const item = JSON.parse(row.data) as ItemContent;
  const input = await inputWithLiveStock(db, row, site);
  return {
    ...input,
    id: row.id,
    version: row.version,
    updatedOn: row.updated_on,
    updatedBy: row.updated_by,
    currency: site.currency,
    url: itemUrl(collection, item),
  };
}

/**
 * Every image's address by its `mediaId`: a library asset's, else (an image the product had before the
 * library, such as one imported with content/) the address it was stored with. An id that is neither
 * is refused: the image would print nothing.
 */
async function imageAddresses(
  db: Db,
  input: ProductInput,
  base: ItemContent | undefined,
  media: ProductMedia,
): Promise<Map<string, ImageAddress>> {
  const wanted = input.images.map((image) => image.mediaId);
  const found = new Map(await media.addressesOf(db, wanted));
  const stored = storedImages(base);
  for (const mediaId of wanted) {
    if (found.has(mediaId)) continue;
    const kept = stored.get(mediaId);
    if (!kept) throw apiError('catalogue.image-unknown', { params: { mediaId }, extra: { field: 'images' } });
    found.set(mediaId, kept);
  }
  return found;
}

/** The stored images named by their library asset, where the library holds their file, so the editor can show them. */
async function withLibraryIds(
  db: Db,
  input: ProductInput,
  item: ItemContent,
  media: ProductMedia,
): Promise<ProductInput> {
  const stored = storedImages(item);
  const ids = await media.idsOf(
    db,
    [...stored.values()].map((address) => address.url),
  );
  const idOf = (mediaId: string) => ids.get(stored.get(mediaId)?.url ?? '') ?? mediaId;
  return {
    ...input,
    images: input.images.map((image) => ({ ...image, mediaId: idOf(image.mediaId) })),
    variants: input.variants.map((v) => ({ ...v, imageId: v.imageId === null ? null : idOf(v.imageId) })),
  };
}

async function inputWithLiveStock(db: Db, row: ProductRow, site: ProductSite): Promise<ProductInput> {
  const item = JSON.parse(row.data) as ItemContent;
  const input = await withLibraryIds(db, productInputOf(item, row.collection_id, site), item, site.media);
  const live = await liveStock(db, [row.id]);
  return {
    ...input,
    variants: input.variants.flatMap((v) => {
      const stock = v.id === undefined ? undefined : live.get(v.id);
      return stock ? [{ ...v, stock: stock.unlimited ? ('unlimited' as const) : stock.qty }] : [];
    }),
  };
}

async function collectionOf(db: Db, id: string): Promise<CollectionContent | undefined> {
  const row = await collectionRow(db, id);
  return row && toCollection(row);
}

async function storePageOf(db: Db, id: string): Promise<CollectionContent> {
  const page = await collectionOf(db, id);
  if (!page || page.typeName !== 'products')
    throw apiError('catalogue.product-store-page-unknown', { extra: { field: 'storePageId' } });
  return page;
}

async function existing(db: Db, id: string): Promise<ProductRow> {
  const row = await productRow(db, id);
  if (!row) throw apiError('catalogue.product-not-found');
  return row;
}

export async function loadProduct(db: Db, id: string, site: ProductSite): Promise<ProductRecord> {
  const row = await existing(db, id);
  return recordOf(db, row, site, await storePageOf(db, row.collection_id));
}

/** 409 naming who saved the version the editor did not see, and when (in the site's time zone). */
const recordChanged = (row: ProductRow, site: ProductSite) =>
  recordChangedBy(
    { updatedBy: row.updated_by, updatedOn: row.updated_on, version: row.version },
    site.timeZone,
    'product',
  );

interface Write {
  /** The product's id; its row when it exists. */
  id: string;
  row: ProductRow | undefined;
  input: ProductInput;
  editor: Editor | null;
  /** The revision's words, when not the difference with the version before (a restore). */
  changesFirst?: string[];
  /** Keep the live stock of variants that exist (a restore does not bring old stock back). */
  keepLiveStock?: boolean;
}

/** Writes one product in `trx`: item, variants, stock, terms, search, address, revision, change keys. */
async function writeProduct(
  trx: Trx,
  changes: UnitChanges,
  site: ProductSite,
  write: Write,
): Promise<{ version: number; collection: CollectionContent }> {
  const { id, row, editor } = write;
  const db: Db = trx;
  const page = await storePageOf(db, write.input.storePageId);
  const fileId = write.input.digitalFileId;
  // A digital product's file is one uploaded whole (admin-digital-file.ts): its buyers download it.
  if (write.input.kind === 'digital' && fileId !== null && !(await digitalFileById(trx, fileId)))
    throw apiError('catalogue.digital-file-unknown', { extra: { field: 'digitalFileId' } });
  if (await slugTaken(trx, page.id, write.input.slug, row?.id))
    throw apiError('catalogue.product-slug-taken', {
      params: { slug: write.input.slug },
      extra: { field: 'slug' },
    });
  const live = await liveStock(trx, row ? [row.id] : []);
  const input: ProductInput = {
    ...write.input,
    variants: withVariantSkus(write.input, write.input.variants).map(({ stockSeen, ...v }) => {
      const now = v.id === undefined ? undefined : live.get(v.id);
      if (!now) return v;
      const current = now.unlimited ? ('unlimited' as const) : now.qty;
      if (write.keepLiveStock || (stockSeen !== undefined && stockSeen === v.stock))
        return { ...v, stock: current };
      if (
        stockSeen === undefined ||
        stockSeen === 'unlimited' ||
        v.stock === 'unlimited' ||
        current === 'unlimited'
      )
        return v;
      // What the editor typed, as a change to what it saw: orders taken meanwhile stay counted.
      const level = current + (v.stock - stockSeen);
      if (level < 0)
        throw apiError('stock.below-zero', { params: { stock: current, taking: stockSeen - v.stock } });
      return { ...v, stock: level };
    }),
  };
  const before = row ? await inputWithLiveStock(db, row, site) : undefined;
  const base = row ? (JSON.parse(row.data) as ItemContent) : undefined;
  const content = productContent(input, base, id, site, await imageAddresses(db, input, base, site.media));
  const now = site.now;
  const position = row && row.collection_id === page.id ? row.position : await nextPosition(trx, page.id);
  const addedOn = typeof base?.addedOn === 'number' ? base.addedOn : now;
  if (!base) content.addedOn = addedOn;
  const itemRow: Wanted = {
    fields: {
      id,
      collection_id: page.id,
      url_id: content.urlId,
      title: content.title,
      record_type: 11,
      product_type: kindCode(input.kind),
      position,
      starred: content.starred === true ? 1 : 0,
      added_on: addedOn,
      publish_on: typeof content.publishOn === 'number' ? content.publishOn : now,
      event_start: eventStartOf(content),
      event_end: eventEndOf(content),
      updated_by: editor?.email ?? null,
    },
    json: content,
  };
  const contentVariants = (content.structuredContent?.variants ?? []) as VariantContent[];
  const product = productOf(content);
  const variantRows: Wanted[] = contentVariants.map((variant, index) => ({
    fields: {
      id: variant.id,
      item_id: id,
      sku: variant.sku,
      position: index,
      currency: site.currency,
      price_cents: moneyToCents(variant.priceMoney).cents,
      sale_price_cents: moneyToCents(variant.salePriceMoney).cents,
      on_sale: variant.onSale ? 1 : 0,
      unit_price_cents: variantUnitPrice(
        product,
        product.variants.find((v) => v.id === variant.id),
      ).cents,
      unlimited: variant.unlimited ? 1 : 0,
      qty_in_stock: variant.qtyInStock ?? 0,
    },
    json: variant,
  }));
  const kept = new Set(contentVariants.map((v) => v.id));
  await removeUnlisted(
    trx,
    { collections: [], items: [], variants: [...live.keys()].filter((v) => !kept.has(v)) },
    now,
    BATCH,
  );
  await upsert(trx, 'items', [itemRow], now, BATCH);
  await replaceTerms(trx, [itemRow], BATCH);
  await upsert(trx, 'variants', variantRows, now, BATCH);

  // Stock the editor typed goes through the ledger, as a staff correction.
  const ledger = [];
  for (const variant of contentVariants) {
    const wanted = { unlimited: variant.unlimited === true, qty: variant.qtyInStock ?? 0 };
    const was = live.get(variant.id);
    const units = (s: { unlimited: boolean; qty: number } | undefined) => (s && !s.unlimited ? s.qty : 0);
    if (was && was.unlimited === wanted.unlimited && (wanted.unlimited || was.qty === wanted.qty)) continue;
    if (was) await setVariantStock(trx, variant.id, wanted);
    const change = units(wanted) - units(was);
    if (change !== 0)
      ledger.push({
        variantId: variant.id,
        change,
        reason: 'correction' as const,
        actorId: editor?.accountId ?? null,
        note: message('catalogue.ledger-note'),
      });
  }
  await recordStockChanges(trx, ledger, now);

  const moved = row && (row.collection_id !== page.id || row.url_id !== content.urlId);
  if (row && moved)
    await moveAddress(
      trx,
      { collectionId: row.collection_id, urlId: row.url_id },
      { collectionId: page.id, urlId: content.urlId },
      id,
      now,
    );
  else if (!row) await forgetAddress(trx, { collectionId: page.id, urlId: content.urlId });

  await writeSearchDocuments(trx, [
    {
      id,
      // A hidden product is found by no search (no document: its old one goes).
      document: () =>
        content.isHidden === true
          ? undefined
          : itemDocument(page, content, Number(itemRow.fields.publish_on)),
    },
  ]);

  const version = await itemVersion(trx, id);
  const after = productInputOf(content, page.id, site);
  await addRevision(trx, {
    id: newId(),
    item_id: id,
    version,
    saved_on: now,
    saved_by: editor?.email ?? null,
    product: JSON.stringify(after),
    changes: JSON.stringify([...(write.changesFirst ?? []), ...productChanges(before, after)]),
  });
  const keys: ChangeKey[] = [changeKey.collection(page.id), changeKey.item(id)];
  if (row) keys.push(changeKey.collection(row.collection_id));
  changes.touch(...keys);
  return { version, collection: page };
}

/** Creates a product; answers its record. */
export async function createProduct(
  db: Db,
  site: ProductSite,
  editor: Editor,
  input: ProductInput,
): Promise<ProductRecord> {
  checkProduct(input, site.currency, site.timeZone);
  const id = newId();
  await writeTransaction(db, (trx, changes) =>
    writeProduct(trx, changes, site, { id, row: undefined, input, editor }),
  );
  return loadProduct(db, id, site);
}

/** Saves a product loaded at `version`; 409 when someone saved it since. */
export async function saveProduct(
  db: Db,
  site: ProductSite,
  editor: Editor,
  id: string,
  version: number,
  input: ProductInput,
): Promise<ProductRecord> {
  checkProduct(input, site.currency, site.timeZone);
  await writeTransaction(db, async (trx, changes) => {
    const row = await existing(trx, id);
    if (!(await claimVersion(trx, id, version)))
      throw recordChanged((await productRow(trx, id)) ?? row, site);
    await writeProduct(trx, changes, site, { id, row, input, editor });
  });
  return loadProduct(db, id, site);
}

/** A free URL slug on the store page, from `slug` (`slug-copy`, `slug-copy-2`, ...). */
async function freeSlug(db: Db, collectionId: string, slug: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = `${slug}-copy${n === 1 ? '' : `-${n}`}`.slice(0, 200);
    if (!(await slugTaken(db, collectionId, candidate, undefined))) return candidate;
  }
}

/** A hidden copy of a product, without stock, on the same store page. */
export async function duplicateProduct(
  db: Db,
  site: ProductSite,
  editor: Editor,
  id: string,
): Promise<ProductRecord> {
  const original = await loadProduct(db, id, site);
  const copy: ProductInput = {
    ...inputOfRecord(original),
    title: message('catalogue.copy-title', { title: original.title }),
    slug: await freeSlug(db, original.storePageId, original.slug),
    visibility: { state: 'hidden' },
    variants: original.variants.map(({ id: _id, ...v }) => ({
      ...v,
      stock: v.stock === 'unlimited' ? v.stock : 0,
    })),
  };
  return createProduct(db, site, editor, copy);
}

function inputOfRecord(record: ProductRecord): ProductInput {
  const { id: _id, version: _v, updatedOn: _on, updatedBy: _by, currency: _c, url: _url, ...input } = record;
  return input;
}

/** Removes a product (carts keep their entries: the storefront skips what is gone). */
async function removeProduct(trx: Trx, changes: UnitChanges, row: ProductRow, now: number): Promise<void> {
  const variants = [...(await liveStock(trx, [row.id])).keys()];
  await removeUnlisted(trx, { collections: [], items: [row.id], variants }, now, BATCH);
  await forgetItemAddresses(trx, [row.id]);
  await writeSearchDocuments(trx, [], [row.id]);
  changes.touch(changeKey.collection(row.collection_id), changeKey.item(row.id));
}

export async function deleteProduct(db: Db, id: string, now: number): Promise<{ deleted: string }> {
  await writeTransaction(db, async (trx, changes) => {
    const row = await existing(trx, id);
    await removeProduct(trx, changes, row, now);
  });
  return { deleted: id };
}

export async function productRevisions(db: Db, id: string): Promise<ProductRevisions> {
  await existing(db, id);
  const rows = await revisionsOf(db, id, REVISIONS_SHOWN);
  return {
    revisions: rows.map(revisionOnWire),
  };
}

/** Saves the product as a revision had it (a new save, with a revision of its own); live stock stays. */
export async function restoreRevision(
  db: Db,
  site: ProductSite,
  editor: Editor,
  id: string,
  revisionId: string,
): Promise<ProductRecord> {
  const revision = await revisionOf(db, id, revisionId);
  if (!revision) throw apiError('catalogue.revision-not-found');
  const input = JSON.parse(revision.product) as ProductInput;
  checkProduct(input, site.currency, site.timeZone);
  await writeTransaction(db, async (trx, changes) => {
    const row = await existing(trx, id);
    await writeProduct(trx, changes, site, {
      id,
      row,
      input,
      editor,
      keepLiveStock: true,
      changesFirst: [message('catalogue.change-restored', { version: revision.version })],
    });
  });
  return loadProduct(db, id, site);
}

/** `price` changed by `percent`, in the currency's minor units (half away from zero); undefined below zero. */
function changedPrice(price: string, percent: number, currency: string): string | undefined {
  const minor = decimalToMinor(price, currency);
  if (!minor.ok) return price;
  const changed = Math.round((minor.value * (100 + percent)) / 100);
  return changed < 0 ? undefined : minorToDecimal(changed, currency);
}

/** One change to many products, in one transaction, with one revision each; any refusal changes nothing. */
export async function bulkChange(
  db: Db,
  site: ProductSite,
  editor: Editor,
  request: ProductBulkRequest,
): Promise<{ changed: number }> {
  const ids = [...new Set(request.productIds)];
  await writeTransaction(db, async (trx, changes) => {
    const t = trx;
    for (const id of ids) {
      const row = await productRow(t, id);
      if (!row) throw apiError('catalogue.bulk-unknown-product', { params: { id } });
      if (request.action === 'delete') {
        await removeProduct(t, changes, row, site.now);
        continue;
      }
      const input = await inputWithLiveStock(trx, row, site);
      const next: ProductInput = { ...input };
      switch (request.action) {
        case 'visibility':
          next.visibility = request.visibility;
          break;
        case 'store-page':
          next.storePageId = request.storePageId;
          break;
        case 'add-category':
          if (!next.categories.includes(request.category))
            next.categories = [...next.categories, request.category];
          break;
        case 'remove-category':
          next.categories = next.categories.filter((c) => c !== request.category);
          break;
        case 'price-percent':
          next.variants = next.variants.map((v) => {
            const price = changedPrice(v.price, request.percent, site.currency);
            const salePrice = changedPrice(v.salePrice, request.percent, site.currency);
            if (price === undefined || salePrice === undefined)
              throw apiError('catalogue.bulk-price-negative', {
                params: { percent: request.percent, product: row.title },
              });
            return { ...v, price, salePrice };
          });
          break;
      }
      checkProduct(next, site.currency, site.timeZone);
      await writeProduct(t, changes, site, { id, row, input: next, editor });
    }
  });
  return { changed: ids.length };
}

// ------------------------------------------------------------------ the list

const LIST_PAGE = 50;

const SORTS: Record<NonNullable<ProductListQuery['sort']>, { sort: ListSort; descending: boolean }> = {
  title: { sort: 'title', descending: false },
  '-title': { sort: 'title', descending: true },
  updated: { sort: 'updated', descending: false },
  '-updated': { sort: 'updated', descending: true },
  price: { sort: 'price', descending: false },
  '-price': { sort: 'price', descending: true },
  position: { sort: 'position', descending: false },
};

function stockStateOf(productType: number | null, units: number | null): ProductStockState {
  if (units === null || (productType !== 1 && productType !== 3)) return 'in-stock';
  if (units <= 0) return 'out-of-stock';
  return units <= LOW_STOCK_UNITS ? 'low' : 'in-stock';
}

/** The products, filtered and sorted, one keyset page at a time, with a count of all that match. */
export async function listProducts(db: Db, site: ProductSite, query: ProductListQuery): Promise<ProductPage> {
  const { sort, descending } = SORTS[query.sort ?? 'title'];
  const limit = query.limit ?? LIST_PAGE;
  const filter = {
    pattern: query.q ? likePattern(query.q) : undefined,
    productType: query.kind === undefined ? undefined : kindCode(query.kind),
    visibility: query.visibility,
    stock: query.stock,
    collectionId: query.storePageId,
    category: query.category,
    now: site.now,
  };
  const after = query.cursor
    ? sort === 'position'
      ? decodeCursor(query.cursor, ['string', 'number', 'string'])
      : sort === 'title'
        ? decodeCursor(query.cursor, ['string', 'string'])
        : decodeCursor(query.cursor, ['number', 'string'])
    : undefined;
  const [rows, total] = await Promise.all([
    listProductRows(db, { ...filter, sort, descending, after, limit: limit + 1 }),
    countProducts(db, filter),
  ]);
  const { shown, ...paging } = pageOf(rows, limit, (r) =>
    sort === 'position'
      ? [r.collection_id, r.position, r.id]
      : sort === 'title'
        ? [r.title, r.id]
        : sort === 'updated'
          ? [r.updated_on, r.id]
          : [r.from_price, r.id],
  );
  const totals = await variantTotals(
    db,
    shown.map((r) => r.id),
  );
  return {
    products: shown.map((r): ProductSummary => {
      const item = JSON.parse(r.data) as ItemContent;
      const t = totals.get(r.id) ?? { count: 0, onSale: false, units: 0 };
      return {
        id: r.id,
        title: r.title,
        kind: kindOf(r.product_type),
        storePageId: r.collection_id,
        storePageTitle: r.collection_title,
        visibility: r.hidden === 1 ? 'hidden' : r.publish_on > site.now ? 'scheduled' : 'visible',
        price: minorToDecimal(r.from_price, site.currency),
        onSale: t.onSale,
        variantCount: t.count,
        stock: t.units,
        stockState: stockStateOf(r.product_type, t.units),
        imageUrl: typeof item.assetUrl === 'string' ? item.assetUrl : null,
        updatedOn: r.updated_on,
      };
    }),
    ...paging,
    total,
  };
}
