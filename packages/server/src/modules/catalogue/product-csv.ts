/**
 * Squarespace's and Shopify's product CSV, read into the content format and written from it
 * (docs/backoffice.md, "Product CSV"). The file is read record by record as it arrives (csv-parse:
 * RFC 4180 quoting, quotes doubled inside quoted fields, line breaks inside quoted fields), every
 * problem is collected with its line and column, and nothing here touches the database.
 *
 * Both platforms write a product over several rows: the first carries the product's fields and its
 * first variant, each later row one more variant (Shopify: rows sharing a Handle, some holding only
 * an image; Squarespace: rows repeating the Product ID, or with the product's fields empty).
 */
import { decimalToMinor, message, minorToDecimal, type MessageCode } from '@storefront/core';
import type { ProductCsvFormat, ProductCsvProblem, ProductKind } from '@storefront/core/wire';
import { parse } from 'csv-parse';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { unguardedCell } from '../../platform/http/csv.ts';
import type { Pace } from '../../platform/jobs/pacer.ts';
import type { ItemContent, VariantContent } from '../../platform/site/types.ts';

export const SQUARESPACE_COLUMNS = [
  'Product ID',
  'Variant ID',
  'Product Type',
  'Product Page',
  'Product URL',
  'Title',
  'Description',
  'SKU',
  'Option Name 1',
  'Option Value 1',
  'Option Name 2',
  'Option Value 2',
  'Option Name 3',
  'Option Value 3',
  'Price',
  'Sale Price',
  'On Sale',
  'Stock',
  'Categories',
  'Tags',
  'Weight',
  'Length',
  'Width',
  'Height',
  'Visible',
  'Hosted Image URLs',
] as const;

export const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Status',
] as const;

export const COLUMNS: Record<ProductCsvFormat, readonly string[]> = {
  squarespace: SQUARESPACE_COLUMNS,
  shopify: SHOPIFY_COLUMNS,
};

const PLATFORM: Record<ProductCsvFormat, string> = { squarespace: 'Squarespace', shopify: 'Shopify' };

/** Squarespace's limit on a product's variants. */
export const MAX_VARIANTS = 250;
export const MAX_TAG_LENGTH = 50;
export const MAX_CATEGORY_LENGTH = 25;
/** Records read between two turns of the event loop. */
const RECORDS_PER_TURN = 200;
/** Problems listed at most: past this many, the file is far from importable and the list is long enough. */
export const MAX_PROBLEMS = 1000;

const SQUARESPACE_KIND: Record<string, ProductKind> = {
  PHYSICAL: 'physical',
  DIGITAL: 'digital',
  SERVICE: 'service',
  GIFT_CARD: 'gift-card',
};
export const PRODUCT_TYPE_OF_KIND: Record<ProductKind, number> = {
  physical: 1,
  digital: 2,
  service: 3,
  'gift-card': 4,
};
export const KIND_OF_PRODUCT_TYPE: Record<number, ProductKind> = {
  1: 'physical',
  2: 'digital',
  3: 'service',
  4: 'gift-card',
};

/** Store units by the website's measurement standard (Squarespace: 1 imperial, 2 metric). */
export interface StoreUnits {
  weight: 'lb' | 'kg';
  length: 'in' | 'cm';
}
export const unitsOf = (measurementStandard: unknown): StoreUnits =>
  measurementStandard === 2 ? { weight: 'kg', length: 'cm' } : { weight: 'lb', length: 'in' };

export interface ParsedImage {
  line: number;
  url: string;
  alt: string;
}

export interface ParsedVariant {
  line: number;
  /** Squarespace's Variant ID, when the file gives one. */
  id: string | null;
  sku: string;
  /** One value per product option, in the options' order. */
  optionValues: string[];
  priceMinor: number;
  salePriceMinor: number;
  onSale: boolean;
  stock: number | 'unlimited';
  weight: { value: number; unit: string } | null;
  size: { unit: string; len: number; width: number; height: number } | null;
}

