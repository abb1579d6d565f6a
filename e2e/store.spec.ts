import { type Page, type TestInfo, expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failOnPageErrors } from './support.ts';

/**
 * The store as a shopper meets it: product page islands (variants, quantity, add to cart), the
 * floating cart pill and the /cart page, against the demo site.
 */
const screenshotsDir = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const SHIRT = '/shop/linen-camp-shirt'; // two options: Size and Color, $98.00
const CANDLE = '/shop/beeswax-pillar-candle'; // one variant, 3 in stock, $26.00
const MUG = '/shop/speckled-stoneware-mug'; // one option: Glaze, $34.00
// Unlimited stock: what other specs sell on the shared server never changes what this one may add.
const PRINTS = '/shop/slow-mornings-print-set'; // digital, one variant, $18.00

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(screenshotsDir, { recursive: true });
  const path = join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

failOnPageErrors();

const addButton = (page: Page) => page.locator('.sqs-add-to-cart-button');
const pill = (page: Page) => page.locator('.sf-cart-pill');

/** Opens a product page and waits until its islands are live. */
async function openProduct(page: Page, path: string) {
  await page.goto(path);
  await expect(addButton(page)).toHaveAttribute('data-state', 'idle');
}

async function choose(page: Page, option: string, value: string) {
  await page.locator(`label[for="variant-option-${option}-${value}"]`).click();
}

/** Adds the open product and waits for the whole button cycle to end. */
async function addAndSettle(page: Page) {
  const label = (await addButton(page).getAttribute('data-original-label')) ?? 'Add To Cart';
  await addButton(page).click();
  await expect(addButton(page)).toHaveText('Added!');
  await expect(addButton(page)).toHaveText(label);
}

