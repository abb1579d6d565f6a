/**
 * An events collection's pages (issue 16): the upcoming and past lists, the month calendar, the map
 * and calendar links of an event, and its iCalendar file (RFC 5545). Pure: the loader reads the
 * items and the clock, these only arrange them.
 */
import { eventStartOf } from '../modules/catalogue/index.ts';
import type { Json } from '../platform/site/types.ts';

/** `?view=calendar&month=YYYY-MM` (template-format §1.2). */
export const CALENDAR_VIEW = 'calendar';
const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface CalendarMonth {
  year: number;
  /** 1 to 12. */
  month: number;
}

/**
 * The month `?month=` names, else the month `now` falls in, in the site's time zone. Like the list
 * filters, a value that names no month is ignored rather than refused: the URL still shows a calendar.
 */
export function calendarMonth(value: string | undefined, now: number, timeZone: string): CalendarMonth {
  const match = value === undefined ? null : MONTH_PATTERN.exec(value);
  if (match) return { year: Number(match[1]), month: Number(match[2]) };
  const [year, month] = localDay(now, timeZone).split('-').map(Number) as [number, number];
  return { year, month };
}

const monthKey = ({ year, month }: CalendarMonth) => `${String(year).padStart(4, '0')}-${pad2(month)}`;
const pad2 = (n: number) => String(n).padStart(2, '0');

function shiftMonth({ year, month }: CalendarMonth, by: -1 | 1): CalendarMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** `YYYY-MM-DD` of the instant in the time zone. */
export function localDay(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The month as weeks of seven days (Sunday first), each day of the month with the events that start
 * on it in the site's time zone; days outside the month are blank cells. Names in the site's language.
 */
export function calendarContext(
  events: readonly Json[],
  wanted: CalendarMonth,
  options: { timeZone: string; language: string; listUrl: string },
): Json {
  const { timeZone, language, listUrl } = options;
  const key = monthKey(wanted);
  const byDay = new Map<string, Json[]>();
  for (const event of [...events].sort((a, b) => eventStartOf(a) - eventStartOf(b))) {
    const day = localDay(eventStartOf(event), timeZone);
    if (!day.startsWith(`${key}-`)) continue;
    byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  // The grid is calendar arithmetic alone; only the events' days depend on the time zone.
  const first = Date.UTC(wanted.year, wanted.month - 1, 1);
  const daysInMonth = new Date(Date.UTC(wanted.year, wanted.month, 0)).getUTCDate();
  const lead = new Date(first).getUTCDay();
  const cells: Json[] = Array.from({ length: lead }, () => ({ blank: true }));
  const dayName = new Intl.DateTimeFormat(language, { timeZone: 'UTC', dateStyle: 'full' });
  for (let day = 1; day <= daysInMonth; day++) {
    const date = `${key}-${pad2(day)}`;
    const dayEvents = byDay.get(date) ?? [];
    cells.push({
      day,
      date,
      label: dayName.format(new Date(Date.UTC(wanted.year, wanted.month - 1, day))),
      events: dayEvents,
      hasEvents: dayEvents.length > 0,
    });
  }
  while (cells.length % 7 !== 0) cells.push({ blank: true });
  const weeks: Json[] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push({ days: cells.slice(i, i + 7) });
  // 2023-01-01 was a Sunday: the week's names from it.
  const weekday = (style: 'short' | 'long', n: number) =>
    new Intl.DateTimeFormat(language, { timeZone: 'UTC', weekday: style }).format(Date.UTC(2023, 0, 1 + n));
  const monthUrl = (m: CalendarMonth) => `${listUrl}?view=${CALENDAR_VIEW}&month=${monthKey(m)}`;
  const monthTitle = (m: CalendarMonth) =>
    new Intl.DateTimeFormat(language, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
      Date.UTC(m.year, m.month - 1, 1),
    );
  const previous = shiftMonth(wanted, -1);
  const next = shiftMonth(wanted, 1);
  return {
    month: key,
    title: monthTitle(wanted),
    weekdays: Array.from({ length: 7 }, (_, n) => ({ short: weekday('short', n), long: weekday('long', n) })),
    weeks,
    eventCount: [...byDay.values()].reduce((sum, list) => sum + list.length, 0),
    previous: { url: monthUrl(previous), title: monthTitle(previous) },
    next: { url: monthUrl(next), title: monthTitle(next) },
    listUrl,
  };
}

/** The one-line address of an event's location, as map searches and calendars take it. */
export function addressOf(location: unknown): string {
  if (typeof location !== 'object' || location === null) return '';
  const fields = location as Record<string, unknown>;
  return ['addressTitle', 'addressLine1', 'addressLine2', 'addressCountry']
    .map((key) => (typeof fields[key] === 'string' ? (fields[key] as string).trim() : ''))
    .filter(Boolean)
    .join(', ');
}

/**
 * An OpenStreetMap link to the event's place: its marker when it has coordinates, else a search for its
 * address (the maps API stays 501: nothing of a map provider loads on the page).
 */
export function mapUrl(location: unknown): string | undefined {
  if (typeof location !== 'object' || location === null) return undefined;
  const { mapLat, mapLng } = location as Record<string, unknown>;
  if (typeof mapLat === 'number' && typeof mapLng === 'number' && (mapLat !== 0 || mapLng !== 0))
    return `https://www.openstreetmap.org/?mlat=${mapLat}&mlon=${mapLng}#map=16/${mapLat}/${mapLng}`;
  const address = addressOf(location);
  return address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` : undefined;
}

/** The event's `.ics` download (`?format=ics` on its page). */
export const ICS_FORMAT = 'ics';
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** What an event's view adds for templates: its map and `.ics` links. */
export function eventLinks(item: Json, itemUrl: string): Json {
  const map = mapUrl(item.location);
  return {
    ...(map ? { mapUrl: map } : {}),
    icsUrl: `${itemUrl}?format=${ICS_FORMAT}`,
    icsFileName: `${String(item.urlId ?? item.id)}.ics`,
  };
}

/** UTC in iCalendar's basic form: 20261205T230000Z. */
const icsTime = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines of at most 75 octets, continued after CRLF and a space, never inside a UTF-8 character (§3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // A continuation line's leading space counts towards its 75.
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

/**
 * One event as an iCalendar file: its UID stable per site and event, times in UTC. `description` is
 * plain text (the caller strips the excerpt's HTML).
 */
export function icsCalendar(
  event: Json,
  options: { origin: string; url: string; now: number; description: string },
): string {
  const start = eventStartOf(event);
  const end = Number(event.endDate) || start;
  const host = new URL(options.origin).hostname;
  const address = addressOf(event.location);
  const { description } = options;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Storefront//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${String(event.id)}@${host}`,
    `DTSTAMP:${icsTime(options.now)}`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(String(event.title ?? ''))}`,
    ...(address ? [`LOCATION:${icsText(address)}`] : []),
    ...(description ? [`DESCRIPTION:${icsText(description)}`] : []),
    `URL:${new URL(options.url, options.origin).href}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
