import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, failOnPageErrors, signInAsStaff } from './support.ts';

/**
 * Posts and page content in /config as an owner writes them (issue 31), on the demo site and the
 * running server: a post with text, an uploaded image, a product block and a gallery, previewed as a
 * draft (nowhere on the journal yet), then published and read on the journal; a whole post written,
 * reordered and published with the keyboard alone; every screen clean under axe at every impact and
 * without sideways scrolling at 390 px.
 */
failOnPageErrors();
// Long flows on a machine shared with other builds.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const run = Date.now().toString(36);

async function picture(name: string) {
  const buffer = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 150, g: 90, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The accessible name of the focused control, as the tests name fields. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const byFor = el.id
      ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent
      : undefined;
    const labelledBy = el.getAttribute('aria-labelledby');
    return (
      el.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : undefined) ??
      byFor ??
      el.closest('label')?.textContent?.trim() ??
      el.textContent?.trim() ??
      ''
    ).trim();
  });
}

async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 300; presses += 1) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

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

const block = (page: Page, name: string) => page.getByRole('group', { name });

async function addBlock(page: Page, type: string) {
  await page.getByLabel('Block type').selectOption({ label: type });
  await page.getByRole('button', { name: 'Add block' }).click();
}

let postEditor = ''; // the post written with the mouse: its /config address

test('a post with text, an uploaded image, a product and a gallery: previewed as a draft, then published on the journal', async ({
  page,
}) => {
  await signInAsStaff(page, 'admin');
  await page.goto('/config/posts');
  await page.getByLabel('New post title').fill(`Kiln notes ${run}`);
  await page.getByRole('button', { name: 'Start a draft' }).click();
  await expect(page.getByRole('heading', { name: `Post: Kiln notes ${run}`, level: 1 })).toBeVisible();
  postEditor = new URL(page.url()).pathname;

  await addBlock(page, 'Text');
  const text = block(page, 'Block 1: Text').getByRole('textbox', { name: 'Text' });
  await text.click();
  await page.keyboard.type(`The kiln ran cool ${run}.`);

  await addBlock(page, 'Image');
  const image = block(page, 'Block 2: Image');
  await image.getByLabel('Upload an image for image').setInputFiles(await picture(`kiln-${run}.jpg`));
  await expect(image.getByLabel('Image', { exact: true })).not.toHaveValue('');
  await image.getByLabel('Alt text of the image').fill('The open kiln');

  await addBlock(page, 'Product');
  const product = block(page, 'Block 3: Product');
  await product.getByLabel('Product', { exact: true }).selectOption({ index: 1 });
  await expect(product.getByText(/^Shows the product at \/[\w-]+\/[\w-]+\.$/)).toBeVisible();

  await addBlock(page, 'Gallery');
  const gallery = block(page, 'Block 4: Gallery');
  await gallery.getByLabel('Gallery title').fill('Out of the kiln');
  // The library names the upload by its file.
  const addImage = gallery.getByLabel('Add an image', { exact: true });
  const uploaded = await addImage
    .locator('option', { hasText: `kiln-${run}` })
    .first()
    .getAttribute('value');
  await addImage.selectOption(uploaded as string);
  await expect(gallery.getByRole('list', { name: 'Gallery images' }).locator('li')).toHaveCount(1);
  await gallery.getByLabel('Design').selectOption('slideshow');

  await page.getByRole('button', { name: 'Save post' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved: version 2.' })).toBeVisible();

  // A draft: not on the journal, but the preview shows it as the site will.
  const slug = `kiln-notes-${run}`;
  expect((await page.request.get(`/journal/${slug}`)).status()).toBe(404);
  const previewHref = await page
    .getByRole('link', { name: 'Preview (opens a new tab)' })
    .getAttribute('href');
  const preview = await page.context().newPage();
  await preview.goto(previewHref as string);
  await expect(preview.getByRole('heading', { name: `Kiln notes ${run}` })).toBeVisible();
  await expect(preview.getByText(`The kiln ran cool ${run}.`)).toBeVisible();
  await expect(preview.locator('.sqs-block-gallery')).toHaveCount(1);
  await expect(preview.locator('.sqs-block-product')).toHaveCount(1);
  await expect(preview.locator('meta[name="robots"][content="noindex, nofollow"]')).toHaveCount(1);
  await preview.close();
  const anonymous = await page.context().browser()?.newContext();
  const stranger = await anonymous?.newPage();
  await stranger?.goto(previewHref as string);
  await expect(stranger?.getByLabel('Email') as ReturnType<Page['getByLabel']>).toBeVisible();
  await anonymous?.close();

  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
  await page.goto('/journal');
  await expect(page.getByRole('link', { name: `Kiln notes ${run}` }).first()).toBeVisible();
  await page.goto(`/journal/${slug}`);
  await expect(page.getByText(`The kiln ran cool ${run}.`)).toBeVisible();
  await expect(page.getByRole('img', { name: 'The open kiln' }).first()).toBeVisible();
});

test('keyboard only: a post written, its blocks reordered, saved and published', async ({ page }) => {
  await signInAsStaff(page, 'editor');
  await page.goto('/config/posts');
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  await tabTo(page, 'New post title');
  await page.keyboard.type(`By keys ${run}`);
  await tabTo(page, 'Start a draft');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Post: By keys ${run}` })).toBeVisible();

  await tabTo(page, 'Add block');
  await page.keyboard.press('Enter');
  await tabTo(page, 'Text');
  await page.keyboard.type(`Typed without a mouse ${run}.`);
  await tabTo(page, 'Block type');
  await page.keyboard.type('Quote');
  await tabTo(page, 'Add block');
  await page.keyboard.press('Enter');
  await tabTo(page, 'Quote');
  await page.keyboard.type(`Keys first ${run}`);
  await tabTo(page, 'Move Block 2: Quote up');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Quote block moved to position 1 of 2.')).toBeAttached();
  await expect(page.getByRole('group', { name: 'Block 1: Quote' })).toBeVisible();

  await tabTo(page, 'Save post');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved: version 2.' })).toBeVisible();
  await tabTo(page, 'Publish now');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();

  const shown = await (await page.request.get(`/journal/by-keys-${run}`)).text();
  expect(shown.indexOf(`Keys first ${run}`)).toBeGreaterThan(-1);
  expect(shown.indexOf(`Keys first ${run}`)).toBeLessThan(shown.indexOf(`Typed without a mouse ${run}.`));
});

test('every post and page screen: axe clean at every impact, and nothing scrolls sideways at 390 px', async ({
  page,
}) => {
  expect(postEditor).toBeTruthy();
  await signInAsStaff(page, 'admin');
  await page.goto('/config/posts');
  const pageLink = page.getByRole('main').locator('a[href$="/content"]').first();
  const pageContent = (await pageLink.getAttribute('href')) as string;
  expect(pageContent).toMatch(/^\/config\/pages\/[\w-]+\/content$/);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const path of ['/config/posts', postEditor, pageContent]) {
      await page.goto(path);
      await expect(page.locator('#cfg-main h1')).toBeVisible();
      if (path === postEditor) await expect(page.locator('.cfg-rt-text').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await overflowOf(page), `${width} px ${path}`).toEqual([]);
      expect(await axeViolations(page), `${width} px ${path}`).toEqual([]);
    }
  }
  // A block of every type at once, as an owner adding them sees them.
  await page.goto(pageContent);
  for (const type of await page.getByLabel('Block type').locator('option').allTextContents())
    await addBlock(page, type);
  await expect(page.locator('.cfg-rt-text').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await overflowOf(page)).toEqual([]);
});
