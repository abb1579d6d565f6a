/**
 * Calendar fields of an instant in an IANA time zone, through `Intl` (jsont.md section 13),
 * and the strftime-style `date` formatter.
 */
import { BoundedCache } from './bounded-cache.ts';
import type { FormatterImpl } from './plugin-api.ts';
import { asNumber, asString } from './values.ts';

/** The time zone of a render whose site names none (the reference's default). */
export const DEFAULT_TIME_ZONE = 'America/New_York';
const MS_PER_DAY = 86_400_000;
/** Julian day range of the reference's calendar library. */
export const MIN_JULIAN_DAY = 0;
export const MAX_JULIAN_DAY = 4_881_503;

export interface ZonedFields {
  /** Epoch milliseconds. */
  readonly epoch: number;
  readonly year: number;
  readonly month: number; // 1-12
  readonly day: number;
  readonly hour: number; // 0-23
  readonly minute: number;
  readonly second: number;
  readonly millis: number;
  /** 0 = Sunday ... 6 = Saturday */
  readonly weekday: number;
  /** Offset from UTC in milliseconds. */
  readonly offset: number;
  readonly zone: string;
}

const dtfCache = new BoundedCache<string, Intl.DateTimeFormat>(500);
const zoneValid = new BoundedCache<string, boolean>(1000);

/** The zone if `Intl` knows it, else `UTC` (unknown zones fall back to UTC). */
export function normalizeZone(zone: string): string {
  let ok = zoneValid.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    zoneValid.set(zone, ok);
  }
  return ok ? zone : 'UTC';
}

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = dtfCache.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    dtfCache.set(zone, f);
  }
  return f;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function utcMillis(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  const dt = new Date(0);
  dt.setUTCFullYear(y, mo - 1, d);
  dt.setUTCHours(h, mi, s, 0);
  return dt.getTime();
}

/** Exact calendar fields through Intl (slow path). */
function intlFields(epoch: number, z: string): ZonedFields {
  const parts = partsFormatter(z).formatToParts(new Date(epoch));
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let weekday = 0;
  let bc = false;
  for (const p of parts) {
    switch (p.type) {
      case 'year':
        year = parseInt(p.value, 10);
        break;
      case 'month':
        month = parseInt(p.value, 10);
        break;
      case 'day':
        day = parseInt(p.value, 10);
        break;
      case 'hour':
        hour = parseInt(p.value, 10);
        break;
      case 'minute':
        minute = parseInt(p.value, 10);
        break;
      case 'second':
        second = parseInt(p.value, 10);
        break;
      case 'weekday':
        weekday = WEEKDAYS[p.value] ?? 0;
        break;
      case 'era':
        bc = p.value.startsWith('B');
        break;
      default:
        break;
    }
  }
  if (bc) year = 1 - year;
  const millis = ((epoch % 1000) + 1000) % 1000;
  const offset = utcMillis(year, month, day, hour, minute, second) - (epoch - millis);
  return { epoch, year, month, day, hour, minute, second, millis, weekday, offset, zone: z };
}

const BUCKET = 900_000; // 15 minutes: UTC offsets change on such boundaries
const offsetCache = new BoundedCache<string, BoundedCache<number, number>>(500);

/** UTC offset of `zone` at `epoch`, cached per 15-minute bucket when stable across the bucket. */
function offsetAt(epoch: number, z: string): number {
  let m = offsetCache.get(z);
  if (m === undefined) {
    m = new BoundedCache(20_000);
    offsetCache.set(z, m);
  }
  const b = Math.floor(epoch / BUCKET);
  const hit = m.get(b);
  if (hit !== undefined) return hit;
  const start = intlFields(b * BUCKET, z).offset;
  const end = intlFields(b * BUCKET + BUCKET - 1, z).offset;
  if (start !== end) return intlFields(epoch, z).offset;
  m.set(b, start);
  return start;
}

/** Calendar fields of `epoch` in `zone`. */
export function zonedFields(epoch: number, zone: string): ZonedFields {
  const z = normalizeZone(zone);
  const offset = offsetAt(epoch, z);
  // Date's time value: the sum truncated toward zero; beyond its range the getters give NaN.
  const t = Math.trunc(epoch + offset);
  if (!(Math.abs(t) <= MAX_TIME_VALUE)) return dateFields(epoch, t, offset, z);
  // Proleptic Gregorian fields by arithmetic (days from civil, H. Hinnant), as Date's UTC getters
  // compute them but without a builtin call per field.
  const days = Math.floor(t / MS_PER_DAY);
  let rest = t - days * MS_PER_DAY;
  const hour = Math.floor(rest / 3_600_000);
  rest -= hour * 3_600_000;
  const minute = Math.floor(rest / 60_000);
  rest -= minute * 60_000;
  const second = Math.floor(rest / 1000);
  const millis = rest - second * 1000;
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return {
    epoch,
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * mp + 2) / 5) + 1,
    hour,
    minute,
    second,
    millis,
    weekday: (((days + 4) % 7) + 7) % 7,
    offset,
    zone: z,
  };
}

