/**
 * Big catalogues for benchmarks: a copy of sites/demo whose shop holds `products` products (see
 * grownProducts: the demo's 14 first, then copies with 2 or 3 variants each), in a temporary folder.
 *
 *   node --import tsx bench/catalogue.ts 100000 [into-dir]    (prints the site folder)
 */
import { closeSync, cpSync, mkdtempSync, openSync, readFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CollectionContent } from '../packages/server/src/platform/site/types.ts';
import { grownProducts } from '../packages/server/src/testing/big-catalogue.ts';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const DEMO_SITE = join(root, 'sites/demo');
const SHOP_FILE = 'content/collections/shop.json';

export interface Catalogue {
  siteDir: string;
  products: number;
  variants: number;
}

/** Writes the site folder (into `into`, or a new temporary folder) and says what it holds. */
export function generateCatalogue(products: number, into?: string): Catalogue {
  const siteDir = into ?? mkdtempSync(join(tmpdir(), `storefront-catalogue-${products}-`));
  cpSync(DEMO_SITE, siteDir, {
    recursive: true,
    filter: (source) => !/\.(test\.ts|md)$/.test(source) && !source.endsWith('/scripts'),
  });
  const { items = [], ...shop } = JSON.parse(
    readFileSync(join(DEMO_SITE, SHOP_FILE), 'utf8'),
  ) as CollectionContent;

  // One product a line, written as it is made: the whole file as one string nears V8's limit.
  const file = openSync(join(siteDir, SHOP_FILE), 'w');
  let variants = 0;
  try {
    writeSync(file, `${JSON.stringify(shop).slice(0, -1)},"items":[\n`);
    let n = 0;
    for (const product of grownProducts(items, products)) {
      variants += product.structuredContent?.variants?.length ?? 0;
      writeSync(file, `${n++ ? ',\n' : ''}${JSON.stringify({ ...product, collectionId: shop.id })}`);
    }
    writeSync(file, '\n]}\n');
  } finally {
    closeSync(file);
  }
  return { siteDir, products, variants };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const products = Number(process.argv[2] ?? 2000);
  if (!Number.isInteger(products) || products < 1) {
    console.error('usage: node --import tsx bench/catalogue.ts <products> [into-dir]');
    process.exit(2);
  }
  const catalogue = generateCatalogue(products, process.argv[3]);
  console.log(`${catalogue.siteDir} (${catalogue.products} products, ${catalogue.variants} variants)`);
}
