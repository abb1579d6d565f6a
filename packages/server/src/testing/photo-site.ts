/**
 * A copy of the demo whose shop starts with a product written in the README's own format (variants
 * with `priceMoney` only, options without `variantOptionOrdering`, two prices) and photographed as a
 * merchant would: three 4,000 px JPEGs. For the tests of the "from" price, the variant picker and
 * image sizes, and for `npm run lighthouse -- --photos`. The photos are made here (sharp), never
 * committed.
 *
 *   node --import tsx packages/server/src/testing/photo-site.ts DIR   # writes the site into DIR
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { ItemContent } from '../platform/site/types.ts';

const DEMO_SITE = fileURLToPath(new URL('../../../../sites/demo', import.meta.url));

export const PHOTO_PRODUCT_URL = '/shop/harbour-photo-print';
export const PHOTO_WIDTH = 4000;
const PHOTO_HEIGHT = 3000;
const PHOTOS = ['harbour-dawn.jpg', 'harbour-noon.jpg', 'harbour-dusk.jpg'];
const TINTS = ['#4a6b8a', '#c9a26b', '#6b4a7a'];

/** The product as the README tells a merchant to write one (no legacy cents, no option ordering). */
export const PHOTO_PRODUCT: ItemContent = {
  id: 'harbour-photo-print',
  urlId: 'harbour-photo-print',
  title: 'Harbour Photo Print',
  recordType: 11,
  body: '<p>The harbour at three hours of the day, printed on cotton rag.</p>',
  assetUrl: `/media/${PHOTOS[0]}`,
  originalSize: `${PHOTO_WIDTH}x${PHOTO_HEIGHT}`,
  items: PHOTOS.map((file, i) => ({
    id: `harbour-photo-${i + 1}`,
    recordType: 2,
    title: `Harbour Photo Print, view ${i + 1}`,
    assetUrl: `/media/${file}`,
    originalSize: `${PHOTO_WIDTH}x${PHOTO_HEIGHT}`,
    filename: file,
  })),
  structuredContent: {
    productType: 1,
    variants: [
      {
        id: 'harbour-print-large',
        sku: 'HPP-L',
        priceMoney: { currency: 'USD', value: '62.00' },
        qtyInStock: 10,
        attributes: { Size: 'Large' },
        optionValues: [{ optionName: 'Size', value: 'Large' }],
      },
      {
        id: 'harbour-print-small',
        sku: 'HPP-S',
        priceMoney: { currency: 'USD', value: '44.00' },
        qtyInStock: 10,
        attributes: { Size: 'Small' },
        optionValues: [{ optionName: 'Size', value: 'Small' }],
      },
    ],
  },
};

/** Writes the demo, with the photo product first in its shop and its photos in `content/media`, into `dir`. */
export async function writePhotoSite(dir: string): Promise<void> {
  cpSync(DEMO_SITE, dir, { recursive: true });
  const shopFile = join(dir, 'content/collections/shop.json');
  const shop = JSON.parse(readFileSync(shopFile, 'utf8')) as { items: ItemContent[] };
  writeFileSync(shopFile, JSON.stringify({ ...shop, items: [PHOTO_PRODUCT, ...shop.items] }));
  await Promise.all(
    PHOTOS.map((file, i) =>
      // Noise makes them weigh what photographs weigh: sending one whole to a phone would show.
      sharp({
        create: {
          width: PHOTO_WIDTH,
          height: PHOTO_HEIGHT,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .tint(TINTS[i] ?? '#808080')
        .jpeg({ quality: 82 })
        .toFile(join(dir, 'content/media', file)),
    ),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: photo-site.ts DIR');
  await writePhotoSite(resolve(dir));
}