const MAX_TIME_VALUE = 8.64e15;

function dateFields(epoch: number, t: number, offset: number, zone: string): ZonedFields {
  const d = new Date(t);
  return {
    epoch,
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millis: d.getUTCMilliseconds(),
    weekday: d.getUTCDay(),
    offset,
    zone,
  };
}

export function julianDay(epoch: number): number {
  return Math.floor(epoch / MS_PER_DAY) + 2_440_588;
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const CUM_DAYS = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

export function dayOfYear(y: number, m: number, d: number): number {
  return (CUM_DAYS[m - 1] as number) + d + (m > 2 && isLeap(y) ? 1 : 0);
}

/** Weekday (0 = Sunday) of a civil date. */
function weekdayOf(y: number, m: number, d: number): number {
  const t = utcMillis(y, m, d, 12, 0, 0);
  return new Date(t).getUTCDay();
}

/** Week of year, weeks starting Sunday, week 1 contains Jan 1 (CLDR week rules, minimal days 1). */
export function weekOfYear(f: ZonedFields): number {
  const nextJan1 = weekdayOf(f.year + 1, 1, 1);
  const daysInYear = isLeap(f.year) ? 366 : 365;
  const doy = dayOfYear(f.year, f.month, f.day);
  // The week holding next Jan 1 starts on day (daysInYear + 1 - nextJan1).
  if (doy >= daysInYear + 1 - nextJan1) return 1;
  const jan1 = weekdayOf(f.year, 1, 1);
  return Math.floor((doy - 1 + jan1) / 7) + 1;
}

/** ISO 8601 week number and week-year. */
export function isoWeek(f: ZonedFields): [number, number] {
  const t = utcMillis(f.year, f.month, f.day, 0, 0, 0);
  const d = new Date(t);
  const dow = (d.getUTCDay() + 6) % 7; // Monday 0
  d.setUTCDate(d.getUTCDate() - dow + 3); // Thursday of this week
  const wy = d.getUTCFullYear();
  const firstThursday = new Date(utcMillis(wy, 1, 4, 0, 0, 0));
  const fdow = (firstThursday.getUTCDay() + 6) % 7;
  firstThursday.setUTCDate(firstThursday.getUTCDate() - fdow + 3);
  const week = 1 + Math.round((d.getTime() - firstThursday.getTime()) / (7 * MS_PER_DAY));
  return [week, wy];
}

const abbrCache = new BoundedCache<string, string>(1000);
const ABBR_LOCALES = [
  'en-US',
  'en-GB',
  'en-AU',
  'en-IN',
  'en-NZ',
  'en-ZA',
  'en-IE',
  'en-SG',
  'ja-JP',
  'en-HK',
  'en-ID',
];

/** Zone abbreviation as in the tz database (`EDT`, `CEST`), else `+hh[mm]`. */
export function zoneAbbr(f: ZonedFields): string {
  if (f.zone === 'UTC' || f.zone === 'Etc/UTC') return 'UTC';
  const key = `${f.zone}|${f.offset}`;
  let a = abbrCache.get(key);
  if (a !== undefined) return a;
  a = abbrAt(f.zone, f.epoch);
  if (a === '') {
    // ICU has no abbreviation for some older instants (before the zone's metazone starts):
    // use the abbreviation the zone has today for the same offset.
    for (const probe of [Date.UTC(2020, 0, 15), Date.UTC(2020, 6, 15)]) {
      if (zonedFields(probe, f.zone).offset === f.offset) {
        a = abbrAt(f.zone, probe);
        if (a !== '') break;
      }
    }
  }
  if (a === '') {
    const [neg, h, m] = splitOffset(f.offset);
    a = (neg ? '-' : '+') + pad(h, '0', 2) + (m !== 0 ? pad(m, '0', 2) : '');
  }
  abbrCache.set(key, a);
  return a;
}

function abbrAt(zone: string, epoch: number): string {
  for (const loc of ABBR_LOCALES) {
    const parts = new Intl.DateTimeFormat(loc, { timeZone: zone, timeZoneName: 'short' }).formatToParts(
      new Date(epoch),
    );
    const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
    if (/^[A-Z]{2,5}$/.test(name)) return name;
  }
  return '';
}

function splitOffset(offset: number): [boolean, number, number] {
  const neg = offset < 0;
  const mins = Math.round(Math.abs(offset) / 60000);
  return [neg, Math.floor(mins / 60), mins % 60];
}

export function pad(n: number | string, ch: string, width: number): string {
  let s = String(n);
  while (s.length < width) s = ch + s;
  return s;
}

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** strftime-style formatting (jsont.md 13.2). */
export function formatDate(f: ZonedFields, fmt: string): string {
  let out = '';
  const len = fmt.length;
  let i = 0;
  while (i < len) {
    let ch = fmt[i] as string;
    if (ch !== '%') {
      out += ch;
      i++;
      continue;
    }
    i++;
    if (i === len) {
      out += '%';
      break;
    }
    ch = fmt[i] as string;
    i++;
    const h12 = f.hour % 12 === 0 ? 12 : f.hour % 12;
    switch (ch) {
      case '%':
        out += '%';
        break;
      case 'a':
        out += SHORT_DAYS[f.weekday];
        break;
      case 'A':
        out += LONG_DAYS[f.weekday];
        break;
      case 'b':
      case 'h':
        out += SHORT_MONTHS[f.month - 1];
        break;
      case 'B':
        out += LONG_MONTHS[f.month - 1];
        break;
      case 'c':
        out += formatDate(f, `%a, %b ${f.day}, %Y %i:%M:%S %p %Z`);
        break;
      case 'C':
        out += pad((f.year / 100) | 0, '0', 2);
        break;
      case 'd':
        out += pad(f.day, '0', 2);
        break;
      case 'D':
        out += formatDate(f, '%m/%d/%y');
        break;
      case 'e':
        out += pad(f.day, ' ', 2);
        break;
      case 'F':
        out += formatDate(f, '%Y-%m-%d');
        break;
      case 'g':
        out += pad(isoWeek(f)[1] % 100, '0', 2);
        break;
      case 'G':
        out += pad(isoWeek(f)[1], '0', 4);
        break;
      case 'H':
        out += pad(f.hour, '0', 2);
        break;
      case 'i':
        out += String(h12);
        break;
      case 'I':
        out += pad(h12, '0', 2);
        break;
      case 'j':
        out += pad(dayOfYear(f.year, f.month, f.day), '0', 3);
        break;
      case 'k':
        out += pad(f.hour, ' ', 2);
        break;
      case 'l':
        out += pad(h12, ' ', 2);
        break;
      case 'm':
        out += pad(f.month, '0', 2);
        break;
      case 'M':
        out += pad(f.minute, '0', 2);
        break;
      case 'n':
        out += '\n';
        break;
      case 'N':
        out += pad(f.millis * 1e6, '0', 9);
        break;
      case 'p':
        out += f.hour < 12 ? 'AM' : 'PM';
        break;
      case 'P':
        out += f.hour < 12 ? 'am' : 'pm';
        break;
      case 'q':
        out += String((((f.month - 1) / 3) | 0) + 1);
        break;
      case 'r':
        out += formatDate(f, `${h12}:%M:%S %p`);
        break;
      case 'R':
        out += formatDate(f, '%H:%M');
        break;
      case 's':
        out += String((f.epoch / 1000) | 0);
        break;
      case 'S':
        out += pad(f.second, '0', 2);
        break;
      case 't':
        out += '\t';
        break;
      case 'T':
        out += formatDate(f, '%H:%M:%S');
        break;
      case 'u':
        out += f.weekday === 0 ? '7' : String(f.weekday);
        break;
      case 'U':
      case 'W':
        out += pad(weekOfYear(f), '0', 2);
        break;
      case 'v':
        out += formatDate(f, '%e-%b-%Y');
        break;
      case 'V':
        out += pad(isoWeek(f)[0], '0', 2);
        break;
      case 'w':
        out += String(f.weekday);
        break;
      case 'x':
        out += formatDate(f, '%m/%d/%Y');
        break;
      case 'X':
        out += formatDate(f, '%I:%M:%S %p');
        break;
      case 'y':
        out += pad(f.year % 100, '0', 2);
        break;
      case 'Y':
        out += String(f.year);
        break;
      case 'z': {
        const [neg, h, m] = splitOffset(f.offset);
        out += (neg ? '-' : '+') + pad(h, '0', 2) + ':' + pad(m, '0', 2);
        break;
      }
      case 'Z':
        out += zoneAbbr(f);
        break;
      default:
        break;
    }
  }
  return out;
}

/** Site time zone: context `website.timeZone` through the scope chain, else the render's zone. */
export function siteZone(ctx: { lookup(p: string): unknown; timeZone: string }): string {
  const z = ctx.lookup('website.timeZone');
  return z === undefined ? ctx.timeZone : asString(z);
}

/** Thrown when an instant is outside the supported calendar range (reported as a helper error). */
export class DateRangeError extends Error {
  override name = 'Error';
  readonly code = 'date-range';
}

export function checkJulianRange(epoch: number): void {
  const jd = julianDay(epoch);
  if (jd < MIN_JULIAN_DAY || jd > MAX_JULIAN_DAY) {
    throw new DateRangeError(
      `Julian day ${jd} is outside the supported range of this library: ` +
        'Mon Jan  1 4713 B.C. to Fri Dec 31 8652 A.D.',
    );
  }
}

export const DATE_FORMATTERS: Record<string, FormatterImpl> = {
  date(value, args, ctx) {
    if (args.length === 0) return '';
    // Product spec: a missing date gives an empty string (the reference prints 1 Jan 1970).
    if (value === undefined || value === null) return '';
    const epoch = asNumber(value);
    if (Number.isNaN(epoch)) {
      const e = new TypeError(`Cannot format "${asString(value)}" as a date`);
      throw e;
    }
    checkJulianRange(epoch);
    const f = zonedFields(epoch, siteZone(ctx));
    return formatDate(f, args.join(' '));
  },
};
