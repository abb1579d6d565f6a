/**
 * Layout blocks, video and audio, galleries (issue 16) in Chromium against the demo site: the post
 * with every block type, the gallery page with the four designs, the click-to-load players.
 */
import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, nextFrames, seriousAxeViolations } from './support.ts';

failOnPageErrors();

const POST = '/journal/notes-from-the-winter-firing';
const THIRD_PARTY = /youtube|vimeo/;

/** The elements of the page (not a facade's inert template) that would load from the provider. */
function providerLoaders(provider: string): string[] {
  const pattern = new RegExp(provider);
  return [
    ...document.querySelectorAll<HTMLElement>(
      'iframe[src], img[src], script[src], source[src], video[src], audio[src], embed[src], object[data], link[href]',
    ),
  ]
    .map((el) => el.getAttribute('src') ?? el.getAttribute('data') ?? el.getAttribute('href') ?? '')
    .filter((url) => pattern.test(url));
}

/** Answers the players' requests here (the machine is offline); records who asked and when. */
async function stubPlayers(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(THIRD_PARTY, (route) => {
    asked.push(route.request().url());
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>player</title><p>player</p>',
    });
  });
  return asked;
}

const gallery = (page: Page, id: string) => page.locator(`#block-${id} .sf-gallery`);

test.describe('layout blocks', () => {
  test('the post shows each block type: text, heading, image, gallery, video, audio, quote, button, form, product, summary, code, embed, spacer, newsletter', async ({
    page,
  }) => {
    await stubPlayers(page);
    await page.goto(POST);
    const field = page.locator('#post-blocks');
    await expect(field.getByRole('heading', { name: 'The firing, in pictures and sound' })).toBeVisible();
    await expect(
      field.locator('.html-block').getByRole('link', { name: 'More pictures are in the gallery.' }),
    ).toBeVisible();
    await expect(field.locator('.image-block img.thumb-image')).toHaveAttribute(
      'src',
      /\/media\/journal-kiln\.svg/,
    );
    await expect(field.locator('.image-block img.thumb-image')).toHaveAttribute(
      'alt',
      'The kiln, open after the winter firing',
    );
    await expect(field.locator('.gallery-block img')).toHaveCount(2);
    await expect(field.getByRole('button', { name: 'Play video: Unloading the winter kiln' })).toBeVisible();
    await expect(field.locator('.audio-block audio[controls]')).toHaveAttribute(
      'src',
      '/media/kiln-bell.wav',
    );
    await expect(field.locator('.quote-block blockquote')).toHaveText('The waiting is the hard part.');
    await expect(field.getByRole('link', { name: 'Shop the new mugs' })).toHaveAttribute('href', '/shop');
    // Site forms mount once they come into view.
    await field.locator('.form-block').scrollIntoViewIfNeeded();
    await expect(field.locator('.form-block form')).toBeVisible();
    await expect(
      field.locator('.product-block').getByRole('heading', { name: 'Speckled Stoneware Mug' }),
    ).toBeVisible();
    await expect(field.locator('.product-block .sqs-add-to-cart-button')).toBeVisible();
    await expect(field.locator('.summary-v2-block .summary-item')).toHaveCount(3);
    await expect(field.locator('.code-block code')).toHaveText('cone 6 · 12 h up · 14 h down');
    await expect(field.getByRole('button', { name: "Load A potter's year (Vimeo)" })).toBeVisible();
    await expect(field.locator('.spacer-block .sf-spacer')).toHaveCount(1);
    await expect(
      field.locator('.newsletter-block').getByRole('heading', { name: 'Letters from the studio' }),
    ).toBeVisible();
    await field.locator('.newsletter-block').scrollIntoViewIfNeeded();
    await expect(field.locator('.newsletter-block form input[type="email"]')).toBeVisible();
  });

  test('the product block adds its product to the cart', async ({ page }) => {
    await page.goto(POST);
    const block = page.locator('#post-blocks .product-block');
    // The mug comes in three glazes: the block has the product's variant select.
    await block.locator('.product-variants select').first().selectOption({ index: 1 });
    await block.locator('.sqs-add-to-cart-button').click();
    await expect(page.locator('.sqs-cart-quantity').first()).toHaveText('1');
  });

  test("the audio block plays in the browser's own player", async ({ page }) => {
    await page.goto(POST);
    const audio = page.locator('#post-blocks .audio-block audio');
    await audio.evaluate((el: HTMLAudioElement) => el.play());
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime > 0 || el.ended))
      .toBe(true);
  });
});

