import { type Page, expect, test } from '@playwright/test';
import { failOnPageErrors } from './support.ts';

/**
 * The popup overlay's content, moment and census (issue 16; docs/consent.md) in Chromium on the demo's
 * `/newsletter`: the lightbox shows the server's page-type-104 fragment (`GET /popup-overlay`), the
 * census hears it shown and closed (`POST /api/census/overlay`), and a delay or a scroll depth set
 * on the popup's marker holds it back until then. The remembered state is e2e/consent.spec.ts's.
 */

failOnPageErrors();

const popup = (page: Page) => page.getByRole('dialog', { name: 'Letters from the studio' });
const isPath = (url: string, path: string) => new URL(url).pathname === path;

/** Serves /newsletter with the popup marker's data attributes changed (what the site settings write). */
async function withMarker(page: Page, attributes: Record<string, string>): Promise<void> {
  await page.route(
    (url) => url.pathname === '/newsletter',
    async (route) => {
      const response = await route.fetch();
      let html = await response.text();
      for (const [name, value] of Object.entries(attributes)) {
        expect(html).toContain(`${name}=""`);
        html = html.replace(`${name}=""`, `${name}="${value}"`);
      }
      await route.fulfill({ response, body: html });
    },
  );
}

/**
 * Whether the popup's moment has come: the page fires `storefront:popup-due` at once, before the
 * popup's chunk and content load, so a test that holds the page's clock need not wait on the network.
 */
async function dueMoments(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const page = window as unknown as { popupDueMoments: number };
    page.popupDueMoments = 0;
    document.addEventListener('storefront:popup-due', () => page.popupDueMoments++);
  });
  return () => page.evaluate(() => (window as unknown as { popupDueMoments: number }).popupDueMoments);
}

/** Whether the popup's content has been asked of the server: it is asked only as the popup opens. */
function fragmentRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (isPath(request.url(), '/popup-overlay')) seen.push(request.url());
  });
  return seen;
}

test("shows the server's page-type-104 content, and the census hears it shown and closed", async ({
  page,
}) => {
  const census: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (isPath(request.url(), '/api/census/overlay') && request.method() === 'POST')
      census.push(request.postDataJSON() as Record<string, unknown>);
  });
  const fragment = page.waitForResponse((response) => isPath(response.url(), '/popup-overlay'));
  await page.goto('/newsletter');
  const answer = await fragment;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['x-page-type']).toBe('104');
  await expect(popup(page)).toBeVisible();
  await expect(popup(page).locator('.sf-popup-overlay__content')).toHaveText(
    'One letter a month: new pieces, firing days and workshop dates.',
  );
  await expect.poll(() => census.map((c) => c.target)).toEqual(['shown']);
  expect(census[0]).toMatchObject({ pagePath: '/newsletter', pageType: 104, label: '1' });

  await page.keyboard.press('Escape');
  await expect(popup(page)).toHaveCount(0);
  await expect.poll(() => census.map((c) => c.target)).toEqual(['shown', 'closed']);
});

test('waits for its delay', async ({ page }) => {
  await page.clock.install();
  await withMarker(page, { 'data-delay-seconds': '10' });
  const asked = fragmentRequests(page);
  const due = await dueMoments(page);
  await page.goto('/newsletter');
  await page.clock.runFor(8_000);
  // The clock ran the page's timers to 8 s: a popup due before 10 s has said so by now.
  expect(await due()).toBe(0);
  expect(asked).toEqual([]);
  await expect(popup(page)).toHaveCount(0);
  await page.clock.runFor(5_000);
  await expect(popup(page)).toBeVisible();
  expect(await due()).toBe(1);
  expect(asked).toHaveLength(1);
});

test('waits for the visitor to scroll far enough', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await withMarker(page, { 'data-scroll-percent': '50' });
  const asked = fragmentRequests(page);
  const due = await dueMoments(page);
  await page.goto('/newsletter');
  // Telemetry loads once the page is idle, after the popup's moment was set up: a page too short
  // to scroll that far would have made it due then.
  await expect(page.locator('html')).toHaveAttribute('data-sf-telemetry', 'ready');
  expect(await due()).toBe(0);
  expect(asked).toEqual([]);
  await expect(popup(page)).toHaveCount(0);
  await page.mouse.wheel(0, 10_000);
  await expect(popup(page)).toBeVisible();
  expect(await due()).toBe(1);
});