export interface ParsedProduct {
  format: ProductCsvFormat;
  line: number;
  /** Squarespace's Product ID: the product to update, or the id of the one to create. */
  productId: string | null;
  /** The product's URL slug (Squarespace's Product URL, Shopify's Handle); null: from the title. */
  slug: string | null;
  /** Null where the file does not say (a Shopify product that ships: physical, or kept as it was). */
  kind: ProductKind;
  /** Whether `kind` is the file's word or a guess (Shopify's "does not ship" is digital or service). */
  kindGuessed: boolean;
  /** Squarespace's Product Page: the store page's URL slug or title; null: where it is, else the first. */
  storePage: string | null;
  title: string;
  descriptionHtml: string;
  optionNames: string[];
  variants: ParsedVariant[];
  categories: string[];
  tags: string[];
  visible: boolean;
  images: ParsedImage[];
  seoTitle: string;
  seoDescription: string;
  vendor: string;
}

export interface ReadOptions {
  currency: string;
  units: StoreUnits;
}

/** Reads a product CSV as it streams in; `problems` collects every problem, by line and column. */
export async function* readProducts(
  input: AsyncIterable<Buffer | string>,
  format: ProductCsvFormat,
  options: ReadOptions,
  problems: ProductCsvProblem[],
  onRecord: (records: number) => void = () => {},
  pace: Pace = nextTurn,
): AsyncGenerator<ParsedProduct> {
  const problem = (
    line: number,
    column: string,
    code: MessageCode,
    params?: Record<string, string | number>,
  ) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ line, column, message: message(code, params) });
  };
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: false });
  const reader = format === 'squarespace' ? squarespaceRow : shopifyRow;
  let header: string[] | null = null;
  let index = new Map<string, number>();
  let line = 1;
  let records = 0;
  let current: ParsedProduct | null = null;
  const fed = feed(input, parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const at = line;
      line += linesOf(record);
      if (record.every((field) => field.trim() === '')) continue;
      if (header === null) {
        header = record.map((name) => name.trim());
        index = new Map(header.map((name, i) => [name, i]));
        for (const column of COLUMNS[format])
          if (!index.has(column))
            problem(at, column, 'csv.column-missing', { column, platform: PLATFORM[format] });
        if (problems.length > 0) return;
        continue;
      }
      onRecord(++records);
      // The database driver answers synchronously and a local upload arrives at once: without a turn
      // now and then, reading a large file would keep every other request waiting.
      if (records % RECORDS_PER_TURN === 0) await pace();
      // PostgreSQL text cannot hold NUL, and no control character belongs in a product's fields.
      for (const [i, field] of record.entries())
        if (hasControlCharacter(field)) problem(at, header[i] ?? '', 'csv.control-character');
      if (record.length !== header.length)
        problem(at, '', 'csv.field-count', { found: record.length, expected: header.length });
      const get = (column: string) => unguardedCell(record[index.get(column) as number] ?? '').trim();
      const next = reader({ at, get, current, options, problem });
      if (next !== current && current !== null) {
        yield finish(current, problem);
      }
      current = next;
    }
    if (header === null) problem(1, '', 'csv.empty', { platform: PLATFORM[format] });
    else if (current === null && problems.length === 0)
      problem(2, '', 'csv.empty', { platform: PLATFORM[format] });
    if (current !== null) yield finish(current, problem);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (typeof code === 'string' && code.startsWith('CSV_'))
      problem((error as { lines?: number }).lines ?? line, '', 'csv.unreadable', {
        reason: (error as Error).message.replace(/^Invalid [A-Za-z ]+: /, ''),
      });
    else throw error;
  } finally {
    await fed.catch(() => {});
  }
}

/** Writes the body into the parser as it arrives (the parser's back-pressure slows the reading). */
async function feed(input: AsyncIterable<Buffer | string>, parser: ReturnType<typeof parse>): Promise<void> {
  try {
    for await (const chunk of input) {
      if (parser.destroyed) return;
      if (!parser.write(chunk)) await new Promise((resolve) => parser.once('drain', resolve));
    }
    parser.end();
  } catch (error) {
    parser.destroy(error as Error);
  }
}

/** A C0 control other than tab, LF and CR, or DEL (as the input guard refuses in JSON bodies). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/** Lines a record took in the file: one, and one per line break inside its quoted fields. */
function linesOf(record: string[]): number {
  let lines = 1;
  for (const field of record) lines += field.match(/\r\n|\r|\n/g)?.length ?? 0;
  return lines;
}

