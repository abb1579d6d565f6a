/**
 * A product written in the README's own format and photographed with three 4,000 px JPEGs, served by
 * the demo template: its "from" price, its option picker, and every image of its page and of the
 * shop list offered at the widths a phone needs (issue 30).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startApp, type TestApp } from '../testing/app.ts';
import { PHOTO_PRODUCT_URL, PHOTO_WIDTH, writePhotoSite } from '../testing/photo-site.ts';
import { Shopper } from '../testing/shopper.ts';

const folder = mkdtempSync(join(tmpdir(), 'photo-site-'));
const siteDir = join(folder, 'photos');

beforeAll(async () => writePhotoSite(siteDir), 60_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Every `<img>` tag of a page, noscript fallbacks included, with its attributes. */
const imagesOf = (html: string) =>
  [...html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    return {
      tag,
      src: attribute('src') ?? attribute('data-src'),
      srcset: attribute('srcset'),
      sizes: attribute('sizes'),
    };
  });

/** The widths a `srcset` offers (`url 500w, …` gives 500, …). */
const widthsOf = (srcset: string | undefined) =>
  (srcset ?? '')
    .split(',')
    .map((entry) => /\s(\d+)w$/.exec(entry.trim())?.[1])
    .filter((w): w is string => w !== undefined)
    .map(Number);

for (const database of DATABASES) {
  describe(`[${database.name}] a README-format product with three 4,000 px photos`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database, { siteDir });
    }, 60_000);
    afterAll(async () => t?.close());
    const page = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.body;
    };

    // The amount's markup is the platform's; the template's stylesheet draws the currency sign.
    const FROM_PRICE = 'from <span class="sqs-money-native">44.00</span>';

    it('shows "from $44.00" on its page and in the shop list', async () => {
      const product = await page(PHOTO_PRODUCT_URL);
      const price = /<div class="product-price">([\s\S]*?)<\/div>/.exec(product)?.[1];
      expect(price?.trim()).toBe(FROM_PRICE);
      const card =
        /<article class="product-card[^"]*" data-item-id="harbour-photo-print">[\s\S]*?<\/article>/.exec(
          await page('/shop'),
        )?.[0];
      expect(card).toContain(FROM_PRICE);
    });

    it('shows a picker for its option, and the picked variant can be bought', async () => {
      const product = await page(PHOTO_PRODUCT_URL);
      expect(product).toContain('<select aria-label="Select Size" data-variant-option-name="Size">');
      expect(product).toMatch(
        /<option value="Large">Large<\/option>\s*<option value="Small">Small<\/option>/,
      );
      const shopper = new Shopper(t);
      await shopper.start();
      const added = await shopper.add({ itemId: 'harbour-photo-print', sku: 'HPP-S', quantity: 1 });
      expect(added.statusCode).toBe(200);
      expect(JSON.stringify(await shopper.cart())).toContain('"44.00"');
    });

    it.each([PHOTO_PRODUCT_URL, '/shop', '/search?q=harbour'])(
      'offers every image of %s at two widths or more, with sizes',
      async (url) => {
        const images = imagesOf(await page(url));
        const photos = images.filter((i) => i.src?.includes('/media/harbour-'));
        expect(photos.length).toBeGreaterThanOrEqual(url === PHOTO_PRODUCT_URL ? 3 : 1);
        for (const image of images.filter((i) => !i.src?.endsWith('.svg'))) {
          expect(widthsOf(image.srcset).length, image.tag).toBeGreaterThanOrEqual(2);
          expect(image.sizes, image.tag).toBeTruthy();
          // Below the original's width, so a phone never gets the 4,000 px file.
          expect(Math.min(...widthsOf(image.srcset)), image.tag).toBeLessThan(PHOTO_WIDTH);
        }
      },
    );

    it('serves the widths the srcset names, smaller than the original', async () => {
      const [photo] = imagesOf(await page(PHOTO_PRODUCT_URL)).filter((i) =>
        i.src?.includes('/media/harbour-'),
      );
      const entry = photo?.srcset?.split(',').find((e) => e.trim().endsWith(' 500w'));
      const url = entry?.trim().split(/\s+/)[0] ?? '';
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'image/jpeg' } });
      expect(res.statusCode).toBe(200);
      const original = await t.app.inject({ method: 'GET', url: photo?.src ?? '' });
      expect(res.rawPayload.length).toBeLessThan(original.rawPayload.length / 10);
    });
  });
}
