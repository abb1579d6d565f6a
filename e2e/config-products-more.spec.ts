import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, failOnPageErrors, signInAsStaff } from './support.ts';

/**
 * More of the catalogue editor as a merchant uses it (issue 30), on the demo site and the running
 * server: a gift card made in the editor with its amounts, bought at those amounts on the store; an
 * image's focal point set with the pointer and the keyboard, and the store's photo cropped around it;
 * the spec's tag and category hints ("This tag already exists", "You may only edit one tag at a
 * time") in the product editor and the store page's categories, with the keyboard path through the
 * tags; those screens clean under axe at every impact and without sideways scrolling at 390 px.
 * Every record here is this run's own, so other specs sharing the server see nothing of it.
 */
failOnPageErrors();
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const run = Date.now().toString(36);

/** Why the page does not fit its viewport (as e2e/config-products.spec.ts checks). */
function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    if (scrollWidth > width) problems.push(`the page scrolls sideways: ${scrollWidth} px in ${width} px`);
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > width + 0.5)
        problems.push(`<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`);
    }
    return problems;
  });
}

/** Creates the product the form holds and answers its storefront address. */
async function create(page: Page, title: string): Promise<string> {
  await page.getByRole('button', { name: 'Create the product' }).click();
  await expect(page.getByRole('heading', { name: `Product: ${title}` })).toBeVisible();
  const href = await page.getByRole('link', { name: 'View on the store' }).getAttribute('href');
  expect(href).toBeTruthy();
  return href as string;
}