type Problem = (
  line: number,
  column: string,
  code: MessageCode,
  params?: Record<string, string | number>,
) => void;

interface RowContext {
  at: number;
  get: (column: string) => string;
  current: ParsedProduct | null;
  options: ReadOptions;
  problem: Problem;
}

function squarespaceRow({ at, get, current, options, problem }: RowContext): ParsedProduct | null {
  const productId = get('Product ID');
  const title = get('Title');
  const starts = productId !== '' ? productId !== current?.productId : title !== '' || current === null;
  let product = current;
  if (starts) {
    if (title === '') problem(at, 'Title', 'csv.title-required');
    if (productId !== '' && !/^[A-Za-z0-9_-]{1,64}$/.test(productId))
      problem(at, 'Product ID', 'csv.id-invalid', { value: productId });
    const typeWord = get('Product Type')
      .toUpperCase()
      .replace(/[\s-]+/g, '_');
    const kind = typeWord === '' ? 'physical' : SQUARESPACE_KIND[typeWord];
    if (kind === undefined) problem(at, 'Product Type', 'csv.product-type', { value: get('Product Type') });
    const slug =
      get('Product URL')
        .replace(/^\/+|\/+$/g, '')
        .split('/')
        .pop() ?? '';
    product = {
      format: 'squarespace',
      line: at,
      productId: productId === '' ? null : productId,
      slug: slugField(at, 'Product URL', slug, problem),
      kind: kind ?? 'physical',
      kindGuessed: typeWord === '',
      storePage: get('Product Page') || null,
      title,
      descriptionHtml: get('Description'),
      optionNames: [1, 2, 3].map((n) => get(`Option Name ${n}`)).filter((name) => name !== ''),
      variants: [],
      categories: terms(
        at,
        'Categories',
        get('Categories'),
        MAX_CATEGORY_LENGTH,
        'csv.category-too-long',
        problem,
      ),
      tags: terms(at, 'Tags', get('Tags'), MAX_TAG_LENGTH, 'csv.tag-too-long', problem),
      visible: yesNo(at, 'Visible', get('Visible'), true, problem),
      images: get('Hosted Image URLs')
        .split(/\s+/)
        .filter((url) => url !== '')
        .map((url) => ({ line: at, url, alt: '' })),
      seoTitle: '',
      seoDescription: '',
      vendor: '',
    };
  }
  if (product === null) return null;
  const numberOf = (column: string) => decimalField(at, column, get(column), problem);
  const size = [numberOf('Length'), numberOf('Width'), numberOf('Height')];
  product.variants.push({
    line: at,
    id: idField(at, 'Variant ID', get('Variant ID'), problem),
    sku: get('SKU'),
    optionValues: optionValues(at, product, (n) => [`Option Name ${n}`, `Option Value ${n}`], get, problem),
    priceMinor: priceField(at, 'Price', get('Price'), true, options.currency, problem),
    salePriceMinor: priceField(at, 'Sale Price', get('Sale Price'), false, options.currency, problem),
    onSale: yesNo(at, 'On Sale', get('On Sale'), false, problem),
    stock: stockField(at, 'Stock', get('Stock'), product.kind, problem),
    weight: get('Weight') === '' ? null : { value: numberOf('Weight') ?? 0, unit: options.units.weight },
    size: size.every((n) => n === null)
      ? null
      : { unit: options.units.length, len: size[0] ?? 0, width: size[1] ?? 0, height: size[2] ?? 0 },
  });
  return product;
}

