import { type Page, expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHOTO_PRODUCT_URL, PHOTO_WIDTH, writePhotoSite } from '../packages/server/src/testing/photo-site.ts';
import { failOnPageErrors, startSiteServer, type SiteServer } from './support.ts';

/**
 * The price a shopper sees follows the variant they pick (issue 30), on the demo's board and on a
 * product written in the README's own format (priceMoney only, no option ordering), which also
 * shows its "from" price and its picker; and that product's three 4,000 px photos reach the browser
 * at the width it shows them, on its page and in the shop list.
 */
failOnPageErrors();

const BOARD = '/shop/walnut-serving-board'; // Size: Small $64.00, Large $92.00
const priceLine = (page: Page) => page.locator('.product-summary .product-price');
const status = (page: Page) => page.locator('.sf-variants-status [role="status"]');
const pick = (page: Page, value: string) => page.locator(`label[for="variant-option-Size-${value}"]`).click();

test('on the demo, the price follows the picked size and the choice is announced with it', async ({
  page,
}) => {
  await page.goto(BOARD);
  await expect(priceLine(page)).toHaveText('from 64.00', { useInnerText: true });
  await pick(page, 'Large');
  await expect(priceLine(page)).toHaveText('92.00', { useInnerText: true });
  await expect(status(page)).toHaveText('Large, $92.00');
  await pick(page, 'Small');
  await expect(priceLine(page)).toHaveText('64.00', { useInnerText: true });
  await expect(status(page)).toHaveText('Small, $64.00');
  // The sign is the template's CSS: what a shopper reads is "$92.00".
  expect(
    await priceLine(page)
      .locator('.sqs-money-native')
      .evaluate((el) => getComputedStyle(el, '::before').content),
  ).toBe('"$"');
});

test.describe('a README-format product with three 4,000 px photos', () => {
  let folder: string;
  let server: SiteServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    folder = mkdtempSync(join(tmpdir(), 'storefront-photos-'));
    await writePhotoSite(join(folder, 'site'));
    server = await startSiteServer({ SITE_DIR: join(folder, 'site'), DATA_DIR: join(folder, 'data') });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test('shows "from $44.00" and its picker; the price follows the pick', async ({ page }) => {
    await page.goto(`${server.base}${PHOTO_PRODUCT_URL}`);
    await expect(priceLine(page)).toHaveText('from 44.00', { useInnerText: true });
    await pick(page, 'Large');
    await expect(priceLine(page)).toHaveText('62.00', { useInnerText: true });
    await expect(status(page)).toHaveText('Large, $62.00');
    await pick(page, 'Small');
    await expect(priceLine(page)).toHaveText('44.00', { useInnerText: true });
    const add = page.locator('.sqs-add-to-cart-button');
    await add.click();
    await expect(add).toHaveText('Added!');
  });

  for (const path of [PHOTO_PRODUCT_URL, '/shop']) {
    test(`every image of ${path} has a srcset of two widths or more, and the browser loads one below 4,000 px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.base}${path}`);
      const images = await page.locator('img').evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          src: img.getAttribute('src') ?? '',
          widths: (img.getAttribute('srcset') ?? '')
            .split(',')
            .filter((entry) => /\s\d+w$/.test(entry.trim())).length,
          sizes: img.getAttribute('sizes') ?? '',
        })),
      );
      const photos = images.filter((i) => i.src.startsWith('/media/harbour-'));
      expect(photos.length).toBeGreaterThanOrEqual(2);
      for (const image of images.filter((i) => !i.src.endsWith('.svg'))) {
        expect(image.widths, image.src).toBeGreaterThanOrEqual(2);
        expect(image.sizes, image.src).not.toBe('');
      }
      // The first photo is in view: the browser picked a resized width for a 390 px screen.
      const first = page.locator('img[src^="/media/harbour-"]').first();
      await expect
        .poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(/\?format=\d+w$/);
      const loaded = await first.evaluate((img: HTMLImageElement) => img.naturalWidth);
      expect(loaded).toBeLessThan(PHOTO_WIDTH);
    });
  }
});