test('a gift card made in the editor with two amounts is bought at those amounts on the store', async ({
  page,
  browser,
}) => {
  const title = `Gift Card ${run}`;
  await signInAsStaff(page, 'store-manager');
  await page.goto('/config/products/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Gift card', { exact: true }).check();
  const amounts = page.getByLabel(/^Amounts offered/);
  await amounts.click();
  await page.keyboard.type('15.00, 40.00');
  await expect(amounts).toHaveValue('15.00, 40.00');
  const storeUrl = await create(page, title);

  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(storeUrl);
  await expect(shopper.getByRole('heading', { name: title })).toBeVisible();
  const itemId = await shopper.locator('article[data-item-id]').first().getAttribute('data-item-id');
  expect(itemId).toBeTruthy();

  await shopper.goto(`/checkout/gift-card?itemId=${itemId}`);
  const value = shopper.getByLabel('Value');
  await expect(value.locator('option:not([value=""])')).toHaveText(['$15.00', '$40.00']);
  await value.selectOption({ label: '$40.00' });
  await shopper.getByLabel('Email', { exact: true }).fill(`giver-${run}@example.com`);
  await shopper.getByLabel('Name').fill('Gina Giver');
  await shopper.getByLabel('Recipient email').fill(`friend-${run}@example.com`);
  await shopper.getByRole('button', { name: 'Place Order' }).click();
  await expect(shopper).toHaveURL(/\/checkout\/order-confirmed\//);
  await expect(shopper.locator('body')).toContainText(title);
  await expect(shopper.locator('body')).toContainText('$40.00');
  await shopper.context().close();
});

test('an image focal point set with the pointer, then the keyboard, crops the store photo around it', async ({
  page,
  browser,
}) => {
  const title = `Focal Jar ${run}`;
  await signInAsStaff(page, 'admin');
  await page.goto('/config/products/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Price of Default', { exact: true }).fill('12.00');
  await page.getByLabel('Stock of Default', { exact: true }).fill('5');
  const buffer = await sharp({
    create: { width: 400, height: 200, channels: 3, background: { r: 180, g: 120, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Upload images').setInputFiles([{ name: 'jar.jpg', mimeType: 'image/jpeg', buffer }]);
  const picture = page.getByRole('img', { name: 'Image 1' });
  await expect(picture).toBeVisible();

  // The pointer: a click a quarter across and three quarters down.
  const box = (await picture.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
  const across = page.getByRole('spinbutton', { name: 'Across' });
  const down = page.getByRole('spinbutton', { name: 'Down' });
  await expect(across).toHaveValue('25');
  await expect(down).toHaveValue('75');
  // The keyboard: five steps right, from the field's own arrows.
  await across.focus();
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowUp');
  await expect(across).toHaveValue('30');
  const storeUrl = await create(page, title);

  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(storeUrl);
  const photo = shopper.locator('.product-gallery__image img').first();
  await expect(photo).toHaveAttribute('data-image-focal-point', '0.3,0.75');
  await expect(photo).toHaveCSS('object-position', '30% 75%');
  await shopper.context().close();
});

test('tags and categories: the spec’s hints, read out, and the keyboard path through the tags', async ({
  page,
}) => {
  await signInAsStaff(page, 'admin');
  await page.goto('/config/products/new');
  const tags = page.getByLabel('Tags', { exact: true });
  const tagNotice = page.locator('#product-tags-notice');

  // Enter adds; a tag the product has, in any case, is refused with the spec's words.
  await tags.click();
  await page.keyboard.type('Linen');
  await page.keyboard.press('Enter');
  await page.keyboard.type('wool,');
  await page.keyboard.type('LINEN');
  await page.keyboard.press('Enter');
  await expect(tagNotice).toHaveText('This tag already exists');
  await expect(tagNotice).toHaveAttribute('aria-live', 'polite');
  const chips = page.getByRole('list', { name: 'Tags of the product' }).locator('.cfg-chip-text');
  await expect(chips).toHaveText(['Linen', 'wool']);
  // Backspace in the empty box takes the last tag off; each chip's Remove button is named.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Backspace');
  await expect(chips).toHaveText(['Linen']);
  await page.keyboard.type('cotton');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove tag cotton' })).toBeVisible();

  // One edit at a time.
  await page.getByRole('button', { name: 'Edit tag Linen' }).click();
  const editing = page.getByRole('textbox', { name: 'Edit tag Linen' });
  await expect(editing).toBeFocused();
  await page.getByRole('button', { name: 'Edit tag cotton' }).click();
  await expect(tagNotice).toHaveText('You may only edit one tag at a time');
  await expect(editing).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Linen blend');
  await page.keyboard.press('Enter');
  await expect(chips).toHaveText(['Linen blend', 'cotton']);
  await expect(tagNotice).toHaveText('');

  const categories = page.getByLabel('Categories', { exact: true });
  await categories.click();
  await page.keyboard.type('Kitchen');
  await page.keyboard.press('Enter');
  await page.keyboard.type('kitchen');
  await page.keyboard.press('Enter');
  await expect(page.locator('#product-categories-notice')).toHaveText('This category already exists');

  // The limits keep their messages.
  await tags.fill('x'.repeat(51));
  await expect(page.locator('#product-tags-error')).toHaveText(
    `Tags are limited to 50 characters: "${'x'.repeat(51)}" is too long.`,
  );
  await tags.fill('');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await overflowOf(page), `${width} px`).toEqual([]);
    expect(await axeViolations(page), `${width} px`).toEqual([]);
  }
});

test('the store page’s categories: an existing one, in any case, and a second rename are refused with the spec’s hints', async ({
  page,
}) => {
  const mine = `Hint ${run}`;
  const other = `Other ${run}`;
  await signInAsStaff(page, 'store-manager');
  await page.goto('/config/store-pages');
  await page.getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  const newCategory = page.getByRole('textbox', { name: 'New category' });
  for (const name of [mine, other]) {
    await newCategory.fill(name);
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect(page.getByRole('status')).toHaveText(`Category ${name} added.`);
  }
  await newCategory.fill(mine.toUpperCase());
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('alert')).toHaveText('This category already exists');

  await page.getByRole('button', { name: `Rename category ${mine}` }).click();
  const rename = page.getByRole('form', { name: `Rename category ${mine}` }).getByLabel('New name');
  await expect(rename).toBeVisible();
  await page.getByRole('button', { name: `Rename category ${other}` }).click();
  const notice = page.locator('#categories-title ~ .cfg-term-notice');
  await expect(notice).toHaveText('You may only edit one category at a time');
  await expect(notice).toHaveAttribute('aria-live', 'polite');
  await expect(rename).toBeFocused();
  await rename.fill(other.toLowerCase());
  await page
    .getByRole('form', { name: `Rename category ${mine}` })
    .getByRole('button', { name: 'Rename' })
    .click();
  await expect(page.getByRole('form', { name: `Rename category ${mine}` })).toContainText(
    'This category already exists',
  );

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await overflowOf(page), `${width} px`).toEqual([]);
    expect(await axeViolations(page), `${width} px`).toEqual([]);
  }

  await page
    .getByRole('form', { name: `Rename category ${mine}` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  for (const name of [mine, other]) {
    await page.getByRole('button', { name: `Delete category ${name}` }).click();
    await page.getByRole('button', { name: 'Delete the category' }).click();
    await expect(page.getByRole('status')).toHaveText(`Category ${name} deleted.`);
  }
});
