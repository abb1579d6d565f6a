/**
 * A product CSV import: read and check every row, then check the file against the catalogue (Product
 * IDs, handles, store pages, URLs), and only when nothing is wrong write every product in one
 * transaction. Squarespace's rows update the product of their Product ID, Shopify's the product of
 * their Handle; any other product is created. A product's variants are the file's rows: variants the
 * file no longer lists go, and the file sets stock (ledger reason `import`).
 */
import { pacer, type Pace } from '../../platform/jobs/pacer.ts';
import { randomBytes } from 'node:crypto';
import { message, minorToDecimal, productOf, variantUnitPrice, type MessageCode } from '@storefront/core';
import type { ProductCsvFormat, ProductCsvProblem, ProductImportResult } from '@storefront/core/wire';
import type { Db } from '../../platform/db/index.ts';
import type { CollectionContent, ItemContent, VariantContent } from '../../platform/site/types.ts';
import {
  MAX_PROBLEMS,
  PRODUCT_TYPE_OF_KIND,
  KIND_OF_PRODUCT_TYPE,
  imagesOf,
  readProducts,
  type ParsedProduct,
  type ParsedVariant,
  type ReadOptions,
} from './product-csv.ts';
import {
  itemsById,
  lastPositions,
  productsBySlug,
  slugHolders,
  storePages,
  variantOwners,
  variantsOfItems,
  writeImport,
  type ImportWrite,
  type StockSetting,
  type StoredItem,
  type StoredVariant,
  type StorePageRow,
} from './product-import-store.ts';
import type { Row, Wanted } from './sync-store.ts';

export interface ImportContext extends ReadOptions {
  /** The site's origin: image URLs under it (or a bare `/media/…`) are the site's own media. */
  origin: string;
}

export interface ImportOptions {
  dryRun: boolean;
  now?: number;
  /** Rows per statement (500 by default, as content sync). */
  rowsPerStatement?: number;
  onParsed?: (records: number) => void;
  /** Heard before the write (`written` 0) and after each batch. */
  onWritten?: (written: number, total: number) => void;
}

export type ImportOutcome =
  { ok: true; result: ProductImportResult } | { ok: false; problems: ProductCsvProblem[] };

const DEFAULT_ROWS_PER_STATEMENT = 500;

/**
 * An import runs inside one request: it may take a third of the event loop, and the pages the rest
 * (bench:catalogue measures the product page during an import against its idle rate, goal 0.5).
 */
const IMPORT_SHARE_OF_THE_EVENT_LOOP = 1 / 3;

export async function importProducts(
  db: Db,
  body: AsyncIterable<Buffer | string>,
  format: ProductCsvFormat,
  context: ImportContext,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const now = options.now ?? Date.now();
  const batch = options.rowsPerStatement ?? DEFAULT_ROWS_PER_STATEMENT;
  const problems: ProductCsvProblem[] = [];
  const products: ParsedProduct[] = [];
  const pace = pacer(IMPORT_SHARE_OF_THE_EVENT_LOOP);
  for await (const product of readProducts(body, format, context, problems, options.onParsed, pace))
    products.push(product);
  const plan = await planImport(db, products, format, context, problems, now, batch, pace);
  if (problems.length > 0 || plan === null) return { ok: false, problems: sorted(problems) };
  if (!options.dryRun) {
    options.onWritten?.(0, plan.write.items.length);
    await writeImport(
      db,
      plan.write,
      now,
      batch,
      (written) => options.onWritten?.(written, plan.write.items.length),
      pace,
    );
  }
  return { ok: true, result: { ...plan.result, dryRun: options.dryRun } };
}

const sorted = (problems: ProductCsvProblem[]) =>
  [...problems].sort((a, b) => a.line - b.line).slice(0, MAX_PROBLEMS);

interface Plan {
  write: ImportWrite;
  result: Omit<ProductImportResult, 'dryRun'>;
}