test.describe('video and embed facades', () => {
  test('nothing of the provider loads until the visitor presses play; then the player frame loads', async ({
    page,
  }) => {
    const asked = await stubPlayers(page);
    await page.goto(POST);
    await page.waitForLoadState('networkidle');
    const video = page.locator('#block-firing-video');
    await video.scrollIntoViewIfNeeded();
    // Whatever coming into view sets off has begun two frames on; none of it is the provider's.
    await nextFrames(page);
    expect(await page.evaluate(providerLoaders, THIRD_PARTY.source)).toEqual([]);
    expect(asked).toEqual([]);
    await expect(video.locator('iframe')).toHaveCount(0);

    await page.getByRole('button', { name: 'Play video: Unloading the winter kiln' }).click();
    const frame = video.locator('iframe[title="Unloading the winter kiln"]');
    await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    await expect
      .poll(() => asked.some((u) => u.startsWith('https://www.youtube-nocookie.com/embed/')))
      .toBe(true);
    await expect(frame).toBeFocused();
    // The embed block stays inert until its own click.
    expect(asked.some((u) => u.includes('vimeo'))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    await page.getByRole('button', { name: "Load A potter's year (Vimeo)" }).press('Enter');
    await expect(page.locator('#block-firing-embed iframe')).toHaveAttribute('src', /player\.vimeo\.com/);
  });

  test('the CSP lets the player frame load (no violation report)', async ({ page }) => {
    await stubPlayers(page);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(POST);
    await page.getByRole('button', { name: 'Play video: Unloading the winter kiln' }).click();
    await expect(page.frameLocator('#block-firing-video iframe').locator('p')).toHaveText('player');
    expect(violations).toEqual([]);
  });
});

test.describe('galleries', () => {
  test('without JavaScript a gallery is a grid of images, each opening the image', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/gallery');
    for (const id of ['gallery-grid', 'gallery-slideshow', 'gallery-slider', 'gallery-stacked']) {
      const links = page.locator(`#block-${id} .sf-gallery__grid a.sf-gallery__open`);
      await expect(links).toHaveCount(6);
      await expect(links.first()).toHaveAttribute('href', '/media/hero.svg');
    }
    await expect(page.locator('#block-gallery-grid noscript')).toHaveCount(6);
    await context.close();
  });

  for (const id of ['gallery-grid', 'gallery-slideshow', 'gallery-slider', 'gallery-stacked']) {
    test(`${id.replace('gallery-', '')}: the lightbox opens from the keyboard, keeps focus, locks scroll, closes on Escape`, async ({
      page,
    }) => {
      await page.goto('/gallery');
      const root = gallery(page, id);
      await root.scrollIntoViewIfNeeded();
      await expect(root).toHaveAttribute('data-gallery-ready', 'true');
      const opener = root.getByRole('button', { name: /^Open image 1 of 6: The shop$/ });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', {
        name: id === 'gallery-grid' ? 'Around the studio' : undefined,
      });
      await expect(dialog).toBeVisible();
      await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
      await expect(dialog.locator('[aria-live="polite"]')).toHaveText('Image 1 of 6');
      // Arrows move through the images; the change is announced.
      await page.keyboard.press('ArrowRight');
      await expect(dialog.locator('[aria-live="polite"]')).toHaveText('Image 2 of 6');
      await expect(dialog.locator('.sf-gallery__title')).toHaveText('The studio');
      // Tab and Shift+Tab stay inside.
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
      await expect(opener).toBeFocused();
    });
  }

  test('slideshow: arrow keys, buttons, thumbnails and swipes change the slide; autoplay advances and its button pauses it', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/gallery');
    const root = gallery(page, 'gallery-slideshow');
    await root.scrollIntoViewIfNeeded();
    await expect(root).toHaveAttribute('data-gallery-ready', 'true');
    const carousel = root.getByRole('group', { name: 'A day at the wheel' });
    const visible = root.locator('.sf-gallery__slide:not([hidden])');
    await expect(visible).toHaveAttribute('aria-label', 'Image 1 of 6');
    // Autoplay: 6 seconds a slide, while the pointer and focus are elsewhere.
    await page.mouse.move(0, 0);
    await page.clock.runFor(6100);
    await expect(visible).toHaveAttribute('aria-label', 'Image 2 of 6');
    await root.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.move(0, 0);
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.clock.runFor(13_000);
    await expect(visible).toHaveAttribute('aria-label', 'Image 2 of 6');
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect(visible).toHaveAttribute('aria-label', 'Image 3 of 6');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(visible).toHaveAttribute('aria-label', 'Image 6 of 6');
    await root.getByRole('button', { name: 'Next image' }).click();
    await expect(visible).toHaveAttribute('aria-label', 'Image 1 of 6');
    await root
      .getByRole('list', { name: 'Choose an image' })
      .getByRole('button', { name: 'Image 4 of 6' })
      .click();
    await expect(visible).toHaveAttribute('aria-label', 'Image 4 of 6');
    // A swipe to the left shows the next image.
    const box = (await carousel.boundingBox())!;
    const y = box.y + box.height / 3;
    await carousel.dispatchEvent('pointerdown', { clientX: box.x + box.width * 0.7, clientY: y });
    await carousel.dispatchEvent('pointerup', { clientX: box.x + box.width * 0.2, clientY: y });
    await expect(visible).toHaveAttribute('aria-label', 'Image 5 of 6');
  });

  test('slider: next and previous move the active slide, all slides stay in the strip', async ({ page }) => {
    await page.goto('/gallery');
    const root = gallery(page, 'gallery-slider');
    await root.scrollIntoViewIfNeeded();
    await expect(root).toHaveAttribute('data-gallery-ready', 'true');
    await expect(root.locator('.sf-gallery__slide:not([hidden])')).toHaveCount(6);
    const active = root.locator('.sf-gallery__slide--active');
    await expect(active).toHaveAttribute('aria-label', 'Image 1 of 6');
    await root.getByRole('button', { name: 'Next image' }).click();
    await expect(active).toHaveAttribute('aria-label', 'Image 2 of 6');
    await root.getByRole('button', { name: 'Previous image' }).click();
    await root.getByRole('button', { name: 'Previous image' }).click();
    await expect(active).toHaveAttribute('aria-label', 'Image 6 of 6');
  });

  test("the lightbox takes the gallery's theme", async ({ page }) => {
    await page.goto('/gallery');
    const root = gallery(page, 'gallery-slideshow');
    await root.scrollIntoViewIfNeeded();
    await expect(root).toHaveAttribute('data-gallery-ready', 'true');
    await root
      .locator('.sf-gallery__slide:not([hidden])')
      .getByRole('button', { name: /Open image 1 of 6/ })
      .click();
    await expect(page.locator('.sf-gallery-lightbox')).toHaveClass(/sf-gallery-lightbox--light/);
  });

  test("the gallery code is not in the product page's scripts", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/shop/p/speckled-stoneware-mug');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => /gallery/.test(s))).toBe(false);
    await page.goto('/gallery');
    await gallery(page, 'gallery-grid').scrollIntoViewIfNeeded();
    await expect.poll(() => scripts.some((s) => /gallery/.test(s))).toBe(true);
  });
});

test.describe('the new pages are accessible', () => {
  for (const path of [POST, '/gallery']) {
    test(`axe finds nothing serious on ${path}, galleries mounted`, async ({ page }) => {
      await stubPlayers(page);
      await page.goto(path);
      for (const section of await page.locator('.sf-gallery').all()) {
        await section.scrollIntoViewIfNeeded();
        await expect(section).toHaveAttribute('data-gallery-ready', 'true');
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});

test('no uncaught error on the demo pages, blocks and galleries mounted', async ({ page }) => {
  await stubPlayers(page);
  for (const path of ['/', '/shop', '/journal', POST, '/about', '/contact', '/gallery', '/cart']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    for (const section of await page.locator('.sf-gallery').all()) {
      await section.scrollIntoViewIfNeeded();
      await expect(section).toHaveAttribute('data-gallery-ready', 'true');
    }
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
});
