import { type Locator, type Page, expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { failOnPageErrors, nextFrames } from './support.ts';

/**
 * Quick view, the additional-fields lightbox, Edit Details on /cart, the template cart widget and
 * the keyboard-only path from a product page to /cart, on the demo site.
 */
const SHIRT = '/shop/linen-camp-shirt'; // Size and Color, $98.00
const BOARD = '/shop/walnut-serving-board'; // Size; its button opens the Engraving form
const PRINTS = '/shop/slow-mornings-print-set'; // digital, unlimited, $18.00

failOnPageErrors();

const screenshots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
const START = new Date('2026-11-20T10:00:00Z');
/** From here on the page's timers move only with `runFor`. */
async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

const addButton = (page: Page) => page.locator('.sqs-add-to-cart-button').first();
const pill = (page: Page) => page.locator('.sf-cart-pill');
const widget = (page: Page) => page.locator('.site-cart');
const focused = (page: Page) => page.locator(':focus');

async function openProduct(page: Page, path: string) {
  await page.goto(path);
  await expect(addButton(page)).toHaveAttribute('data-state', 'idle');
}

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`; fails after `max`. */
async function tabTo(page: Page, selector: string, { max = 80, shift = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`focus never reached ${selector}`);
}

/** Tab and Shift+Tab from the focused element never leave `dialog`, and come back round to it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const here = () => page.evaluate(() => document.activeElement?.outerHTML ?? '');
  const start = await here();
  for (const key of ['Tab', 'Shift+Tab']) {
    let back = false;
    const seen = new Set<string>();
    for (let i = 0; i < 40 && !back; i++) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      const now = await here();
      seen.add(now);
      back = now === start;
    }
    expect(back).toBe(true);
    // It went somewhere else on the way.
    expect(seen.size).toBeGreaterThan(1);
  }
}

/** Puts entries in the visitor's cart through the API (the crumb cookie comes from a page view). */
async function addThroughApi(page: Page, itemPath: string, quantity: number) {
  await page.goto(itemPath);
  const itemId = await addButton(page).getAttribute('data-item-id');
  const crumb = (await page.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
  const sku = await page.evaluate((id) => {
    const ctx = JSON.parse(document.getElementById('storefront-context')!.textContent!);
    return ctx.products[id!].variants[0].sku as string;
  }, itemId);
  const answer = await page.request.post('/api/commerce/shopping-cart/entries', {
    headers: { 'x-csrf-token': crumb },
    data: { itemId, sku, quantity },
  });
  expect(answer.status()).toBe(200);
}

test('quick view: Enter opens the product with its checkout block; it adds; Escape closes and focus returns', async ({
  page,
}) => {
  await page.clock.install({ time: START });
  await page.goto('/shop');
  await pauseClock(page);
  const card = page.locator('.product-card', { hasText: 'Speckled Stoneware Mug' });
  const quick = card.locator('.sqs-product-quick-view-button');
  await quick.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Speckled Stoneware Mug' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.sqs-add-to-cart-button')).toHaveText('Add To Cart');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
  await expectFocusTrapped(page, dialog);

  await dialog.locator('label', { hasText: 'Moss' }).click();
  await expect(dialog.locator('[role="status"]')).toHaveText('Moss, $34.00');
  await page.clock.runFor(50);
  await page.screenshot({ path: `${screenshots}quick-view.png` });
  const button = dialog.locator('.sqs-add-to-cart-button');
  await button.click();
  await expect(button).toHaveText('Adding…');
  // Added! one second after success, idle two seconds later (spec section 4).
  await expect
    .poll(() => page.evaluate(() => fetch('/api/commerce/shopping-cart').then((r) => r.json())))
    .toMatchObject({
      totalQuantity: 1,
    });
  await page.clock.runFor(999);
  await expect(button).toHaveText('Adding…');
  await page.clock.runFor(1);
  await expect(button).toHaveText('Added!');
  await page.clock.runFor(2000);
  await expect(button).toHaveText('Add To Cart');
  await expect(pill(page)).toContainText('1 item');

  await page.keyboard.press('Escape');
  await expect(quick).toBeFocused();
  // The 0.3 s closing animation, then the lightbox is gone.
  await expect(page.locator('.sf-modal')).toHaveAttribute('data-state', 'closing');
  await page.clock.runFor(300);
  await expect(page.locator('.sf-modal')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');

  // The close control closes too.
  await quick.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(quick).toBeFocused();
});

test('additional-fields lightbox: opens on add, Escape closes, focus trapped, scroll locked; submit adds, /cart shows the answers, Edit Details saves', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await openProduct(page, BOARD);
  await expect(addButton(page)).toHaveClass(/use-form/);
  await page.locator('label[for="variant-option-Size-Large"]').click();
  await page.evaluate(() => window.scrollTo(0, 200));
  const scrolled = await page.evaluate(() => window.scrollY);

  await addButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Engraving' });
  await expect(dialog).toBeVisible();
  const initials = dialog.getByLabel('Initials to engrave');
  await expect(initials).toBeFocused();
  // Page scroll is locked: the wheel does not move the page behind.
  await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
  await page.mouse.move(20, 20);
  // Once the wheel has reached the page and two frames have been drawn, a page free to scroll has moved.
  await page.evaluate(() => {
    const page = window as unknown as { wheeled: Promise<void> };
    page.wheeled = new Promise((resolve) =>
      document.addEventListener('wheel', () => resolve(), { once: true, capture: true }),
    );
  });
  await page.mouse.wheel(0, 600);
  await page.evaluate(() => (window as unknown as { wheeled: Promise<void> }).wheeled);
  await nextFrames(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expectFocusTrapped(page, dialog);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(addButton(page)).toBeFocused();
  await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');

  await addButton(page).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog.locator('.sf-field__error')).toHaveText('Required');
  await page.screenshot({ path: `${screenshots}additional-fields.png` });
  await dialog.getByLabel('Initials to engrave').fill('JR');
  await dialog.getByLabel('Gift note').fill('For the new kitchen');
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog).toBeHidden();
  await expect(addButton(page)).toHaveText('Added!');
  await expect(pill(page)).toContainText('1 item');

  await page.goto('/cart');
  const entry = page.locator('li.sf-cart-item', { hasText: 'Black Walnut Serving Board' });
  await expect(entry).toContainText('Initials to engrave: JR');
  await expect(entry).toContainText('Gift note: For the new kitchen');
  const edit = entry.getByRole('button', { name: 'Edit Details: Black Walnut Serving Board' });
  await edit.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Initials to engrave')).toHaveValue('JR');
  await expect(dialog.getByLabel('Gift note')).toHaveValue('For the new kitchen');
  await dialog.getByLabel('Initials to engrave').fill('AB');
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry).toContainText('Initials to engrave: AB');
  await expect(edit).toBeFocused();
  await page.screenshot({ path: `${screenshots}cart-additional-fields.png`, fullPage: true });
  await page.reload();
  await expect(page.locator('li.sf-cart-item')).toContainText('Initials to engrave: AB');
});

test('additional-fields lightbox: a window resize places it again after 100 ms', async ({ page }) => {
  await page.clock.install({ time: START });
  await page.setViewportSize({ width: 1280, height: 900 });
  await openProduct(page, BOARD);
  await pauseClock(page);
  await page.locator('label[for="variant-option-Size-Small"]').click();
  await addButton(page).click();
  const panel = page.locator('.sf-fields-modal');
  await expect(panel.getByLabel('Initials to engrave')).toBeFocused();
  const margin = () => panel.evaluate((el) => parseFloat(getComputedStyle(el).marginTop));
  const height = await panel.evaluate((el) => (el as HTMLElement).offsetHeight);
  // Centred in a window taller than the panel.
  expect(Math.abs((await margin()) - Math.round((900 - height) / 2))).toBeLessThanOrEqual(1);
  // The lightbox's own listener was added first, so it has run once this flag is set.
  await page.evaluate(() => {
    const w = window as unknown as { resized?: boolean };
    w.resized = false;
    window.addEventListener('resize', () => (w.resized = true), { once: true });
  });
  await page.setViewportSize({ width: 1280, height: Math.max(200, height - 100) });
  await page.waitForFunction(() => (window as unknown as { resized?: boolean }).resized === true);
  await page.clock.runFor(99);
  expect(await margin()).not.toBe(50);
  await page.clock.runFor(1);
  // Taller than the window now: 50 px from the top.
  await expect.poll(margin).toBe(50);
});

test('cart widget: labels One item / {n} items / More than 100 items, the count, initialized on first sync; not on /cart', async ({
  page,
}) => {
  await page.goto('/');
  await expect(widget(page)).toHaveAttribute('aria-label', '0 items in cart');
  await expect(widget(page)).not.toHaveAttribute('data-initialized', 'true');

  await openProduct(page, PRINTS);
  await addButton(page).click();
  await expect(widget(page)).toHaveAttribute('aria-label', 'One item in cart');
  await expect(widget(page)).toHaveAttribute('data-initialized', 'true');
  await expect(widget(page).locator('.sqs-cart-quantity')).toHaveText('1');

  await page.goto('/');
  await expect(widget(page)).toHaveAttribute('data-initialized', 'true');
  await expect(widget(page)).toHaveAttribute('aria-label', 'One item in cart');

  await addThroughApi(page, PRINTS, 99);
  await page.goto('/');
  await expect(widget(page)).toHaveAttribute('aria-label', '100 items in cart');
  await expect(widget(page).locator('.sqs-cart-quantity')).toHaveText('100');

  await addThroughApi(page, PRINTS, 1);
  await page.goto('/');
  await expect(widget(page)).toHaveAttribute('aria-label', 'More than 100 items in cart');
  await expect(widget(page).locator('.sqs-cart-quantity')).toHaveText('100+');

  await page.goto('/cart');
  await expect(page.locator('li.sf-cart-item')).toHaveCount(1);
  await expect(widget(page)).not.toHaveAttribute('aria-label', /.*/);
  await expect(widget(page)).not.toHaveAttribute('data-initialized', 'true');
});

test('keyboard only: from the product page to /cart (Tab, Enter, Space, arrow keys)', async ({ page }) => {
  await openProduct(page, SHIRT);
  await page.locator('body').focus();

  await tabTo(page, 'label[for="variant-option-Size-M"]');
  await page.keyboard.press('Enter');
  await expect(page.locator('#variant-option-Size-M')).toBeChecked();
  await tabTo(page, 'label[for="variant-option-Color-Sage"]');
  await page.keyboard.press('Space');
  await expect(page.locator('#variant-option-Color-Sage')).toBeChecked();
  await expect(page.locator('.product-variants [role="status"]')).toHaveText('M / Sage, $98.00');

  await tabTo(page, '.product-quantity-input input');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('.product-quantity-input input')).toHaveValue('2');

  await tabTo(page, '.sqs-add-to-cart-button');
  await page.keyboard.press('Enter');
  await expect(addButton(page)).toHaveText('Added!');
  await expect(addButton(page)).toBeFocused();

  // On to the cart: the header widget is behind us, the pill ahead.
  await tabTo(page, '.sf-cart-pill', { max: 150 });
  await expect(focused(page)).toContainText('2 items');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
  const entry = page.locator('li.sf-cart-item', { hasText: 'Linen Camp Shirt' });
  await expect(entry).toContainText('Size: M, Color: Sage');
  await expect(entry.getByRole('spinbutton')).toHaveValue('2');

  // The header widget gets there too, backwards from the product page.
  await page.goto(SHIRT);
  await expect(addButton(page)).toHaveAttribute('data-state', 'idle');
  await addButton(page).focus();
  await tabTo(page, '.site-cart', { shift: true });
  await expect(focused(page)).toHaveAttribute('aria-label', '2 items in cart');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart$/);
});