async function planImport(
  db: Db,
  products: ParsedProduct[],
  format: ProductCsvFormat,
  context: ImportContext,
  problems: ProductCsvProblem[],
  now: number,
  batch: number,
  pace: Pace,
): Promise<Plan | null> {
  const problem = (
    line: number,
    column: string,
    code: MessageCode,
    params?: Record<string, string | number>,
  ) => problems.push({ line, column, message: message(code, params) });
  const keyColumn = format === 'squarespace' ? 'Product ID' : 'Handle';
  const keyOf = (p: ParsedProduct) => (format === 'squarespace' ? p.productId : p.slug);

  // A product's rows go together: a key met again further down is a second product by mistake.
  const firstLine = new Map<string, number>();
  for (const p of products) {
    const key = keyOf(p);
    if (key === null) continue;
    const before = firstLine.get(key);
    if (before !== undefined) problem(p.line, keyColumn, 'csv.product-repeated', { line: before });
    else firstLine.set(key, p.line);
  }

  const pages = await storePages(db);
  const pageNamed = (name: string): StorePageRow | undefined => {
    const wanted = name.replace(/^\/+|\/+$/g, '').toLowerCase();
    return (
      pages.find((p) => p.url_id.toLowerCase() === wanted) ??
      pages.find((p) => p.title.toLowerCase() === wanted)
    );
  };

  const existing = new Map<ParsedProduct, StoredItem>();
  if (format === 'squarespace') {
    const byId = new Map(
      (
        await itemsById(
          db,
          products.flatMap((p) => (p.productId ? [p.productId] : [])),
          batch,
        )
      ).map((i) => [i.id, i]),
    );
    for (const p of products) {
      const found = p.productId ? byId.get(p.productId) : undefined;
      if (found && found.record_type !== 11)
        problem(p.line, 'Product ID', 'csv.product-id-taken', { value: found.id });
      else if (found) existing.set(p, found);
    }
  } else {
    const bySlug = new Map<string, StoredItem>();
    for (const item of await productsBySlug(
      db,
      products.flatMap((p) => (p.slug ? [p.slug] : [])),
      batch,
    ))
      if (!bySlug.has(item.url_id)) bySlug.set(item.url_id, item);
    for (const p of products) {
      const found = p.slug ? bySlug.get(p.slug) : undefined;
      if (found) existing.set(p, found);
    }
  }

  // Where each product goes: the page the file names, else where it is, else the first store page.
  const target = new Map<ParsedProduct, StorePageRow>();
  for (const p of products) {
    const page = p.storePage
      ? pageNamed(p.storePage)
      : (pages.find((page) => page.id === existing.get(p)?.collection_id) ?? pages[0]);
    if (page) target.set(p, page);
    else if (p.storePage)
      problem(p.line, 'Product Page', 'csv.store-page-unknown', {
        value: p.storePage,
        fallback: pages[0]?.title ?? '',
      });
    else problem(p.line, '', 'csv.no-store-page');
  }

  // Ids: the stored product's, else the file's Product ID, else a new one.
  const idOf = new Map<ParsedProduct, string>();
  for (const p of products) idOf.set(p, existing.get(p)?.id ?? p.productId ?? newId());

  // URLs: the file's, else the stored one, else made from the title; one product per URL on a page.
  const slugOf = new Map<ParsedProduct, string>();
  const slugColumn = format === 'squarespace' ? 'Product URL' : 'Handle';
  const claimed = new Map<string, ParsedProduct>();
  for (const p of products) {
    const page = target.get(p);
    if (!page) continue;
    let slug = p.slug ?? existing.get(p)?.url_id ?? slugFromTitle(p.title);
    const other = claimed.get(`${page.id} ${slug}`);
    if (other && p.slug) problem(p.line, slugColumn, 'csv.slug-taken', { value: slug, title: other.title });
    else if (other) slug = `${slug}-${(idOf.get(p) as string).slice(0, 8)}`;
    claimed.set(`${page.id} ${slug}`, p);
    slugOf.set(p, slug);
  }
  const holders = await slugHolders(
    db,
    products.flatMap((p) => {
      const page = target.get(p);
      const slug = slugOf.get(p);
      return page && slug ? [{ collectionId: page.id, slug }] : [];
    }),
    batch,
  );
  const heldBy = new Map(holders.map((h) => [`${h.collection_id} ${h.url_id}`, h]));
  for (const p of products) {
    const page = target.get(p);
    const holder = page ? heldBy.get(`${page.id} ${slugOf.get(p)}`) : undefined;
    if (holder && holder.id !== idOf.get(p)) {
      if (p.slug)
        problem(p.line, slugColumn, 'csv.slug-taken', { value: holder.url_id, title: holder.title });
      else slugOf.set(p, `${slugOf.get(p)}-${(idOf.get(p) as string).slice(0, 8)}`);
    }
  }

  // Variant IDs the file gives must not be another product's.
  const owners = await variantOwners(
    db,
    products.flatMap((p) => p.variants.flatMap((v) => (v.id ? [v.id] : []))),
    batch,
  );
  const storedVariants = await variantsOfItems(
    db,
    [...existing.values()].map((i) => i.id),
    batch,
  );
  const variantsOf = new Map<string, StoredVariant[]>();
  for (const v of storedVariants) variantsOf.set(v.item_id, [...(variantsOf.get(v.item_id) ?? []), v]);
  const variantIdsInFile = new Map<string, number>();
  for (const p of products)
    for (const v of p.variants) {
      if (!v.id) continue;
      const owner = owners.get(v.id);
      const before = variantIdsInFile.get(v.id);
      if ((owner !== undefined && owner !== idOf.get(p)) || before !== undefined)
        problem(v.line, 'Variant ID', 'csv.variant-id-taken', { value: v.id });
      variantIdsInFile.set(v.id, v.line);
    }

  if (problems.length > 0) return null;

  const positions = await lastPositions(db, [...new Set([...target.values()].map((p) => p.id))]);
  const collections = new Map<string, CollectionContent>();
  const leftCollections = new Set<string>();
  const write: ImportWrite = {
    items: [],
    variants: [],
    removedVariants: [],
    stock: [],
    collections,
    leftCollections: [],
  };
  const result = {
    created: 0,
    updated: 0,
    unchanged: 0,
    variants: 0,
    notFetched: [] as { line: number; url: string }[],
  };
  for (const [index, p] of products.entries()) {
    // Pages go on being served while a large file is turned into rows.
    if (index % 100 === 99) await pace();
    const page = target.get(p) as StorePageRow;
    const stored = existing.get(p);
    const id = idOf.get(p) as string;
    let position = stored?.position;
    if (stored === undefined || stored.collection_id !== page.id) {
      position = (positions.get(page.id) ?? -1) + 1;
      positions.set(page.id, position);
    }
    const before = stored ? (JSON.parse(stored.data) as ItemContent) : undefined;
    const images = ownImages(p, context.origin, before, result.notFetched);
    const oldVariants = stored ? (variantsOf.get(stored.id) ?? []) : [];
    const matched = matchVariants(p, oldVariants);
    const variantsJson = p.variants.map((v, i) => variantJson(p, v, matched[i], context.currency));
    const item = itemJson(p, id, slugOf.get(p) as string, page.id, before, images, variantsJson);
    const itemFields: Row = {
      id,
      collection_id: page.id,
      url_id: item.urlId,
      title: item.title,
      record_type: 11,
      product_type: item.structuredContent?.productType ?? 1,
      position: position as number,
      starred: item.starred ? 1 : 0,
      added_on: stored ? Number(stored.added_on) : now,
      publish_on: stored ? Number(stored.publish_on) : now,
      event_start: 0,
      event_end: 0,
    };
    const product = productOf(item);
    const variantRows: Wanted[] = variantsJson.map((json, i) => {
      const v = p.variants[i] as ParsedVariant;
      return {
        fields: {
          id: json.id,
          item_id: id,
          sku: json.sku,
          position: i,
          currency: context.currency,
          price_cents: v.priceMinor,
          sale_price_cents: v.salePriceMinor,
          on_sale: v.onSale ? 1 : 0,
          unit_price_cents: variantUnitPrice(
            product,
            product.variants.find((pv) => pv.id === json.id),
          ).cents,
          unlimited: v.stock === 'unlimited' ? 1 : 0,
          qty_in_stock: v.stock === 'unlimited' ? 0 : v.stock,
        },
        json,
      };
    });
    const oldById = new Map(oldVariants.map((v) => [v.id, v]));
    const changedVariants = variantRows.filter((row) => !sameVariant(row, oldById.get(row.fields.id)));
    const stock: StockSetting[] = variantRows.flatMap((row) => {
      const old = oldById.get(row.fields.id);
      const unlimited = row.fields.unlimited === 1;
      const qty = Number(row.fields.qty_in_stock);
      if (
        old &&
        Number(old.unlimited) === row.fields.unlimited &&
        (unlimited || Number(old.qty_in_stock) === qty)
      )
        return [];
      return [
        {
          variantId: row.fields.id,
          unlimited,
          qtyInStock: qty,
          before: old && Number(old.unlimited) === 0 ? Number(old.qty_in_stock) : null,
          sku: String(row.fields.sku),
          isNew: old === undefined,
        },
      ];
    });
    const removed = oldVariants
      .filter((v) => !variantRows.some((row) => row.fields.id === v.id))
      .map((v) => v.id);
    const itemChanged = !stored || !sameItem(itemFields, item, stored);
    result.variants += variantRows.length;
    if (!stored) result.created++;
    else if (itemChanged || changedVariants.length > 0 || stock.length > 0 || removed.length > 0)
      result.updated++;
    else {
      result.unchanged++;
      continue;
    }
    write.items.push({ fields: itemFields, json: item });
    write.variants.push(...changedVariants);
    write.stock.push(...stock);
    write.removedVariants.push(...removed);
    if (!collections.has(page.id))
      collections.set(page.id, { ...JSON.parse(page.data), id: page.id } as CollectionContent);
    if (stored && stored.collection_id !== page.id) leftCollections.add(stored.collection_id);
  }
  write.leftCollections = [...leftCollections];
  return { write, result };
}