function shopifyRow({ at, get, current, options, problem }: RowContext): ParsedProduct | null {
  const handle = get('Handle');
  if (handle === '') {
    problem(at, 'Handle', 'csv.handle-required');
    return current;
  }
  let product = current;
  if (handle !== current?.slug) {
    const title = get('Title');
    if (title === '') problem(at, 'Title', 'csv.title-required');
    const giftCard = trueFalse(at, 'Gift Card', get('Gift Card'), false, problem);
    const ships = trueFalse(at, 'Variant Requires Shipping', get('Variant Requires Shipping'), true, problem);
    const status = get('Status').toLowerCase();
    if (!['', 'active', 'draft', 'archived'].includes(status))
      problem(at, 'Status', 'csv.status-invalid', { value: get('Status') });
    const names = [1, 2, 3].map((n) => get(`Option${n} Name`)).filter((name) => name !== '');
    product = {
      format: 'shopify',
      line: at,
      productId: null,
      slug: slugField(at, 'Handle', handle, problem),
      kind: giftCard ? 'gift-card' : ships ? 'physical' : 'digital',
      kindGuessed: !giftCard,
      storePage: null,
      title,
      descriptionHtml: get('Body (HTML)'),
      // Shopify names a product without options "Title: Default Title".
      optionNames:
        names.length === 1 && names[0] === 'Title' && get('Option1 Value') === 'Default Title' ? [] : names,
      variants: [],
      categories: terms(at, 'Type', get('Type'), MAX_CATEGORY_LENGTH, 'csv.category-too-long', problem),
      tags: terms(at, 'Tags', get('Tags'), MAX_TAG_LENGTH, 'csv.tag-too-long', problem),
      visible:
        trueFalse(at, 'Published', get('Published'), true, problem) && (status === '' || status === 'active'),
      images: [],
      seoTitle: get('SEO Title'),
      seoDescription: get('SEO Description'),
      vendor: get('Vendor'),
    };
  }
  if (product === null) return null;
  if (get('Image Src') !== '') {
    const position = get('Image Position');
    if (position !== '' && !/^\d+$/.test(position))
      problem(at, 'Image Position', 'csv.whole-number', { value: position });
    product.images.push({ line: at, url: get('Image Src'), alt: get('Image Alt Text') });
    const placed = product.images as (ParsedImage & { position?: number })[];
    (placed[placed.length - 1] as { position?: number }).position =
      position === '' ? placed.length : Number(position);
  }
  const variantRow =
    product.variants.length === 0 ||
    ['Option1 Value', 'Option2 Value', 'Option3 Value', 'Variant SKU', 'Variant Price'].some(
      (c) => get(c) !== '',
    );
  if (!variantRow) return product;
  const price = get('Variant Price');
  const compareAt = get('Variant Compare At Price');
  const priceMinor = priceField(at, 'Variant Price', price, true, options.currency, problem);
  const compareMinor = priceField(
    at,
    'Variant Compare At Price',
    compareAt,
    false,
    options.currency,
    problem,
  );
  // Shopify's price is what the shopper pays; a higher compare-at price is the price before the sale.
  const onSale = compareMinor > priceMinor;
  const grams = decimalField(at, 'Variant Grams', get('Variant Grams'), problem);
  const defaultTitle = product.optionNames.length === 0;
  product.variants.push({
    line: at,
    id: null,
    sku: get('Variant SKU'),
    optionValues: defaultTitle
      ? []
      : optionValues(at, product, (n) => [`Option${n} Name`, `Option${n} Value`], get, problem),
    priceMinor: onSale ? compareMinor : priceMinor,
    salePriceMinor: onSale ? priceMinor : 0,
    onSale,
    stock: stockField(at, 'Variant Inventory Qty', get('Variant Inventory Qty'), product.kind, problem),
    weight: grams === null ? null : { value: grams, unit: 'g' },
    size: null,
  });
  return product;
}

/** Checks the whole product once its rows are read, and puts Shopify's images in their order. */
function finish(product: ParsedProduct, problem: Problem): ParsedProduct {
  if (product.variants.length > MAX_VARIANTS)
    problem(product.line, '', 'csv.too-many-variants', { count: product.variants.length, max: MAX_VARIANTS });
  const seen = new Map<string, number>();
  for (const variant of product.variants) {
    const combination = variant.optionValues.join(' / ');
    const before = seen.get(combination);
    if (before !== undefined)
      problem(variant.line, product.optionNames.length > 0 ? 'Option Value 1' : '', 'csv.variant-duplicate', {
        values: combination === '' ? '(no options)' : combination,
        line: before,
      });
    else seen.set(combination, variant.line);
  }
  (product.images as (ParsedImage & { position?: number })[]).sort(
    (a, b) => (a.position ?? 0) - (b.position ?? 0),
  );
  for (const image of product.images) delete (image as { position?: number }).position;
  return product;
}

