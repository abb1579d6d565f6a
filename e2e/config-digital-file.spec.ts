import { expect, test, type Page } from '@playwright/test';
import { axeViolations, failOnPageErrors, signInAsStaff } from './support.ts';

/**
 * A digital product's file in the product editor (issue 30): a PDF uploaded with its progress, its
 * name and size shown, still there after the product is saved and the page reloaded; the editor
 * with its file clean under axe at every impact and without sideways scrolling at 390 px.
 */
failOnPageErrors();
test.describe.configure({ timeout: 90_000 });

const run = Date.now().toString(36);
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'),
  Buffer.alloc(150 * 1024, 0x20),
  Buffer.from('\n%%EOF\n'),
]);
const SIZE = `${Number.parseFloat((PDF.length / 1024).toFixed(2))} KB`;

function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
}

test('a PDF uploaded in the product editor shows its name and size, and is still there after a reload', async ({
  page,
}) => {
  await signInAsStaff(page, 'store-manager');
  await page.goto('/config/products/new');
  await page.getByLabel('Title', { exact: true }).fill(`Field Guide ${run}`);
  await page.getByLabel('Price of Default', { exact: true }).fill('12.00');
  await page.getByLabel('Digital download').check();
  await expect(page.getByText('No file yet.')).toBeVisible();
  await page.getByLabel('File delivered after payment').setInputFiles({
    name: `field-guide-${run}.pdf`,
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  const hint = page.locator('#product-digital-hint');
  await expect(hint).toContainText(`Now: field-guide-${run}.pdf (${SIZE}).`);
  await page.getByRole('button', { name: 'Create the product' }).click();
  await expect(page.getByRole('heading', { name: `Product: Field Guide ${run}` })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: `Product: Field Guide ${run}` })).toBeVisible();
  await expect(hint).toContainText(`Now: field-guide-${run}.pdf (${SIZE}).`);
  await expect(page.getByLabel('Replace the file delivered after payment')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove the file' })).toBeVisible();
  // Private: the media library never lists it.
  const library = (await (await page.request.get(`/api/config/media?q=field-guide-${run}`)).json()) as {
    assets: unknown[];
  };
  expect(library.assets).toEqual([]);

  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(hint).toContainText(`field-guide-${run}.pdf`);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
});
