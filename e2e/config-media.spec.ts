import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, failOnPageErrors, signInAsStaff } from './support.ts';

/**
 * The media library screen (/config/media) on the demo site, as a store manager: two files uploaded
 * at once, each with its progress bar; alt text edited from the keyboard and kept; an unused file
 * deleted; a file a product shows refused with where it is used; axe clean at every impact; no
 * sideways scrolling at 390 px.
 */
failOnPageErrors();

async function photo(width: number, height: number, background: string): Promise<Buffer> {
  // Noise makes a JPEG large enough that its upload takes a few progress events.
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .composite([{ input: { create: { width: 100, height: 100, channels: 3, background } } }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

test('a store manager uploads two files with progress, edits alt text, deletes one; a used file is refused', async ({
  page,
}) => {
  // Three axe passes and a sign-in through the users command, on a machine shared with other runs.
  test.setTimeout(120_000);
  await signInAsStaff(page, 'store-manager');
  await page.goto('/config/media');
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible();
  const stamp = Date.now().toString(36);
  const first = `kiln-${stamp}.jpg`;
  const second = `glaze-${stamp}.jpg`;

  await page.getByLabel(/Add files/).setInputFiles([
    { name: first, mimeType: 'image/jpeg', buffer: await photo(1600, 1200, '#aa5500') },
    { name: second, mimeType: 'image/jpeg', buffer: await photo(800, 600, '#0055aa') },
  ]);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  for (const name of [first, second]) {
    const bar = uploads.getByRole('progressbar', { name: `Upload of ${name}` });
    await expect(bar).toBeVisible();
    await expect(uploads.getByRole('listitem').filter({ hasText: name })).toContainText('Uploaded');
    expect(await bar.evaluate((el: HTMLProgressElement) => el.value === el.max)).toBe(true);
  }
  const files = page.getByRole('list', { name: 'Files' });
  await expect(files.getByRole('link', { name: first })).toBeVisible();
  await expect(files.getByRole('link', { name: second })).toBeVisible();

  // Alt text from the keyboard: the field, then Enter.
  const alt = page
    .getByRole('form', { name: `Alt text of ${first}` })
    .getByRole('textbox', { name: 'Alt text' });
  await alt.focus();
  await page.keyboard.type('A bell kiln at dusk');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: `Alt text of ${first}` }).getByRole('status')).toHaveText(
    'Saved',
  );
  await page.reload();
  await expect(
    page.getByRole('form', { name: `Alt text of ${first}` }).getByRole('textbox', { name: 'Alt text' }),
  ).toHaveValue('A bell kiln at dusk');

  expect(await axeViolations(page)).toEqual([]);

  // Delete the second: asked first, then gone.
  await page.getByRole('button', { name: `Delete ${second}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${second}?` });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted ${second}.` })).toBeVisible();
  await expect(files.getByRole('link', { name: second })).toHaveCount(0);

  // A file the shop shows is refused, and the screen says where it is used.
  await page.getByRole('searchbox', { name: 'File name' }).fill('mug-speckled');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await expect(files.getByRole('listitem')).toContainText('mug-speckled.svg');
  await expect(files.getByRole('listitem')).toContainText('Used by Product: Speckled Stoneware Mug');
  await page.getByRole('button', { name: 'Delete mug-speckled.svg' }).click();
  await page
    .getByRole('dialog', { name: 'Delete mug-speckled.svg?' })
    .getByRole('button', { name: 'Delete for good' })
    .click();
  await expect(page.getByRole('alert')).toContainText('mug-speckled.svg is used by product “');
  await expect(files.getByRole('link', { name: 'mug-speckled.svg' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the media screen fits a 390 px phone without sideways scrolling', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsStaff(page, 'admin');
  await page.goto('/config/media');
  await expect(page.getByRole('list', { name: 'Files' })).toBeVisible();
  const overflow = await page.evaluate(
    () => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
});