function optionValues(
  at: number,
  product: ParsedProduct,
  columnsOf: (n: number) => [string, string],
  get: (column: string) => string,
  problem: Problem,
): string[] {
  return product.optionNames.map((name, i) => {
    const [nameColumn, valueColumn] = columnsOf(i + 1);
    const named = get(nameColumn);
    if (named !== '' && named !== name)
      problem(at, nameColumn, 'csv.option-name-differs', { found: named, expected: name });
    const value = get(valueColumn);
    if (value === '') problem(at, valueColumn, 'csv.option-value-missing', { option: name });
    return value;
  });
}

function slugField(at: number, column: string, value: string, problem: Problem): string | null {
  if (value === '') return null;
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/.test(value)) {
    problem(at, column, 'csv.slug-invalid', { value });
    return null;
  }
  return value.toLowerCase();
}

function idField(at: number, column: string, value: string, problem: Problem): string | null {
  if (value === '') return null;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) problem(at, column, 'csv.id-invalid', { value });
  return value;
}

function terms(
  at: number,
  column: string,
  value: string,
  max: number,
  code: MessageCode,
  problem: Problem,
): string[] {
  const list = value
    .split(',')
    .map((term) => term.trim())
    .filter((term) => term !== '');
  for (const term of list) if (term.length > max) problem(at, column, code, { value: term, max });
  return [...new Set(list)];
}

function yesNo(at: number, column: string, value: string, absent: boolean, problem: Problem): boolean {
  const word = value.toLowerCase();
  if (word === '') return absent;
  if (['yes', 'true', '1'].includes(word)) return true;
  if (['no', 'false', '0'].includes(word)) return false;
  problem(at, column, 'csv.yes-no', { value, yes: 'Yes', no: 'No' });
  return absent;
}

function trueFalse(at: number, column: string, value: string, absent: boolean, problem: Problem): boolean {
  const word = value.toLowerCase();
  if (word === '') return absent;
  if (word === 'true') return true;
  if (word === 'false') return false;
  problem(at, column, 'csv.yes-no', { value, yes: 'TRUE', no: 'FALSE' });
  return absent;
}

function priceField(
  at: number,
  column: string,
  value: string,
  required: boolean,
  currency: string,
  problem: Problem,
): number {
  if (value === '') {
    if (required) problem(at, column, 'csv.price-required', { column });
    return 0;
  }
  const minor = /^\d+(\.\d+)?$/.test(value) ? decimalToMinor(value, currency) : null;
  if (minor === null || !minor.ok) {
    problem(at, column, 'csv.price-invalid', { value, example: minorToDecimal(4400, currency) });
    return 0;
  }
  return minor.value;
}

function decimalField(at: number, column: string, value: string, problem: Problem): number | null {
  if (value === '') return null;
  if (!/^\d+(\.\d+)?$/.test(value)) {
    problem(at, column, 'csv.number-invalid', { value });
    return null;
  }
  return Number(value);
}

function stockField(
  at: number,
  column: string,
  value: string,
  kind: ProductKind,
  problem: Problem,
): number | 'unlimited' {
  if (value === '') {
    // Downloads and gift cards never run out; anything else must say how many there are.
    if (kind === 'digital' || kind === 'gift-card') return 'unlimited';
    problem(at, column, 'csv.stock-required', { column });
    return 0;
  }
  if (value.toLowerCase() === 'unlimited') return 'unlimited';
  if (!/^\d{1,9}$/.test(value)) {
    problem(at, column, 'csv.stock-invalid', { value });
    return 0;
  }
  return Number(value);
}

// ------------------------------------------------------------------ export

export interface ExportedVariant {
  id: string;
  sku: string;
  priceMinor: number;
  salePriceMinor: number;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  json: VariantContent;
}

export interface ExportedProduct {
  item: ItemContent;
  storePage: string;
  variants: ExportedVariant[];
}

export interface WriteOptions {
  currency: string;
  units: StoreUnits;
  /** The site's origin, so that image URLs in the file are absolute. */
  origin: string;
}

