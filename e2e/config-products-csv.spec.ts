import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, failOnPageErrors, signInAsStaff } from './support.ts';

/**
 * The back office's product CSV screen (issue 30), on the demo site: a store manager exports the
 * catalogue, is shown every problem of a bad file by line and column (nothing imported), then checks
 * and imports a Shopify file by keyboard and finds the product on the storefront at once.
 */
failOnPageErrors();

const SHOPIFY_HEADER =
  'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,Variant Grams,Variant Inventory Qty,Variant Price,Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Image Src,Image Position,Image Alt Text,Gift Card,SEO Title,SEO Description,Status';

async function noSidewaysScroll(page: Page) {
  const [scrollWidth, width] = await page.evaluate(() => [
    document.scrollingElement?.scrollWidth ?? 0,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test('a store manager exports products, sees every problem of a bad file, and imports a Shopify file', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsStaff(page, 'store-manager');
  await page.goto('/config');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Import and export products' })
    .click();
  await expect(page.getByRole('heading', { name: 'Import and export products' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await noSidewaysScroll(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export as Squarespace CSV' }).click();
  const exported = readFileSync((await (await downloading).path()) as string, 'utf8');
  expect(exported.split('\r\n')[0]).toMatch(/^Product ID,Variant ID,Product Type,Product Page,/);
  expect(exported).toContain('Linen Camp Shirt');

  const handle = `e2e-scarf-${randomBytes(3).toString('hex')}`;
  const bad = [
    SHOPIFY_HEADER,
    `${handle},Wool Scarf,"<p>Warm,\nsoft.</p>",,,,TRUE,Title,Default Title,,,,,SCARF,,,30 dollars,,TRUE,TRUE,,,,FALSE,,,active`,
  ].join('\r\n');
  await page.getByLabel('Shopify').check();
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('alert')).toContainText('Nothing was imported: the file has 2 problems.');
  const problems = page.getByRole('table', { name: 'Problems in the file' });
  await expect(problems.getByRole('row')).toHaveCount(3);
  await expect(problems.getByRole('row').nth(1)).toContainText('"30 dollars" is not a price.');
  await expect(problems.getByRole('row').nth(2)).toContainText('Variant Inventory Qty is empty.');
  expect(await axeViolations(page)).toEqual([]);
  await noSidewaysScroll(page);
  expect((await page.request.get(`/shop/${handle}`)).status()).toBe(404);

  // The good file, by keyboard: the format by arrow keys, the file, then the buttons by Enter.
  const good = [
    SHOPIFY_HEADER,
    `${handle},Wool Scarf,"<p>Warm,\nsoft.</p>",Juniper Row,Wear,"wool, winter",TRUE,Title,Default Title,,,,,SCARF,200,5,30.00,,TRUE,TRUE,https://cdn.shopify.com/s/files/a-very-long-path/that-would-widen-a-phone-screen/scarf.jpg,1,A wool scarf,FALSE,,,active`,
  ].join('\r\n');
  await page.getByLabel('Squarespace').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Shopify')).toBeChecked();
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await page.getByRole('button', { name: 'Check the file' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(
    'Checked: the file is ready to import. It would make 1 new',
  );
  expect((await page.request.get(`/shop/${handle}`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Import' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText('Imported: 1 new, 0 updated');
  const images = page.getByRole('table', { name: /Images not fetched/ });
  await expect(images).toContainText('https://cdn.shopify.com/s/files/a-very-long-path');
  expect(await axeViolations(page)).toEqual([]);
  await noSidewaysScroll(page);

  const product = await page.request.get(`/shop/${handle}`);
  expect(product.status()).toBe(200);
  expect(await product.text()).toContain('Wool Scarf');
});
