import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import {
  FIXTURE_TEMPLATES,
  fixtureTemplateSite,
  type FixtureTemplate,
} from '../packages/server/src/testing/fixture-templates.ts';
import { failOnPageErrors, startSiteServer, type SiteServer } from './support.ts';

/**
 * Bring your own template (issue 19): each fixture template of e2e/fixtures/templates (written the
 * way developer-platform templates are: no store templates, `systemCollections`, LESS with tweaks
 * and platform imports, `systemPartials`, a script reading `Static.SQUARESPACE_CONTEXT`, folders and
 * an index) serves the demo's content as a working store in Chromium.
 */

failOnPageErrors();

const SHIRT = '/shop/linen-camp-shirt';

/** What each fixture's own stylesheet and script make visible. */
const EXPECTED: Record<
  FixtureTemplate,
  {
    /** Body background from the colour tweak, compiled from the template's LESS. */
    background: string;
    /** A selector on the home page and the style its LESS gives it (a font tweak's expansion). */
    homeStyle: { selector: string; property: string; value: string };
    /** The product page's title size or layout, from the LESS. */
    productStyle: { selector: string; property: string; value: string };
    /** The attribute the template's script sets from Static.SQUARESPACE_CONTEXT on a product page. */
    scriptMark: { name: string; value: string };
    /** A navigation entry holding children, and the children it lists. */
    folderNav: { path: string; selector: string; children: string[] };
  }
> = {
  meridian: {
    background: 'rgb(246, 241, 234)',
    homeStyle: { selector: '.Header-nav', property: 'text-transform', value: 'uppercase' },
    productStyle: { selector: 'h1.ProductItem-details-title', property: 'font-size', value: '38px' },
    scriptMark: { name: 'data-meridian-template', value: 'Meridian' },
    folderNav: { path: '/contact', selector: '.Header-nav-folder-items a', children: ['About', 'Contact'] },
  },
  harbor: {
    background: 'rgb(253, 252, 247)',
    homeStyle: { selector: '.harbor-logo', property: 'font-style', value: 'italic' },
    productStyle: { selector: '.ProductItem-summary', property: 'display', value: 'flex' },
    scriptMark: { name: 'data-harbor-collection', value: 'products' },
    folderNav: {
      path: '/about',
      selector: '.harbor-top .harbor-nav-index .harbor-subnav a',
      children: ['About', 'Contact'],
    },
  },
};

/**
 * Every request the page makes must succeed: a failed or 4xx/5xx one is a missing piece. A request
 * the browser aborted (ERR_ABORTED: the page was left while it was in flight, e.g. the telemetry
 * beacon sent on leaving) says nothing about the template.
 */
function watchRequests(page: Page): string[] {
  const failures: string[] = [];
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText ?? 'failed';
    if (error !== 'net::ERR_ABORTED') failures.push(`${r.url()}: ${error}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.url()}: ${r.status()}`);
  });
  return failures;
}

const styleOf = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

for (const name of FIXTURE_TEMPLATES) {
  test.describe(`bring your own template: ${name}`, () => {
    const expected = EXPECTED[name];
    let server: SiteServer;
    let cleanup: () => void = () => undefined;

    test.beforeAll(async () => {
      const site = fixtureTemplateSite(name);
      cleanup = site.cleanup;
      server = await startSiteServer({ SITE_DIR: site.dir, DATA_DIR: join(site.dir, 'data') });
    });
    test.afterAll(async () => {
      await server?.stop();
      cleanup();
    });

    test(`${name}: the home page is styled by the template's compiled LESS`, async ({ page }) => {
      const failures = watchRequests(page);
      await page.goto(`${server.base}/`);
      expect(await styleOf(page, 'body', 'background-color')).toBe(expected.background);
      const { selector, property, value } = expected.homeStyle;
      expect(await styleOf(page, selector, property)).toBe(value);
      // Harbor's script adds an image and loads it through the platform's ImageLoader.
      if (name === 'harbor')
        await expect
          .poll(() => page.locator('img.harbor-badge').evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect(failures).toEqual([]);
    });

    test(`${name}: the platform's product page adds to the cart and the cart pill appears`, async ({
      page,
    }) => {
      const failures = watchRequests(page);
      await page.goto(`${server.base}${SHIRT}`);
      // The template's script read the platform context; the stylesheet styles the system markup.
      await expect(page.locator('body')).toHaveAttribute(expected.scriptMark.name, expected.scriptMark.value);
      const { selector, property, value } = expected.productStyle;
      expect(await styleOf(page, selector, property)).toBe(value);
      // The gallery's image-loader markup was loaded.
      await expect(page.locator('img.ProductItem-gallery-slides-item-image').first()).toHaveAttribute(
        'src',
        /\/media\/linen-shirt-oat\.svg/,
      );

      const button = page.locator('.sqs-add-to-cart-button');
      await expect(button).toHaveAttribute('data-state', 'idle');
      await page.locator('select[data-variant-option-name="Size"]').selectOption('M');
      await page.locator('select[data-variant-option-name="Color"]').selectOption('Sage');
      await button.click();
      await expect(button).toHaveText('Added!', { timeout: 5_000 });
      const pill = page.locator('.sf-cart-pill');
      await expect(pill).toBeVisible();
      await expect(pill).toContainText('1 item');
      await expect(pill).toContainText('$98.00');
      await page.waitForLoadState('networkidle');
      expect(failures).toEqual([]);
    });

    test(`${name}: blog and events pages render through the platform's templates`, async ({ page }) => {
      const failures = watchRequests(page);
      // Each page settles before the next: leaving one aborts what it still loads.
      await page.goto(`${server.base}/journal`);
      await expect(page.locator('article.BlogList-item')).toHaveCount(3);
      await page.waitForLoadState('networkidle');
      await page.locator('a.BlogList-item-title').first().click();
      await expect(page.locator('h1.BlogItem-title')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.goto(`${server.base}/events`);
      await expect(page.locator('article.eventlist-event')).toHaveCount(2);
      await page.waitForLoadState('networkidle');
      await page.locator('a.eventlist-title-link').first().click();
      await expect(page.locator('h1.eventitem-title')).toHaveText('Wheel-throwing evening');
      await page.waitForLoadState('networkidle');
      expect(failures).toEqual([]);
    });

    test(`${name}: folder navigation lists its children; a folder leads to its first child`, async ({
      page,
    }) => {
      const failures = watchRequests(page);
      await page.goto(`${server.base}${expected.folderNav.path}`);
      await expect(page.locator(expected.folderNav.selector)).toHaveText(expected.folderNav.children);
      await page.waitForLoadState('networkidle');
      await page.goto(`${server.base}/info`);
      expect(new URL(page.url()).pathname).toBe('/about');
      await page.waitForLoadState('networkidle');
      expect(failures).toEqual([]);
    });
  });
}
