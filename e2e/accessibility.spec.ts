import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { seriousAxeViolations } from './support.ts';

/** axe on what the islands render and enhance (the rest of the page belongs to the site). */
async function violations(page: Page, include: string[]) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of include) builder = builder.include(selector);
  const result = await builder.analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the product checkout block, the pill and the alert dialog pass axe', async ({ page }) => {
  await page.goto('/shop/linen-camp-shirt');
  const button = page.locator('.sqs-add-to-cart-button');
  await expect(button).toHaveAttribute('data-state', 'idle');

  await button.click();
  const alert = page.getByRole('alertdialog', { name: 'Unable to Add Item' });
  await expect(alert).toBeVisible();
  // Focus is inside the dialog, on its button.
  await expect(alert.getByRole('button', { name: 'OK' })).toBeFocused();
  expect(await violations(page, ['.sf-dialog'])).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(alert).toBeHidden();

  await page.locator('label[for="variant-option-Size-S"]').click();
  await page.locator('label[for="variant-option-Color-Oat"]').click();
  await expect(page.locator('label[for="variant-option-Size-S"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toHaveText('Add To Cart');
  await button.click();
  const pill = page.locator('.sf-cart-pill');
  await expect(pill).toBeVisible();
  // The pill fades in: contrast is judged once it has arrived, as the shopper reads it.
  await pill.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  expect(await violations(page, ['.product-checkout', '.sf-cart-pill'])).toEqual([]);
});

test('the /cart page passes axe, with entries and empty', async ({ page }) => {
  await page.goto('/shop/beeswax-pillar-candle');
  const button = page.locator('.sqs-add-to-cart-button');
  await expect(button).toHaveAttribute('data-state', 'idle');
  await button.click();
  await expect(page.locator('.sf-cart-pill')).toBeVisible();

  await page.goto('/cart');
  await expect(page.locator('#sqs-cart-root li')).toHaveCount(1);
  expect(await violations(page, ['#sqs-cart-root'])).toEqual([]);

  await page.getByRole('button', { name: 'Remove Item: Hand-Poured Beeswax Pillar' }).click();
  await expect(page.locator('#sqs-cart-root')).toContainText('You have nothing in your shopping cart.');
  // Focus goes back to the page heading, not lost on the removed row.
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeFocused();
  expect(await violations(page, ['#sqs-cart-root'])).toEqual([]);
});

test('quick view open passes axe', async ({ page }) => {
  await page.goto('/shop');
  const quick = page
    .locator('.product-card', { hasText: 'Linen Camp Shirt' })
    .locator('.sqs-product-quick-view-button');
  await quick.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Linen Camp Shirt' });
  await expect(dialog.locator('.sqs-add-to-cart-button')).toHaveAttribute('data-state', 'idle');
  await expect(page.locator('.sf-modal')).toHaveAttribute('data-state', 'open');
  expect(await violations(page, ['.sf-modal'])).toEqual([]);
});

test('the additional-fields lightbox open passes axe, also showing an error', async ({ page }) => {
  await page.goto('/shop/walnut-serving-board');
  const button = page.locator('.sqs-add-to-cart-button');
  await expect(button).toHaveAttribute('data-state', 'idle');
  await page.locator('label[for="variant-option-Size-Small"]').click();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Engraving' });
  await expect(dialog.getByLabel('Initials to engrave')).toBeFocused();
  await expect(page.locator('.sf-modal')).toHaveAttribute('data-state', 'open');
  expect(await violations(page, ['.sf-modal'])).toEqual([]);
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog.locator('.sf-field__error')).toHaveText('Required');
  expect(await violations(page, ['.sf-modal'])).toEqual([]);
});

for (const [name, path] of [
  ['home', '/'],
  ['shop collection', '/shop'],
  ['product', '/shop/linen-camp-shirt'],
  ['journal post', '/journal/a-visit-to-the-apiary'],
] as const) {
  test(`the whole ${name} page has no serious or critical axe violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-sf-telemetry', 'ready');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test('the whole /cart and /checkout pages with an entry, quick view open and the additional-fields lightbox open have no serious or critical axe violation', async ({
  page,
}) => {
  // Four axe passes over whole pages and two lightboxes: more than the default budget on a busy CI machine.
  test.setTimeout(60_000);
  await page.goto('/shop/beeswax-pillar-candle');
  const button = page.locator('.sqs-add-to-cart-button');
  await expect(button).toHaveAttribute('data-state', 'idle');
  await button.click();
  const pill = page.locator('.sf-cart-pill');
  await expect(pill).toBeVisible();
  await pill.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await page.goto('/cart');
  await expect(page.locator('#sqs-cart-root li')).toHaveCount(1);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto('/shop');
  await page
    .locator('.product-card', { hasText: 'Linen Camp Shirt' })
    .locator('.sqs-product-quick-view-button')
    .click();
  await expect(page.locator('.sf-modal')).toHaveAttribute('data-state', 'open');
  await expect(page.locator('.sf-modal .sqs-add-to-cart-button')).toHaveAttribute('data-state', 'idle');
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto('/shop/walnut-serving-board');
  await expect(page.locator('.sqs-add-to-cart-button')).toHaveAttribute('data-state', 'idle');
  await page.locator('label[for="variant-option-Size-Small"]').click();
  await page.locator('.sqs-add-to-cart-button').click();
  await expect(page.locator('.sf-modal')).toHaveAttribute('data-state', 'open');
  expect(await seriousAxeViolations(page)).toEqual([]);
});