const GRAMS_PER: Record<string, number> = { g: 1, kg: 1000, lb: 453.59237, oz: 28.349523125 };
const CM_PER: Record<string, number> = { cm: 1, in: 2.54, mm: 0.1, m: 100 };

const round = (n: number, digits = 3) => Number(n.toFixed(digits));

function weightIn(weight: unknown, unit: string): number | null {
  if (!weight || typeof weight !== 'object') return null;
  const { value, unit: from } = weight as { value?: unknown; unit?: unknown };
  const grams = Number(value) * (GRAMS_PER[String(from).toLowerCase()] ?? NaN);
  return Number.isFinite(grams) ? round(grams / (GRAMS_PER[unit] as number)) : null;
}

function sizeIn(size: unknown, unit: string): [number, number, number] | null {
  if (!size || typeof size !== 'object') return null;
  const s = size as { unit?: unknown; len?: unknown; width?: unknown; height?: unknown };
  const factor = (CM_PER[String(s.unit).toLowerCase()] ?? NaN) / (CM_PER[unit] as number);
  const dims = [s.len, s.width, s.height].map((n) => round(Number(n) * factor));
  return dims.every(Number.isFinite) ? (dims as [number, number, number]) : null;
}

const absolute = (url: string, origin: string) => (url.startsWith('/') ? `${origin}${url}` : url);

export interface ItemImage {
  assetUrl: string;
  title: string;
}
export const imagesOf = (item: ItemContent): ItemImage[] =>
  Array.isArray(item.items)
    ? (item.items as { assetUrl?: unknown; title?: unknown }[])
        .filter((image) => typeof image.assetUrl === 'string')
        .map((image) => ({ assetUrl: image.assetUrl as string, title: String(image.title ?? '') }))
    : [];

const optionNamesOf = (item: ItemContent, variants: ExportedVariant[]): string[] => {
  const ordering = item.structuredContent?.variantOptionOrdering;
  if (Array.isArray(ordering)) return ordering.map(String);
  const names: string[] = [];
  for (const v of variants)
    for (const name of Object.keys(v.json.attributes ?? {})) if (!names.includes(name)) names.push(name);
  return names;
};

const kindOf = (item: ItemContent): ProductKind =>
  KIND_OF_PRODUCT_TYPE[item.structuredContent?.productType ?? 1] ?? 'physical';
const visibleOf = (item: ItemContent) => item.isHidden !== true;
const seoOf = (item: ItemContent) => (item.seoData ?? {}) as { seoTitle?: string; seoDescription?: string };
const stockText = (v: ExportedVariant) => (v.unlimited ? 'Unlimited' : String(v.qtyInStock));

/** A product's rows in the format's columns, first its own fields with its first variant. */
export function productRows(
  format: ProductCsvFormat,
  product: ExportedProduct,
  options: WriteOptions,
): string[][] {
  return format === 'squarespace' ? squarespaceRows(product, options) : shopifyRows(product, options);
}

function squarespaceRows({ item, storePage, variants }: ExportedProduct, options: WriteOptions): string[][] {
  const names = optionNamesOf(item, variants);
  const kind = kindOf(item);
  const price = (minor: number) => minorToDecimal(minor, options.currency);
  return variants.map((v, i) => {
    const first = i === 0;
    const size = sizeIn(v.json.shippingSize, options.units.length);
    const weight = weightIn(v.json.shippingWeight, options.units.weight);
    const row: Record<(typeof SQUARESPACE_COLUMNS)[number], string> = {
      'Product ID': item.id,
      'Variant ID': v.id,
      'Product Type': first
        ? (Object.keys(SQUARESPACE_KIND).find((k) => SQUARESPACE_KIND[k] === kind) as string)
        : '',
      'Product Page': first ? storePage : '',
      'Product URL': first ? item.urlId : '',
      Title: first ? item.title : '',
      Description: first ? String(item.body ?? '') : '',
      SKU: v.sku,
      'Option Name 1': names[0] ?? '',
      'Option Value 1': names[0] ? (v.json.attributes?.[names[0]] ?? '') : '',
      'Option Name 2': names[1] ?? '',
      'Option Value 2': names[1] ? (v.json.attributes?.[names[1]] ?? '') : '',
      'Option Name 3': names[2] ?? '',
      'Option Value 3': names[2] ? (v.json.attributes?.[names[2]] ?? '') : '',
      Price: price(v.priceMinor),
      'Sale Price': price(v.salePriceMinor),
      'On Sale': v.onSale ? 'Yes' : 'No',
      Stock: stockText(v),
      Categories: first ? stringList(item.categories).join(', ') : '',
      Tags: first ? stringList(item.tags).join(', ') : '',
      Weight: weight === null ? '' : String(weight),
      Length: size ? String(size[0]) : '',
      Width: size ? String(size[1]) : '',
      Height: size ? String(size[2]) : '',
      Visible: first ? (visibleOf(item) ? 'Yes' : 'No') : '',
      'Hosted Image URLs': first
        ? imagesOf(item)
            .map((image) => absolute(image.assetUrl, options.origin))
            .join(' ')
        : '',
    };
    return SQUARESPACE_COLUMNS.map((column) => row[column]);
  });
}

