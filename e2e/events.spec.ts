/**
 * The demo's events (issue 16) in Chromium: the upcoming and past lists, the month calendar and its
 * navigation, an event page in the site's time zone, and its `.ics` download.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { failOnPageErrors, seriousAxeViolations, startSiteServer, type SiteServer } from './support.ts';

failOnPageErrors();

/** The start dates (YYYY-MM-DD) of the events in a list section, in page order. */
const startDates = (section: Locator) =>
  section
    .locator('.eventlist-event .event-date')
    .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));

test('the events page lists upcoming events soonest first, then past events latest first', async ({
  page,
}) => {
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming events' });
  const past = page.getByRole('region', { name: 'Past events' });
  const soonestFirst = await startDates(upcoming);
  const latestFirst = await startDates(past);
  // Which events are past depends on today; the order within each list does not.
  expect(soonestFirst.length + latestFirst.length).toBe(6);
  expect(soonestFirst).toEqual([...soonestFirst].sort());
  expect(latestFirst).toEqual([...latestFirst].sort().reverse());
  if (soonestFirst.length > 0 && latestFirst.length > 0)
    expect(latestFirst[0]! <= soonestFirst[0]!).toBe(true);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the calendar shows a month as a table and moves between months', async ({ page }) => {
  await page.goto('/events');
  await page.getByRole('link', { name: 'Calendar', exact: true }).click();
  await expect(page).toHaveURL(/\/events\?view=calendar$/);
  await expect(page.getByRole('table')).toBeVisible();

  await page.goto('/events?view=calendar&month=2026-12');
  await expect(page.getByRole('heading', { level: 2, name: 'December 2026' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Events in December 2026' });
  await expect(table.getByRole('columnheader')).toHaveCount(7);
  await expect(
    table.locator('td[data-date="2026-12-17"]').getByRole('link', { name: 'Glaze night' }),
  ).toBeVisible();
  // 9 pm on New Year's Eve in New York: the 31st, though it is January in UTC.
  await expect(
    table.locator('td[data-date="2026-12-31"]').getByRole('link', { name: "New Year's Eve kiln opening" }),
  ).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: /January 2027/ }).click();
  await expect(page).toHaveURL(/month=2027-01/);
  await expect(page.getByRole('heading', { level: 2, name: 'January 2027' })).toBeVisible();
  await expect(page.getByText('There are no events this month.')).toBeVisible();
  await page.getByRole('link', { name: /December 2026/ }).click();
  await page.getByRole('link', { name: /November 2026/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'November 2026' })).toBeVisible();
  await expect(
    page.locator('td[data-date="2026-11-12"]').getByRole('link', { name: 'Wheel-throwing taster evening' }),
  ).toBeVisible();
});

test('an event page shows its time in the site time zone, its place and calendar links', async ({ page }) => {
  await page.goto('/events?view=calendar&month=2026-12');
  await page.getByRole('link', { name: 'Glaze night' }).click();
  await expect(page).toHaveURL(/\/events\/glaze-night$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Glaze night' })).toBeVisible();
  const meta = page.locator('.eventitem-meta');
  await expect(meta.locator('.event-date')).toHaveText('Thursday, December 17, 2026');
  await expect(meta.locator('.event-time-12hr-start')).toHaveText(/^\s*6:30 PM$/);
  await expect(meta.locator('.event-time-12hr-end')).toHaveText(/^\s*9:00 PM$/);
  await expect(meta).toContainText('418 Warren Street');
  await expect(meta.getByRole('link', { name: /map/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=42\.2512&mlon=-73\.7882/,
  );
  await expect(meta.getByRole('link', { name: /Google Calendar/ })).toHaveAttribute(
    'href',
    /dates=20261217T233000Z\/20261218T020000Z/,
  );
  expect(await seriousAxeViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    meta.getByRole('link', { name: /ICS/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('glaze-night.ics');
  const text = await readFile((await download.path()) as string, 'utf8');
  expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
  expect(text).toContain('\r\nDTSTART:20261217T233000Z\r\n');
  expect(text).toContain('\r\nUID:2b19c7e8fc6df0659ff41729@');
  expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
});

test.describe('events lists a page at a time', () => {
  let server: SiteServer | undefined;
  let dir = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dir = mkdtempSync(join(tmpdir(), 'storefront-e2e-events-'));
    const site = join(dir, 'site');
    cpSync(fileURLToPath(new URL('../sites/demo', import.meta.url)), site, { recursive: true });
    const file = join(site, 'content/collections/events.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    json.pageSize = 2;
    writeFileSync(file, JSON.stringify(json));
    // One database holds one site: this copy keeps its own SQLite file.
    server = await startSiteServer({ DATABASE_URL: '', SITE_DIR: site, DATA_DIR: join(dir, 'data') });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The start dates of one list, following its next link to the end; the other list stays put. */
  async function wholeList(page: Page, name: string, more: string, other: string): Promise<string[]> {
    const dates: string[] = [];
    for (;;) {
      const section = page.getByRole('region', { name });
      const shown = await startDates(section);
      expect(shown.length).toBeLessThanOrEqual(2);
      dates.push(...shown);
      const otherList = await startDates(page.getByRole('region', { name: other }));
      const next = section.getByRole('link', { name: more });
      if ((await next.count()) === 0) return dates;
      await next.click();
      await expect(page).toHaveURL(/\?(upcoming|past)=/);
      // Paging one list keeps the other on the page it was.
      expect(await startDates(page.getByRole('region', { name: other }))).toEqual(otherList);
    }
  }

  test('each list pages by start date through its own next link, all six events seen once', async ({
    page,
  }) => {
    const base = server!.base;
    await page.goto(`${base}/events`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const soonestFirst = await wholeList(page, 'Upcoming events', 'More upcoming events', 'Past events');
    await page.goto(`${base}/events`);
    const latestFirst = await wholeList(page, 'Past events', 'Older events', 'Upcoming events');
    expect(soonestFirst.length + latestFirst.length).toBe(6);
    expect(soonestFirst).toEqual([...soonestFirst].sort());
    expect(latestFirst).toEqual([...latestFirst].sort().reverse());
  });

  test('a cursor the list did not hand out is a 400, not a page of something else', async ({ page }) => {
    const res = await page.request.get(`${server!.base}/events?past=not-a-cursor`);
    expect(res.status()).toBe(400);
  });
});
