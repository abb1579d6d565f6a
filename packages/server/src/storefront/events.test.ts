/**
 * The demo's events collection (issue 16) through the page renderer on a real database: upcoming and
 * past lists by start date against the renderer's clock, the month calendar, the event page in the
 * site's time zone (America/New_York) and its `.ics` download.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncContent } from '../modules/catalogue/content-sync.ts';
import { openDatabase } from '../database.ts';
import { type DatabaseHandle } from '../platform/db/index.ts';
import { loadSite } from '../platform/site/loader.ts';
import type { Json } from '../platform/site/types.ts';
import { DATABASES, DEMO_SITE } from '../testing/databases.ts';
import { createTemplateEngine, type Compiled } from './engine.ts';
import { foldLine } from './events.ts';
import { PageRenderer, type PageResult } from './pages.ts';
import { TagBodies } from '../platform/site/platform-tags.ts';

const NOV_24_2026 = Date.UTC(2026, 10, 24, 12);
const DEC_10_2026 = Date.UTC(2026, 11, 10, 12);
const SITE_URL = 'https://shop.example';

for (const database of DATABASES) {
  describe(`[${database.name}] events`, () => {
    const engine = createTemplateEngine();
    const bodies = new TagBodies();
    const site = loadSite<Compiled>(DEMO_SITE, (source) => engine.compile(source), bodies);
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;
    let now = NOV_24_2026;
    let renderer: PageRenderer;
    beforeAll(async () => {
      const fresh = database.fresh();
      cleanup = fresh.cleanup;
      handle = await openDatabase(fresh.config);
      await syncContent(handle.db, site.content);
      renderer = new PageRenderer({
        site,
        engine,
        bodies,
        db: handle.db,
        log: pino({ level: 'silent' }),
        cart: { currency: 'USD', websiteId: site.content.website.id },
        webBundle: { current: () => ({ script: null, stylesheets: [] }) },
        clock: () => now,
      });
    });
    afterAll(async () => {
      await handle?.destroy();
      await cleanup?.();
    });
    const page = (path: string, query: Record<string, string> = {}): Promise<PageResult> =>
      renderer.render({
        site: { origin: SITE_URL, title: String(site.content.website.siteTitle ?? ''), now: Date.now },
        path,
        query,
        cartToken: undefined,
      });
    const context = async (query: Record<string, string> = {}) =>
      JSON.parse((await page('/events', { ...query, format: 'json' })).body) as Json;
    const titles = (items: unknown) => (items as Json[]).map((i) => i.title);

    it('lists upcoming events soonest first and past events latest first, by the clock', async () => {
      now = NOV_24_2026;
      const ctx = await context();
      expect(titles(ctx.upcoming)).toEqual([
        'Holiday market at the studio',
        'Glaze night',
        "New Year's Eve kiln opening",
        'Spring throwing course',
      ]);
      expect(titles(ctx.past)).toEqual(['Wheel-throwing taster evening', 'Autumn open studio']);
      now = DEC_10_2026;
      const later = await context();
      expect(titles(later.upcoming)[0]).toBe('Glaze night');
      expect(titles(later.past)[0]).toBe('Holiday market at the studio');
      now = NOV_24_2026;
    });

    it('renders the two lists in that order under their own headings', async () => {
      const html = (await page('/events')).body;
      const upcoming = html.slice(
        html.indexOf('id="eventlist-upcoming-title"'),
        html.indexOf('id="eventlist-past-title"'),
      );
      const past = html.slice(html.indexOf('id="eventlist-past-title"'));
      const order = (part: string, names: string[]) => names.map((n) => part.indexOf(`>${n}</a>`));
      const upcomingAt = order(upcoming, [
        'Holiday market at the studio',
        'Glaze night',
        'Spring throwing course',
      ]);
      expect(upcomingAt.every((at) => at > 0)).toBe(true);
      expect([...upcomingAt].sort((a, b) => a - b)).toEqual(upcomingAt);
      const pastAt = order(past, ['Wheel-throwing taster evening', 'Autumn open studio']);
      expect(pastAt.every((at) => at > 0)).toBe(true);
      expect(pastAt[0]).toBeLessThan(pastAt[1] as number);
      expect(upcoming).not.toContain('Autumn open studio');
    });

    it('shows a month as a calendar grid, events on their day in the site time zone', async () => {
      const ctx = await context({ view: 'calendar', month: '2026-12' });
      expect(ctx.calendarView).toBe(true);
      const calendar = ctx.calendar as Json;
      expect(calendar.title).toBe('December 2026');
      const weeks = (calendar.weeks as { days: Json[] }[]).map((w) => w.days);
      expect(weeks).toHaveLength(5);
      expect(weeks.every((days) => days.length === 7)).toBe(true);
      // December 1st 2026 is a Tuesday: two blank cells before it.
      expect(weeks[0]?.slice(0, 3).map((d) => d.day ?? null)).toEqual([null, null, 1]);
      const onDay = (day: number) => titles(weeks.flat().find((d) => d.day === day)?.events);
      expect(onDay(5)).toEqual(['Holiday market at the studio']);
      // 18:30 in New York on the 17th is already the 18th in UTC.
      expect(onDay(17)).toEqual(['Glaze night']);
      expect(onDay(18)).toEqual([]);
      // 21:00 on New Year's Eve in New York is January 1st in UTC.
      expect(onDay(31)).toEqual(["New Year's Eve kiln opening"]);
      expect((calendar.previous as Json).url).toBe('/events?view=calendar&month=2026-11');
      expect((calendar.next as Json).url).toBe('/events?view=calendar&month=2027-01');

      const html = (await page('/events', { view: 'calendar', month: '2026-12' })).body;
      expect(html).toContain('<h2 class="eventcalendar-title" id="eventcalendar-title">December 2026</h2>');
      expect(html.match(/<th scope="col">/g)).toHaveLength(7);
      expect(html).toContain('<abbr title="Sunday">Sun</abbr>');
      expect(html).toMatch(/href="\/events\?view=calendar&amp;month=2026-11" rel="prev"/);
      expect(html).toMatch(
        /data-date="2026-12-17"><time[^>]*>17<\/time><ul[^>]*><li[^>]*><a [^>]*href="\/events\/glaze-night">Glaze night<\/a> <time[^>]*> 6:30 PM<\/time>/,
      );
    });

    it('shows the month of the clock when none (or no real month) is asked for', async () => {
      for (const month of [undefined, '2026-13', 'december']) {
        const ctx = await context(month === undefined ? { view: 'calendar' } : { view: 'calendar', month });
        const calendar = ctx.calendar as Json;
        expect(calendar.month).toBe('2026-11');
        const days = (calendar.weeks as { days: Json[] }[]).flatMap((w) => w.days);
        expect(titles(days.find((d) => d.day === 12)?.events)).toEqual(['Wheel-throwing taster evening']);
      }
      const january = (await context({ view: 'calendar', month: '2027-01' })).calendar as Json;
      expect(january.eventCount).toBe(0);
    });

    it('shows an event page with its time in the site time zone, location, map and calendar links', async () => {
      const result = await page('/events/glaze-night');
      expect(result.status).toBe(200);
      const html = result.body;
      expect(html).toContain('<h1 class="eventitem-title" data-content-field="title">Glaze night</h1>');
      expect(html).toContain('Thursday, December 17, 2026');
      expect(html).toMatch(/>\s?6:30 PM<\/time>.*>\s?9:00 PM<\/time>/s);
      expect(html).toContain('418 Warren Street');
      expect(html).toContain(
        'href="https://www.openstreetmap.org/?mlat=42.2512&amp;mlon=-73.7882#map=16/42.2512/-73.7882"',
      );
      expect(html).toContain('dates=20261217T233000Z/20261218T020000Z');
      expect(html).toContain('href="/events/glaze-night?format=ics" download="glaze-night.ics"');
      // No coordinates: a search for the address.
      const course = (await page('/events/spring-throwing-course')).body;
      expect(course).toContain(
        'href="https://www.openstreetmap.org/search?query=Hudson%20Area%20Library%2C%2051%20North%20Fifth%20Street%2C%20Hudson%2C%20NY%2012534%2C%20United%20States"',
      );
    });

    it('downloads an event as an RFC 5545 calendar: CRLF, folded lines, UID, stamps in UTC', async () => {
      const result = await page('/events/glaze-night', { format: 'ics' });
      expect(result.status).toBe(200);
      expect(result.contentType).toBe('text/calendar; charset=utf-8');
      const text = result.body;
      expect(text.endsWith('\r\n')).toBe(true);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const physical = text.split('\r\n').slice(0, -1);
      expect(physical.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
      const lines = text.replace(/\r\n /g, '').split('\r\n');
      expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
      expect(lines).toContain('BEGIN:VEVENT');
      expect(lines).toContain('UID:2b19c7e8fc6df0659ff41729@shop.example');
      expect(lines).toContain('DTSTAMP:20261124T120000Z');
      expect(lines).toContain('DTSTART:20261217T233000Z');
      expect(lines).toContain('DTEND:20261218T020000Z');
      expect(lines).toContain('SUMMARY:Glaze night');
      expect(lines).toContain(
        'LOCATION:Juniper Row Studio\\, 418 Warren Street\\, Hudson\\, NY 12534\\, United States',
      );
      expect(lines).toContain(
        'DESCRIPTION:Bring a bisque piece of your own or pick one of ours\\, and glaze it with us.',
      );
      expect(lines).toContain('URL:https://shop.example/events/glaze-night');
      expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
      // The LOCATION line is longer than 75 octets, so it came folded.
      expect(physical.some((line) => line.startsWith(' '))).toBe(true);
      // Not an event: the page, not a calendar.
      const post = await page('/journal/notes-from-the-winter-firing', { format: 'ics' });
      expect(post.contentType).toBe('text/html; charset=utf-8');
    });

    it('pages each list by start date with its own cursor, in SQL, keeping the other list in place', async () => {
      const events = site.content.collections.find((c) => c.urlId === 'events');
      if (!events) throw new Error('the demo has an events collection');
      events.pageSize = 2;
      await syncContent(handle.db, site.content);
      try {
        now = DEC_10_2026;
        const first = await context();
        expect(titles(first.upcoming)).toEqual(['Glaze night', "New Year's Eve kiln opening"]);
        expect(titles(first.past)).toEqual(['Holiday market at the studio', 'Wheel-throwing taster evening']);
        const upcomingNext = first.upcomingPagination as Json;
        const pastNext = first.pastPagination as Json;
        expect(upcomingNext.nextPageUrl).toBe(`/events?upcoming=${String(upcomingNext.nextPageCursor)}`);
        const query = (url: unknown) => Object.fromEntries(new URL(String(url), SITE_URL).searchParams);

        const second = await context(query(upcomingNext.nextPageUrl));
        expect(titles(second.upcoming)).toEqual(['Spring throwing course']);
        expect(second.upcomingPagination).toBeUndefined();
        // The past list stays on its first page; its own next link keeps the upcoming cursor.
        expect(titles(second.past)).toEqual(titles(first.past));
        const pastLink = query((second.pastPagination as Json).nextPageUrl);
        expect(pastLink.upcoming).toBe(String(upcomingNext.nextPageCursor));

        const older = await context(query(pastNext.nextPageUrl));
        expect(titles(older.past)).toEqual(['Autumn open studio']);
        expect(older.pastPagination).toBeUndefined();
        expect(titles(older.upcoming)).toEqual(titles(first.upcoming));

        const html = (await page('/events')).body;
        expect(html).toContain(
          `<a class="eventlist-more" rel="next" href="/events?upcoming=${String(upcomingNext.nextPageCursor)}">More upcoming events</a>`,
        );
        expect(html).toContain('>Older events</a>');
      } finally {
        delete events.pageSize;
        await syncContent(handle.db, site.content);
        now = NOV_24_2026;
      }
    });

    it('keeps the start date a list pages by in step with the content', async () => {
      const events = site.content.collections.find((c) => c.urlId === 'events');
      const spring = events?.items?.find((i) => i.urlId === 'spring-throwing-course');
      if (!spring) throw new Error('the demo has the spring course');
      const { startDate, endDate } = spring;
      // Moved to the morning of Nov 25 2026: now the soonest upcoming event.
      spring.startDate = Date.UTC(2026, 10, 25, 14);
      spring.endDate = Date.UTC(2026, 10, 25, 16);
      await syncContent(handle.db, site.content);
      try {
        expect(titles((await context()).upcoming)[0]).toBe('Spring throwing course');
      } finally {
        Object.assign(spring, { startDate, endDate });
        await syncContent(handle.db, site.content);
      }
      expect(titles((await context()).upcoming)[0]).toBe('Holiday market at the studio');
    });

    it('answers a cursor it did not hand out with 400 invalid-cursor', async () => {
      for (const cursor of ['nope', Buffer.from('["x",1]').toString('base64url')])
        await expect(page('/events', { upcoming: cursor })).rejects.toMatchObject({
          statusCode: 400,
          code: 'invalid-cursor',
        });
    });
  });
}

describe('iCalendar line folding', () => {
  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    expect(folded.every((part) => Buffer.byteLength(part) <= 75)).toBe(true);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((part, n) => (n === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });
});