function shopifyRows({ item, variants }: ExportedProduct, options: WriteOptions): string[][] {
  const names = optionNamesOf(item, variants);
  const kind = kindOf(item);
  const images = imagesOf(item);
  const price = (minor: number) => minorToDecimal(minor, options.currency);
  const seo = seoOf(item);
  const rows = Math.max(variants.length, images.length);
  const out: string[][] = [];
  for (let i = 0; i < rows; i++) {
    const first = i === 0;
    const v = variants[i];
    const image = images[i];
    const grams = v ? weightIn(v.json.shippingWeight, 'g') : null;
    const optionName = (n: number) =>
      first ? (names[n] ?? (n === 0 && names.length === 0 ? 'Title' : '')) : '';
    const optionValue = (n: number) =>
      !v
        ? ''
        : names[n]
          ? (v.json.attributes?.[names[n] as string] ?? '')
          : n === 0 && names.length === 0
            ? 'Default Title'
            : '';
    const row: Record<(typeof SHOPIFY_COLUMNS)[number], string> = {
      Handle: item.urlId,
      Title: first ? item.title : '',
      'Body (HTML)': first ? String(item.body ?? '') : '',
      Vendor: first ? String(item.vendor ?? '') : '',
      Type: first ? stringList(item.categories).join(', ') : '',
      Tags: first ? stringList(item.tags).join(', ') : '',
      Published: first ? (visibleOf(item) ? 'TRUE' : 'FALSE') : '',
      'Option1 Name': optionName(0),
      'Option1 Value': optionValue(0),
      'Option2 Name': optionName(1),
      'Option2 Value': optionValue(1),
      'Option3 Name': optionName(2),
      'Option3 Value': optionValue(2),
      'Variant SKU': v ? v.sku : '',
      'Variant Grams': v && grams !== null ? String(Math.round(grams)) : '',
      // Shopify leaves an untracked variant's quantity empty, which here means "not given": a
      // variant that never runs out says Unlimited, as in Squarespace's file.
      'Variant Inventory Qty': v ? stockText(v) : '',
      'Variant Price': v ? price(v.onSale ? v.salePriceMinor : v.priceMinor) : '',
      'Variant Compare At Price': v && v.onSale ? price(v.priceMinor) : '',
      'Variant Requires Shipping': v ? (kind === 'physical' ? 'TRUE' : 'FALSE') : '',
      'Variant Taxable': v ? 'TRUE' : '',
      'Image Src': image ? absolute(image.assetUrl, options.origin) : '',
      'Image Position': image ? String(i + 1) : '',
      'Image Alt Text': image ? image.title : '',
      'Gift Card': first ? (kind === 'gift-card' ? 'TRUE' : 'FALSE') : '',
      'SEO Title': first ? (seo.seoTitle ?? '') : '',
      'SEO Description': first ? (seo.seoDescription ?? '') : '',
      Status: first ? (visibleOf(item) ? 'active' : 'draft') : '',
    };
    out.push(SHOPIFY_COLUMNS.map((column) => row[column]));
  }
  return out;
}

export const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
