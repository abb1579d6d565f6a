/**
 * The navigation editor (issue 31): an editor puts a page into a new folder of the main navigation
 * and reorders it with the keyboard, and the storefront's header follows on its next request; the
 * header stays on one line at 1,280 px with the longest titles the editor accepts without a warning
 * (the calibration of core's NAVIGATION_FIT_BUDGET), and the editor warns past them; the screen
 * passes axe at every impact and fits a 390 px phone. Each test puts the navigation back as it was:
 * the other specs share this server and its header.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  NAVIGATION_FIT_BUDGET,
  NAVIGATION_LINK_OVERHEAD,
  type NavigationEntries,
} from '../packages/core/src/navigation.ts';
import type { NavigationRecord } from '../packages/core/src/wire/navigation.ts';
import { axeViolations, failOnPageErrors, signInAsStaff } from './support.ts';

failOnPageErrors();

/** Reads or saves the navigation with the signed-in page's session (its crumb and xsrf token). */
async function navigationCall(page: Page, navigations?: NavigationEntries): Promise<NavigationRecord> {
  return page.evaluate(async (body) => {
    const cookie = (name: string) => new RegExp(`(?:^|; )${name}=([^;]*)`).exec(document.cookie)?.[1] ?? '';
    const current = (await (await fetch('/api/config/navigation')).json()) as NavigationRecord;
    if (!body) return current;
    const res = await fetch('/api/config/navigation', {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'X-CSRF-Token': cookie('crumb'),
        'X-XSRF-Token': cookie('sf_xsrf'),
      },
      body: JSON.stringify({ version: current.version, navigations: body }),
    });
    if (!res.ok) throw new Error(`PUT /api/config/navigation: ${res.status} ${await res.text()}`);
    return (await res.json()) as NavigationRecord;
  }, navigations);
}

const entriesOf = (record: NavigationRecord): NavigationEntries =>
  Object.fromEntries(record.navigations.map((n) => [n.name, n.entries]));

/** The header's main navigation as a visitor's next request draws it: each link's or folder's text. */
async function headerLinks(page: Page): Promise<string[]> {
  const html = await (await page.request.get('/')).text();
  const nav = /<nav class="site-nav" aria-label="Main">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<(?:a class="site-nav__link"[^>]*|summary class="site-nav__link")>([^<]*)</g)].map(
    (m) => m[1] as string,
  );
}

const mainNavigation = (page: Page) => page.getByRole('region', { name: 'Main Navigation' });

