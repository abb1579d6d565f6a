/**
 * Store pages in the back office (issue 30): a store manager orders the shop's products with the
 * keyboard and by dragging, and the storefront shows each new order on its next request; the screens
 * pass axe at every impact and fit a 390 px phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, failOnPageErrors, signInAsStaff } from './support.ts';

failOnPageErrors();

/** The shop's products as a visitor's next request lists them. */
async function shopOrder(page: Page): Promise<string[]> {
  const res = await page.request.get('/shop?format=json');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: { title: string }[] }).items.map((i) => i.title);
}

async function openShop(page: Page): Promise<void> {
  await page.goto('/config/store-pages');
  await page.getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
}

test('a store manager reorders the shop by keyboard and by drag; the storefront follows each time', async ({
  page,
}) => {
  await signInAsStaff(page, 'store-manager');
  const before = await shopOrder(page);
  const [first, second] = before as [string, string];
  await openShop(page);
  const list = page.getByRole('list', { name: 'Products in the order shoppers see them' });
  await expect(list.getByRole('listitem').first()).toContainText(first);
  // Hidden products keep their place in the order, so the screen may list more than the shop shows.
  const total = await list.getByRole('listitem').count();
  expect(total).toBeGreaterThanOrEqual(before.length);

  // Keyboard: focus the second product's Up button and press Enter.
  await page.getByRole('button', { name: `Move ${second} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(
    `${second} moved to position 1 of ${total}. The site shows the new order.`,
  );
  // It is first now, so its Up button is off: focus stays on the product, on its Down button.
  await expect(page.getByRole('button', { name: `Move ${second} down` })).toBeFocused();
  await expect(list.getByRole('listitem').first()).toContainText(second);
  expect((await shopOrder(page)).slice(0, 2)).toEqual([second, first]);

  // Drag: the first product dropped on the second puts the shop back as it was.
  await list
    .getByRole('listitem')
    .filter({ hasText: second })
    .dragTo(list.getByRole('listitem').filter({ hasText: first }));
  await expect(page.getByRole('status')).toHaveText(
    `${second} moved to position 2 of ${total}. The site shows the new order.`,
  );
  await expect(list.getByRole('listitem').first()).toContainText(first);
  expect(await shopOrder(page)).toEqual(before);

  // After a reload the screen shows the saved order.
  await page.reload();
  await expect(list.getByRole('listitem').first()).toContainText(first);
});

test("a store manager moves a category with the keyboard; the shop's category links follow", async ({
  page,
}) => {
  await signInAsStaff(page, 'store-manager');
  const shopCategories = async () => {
    const res = await page.request.get('/shop?format=json');
    return ((await res.json()) as { collection: { categories: string[] } }).collection.categories;
  };
  const before = await shopCategories();
  const last = before[before.length - 1] as string;
  const beforeLast = before[before.length - 2] as string;
  await openShop(page);
  await page.getByRole('button', { name: `Move category ${last} up` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(`${last} moved up.`);
  await expect(page.getByRole('button', { name: `Move category ${last} up` })).toBeFocused();
  expect(await shopCategories()).toEqual([...before.slice(0, -2), last, beforeLast]);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Move category ${last} down` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(`${last} moved down.`);
  // Last again: its Down button is off, so focus keeps its place on Up.
  await expect(page.getByRole('button', { name: `Move category ${last} up` })).toBeFocused();
  expect(await shopCategories()).toEqual(before);
});

test('the store page screens pass axe at every impact and fit a 390 px phone', async ({ page }) => {
  await signInAsStaff(page, 'admin');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/config/store-pages');
    await expect(page.getByRole('link', { name: 'Shop', exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(width);
    await openShop(page);
    await page
      .getByRole('button', { name: /^Rename category / })
      .first()
      .click();
    await expect(page.getByLabel('New name')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