const newId = () => randomBytes(12).toString('hex');

function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
  return slug === '' ? 'product' : slug;
}

/** The file's images at this site's media; any other address is listed, not fetched. */
function ownImages(
  p: ParsedProduct,
  origin: string,
  before: ItemContent | undefined,
  notFetched: { line: number; url: string }[],
): { assetUrl: string; title: string }[] {
  const kept: { assetUrl: string; title: string }[] = [];
  const titles = new Map(before ? imagesOf(before).map((i) => [i.assetUrl, i.title]) : []);
  for (const image of p.images) {
    const path = image.url.startsWith(`${origin}/`) ? image.url.slice(origin.length) : image.url;
    if (/^\/media\/[^/?#]+$/.test(path))
      kept.push({ assetUrl: path, title: image.alt || titles.get(path) || p.title });
    else notFetched.push({ line: image.line, url: image.url });
  }
  return kept;
}

/** Stored variants in the file's order: by Variant ID, else SKU, else the same option values. */
function matchVariants(p: ParsedProduct, stored: StoredVariant[]): (StoredVariant | undefined)[] {
  const free = new Set(stored);
  const take = (found: StoredVariant | undefined) => {
    if (found) free.delete(found);
    return found;
  };
  const byId = p.variants.map((v) => take(stored.find((s) => s.id === v.id && free.has(s))));
  return p.variants.map((v, i) => {
    if (byId[i]) return byId[i];
    if (v.sku !== '') {
      const bySku = [...free].find((s) => s.sku === v.sku);
      if (bySku) return take(bySku);
    }
    const combination = v.optionValues.join('\u0000');
    return take(
      [...free].find((s) => {
        const json = JSON.parse(s.data) as VariantContent;
        return p.optionNames.map((name) => json.attributes?.[name] ?? '').join('\u0000') === combination;
      }),
    );
  });
}

function variantJson(
  p: ParsedProduct,
  v: ParsedVariant,
  stored: StoredVariant | undefined,
  currency: string,
): VariantContent {
  const before = stored ? (JSON.parse(stored.data) as VariantContent) : undefined;
  const json: VariantContent = {
    ...before,
    id: stored?.id ?? v.id ?? newId(),
    sku: v.sku,
    attributes: Object.fromEntries(p.optionNames.map((name, i) => [name, v.optionValues[i] ?? ''])),
    optionValues: p.optionNames.map((name, i) => ({ optionName: name, value: v.optionValues[i] ?? '' })),
    price: v.priceMinor,
    salePrice: v.salePriceMinor,
    priceMoney: { currency, value: minorToDecimal(v.priceMinor, currency) },
    salePriceMoney: { currency, value: minorToDecimal(v.salePriceMinor, currency) },
    onSale: v.onSale,
    qtyInStock: v.stock === 'unlimited' ? 0 : v.stock,
    unlimited: v.stock === 'unlimited',
  };
  if (v.weight) json.shippingWeight = v.weight;
  else delete json.shippingWeight;
  // Shopify's file has no dimensions: the stored ones stay.
  if (v.size) json.shippingSize = v.size;
  else if (p.format === 'squarespace') delete json.shippingSize;
  return json;
}

function itemJson(
  p: ParsedProduct,
  id: string,
  slug: string,
  collectionId: string,
  before: ItemContent | undefined,
  images: { assetUrl: string; title: string }[],
  variants: VariantContent[],
): ItemContent {
  const beforeKind = KIND_OF_PRODUCT_TYPE[before?.structuredContent?.productType ?? 0];
  // Shopify says only whether a product ships: a service stays a service rather than turn digital.
  const kind = p.kindGuessed && p.kind === 'digital' && beforeKind === 'service' ? 'service' : p.kind;
  const keptImages = new Map(
    before && Array.isArray(before.items)
      ? (before.items as { assetUrl?: string; id?: string }[]).map(
          (image) => [image.assetUrl, image] as const,
        )
      : [],
  );
  const imageItems = images.map((image) => ({
    ...(keptImages.get(image.assetUrl) ?? {
      id: newId(),
      recordType: 2,
      mediaFocalPoint: { x: 0.5, y: 0.5 },
    }),
    title: image.title,
    assetUrl: image.assetUrl,
    filename: image.assetUrl.slice('/media/'.length),
  }));
  const item: ItemContent = {
    ...before,
    id,
    collectionId,
    recordType: 11,
    recordTypeLabel: 'store-item',
    urlId: slug,
    title: p.title,
    body: p.descriptionHtml,
    items: imageItems,
    tags: p.tags,
    categories: p.categories,
    structuredContent: {
      ...before?.structuredContent,
      productType: PRODUCT_TYPE_OF_KIND[kind],
      variantOptionOrdering: p.optionNames,
      variants,
    },
  };
  const first = imageItems[0];
  if (first) {
    item.assetUrl = first.assetUrl;
    item.mainImageId = first.id;
  } else {
    delete item.assetUrl;
    delete item.mainImageId;
  }
  if (p.visible) delete item.isHidden;
  else item.isHidden = true;
  if (p.format === 'shopify') {
    if (p.vendor !== '') item.vendor = p.vendor;
    else delete item.vendor;
  }
  if (p.format === 'shopify' && (p.seoTitle !== '' || p.seoDescription !== ''))
    item.seoData = {
      ...(before?.seoData as object | undefined),
      seoTitle: p.seoTitle,
      seoDescription: p.seoDescription,
    };
  return item;
}

function sameItem(fields: Row, json: ItemContent, stored: StoredItem): boolean {
  return (
    stored.collection_id === fields.collection_id &&
    stored.url_id === fields.url_id &&
    stored.title === fields.title &&
    Number(stored.position) === fields.position &&
    stored.data === JSON.stringify(json)
  );
}

function sameVariant(row: Wanted, stored: StoredVariant | undefined): boolean {
  if (!stored) return false;
  const f = row.fields;
  return (
    stored.sku === f.sku &&
    Number(stored.position) === f.position &&
    stored.currency === f.currency &&
    Number(stored.price_cents) === f.price_cents &&
    Number(stored.sale_price_cents) === f.sale_price_cents &&
    Number(stored.on_sale) === f.on_sale &&
    Number(stored.unit_price_cents) === f.unit_price_cents &&
    stored.data === JSON.stringify(row.json)
  );
}