test('an editor puts a page in a new folder and reorders by keyboard; the header follows', async ({
  page,
}) => {
  await signInAsStaff(page, 'editor');
  await page.goto('/config/navigation');
  const original = entriesOf(await navigationCall(page));
  try {
    await expect(page.getByRole('heading', { level: 1, name: 'Navigation' })).toBeVisible();
    const main = mainNavigation(page);
    const list = main.getByRole('list', { name: 'Main Navigation, in the order visitors see it' });
    await expect(list.getByRole('listitem')).toHaveCount(4);

    // A folder, named; then Events added and put into it.
    await main.getByRole('button', { name: 'Add folder' }).click();
    await expect(main.getByLabel('Folder title')).toBeFocused();
    await page.keyboard.type('Studio');
    await main.getByLabel('Page to add').selectOption({ label: 'Events' });
    await main.getByRole('button', { name: 'Add page' }).click();
    await main.getByRole('combobox', { name: 'Put Events in a folder' }).selectOption({ label: 'Studio' });
    await expect(page.getByRole('status')).toHaveText('Events is now in Studio.');
    await expect(main.getByRole('list', { name: 'Pages and links in Studio' })).toContainText(
      'Events (page)',
    );

    // Journal to the front with the keyboard: the move is read out and focus stays on Journal.
    await main.getByRole('button', { name: 'Move Journal up' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(
      'Journal moved to position 1 of 5. Save to show it on the site.',
    );
    await expect(main.getByRole('button', { name: 'Move Journal down' })).toBeFocused();

    await page.getByRole('button', { name: 'Save navigation' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toContainText('Saved: the site shows the new navigation.');
    expect(await headerLinks(page)).toEqual(['Journal', 'Shop', 'About', 'Contact', 'Studio', 'Events']);

    // In the storefront, the folder opens onto its page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const header = page.locator('.site-header');
    await header.getByText('Studio', { exact: true }).click();
    await header.getByRole('link', { name: 'Events', exact: true }).click();
    await expect(page).toHaveURL(/\/events$/);
  } finally {
    await page.goto('/config/navigation');
    await navigationCall(page, original);
  }
});

test('the header stays on one line at 1,280 px with the longest titles the editor accepts without a warning', async ({
  page,
}) => {
  await signInAsStaff(page, 'editor');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const header = page.locator('.site-header');
  const oneLine = (await header.boundingBox())?.height ?? 0;
  await page.goto('/config/navigation');
  const original = entriesOf(await navigationCall(page));
  try {
    // Four links of ten letters (wide ones among them) use the whole budget.
    const titles = ['Membership', 'Wholesaler', 'Ceramicist', 'Collection'];
    const count = titles.length;
    expect(titles.join('').length + count * NAVIGATION_LINK_OVERHEAD).toBe(NAVIGATION_FIT_BUDGET);
    const link = (title: string) => ({
      kind: 'link' as const,
      title,
      url: '/journal',
      newWindow: false,
      disabled: false,
    });
    await navigationCall(page, { mainNav: titles.map(link) });

    await page.reload();
    await expect(page.locator('#fit-mainNav')).toHaveText('The header shows these on one line.');
    await page.goto('/');
    await expect(page.locator('.site-header .site-nav__link')).toHaveCount(count);
    expect((await header.boundingBox())?.height).toBe(oneLine);
    // Nothing of the header is cut or pushed off the line.
    const layout = await page.evaluate(() => {
      const nav = document.querySelector('.site-header__nav') as HTMLElement;
      const links = document.querySelector('.site-header .site-nav__list') as HTMLElement;
      const search = document.querySelector('.site-search') as HTMLElement;
      return {
        overflow: nav.scrollWidth - nav.clientWidth,
        gapToSearch: search.getBoundingClientRect().left - links.getBoundingClientRect().right,
      };
    });
    expect(layout.overflow).toBeLessThanOrEqual(0);
    expect(layout.gapToSearch).toBeGreaterThanOrEqual(0);

    // One character more: the editor warns.
    await page.goto('/config/navigation');
    await mainNavigation(page)
      .getByLabel('Link title')
      .last()
      .fill(`${titles[count - 1]}s`);
    await expect(page.locator('#fit-mainNav')).toHaveText(/too long for the header to stay on one line/);
  } finally {
    await page.goto('/config/navigation');
    await navigationCall(page, original);
  }
});

test('the navigation screen passes axe at every impact and fits a 390 px phone', async ({ page }) => {
  await signInAsStaff(page, 'admin');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/config/navigation');
    await expect(page.getByRole('heading', { level: 2, name: 'Main Navigation' })).toBeVisible();
    // A folder and a link being written, with a problem shown: every part of the screen drawn.
    const main = mainNavigation(page);
    await main.getByRole('button', { name: 'Add folder' }).click();
    await page.keyboard.type('More from the studio');
    await main.getByRole('button', { name: 'Add link' }).click();
    await page.keyboard.type('Call us');
    await main.getByLabel('Address').fill('javascript:alert(1)');
    await expect(
      main.getByText('Use https://…, http://…, mailto:…, tel:… or a path starting with /.'),
    ).toBeVisible();
    await main
      .getByRole('combobox', { name: 'Put Call us in a folder' })
      .selectOption({ label: 'More from the studio' });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement?.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
