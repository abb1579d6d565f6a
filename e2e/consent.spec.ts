import { type Page, expect, test } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failOnPageErrors, seriousAxeViolations, startSiteServer, type SiteServer } from './support.ts';

/**
 * Cookie consent and the popup overlay (issue 16) in Chromium. Permissive: the config's demo server
 * (the demo sets no `cookiePolicy`). Restrictive: a copy of the demo with
 * `websiteSettings.cookiePolicy: 'restrictive'` on a server of this spec's own.
 */

failOnPageErrors();

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const telemetry = (page: Page) => page.locator('html');
const banner = (page: Page) => page.getByRole('region', { name: 'Cookies' });
const cookieSettings = (page: Page) => page.getByRole('button', { name: 'Cookie settings' });
const visitCookie = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'ss_cvr')?.value;

test.describe('under a restrictive cookie policy', () => {
  let server: SiteServer | undefined;
  let dir = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dir = mkdtempSync(join(tmpdir(), 'storefront-e2e-consent-'));
    const site = join(dir, 'site');
    cpSync(join(repoRoot, 'sites/demo'), site, { recursive: true });
    const file = join(site, 'content/website.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as { websiteSettings: Record<string, unknown> };
    json.websiteSettings.cookiePolicy = 'restrictive';
    writeFileSync(file, JSON.stringify(json));
    // One database holds one site: this copy keeps its own SQLite file.
    server = await startSiteServer({ DATABASE_URL: '', SITE_DIR: site, DATA_DIR: join(dir, 'data') });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('no visit cookie before consent; accepting sets it; the footer link declines and clears it', async ({
    page,
  }) => {
    const base = server!.base;
    await page.goto(`${base}/shop`);
    await expect(banner(page)).toBeVisible();
    await expect(telemetry(page)).toHaveAttribute('data-sf-telemetry', 'consent-required');
    expect(await visitCookie(page)).toBeUndefined();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await banner(page).getByRole('button', { name: 'Accept analytics cookies' }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect(telemetry(page)).toHaveAttribute('data-sf-telemetry', 'ready');
    expect(await visitCookie(page)).toMatch(/^[\w-]+\|\d+\|\d+\|\d+\|1$/);

    // The choice is kept: the next page does not ask and counts the visit.
    await page.reload();
    await expect(telemetry(page)).toHaveAttribute('data-sf-telemetry', 'ready');
    await expect(banner(page)).toHaveCount(0);

    await cookieSettings(page).click();
    await expect(banner(page).getByRole('button', { name: 'Accept analytics cookies' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(banner(page).getByRole('button', { name: 'Accept analytics cookies' })).toBeFocused();
    await banner(page).getByRole('button', { name: 'Only necessary cookies' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Only necessary cookies are used.' }),
    ).toBeAttached();
    await expect(cookieSettings(page)).toBeFocused();
    expect(await visitCookie(page)).toBeUndefined();

    await page.reload();
    await expect(telemetry(page)).toHaveAttribute('data-sf-telemetry', 'consent-required');
    await expect(banner(page)).toHaveCount(0);
    expect(await visitCookie(page)).toBeUndefined();
  });
});

test.describe('under the permissive policy (the demo)', () => {
  test('no banner and the visit counts at once; declining from the footer link stops it', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(telemetry(page)).toHaveAttribute('data-sf-telemetry', 'ready');
    await expect(banner(page)).toHaveCount(0);
    expect(await visitCookie(page)).toBeTruthy();

    await cookieSettings(page).click();
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Only necessary cookies' }).click();
    expect(await visitCookie(page)).toBeUndefined();
    await page.reload();
    await expect(telemetry(page)).toHaveAttribute('data-sf-telemetry', 'consent-required');
    expect(await visitCookie(page)).toBeUndefined();

    await cookieSettings(page).click();
    await banner(page).getByRole('button', { name: 'Accept analytics cookies' }).click();
    await expect(telemetry(page)).toHaveAttribute('data-sf-telemetry', 'ready');
    expect(await visitCookie(page)).toBeTruthy();
  });
});

test.describe('the popup overlay', () => {
  const popup = (page: Page) => page.getByRole('dialog', { name: 'Letters from the studio' });
  /** Telemetry loads after the popup's own idle check: once it is ready, a due popup has opened. */
  const settled = (page: Page) => expect(telemetry(page)).toHaveAttribute('data-sf-telemetry', 'ready');

  test('shows, closes with Escape, stays closed on reload, shows again on a new version', async ({
    page,
  }) => {
    await page.goto('/newsletter');
    await expect(popup(page)).toBeVisible();
    await expect(popup(page).getByRole('textbox', { name: /Email/ })).toBeFocused();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Focus stays inside: Tab from the last control comes back to the first.
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    expect(await popup(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(popup(page)).toHaveCount(0);
    const stored = await page.evaluate(() => ({
      closedDate: Number(localStorage.getItem('popupOverlayClosedDate')),
      version: localStorage.getItem('popupOverlayVersion'),
      submitted: localStorage.getItem('popupOverlaySubmitted'),
    }));
    expect(stored.version).toBe('1');
    expect(stored.submitted).toBe('false');
    expect(Math.abs(stored.closedDate - Date.now())).toBeLessThan(60_000);

    await page.reload();
    await settled(page);
    await expect(popup(page)).toHaveCount(0);

    // The site published a new version since this visitor closed it.
    await page.evaluate(() => localStorage.setItem('popupOverlayVersion', '0'));
    await page.reload();
    await expect(popup(page)).toBeVisible();
  });

  test('a sign-up through the forms API is remembered: never shown again', async ({ page }) => {
    await page.goto('/newsletter');
    await popup(page).getByRole('textbox', { name: /Email/ }).fill('popup-reader@example.test');
    await popup(page).getByRole('button', { name: 'Sign up' }).click();
    await expect(popup(page).getByRole('status')).toContainText('Thank you!');
    expect(await page.evaluate(() => localStorage.getItem('popupOverlaySubmitted'))).toBe('true');
    await popup(page).getByRole('button', { name: 'Close' }).click();
    await expect(popup(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('popupOverlaySubmitted'))).toBe('true');
    // Long after the closed days, still not shown.
    await page.evaluate(() => localStorage.setItem('popupOverlayClosedDate', '1'));
    await page.reload();
    await settled(page);
    await expect(popup(page)).toHaveCount(0);
  });
});
