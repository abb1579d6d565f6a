import { expect, test } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemplateEngine } from '../packages/server/src/storefront/engine.ts';
import { TagBodies } from '../packages/server/src/platform/site/platform-tags.ts';
import { loadSite } from '../packages/server/src/platform/site/loader.ts';
import { failOnPageErrors, placeOrder, startSiteServer, type SiteServer } from './support.ts';

/**
 * A newcomer's first site, built from nothing but the README's "Make a new site" recipe: the files
 * are the README's own code blocks, so the instructions and this test cannot drift apart. Then a
 * purchase in Chromium: the product page, Add To Cart, /checkout, the confirmation.
 */

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const RECIPE_FOLDER = 'sites/my-shop/';

/**
 * The recipe's files: every fenced block whose paragraph above starts with a path in
 * `sites/my-shop/` (`` `sites/my-shop/template/template.conf` ``), by path inside the site folder.
 */
function recipeFiles(markdown: string): Map<string, string> {
  const files = new Map<string, string>();
  const lines = markdown.split('\n');
  let paragraphStart: string | undefined;
  let previousBlank = true;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith('```')) {
      const body: string[] = [];
      for (i++; i < lines.length && !(lines[i] as string).startsWith('```'); i++)
        body.push(lines[i] as string);
      const named = paragraphStart && new RegExp(`^\`(${RECIPE_FOLDER}[^\`]+)\``).exec(paragraphStart);
      if (named) files.set((named[1] as string).slice(RECIPE_FOLDER.length), `${body.join('\n')}\n`);
      paragraphStart = undefined;
      previousBlank = false;
      continue;
    }
    if (line.trim() === '') previousBlank = true;
    else {
      if (previousBlank) paragraphStart = line;
      previousBlank = false;
    }
  }
  return files;
}

failOnPageErrors();

let server: SiteServer;
let folder: string;
let siteDir: string;

test.beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'storefront-new-site-'));
  siteDir = join(folder, 'my-shop');
  const files = recipeFiles(readFileSync(README, 'utf8'));
  expect([...files.keys()].sort()).toEqual([
    'content/collections/shop.json',
    'content/website.json',
    'template/collections/products.item',
    'template/collections/products.list',
    'template/site.region',
    'template/styles/site.css',
    'template/template.conf',
  ]);
  for (const [path, text] of files) {
    mkdirSync(dirname(join(siteDir, path)), { recursive: true });
    writeFileSync(join(siteDir, path), text);
  }
  server = await startSiteServer({ SITE_DIR: siteDir, DATA_DIR: join(folder, 'data') });
});

test.afterAll(async () => {
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test("the README's recipe loads without a warning: its layout has every required tag", () => {
  const engine = createTemplateEngine();
  const site = loadSite(siteDir, (source) => engine.compile(source), new TagBodies());
  expect(site.warnings).toEqual([]);
});

test("a site made from the README's recipe sells its mug: product page, Add To Cart, checkout, confirmation", async ({
  page,
}) => {
  await page.goto(`${server.base}/shop/blue-mug`);
  await expect(page.getByRole('heading', { name: 'Blue Mug' })).toBeVisible();

  // The price is the number; its symbol comes from the recipe's CSS, keyed on the store currency.
  const price = page.locator('.product-price .sqs-money-native');
  await expect(price).toHaveText('12.00');
  expect(await price.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"€"');

  const add = page.locator('.sqs-add-to-cart-button');
  await expect(add).toHaveAttribute('data-state', 'idle');
  await add.click();
  await expect(add).toHaveText('Added!');
  await expect(page.locator('header .sqs-cart-quantity')).toHaveText('1');

  await page.goto(`${server.base}/checkout`);
  await expect(page.getByText('Blue Mug')).toBeVisible();
  await placeOrder(page, {
    email: 'first@example.com',
    name: 'First Buyer',
    address: '1 Rue de la Paix',
    city: 'Paris',
    postalCode: '75002',
    country: 'FR',
  });
  await expect(page.getByRole('heading', { name: 'Order Confirmed' })).toBeVisible();
  await expect(page.locator('main')).toContainText('Blue Mug');
  await expect(page.locator('main')).toContainText('€12.00');
});