test('purchase path: choose a variant, add to cart, see the pill, change the quantity on /cart, reload', async ({
  page,
}, testInfo) => {
  await openProduct(page, SHIRT);
  await expect(pill(page)).toBeHidden();

  await choose(page, 'Size', 'M');
  await choose(page, 'Color', 'Sage');
  // The radios and the selects agree, and the choice is announced.
  await expect(page.locator('select[data-variant-option-name="Size"]')).toHaveValue('M');
  await expect(page.locator('#variant-option-Color-Sage')).toBeChecked();
  await expect(page.locator('.product-variants [role="status"]')).toHaveText('M / Sage, $98.00');

  const button = addButton(page);
  await button.click();
  await expect(button).toHaveText('Adding…');
  await expect(button).toHaveText('Added!', { timeout: 5_000 });
  const addedAt = Date.now();
  // A click while added is ignored: no second entry.
  await button.click();
  await expect(button).toHaveText('Add To Cart', { timeout: 5_000 });
  expect(Date.now() - addedAt).toBeGreaterThan(1_500);

  await expect(pill(page)).toBeVisible();
  await expect(pill(page)).toContainText('1 item');
  await expect(pill(page)).not.toContainText('1 items');
  await expect(pill(page)).toContainText('$98.00');
  await expect(page.locator('.sqs-cart-quantity').first()).toHaveText('1');
  await keepScreenshot(page, testInfo, 'product-page');

  await pill(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  const root = page.locator('#sqs-cart-root');
  await expect(root.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await expect(pill(page)).toHaveCount(0);
  const entry = root.locator('li');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Linen Camp Shirt');
  await expect(entry).toContainText('Size: M, Color: Sage');
  await expect(entry).toContainText('$98.00');
  const subtotal = root.locator('.sf-cart__subtotal');
  await expect(subtotal).toContainText('Subtotal');
  await expect(subtotal).toContainText('$98.00');

  const quantity = entry.getByLabel('Quantity');
  await expect(quantity).toHaveValue('1');
  await quantity.fill('2');
  await quantity.press('Tab');
  await expect(subtotal).toContainText('$196.00');
  await expect(root.getByRole('link', { name: 'Checkout' })).toBeVisible();
  await expect(root.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'cart-page');

  await page.reload();
  await expect(root.locator('li')).toHaveCount(1);
  await expect(root.locator('li').getByLabel('Quantity')).toHaveValue('2');
  await expect(subtotal).toContainText('$196.00');

  await page.goto('/');
  await expect(pill(page)).toContainText('2 items');
  await expect(pill(page)).toContainText('$196.00');
});

test('a refusal: adding without choosing the options shows the spec message in an alert', async ({
  page,
}) => {
  await openProduct(page, SHIRT);
  await addButton(page).click();
  const alert = page.getByRole('alertdialog', { name: 'Unable to Add Item' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Please select the Size and Color option.');
  await expect(addButton(page)).toHaveText('Add To Cart', { timeout: 3_000 });
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  await expect(pill(page)).toBeHidden();

  // One option chosen: the other one is named.
  await choose(page, 'Size', 'L');
  await addButton(page).click();
  await expect(alert).toContainText('Please select the Color option.');
  await page.keyboard.press('Escape');
  await expect(alert).toBeHidden();

  // A fractional quantity is refused with core's message.
  await choose(page, 'Color', 'Oat');
  await page.locator('.product-quantity-input input').fill('1.5');
  await expect(addButton(page)).toHaveText('Add To Cart', { timeout: 3_000 });
  await addButton(page).click();
  await expect(alert).toContainText('Quantity must be a whole number.');
  await alert.getByRole('button', { name: 'OK' }).click();

  // More than the stock (L / Oat has 5).
  await page.locator('.product-quantity-input input').fill('6');
  await expect(addButton(page)).toHaveText('Add To Cart', { timeout: 3_000 });
  await addButton(page).click();
  await expect(alert).toContainText('Sorry, we do not have enough of that item available.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(pill(page)).toBeHidden();
});

test('keyboard: Enter and Space activate the add-to-cart button and the variant buttons', async ({
  page,
}) => {
  await openProduct(page, MUG);
  // Choose a glaze with the keyboard on its button-like label.
  await page.locator('label[for="variant-option-Glaze-Moss"]').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#variant-option-Glaze-Moss')).toBeChecked();

  await addButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(addButton(page)).toHaveText('Adding…');
  await expect(addButton(page)).toHaveText('Added!');
  await expect(pill(page)).toContainText('1 item');
  await expect(addButton(page)).toHaveText('Add To Cart');

  await page.locator('label[for="variant-option-Glaze-Ink Blue"]').focus();
  await page.keyboard.press('Space');
  await expect(page.locator('.product-variants [role="status"]')).toHaveText('Ink Blue, $34.00');
  await addButton(page).focus();
  await page.keyboard.press('Space');
  await expect(addButton(page)).toHaveText('Added!');
  await expect(pill(page)).toContainText('2 items');
  await expect(pill(page)).toContainText('$68.00');
});

test('the pill: hidden and no cart read without a cart, never on /cart', async ({ page }) => {
  const cartReads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/commerce/shopping-cart')) cartReads.push(r.url());
  });
  await openProduct(page, CANDLE);
  await expect(pill(page)).toHaveCount(1);
  await expect(pill(page)).toBeHidden();
  await page.goto('/cart');
  await expect(page.locator('#sqs-cart-root')).toContainText('You have nothing in your shopping cart.');
  await expect(pill(page)).toHaveCount(0);
  // Spec section 4: no hasCart / CART cookie and not signed in: the cart is not loaded.
  expect(cartReads).toEqual([]);

  await openProduct(page, CANDLE);
  await addAndSettle(page);
  await expect(pill(page)).toBeVisible();
  await page.goto('/cart');
  await expect(page.locator('#sqs-cart-root li')).toHaveCount(1);
  await expect(pill(page)).toHaveCount(0);
});

test('removing the last entry empties the cart; a quantity of 0 asks first', async ({ page }) => {
  await openProduct(page, CANDLE);
  await addAndSettle(page);
  await page.goto('/cart');
  const root = page.locator('#sqs-cart-root');
  const entry = root.locator('li');
  await expect(entry).toHaveCount(1);

  // Quantity 0: a confirmation; Cancel keeps the entry as it was.
  const quantity = entry.getByLabel('Quantity');
  await quantity.fill('0');
  await quantity.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Remove Item' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(quantity).toHaveValue('1');
  await expect(entry).toHaveCount(1);

  await entry.getByRole('button', { name: /Remove Item/ }).click();
  await expect(root.locator('li')).toHaveCount(0);
  await expect(root).toContainText('You have nothing in your shopping cart.');
  await expect(root.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();
  await expect(root).not.toContainText('Subtotal');

  await page.reload();
  await expect(root).toContainText('You have nothing in your shopping cart.');
  await page.goto('/');
  await expect(pill(page)).toHaveCount(1);
  await expect(pill(page)).toBeHidden();
});

test('a subscription goes to the subscription page with the cart token, leaving the cart alone', async ({
  page,
}) => {
  await openProduct(page, '/shop/candle-of-the-month');
  await expect(addButton(page)).toHaveText('Subscribe');
  await addButton(page).click();
  await expect(page).toHaveURL(/\/checkout\/subscription\?cartToken=[\w-]+$/);
  await page.goto('/');
  await expect(pill(page)).toBeHidden();
});

test('failures the shopper is told about: expired session, rate limit, no network', async ({
  page,
  context,
}) => {
  await openProduct(page, CANDLE);
  const alert = page.getByRole('alertdialog', { name: 'Unable to Add Item' });

  // The crumb cookie is gone (expired session): the server refuses with crumbFail.
  await context.clearCookies();
  await addButton(page).click();
  await expect(alert).toContainText('Your session has expired. Please reload the page and try again.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(addButton(page)).toHaveText('Add To Cart');

  await page.reload();
  await expect(addButton(page)).toHaveAttribute('data-state', 'idle');
  await page.route('**/api/commerce/shopping-cart/entries', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'rate-limited', message: 'Please try again in a few seconds.' }),
    }),
  );
  await addButton(page).click();
  await expect(alert).toContainText('Please try again in a few seconds.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(addButton(page)).toHaveText('Add To Cart');

  await page.unroute('**/api/commerce/shopping-cart/entries');
  await page.route('**/api/commerce/shopping-cart/entries', (route) => route.abort('internetdisconnected'));
  await addButton(page).click();
  await expect(alert).toContainText('Please check your internet connection.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(pill(page)).toBeHidden();
});

test('the button on the browser clock: Added! 1 s after success, idle 2 s later, clicks ignored meanwhile; idle 1 s after an error', async ({
  page,
}) => {
  // Time runs only when the test says so (after the page has loaded).
  await page.clock.install({ time: new Date('2026-11-20T10:00:00Z') });
  await openProduct(page, PRINTS);
  await page.clock.pauseAt(new Date('2026-11-20T10:01:00Z'));
  const button = addButton(page);
  let adds = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/commerce/shopping-cart/entries')) adds++;
  });

  const answered = page.waitForResponse('**/api/commerce/shopping-cart/entries');
  await button.click();
  await expect(button).toHaveText('Adding…');
  expect((await answered).status()).toBe(200);
  await page.clock.runFor(999);
  await expect(button).toHaveText('Adding…');
  await page.clock.runFor(1);
  await expect(button).toHaveText('Added!');
  await expect(button).toHaveAttribute('data-state', 'added');
  await button.click(); // ignored while added
  await page.clock.runFor(1999);
  await expect(button).toHaveText('Added!');
  await page.clock.runFor(1);
  await expect(button).toHaveText('Add To Cart');
  expect(adds).toBe(1);

  // A refusal: the alert, and the button back to idle one second later.
  await page.route('**/api/commerce/shopping-cart/entries', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'cart.add.out-of-stock', message: 'Sold out meanwhile.' }),
    }),
  );
  await button.click();
  const alert = page.getByRole('alertdialog', { name: 'Unable to Add Item' });
  await expect(alert).toContainText('Sold out meanwhile.');
  await expect(button).toHaveText('Adding…');
  await page.clock.runFor(999);
  await expect(button).toHaveText('Adding…');
  await page.clock.runFor(1);
  await expect(button).toHaveText('Add To Cart');
});
