/**
 * The i18n helpers (jsont.md sections 11.6, 13 and 14) through `Intl`: `datetime`,
 * `datetime-interval`, `relative-time`, `timesince`, `decimal`, `money`, `message` / `plural`,
 * and the reference's stubs. Decimal amounts are handed to `Intl.NumberFormat` as decimal strings
 * (exact), never converted to binary floating point.
 */
import { BoundedCache } from './bounded-cache.ts';
import { shiftDecimal } from './decimal.ts';
import type { FormatterImpl, PredicateImpl, RenderContext } from './plugin-api.ts';
import type { RenderState } from './executor.ts';
import { normalizeZone, siteZone } from './dates.ts';
import { asNumber, asString, isObject, step } from './values.ts';

// ---------------------------------------------------------------------------------------------
// Options (TS src/plugins/options.ts)

const CLAMP_MAX = 50;
const DECIMAL_STYLE = new Set([
  'decimal',
  'short',
  'long',
  'scientific',
  'percent',
  'percent-scaled',
  'permille',
  'permille-scaled',
]);
const CURRENCY_STYLE = new Set(['symbol', 'accounting', 'code', 'name', 'short']);
const ROUNDING_MODE = new Set(['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even']);
const FORMAT_WIDTH = new Set(['short', 'medium', 'long', 'full']);
const CONTEXT_TYPE = new Set(['middle-of-text', 'begin-sentence', 'standalone', 'ui-list-or-menu']);
const TIMEPERIOD_FIELD = new Set(['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millis']);
const DATEFIELD_WIDTH = new Set(['short', 'narrow', 'wide']);

export interface NumberOpts {
  style?: string;
  symbolWidth?: string;
  group?: boolean;
  round?: string;
  minimumIntegerDigits?: number;
  maximumFractionDigits?: number;
  minimumFractionDigits?: number;
  maximumSignificantDigits?: number;
  minimumSignificantDigits?: number;
}

export interface DateOpts {
  date?: string;
  time?: string;
  datetime?: string;
  skeleton?: string;
  wrap?: string;
  context?: string;
  ca?: string;
}

interface RelOpts extends NumberOpts {
  context?: string;
  dayOfWeek?: boolean;
  field?: string;
  numericOnly?: boolean;
  allowWeeks?: boolean;
  alwaysNow?: boolean;
  width?: string;
}

const clamp = (n: number): number => (n < 0 ? 0 : n > CLAMP_MAX ? CLAMP_MAX : n);
const int = (v: string): number => {
  const n = parseInt(v, 10);
  return Number.isFinite(n) ? n : 0;
};

function parseOpts<T>(args: readonly string[], opts: T, f: (arg: string, val: string, o: T) => void): T {
  for (let arg of args) {
    let val = '';
    const i = arg.indexOf(':');
    if (i !== -1) {
      val = arg.substring(i + 1);
      arg = arg.substring(0, i);
    }
    f(arg, val, opts);
  }
  return opts;
}

function numberOption(arg: string, val: string, o: NumberOpts): void {
  switch (arg) {
    case 'group':
    case 'grouping':
      o.group = val === '' || val === 'true';
      break;
    case 'no-group':
    case 'no-grouping':
      o.group = false;
      break;
    case 'round':
    case 'rounding':
      if (val === 'ceil') o.round = 'ceiling';
      else if (val === 'truncate') o.round = 'down';
      else if (ROUNDING_MODE.has(val)) o.round = val;
      break;
    case 'minint':
    case 'minInt':
    case 'minimumIntegerDigits':
      o.minimumIntegerDigits = clamp(int(val));
      break;
    case 'maxfrac':
    case 'maxFrac':
    case 'maximumFractionDigits':
      o.maximumFractionDigits = clamp(int(val));
      break;
    case 'minfrac':
    case 'minFrac':
    case 'minimumFractionDigits':
      o.minimumFractionDigits = clamp(int(val));
      break;
    case 'maxsig':
    case 'maxSig':
    case 'maximumSignificantDigits':
      o.maximumSignificantDigits = clamp(int(val));
      break;
    case 'minsig':
    case 'minSig':
    case 'minimumSignificantDigits':
      o.minimumSignificantDigits = clamp(int(val));
      break;
    default:
      break;
  }
}

export function decimalOptions(args: readonly string[]): NumberOpts {
  return parseOpts(args, {} as NumberOpts, (arg, val, o) => {
    if (arg === 'style') {
      if (DECIMAL_STYLE.has(val)) o.style = val;
      else if (val === 'standard') o.style = 'decimal';
    } else numberOption(arg, val, o);
  });
}

export function currencyOptions(args: readonly string[]): NumberOpts {
  return parseOpts(args, {} as NumberOpts, (arg, val, o) => {
    if (arg === 'style') {
      if (CURRENCY_STYLE.has(val)) o.style = val;
      else if (val === 'standard') o.style = 'symbol';
    } else if (arg === 'symbol') {
      if (val === 'default' || val === 'narrow') o.symbolWidth = val;
    } else numberOption(arg, val, o);
  });
}

function selectCalendar(s: string): string | undefined {
  switch (s) {
    case 'gregorian':
      return 'gregory';
    case 'buddhist':
    case 'gregory':
    case 'iso8601':
    case 'persian':
    case 'japanese':
      return s;
    default:
      return undefined;
  }
}

export function datetimeOptions(args: readonly string[]): DateOpts {
  return parseOpts(args, {} as DateOpts, (arg, val, o) => {
    if (!val) {
      if (arg === 'date') o.date = 'short';
      else if (arg === 'time') o.time = 'short';
      else if (FORMAT_WIDTH.has(arg)) o.datetime = arg;
      else o.skeleton = o.skeleton === undefined ? arg : o.skeleton + arg;
      return;
    }
    switch (arg) {
      case 'calendar':
        o.ca = selectCalendar(val);
        break;
      case 'context':
        if (CONTEXT_TYPE.has(val)) o.context = val;
        break;
      case 'date':
      case 'time':
      case 'datetime':
        if (FORMAT_WIDTH.has(val)) {
          if (arg === 'date') o.date = val;
          else if (arg === 'time') o.time = val;
          else o.datetime = val;
        } else {
          o.skeleton = o.skeleton === undefined ? val : o.skeleton + val;
        }
        break;
      case 'skeleton':
        o.skeleton = val;
        break;
      case 'wrap':
      case 'wrapper':
      case 'wrapped':
        if (FORMAT_WIDTH.has(val)) o.wrap = val;
        break;
      default:
        break;
    }
  });
}

export function intervalOptions(args: readonly string[]): DateOpts {
  return parseOpts(args, {} as DateOpts, (arg, val, o) => {
    if (!val) {
      if (arg !== 'context' && arg !== 'skeleton' && arg !== 'date' && arg !== 'time' && arg)
        o.skeleton = arg;
      return;
    }
    switch (arg) {
      case 'context':
        if (CONTEXT_TYPE.has(val)) o.context = val;
        break;
      case 'skeleton':
        o.skeleton = val;
        break;
      case 'date':
        o.date = val;
        break;
      case 'time':
        o.time = val;
        break;
      default:
        break;
    }
  });
}

function relativeOptions(args: readonly string[]): RelOpts {
  return parseOpts(args, {} as RelOpts, (arg, val, o) => {
    switch (arg) {
      case 'context':
        if (CONTEXT_TYPE.has(val)) o.context = val;
        break;
      case 'dayOfWeek':
        o.dayOfWeek = val === 'true';
        break;
      case 'field':
        if (TIMEPERIOD_FIELD.has(val)) o.field = val;
        break;
      case 'numericOnly':
        o.numericOnly = val === 'true';
        break;
      case 'allowWeeks':
        o.allowWeeks = val === 'true';
        break;
      case 'alwaysNow':
        o.alwaysNow = val === 'true';
        break;
      case 'width':
        if (DATEFIELD_WIDTH.has(val)) o.width = val;
        break;
      default:
        numberOption(arg, val, o);
        break;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Locale handling

const localeOk = new BoundedCache<string, string>(500);

/** A locale `Intl` accepts (falls back to `en-US`). */
export function safeLocale(locale: string): string {
  let l = localeOk.get(locale);
  if (l === undefined) {
    try {
      l = Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
      new Intl.NumberFormat(l);
    } catch {
      l = 'en-US';
    }
    localeOk.set(locale, l);
  }
  return l;
}

function capitalizeFirst(s: string, context: string | undefined): string {
  if (context !== 'begin-sentence' || s.length === 0) return s;
  return s.charAt(0).toLocaleUpperCase() + s.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Decimal numbers (exact strings)

const RE_DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A decimal string for a value, or undefined when it does not parse (no float conversion). */
export function parseDecimal(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : undefined;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  return RE_DECIMAL.test(s) ? s : undefined;
}

/** Visible fraction digits of a decimal string (`1.50` -> 2). */
export function fractionDigits(dec: string): number {
  const m = /\.(\d*)(?:[eE]([+-]?\d+))?$/.exec(dec);
  if (!m) {
    const e = /[eE]([+-]?\d+)$/.exec(dec);
    return e ? Math.max(0, -parseInt(e[1] as string, 10)) : 0;
  }
  const frac = (m[1] as string).length - (m[2] ? parseInt(m[2], 10) : 0);
  return Math.max(0, frac);
}

const ROUNDING: Record<string, string> = {
  up: 'expand',
  down: 'trunc',
  ceiling: 'ceil',
  floor: 'floor',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  'half-even': 'halfEven',
};

const nfCache = new BoundedCache<string, Intl.NumberFormat>(500);
function numberFormat(
  locale: string,
  o: Intl.NumberFormatOptions | Record<string, unknown>,
): Intl.NumberFormat {
  const key = locale + JSON.stringify(o);
  let f = nfCache.get(key);
  if (f === undefined) {
    try {
      f = new Intl.NumberFormat(locale, o as Intl.NumberFormatOptions);
    } catch {
      f = new Intl.NumberFormat('en-US');
    }
    nfCache.set(key, f);
  }
  return f;
}

function applyNumberOpts(o: Record<string, unknown>, opts: NumberOpts, defaultRound = 'half-even'): void {
  o.roundingMode = ROUNDING[opts.round ?? defaultRound] ?? 'halfEven';
  if (opts.group !== undefined) o.useGrouping = opts.group;
  if (opts.minimumIntegerDigits !== undefined)
    o.minimumIntegerDigits = Math.max(1, opts.minimumIntegerDigits);
  const sig = opts.maximumSignificantDigits !== undefined || opts.minimumSignificantDigits !== undefined;
  if (sig) {
    const max = Math.max(1, opts.maximumSignificantDigits ?? 21);
    const min = Math.min(max, Math.max(1, opts.minimumSignificantDigits ?? 1));
    o.maximumSignificantDigits = max;
    o.minimumSignificantDigits = min;
  } else {
    if (opts.maximumFractionDigits !== undefined) {
      o.maximumFractionDigits = opts.maximumFractionDigits;
      if (opts.minimumFractionDigits === undefined && typeof o.minimumFractionDigits === 'number') {
        o.minimumFractionDigits = Math.min(o.minimumFractionDigits, opts.maximumFractionDigits);
      }
    }
    if (opts.minimumFractionDigits !== undefined) {
      o.minimumFractionDigits = opts.minimumFractionDigits;
      const max = o.maximumFractionDigits;
      if (typeof max !== 'number' || max < opts.minimumFractionDigits) {
        o.maximumFractionDigits = Math.max(opts.minimumFractionDigits, typeof max === 'number' ? max : 3);
      }
    }
  }
}

/** `decimal` formatting of an exact decimal string. */
export function formatDecimal(dec: string, opts: NumberOpts, locale: string): string {
  const o: Record<string, unknown> = {};
  let value = dec;
  let suffix = '';
  switch (opts.style) {
    case 'short':
    case 'long':
      o.notation = 'compact';
      o.compactDisplay = opts.style;
      break;
    case 'scientific':
      o.notation = 'scientific';
      break;
    case 'percent':
      o.style = 'percent';
      break;
    case 'percent-scaled':
      o.style = 'percent';
      value = shiftDecimal(dec, -2);
      break;
    case 'permille':
      value = shiftDecimal(dec, 3);
      suffix = '‰';
      o.maximumFractionDigits = 0;
      break;
    case 'permille-scaled':
      suffix = '‰';
      o.maximumFractionDigits = 0;
      break;
    default:
      break;
  }
  applyNumberOpts(o, opts);
  const f = numberFormat(locale, o);
  return f.format(value as unknown as number) + suffix;
}

/** `money` formatting of an exact decimal string in a currency. */
export function formatCurrency(dec: string, currency: string, opts: NumberOpts, locale: string): string {
  try {
    return numberFormat(locale, currencyFormatOptions(currency, opts)).format(dec as unknown as number);
  } catch {
    return '';
  }
}

/**
 * The `Intl.NumberFormat` options for an amount of `currency` from parsed `money` arguments (see
 * `currencyOptions`): shared by the `money` formatter and core's CLDR prices. `defaultRound` applies
 * when the arguments name no rounding.
 */
export function currencyFormatOptions(
  currency: string,
  opts: NumberOpts,
  defaultRound = 'half-even',
): Intl.NumberFormatOptions {
  const o: Record<string, unknown> = { style: 'currency', currency };
  switch (opts.style) {
    case 'accounting':
      o.currencySign = 'accounting';
      break;
    case 'code':
      o.currencyDisplay = 'code';
      break;
    case 'name':
      o.currencyDisplay = 'name';
      break;
    case 'short':
      o.notation = 'compact';
      break;
    default:
      break;
  }
  if (opts.symbolWidth === 'narrow' && o.currencyDisplay === undefined) o.currencyDisplay = 'narrowSymbol';
  applyNumberOpts(o, opts, defaultRound);
  return o as Intl.NumberFormatOptions;
}

/** Reads a money object `{decimalValue, currencyCode}` or `{value, currency}`. */
export function moneyOf(v: unknown): [string, string] | undefined {
  if (!isObject(v)) return undefined;
  let amount = step(v, 'decimalValue');
  let code = step(v, 'currencyCode');
  if (amount === undefined || code === undefined) {
    amount = step(v, 'value');
    code = step(v, 'currency');
  }
  if (amount === undefined || code === undefined) return undefined;
  const dec = parseDecimal(asString(amount));
  if (dec === undefined) return undefined;
  return [dec, asString(code)];
}

// ---------------------------------------------------------------------------------------------
// Dates

/** CLDR skeleton -> Intl.DateTimeFormat options. */
export function skeletonOptions(skel: string): Intl.DateTimeFormatOptions {
  const o: Record<string, unknown> = {};
  let i = 0;
  while (i < skel.length) {
    const c = skel[i] as string;
    let n = 1;
    while (skel[i + n] === c) n++;
    i += n;
    switch (c) {
      case 'G':
        o.era = n === 4 ? 'long' : n === 5 ? 'narrow' : 'short';
        break;
      case 'y':
      case 'Y':
      case 'u':
        o.year = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'M':
      case 'L':
        o.month = n === 1 ? 'numeric' : n === 2 ? '2-digit' : n === 3 ? 'short' : n === 4 ? 'long' : 'narrow';
        break;
      case 'd':
        o.day = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'E':
      case 'c':
      case 'e':
        o.weekday = n === 4 ? 'long' : n === 5 ? 'narrow' : 'short';
        break;
      case 'h':
      case 'K':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hour12 = true;
        break;
      case 'H':
      case 'k':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hourCycle = 'h23';
        break;
      case 'j':
      case 'J':
      case 'C':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'm':
        o.minute = n === 2 ? '2-digit' : 'numeric';
        break;
      case 's':
        o.second = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'S':
        o.fractionalSecondDigits = Math.min(3, n);
        break;
      case 'B':
      case 'b':
        o.dayPeriod = n === 4 ? 'long' : n === 5 ? 'narrow' : 'short';
        break;
      case 'z':
        o.timeZoneName = n === 4 ? 'long' : 'short';
        break;
      case 'v':
        o.timeZoneName = n === 4 ? 'longGeneric' : 'shortGeneric';
        break;
      case 'V':
      case 'O':
      case 'Z':
      case 'X':
      case 'x':
        o.timeZoneName = n === 4 ? 'longOffset' : 'shortOffset';
        break;
      default:
        break;
    }
  }
  if (o.dayPeriod !== undefined && o.hour === undefined) o.hour = 'numeric';
  return o as Intl.DateTimeFormatOptions;
}

const dtfCache = new BoundedCache<string, Intl.DateTimeFormat>(500);
function dtf(locale: string, o: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + JSON.stringify(o);
  let f = dtfCache.get(key);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat(locale, o);
    } catch {
      f = new Intl.DateTimeFormat('en-US', { timeZone: o.timeZone ?? 'UTC' });
    }
    dtfCache.set(key, f);
  }
  return f;
}

function withCalendar(locale: string, ca: string | undefined): string {
  if (!ca || ca === 'gregory') return locale;
  return `${locale}-u-ca-${ca}`;
}

const glueCache = new BoundedCache<string, [string, boolean]>(500);
/** The text joining a date and a time for a width (`, ` or ` at ` in English), and whether the date comes first. */
function glue(locale: string, width: string): [string, boolean] {
  const key = `${locale}|${width}`;
  let g = glueCache.get(key);
  if (g === undefined) {
    const parts = dtf(locale, {
      dateStyle: width as 'full',
      timeStyle: width as 'full',
      timeZone: 'UTC',
    }).formatToParts(Date.UTC(2020, 0, 15, 10, 20, 30));
    const isTime = (t: string): boolean =>
      t === 'hour' || t === 'minute' || t === 'second' || t === 'dayPeriod' || t === 'timeZoneName';
    const first = parts.findIndex((p) => p.type !== 'literal');
    const dateFirst = first === -1 || !isTime((parts[first] as Intl.DateTimeFormatPart).type);
    let lastA = -1;
    let firstB = -1;
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i] as Intl.DateTimeFormatPart;
      if (p.type === 'literal') continue;
      if (isTime(p.type) === dateFirst) {
        if (firstB === -1) firstB = i;
      } else if (firstB === -1) {
        lastA = i;
      }
    }
    const text = parts
      .slice(lastA + 1, firstB === -1 ? lastA + 1 : firstB)
      .map((p) => p.value)
      .join('');
    g = [text || ' ', dateFirst];
    glueCache.set(key, g);
  }
  return g;
}

/** `datetime` of an epoch in a zone. */
export function formatDatetime(epoch: number, opts: DateOpts, locale: string, zone: string): string {
  const loc = withCalendar(locale, opts.ca);
  const timeZone = normalizeZone(zone);
  const date = new Date(epoch);
  let out: string;
  const fmt = (o: Intl.DateTimeFormatOptions): string => dtf(loc, { ...o, timeZone }).format(date);
  const { skeleton } = opts;
  let dw = opts.date;
  let tw = opts.time;
  if (opts.datetime !== undefined && dw === undefined && tw === undefined && skeleton === undefined) {
    dw = tw = opts.datetime;
  }
  const combine = (d: string, t: string, width: string): string => {
    const [g, dateFirst] = glue(loc, width);
    return dateFirst ? d + g + t : t + g + d;
  };
  if (dw !== undefined && tw !== undefined) {
    if (opts.wrap !== undefined) {
      out = combine(fmt({ dateStyle: dw as 'full' }), fmt({ timeStyle: tw as 'full' }), opts.wrap);
    } else {
      out = fmt({ dateStyle: dw as 'full', timeStyle: tw as 'full' });
    }
  } else if (dw !== undefined && skeleton !== undefined) {
    out = combine(fmt({ dateStyle: dw as 'full' }), fmt(skeletonOptions(skeleton)), opts.wrap ?? dw);
  } else if (tw !== undefined && skeleton !== undefined) {
    out = combine(fmt(skeletonOptions(skeleton)), fmt({ timeStyle: tw as 'full' }), opts.wrap ?? 'medium');
  } else if (skeleton !== undefined) {
    out = fmt(skeletonOptions(skeleton));
  } else if (dw !== undefined) {
    out = fmt({ dateStyle: dw as 'full' });
  } else if (tw !== undefined) {
    out = fmt({ timeStyle: tw as 'full' });
  } else {
    out = fmt({ dateStyle: 'long' });
  }
  // The reference's CLDR data puts a plain space before AM/PM in date-time patterns.
  // CLDR 42+ puts U+202F before AM/PM (as the reference's data does); Node's Intl.DateTimeFormat
  // keeps an ASCII space there for compatibility, so restore the CLDR character.
  return capitalizeFirst(out.replace(/(\d) ([AP]M)\b/g, '$1\u202f$2'), opts.context);
}

const DATE_FIELDS = /[GyYuMLdEceQwWD]/;
const HOUR_FIELDS = /[hHkKjJC]/;

/** The skeleton's fields of one kind (date or not), in order. */
function skeletonPart(skeleton: string, date: boolean): string {
  let out = '';
  for (const c of skeleton) if (DATE_FIELDS.test(c) === date) out += c;
  return out;
}

const intervalFallbackCache = new BoundedCache<string, string>(100);
/** The locale's text between the two ends of an interval it has no pattern for (`{0} – {1}`). */
function intervalFallback(locale: string): string {
  let sep = intervalFallbackCache.get(locale);
  if (sep === undefined) {
    const parts = dtf(locale, { year: 'numeric', timeZone: 'UTC' }).formatRangeToParts(
      Date.UTC(2020, 5, 1),
      Date.UTC(2021, 5, 1),
    );
    sep = parts
      .filter((p) => (p as { source?: string }).source === 'shared')
      .map((p) => p.value)
      .join('');
    intervalFallbackCache.set(locale, sep || ' – ');
  }
  return sep || ' – ';
}

/** Which of date or time fields differ between two epochs in a zone (the reference ignores seconds). */
function visualDifference(start: number, end: number, timeZone: string): 'date' | 'time' | 'none' {
  const day = dtf('en-US', { timeZone, era: 'short', year: 'numeric', month: 'numeric', day: 'numeric' });
  if (day.format(start) !== day.format(end)) return 'date';
  const time = dtf('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
  return time.format(start) !== time.format(end) ? 'time' : 'none';
}

/**
 * `datetime-interval` between two epochs, choosing the skeleton as the reference does
 * (@phensley/cldr's interval rules): a skeleton with date and time fields over two different days
 * prints both ends whole around the locale's fallback (`Tue, 3:51 PM – Mon, 10:25 AM`), over one
 * day the date once and then the time range; a time-only skeleton over two days gains `yMMMd`.
 */
export function formatInterval(
  start: number,
  end: number,
  opts: DateOpts,
  locale: string,
  zone: string,
): string {
  const timeZone = normalizeZone(zone);
  const loc = withCalendar(locale, opts.ca);
  const differs = visualDifference(start, end, timeZone);
  let skeleton = opts.skeleton;
  if (skeleton === undefined) skeleton = differs === 'date' && opts.date ? opts.date : opts.time;
  if (!skeleton) {
    skeleton = differs === 'date' ? 'yMMMd' : 'jm';
  } else {
    if (differs === 'date' && !DATE_FIELDS.test(skeleton)) skeleton = 'yMMMd' + skeleton;
    if (!DATE_FIELDS.test(skeleton) && !HOUR_FIELDS.test(skeleton)) {
      // No interval patterns exist for bare minutes or seconds: add the locale's hour.
      if (skeleton.includes('m')) skeleton = 'j' + skeleton;
      else if (skeleton.includes('s')) skeleton = 'jm' + skeleton;
    }
  }
  const a = start;
  const b = end;
  // Interval patterns have no seconds: ends that differ in minutes or more drop them.
  if (differs === 'time') skeleton = skeleton.replace(/[sS]/g, '');
  const datePart = skeletonPart(skeleton, true);
  const timePart = skeletonPart(skeleton, false);
  let out: string;
  try {
    if (datePart !== '' && timePart !== '') {
      const [g, dateFirst] = glue(loc, 'medium');
      const join = (d: string, t: string): string => (dateFirst ? d + g + t : t + g + d);
      const dateFmt = dtf(loc, { ...skeletonOptions(datePart), timeZone });
      const timeFmt = dtf(loc, { ...skeletonOptions(timePart), timeZone });
      if (differs === 'date') {
        const whole = (t: number): string => join(dateFmt.format(t), timeFmt.format(t));
        out = whole(a) + intervalFallback(loc) + whole(b);
      } else if (differs === 'time') {
        out = join(dateFmt.format(a), timeFmt.formatRange(a, b));
      } else {
        out = join(dateFmt.format(a), timeFmt.format(a));
      }
    } else {
      out = dtf(loc, { ...skeletonOptions(skeleton), timeZone }).formatRange(a, b);
    }
    out = out.replace(/(\d) ([AP]M)\b/g, '$1\u202f$2');
  } catch {
    out = '';
  }
  return capitalizeFirst(out, opts.context);
}

function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

const DAY = 86_400_000;

/** `relative-time` from `start` to `end`. */
export function formatRelative(start: number, end: number, opts: RelOpts, locale: string): string {
  const diff = end - start;
  const abs = Math.abs(diff);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365.2425 * DAY],
    ['month', 30.436875 * DAY],
    ['week', 7 * DAY],
    ['day', DAY],
    ['hour', 3_600_000],
    ['minute', 60_000],
    ['second', 1000],
  ];
  let unit: Intl.RelativeTimeFormatUnit = 'second';
  let size = 1000;
  if (opts.field !== undefined && opts.field !== 'millis') {
    const u = units.find(([n]) => n === opts.field);
    if (u) [unit, size] = u;
  } else {
    for (const [n, s] of units) {
      if (n === 'week' && !opts.allowWeeks) continue;
      if (abs >= s) {
        unit = n;
        size = s;
        break;
      }
    }
  }
  const value = roundHalfEven(diff / size);
  const style = opts.width === 'short' ? 'short' : opts.width === 'narrow' ? 'narrow' : 'long';
  let out: string;
  if (value === 0 && opts.field === undefined) {
    out = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style }).format(0, 'second');
  } else {
    out = new Intl.RelativeTimeFormat(locale, {
      numeric: opts.numericOnly ? 'always' : 'auto',
      style,
    }).format(value, unit);
  }
  return capitalizeFirst(out, opts.context);
}

function humanizePlural(value: number, type: string): string {
  if (value === 1) return `about ${type === 'hour' ? 'an' : 'a'} ${type} ago`;
  return `about ${value} ${type}s ago`;
}

/** `timesince` text: whole years (365 days), months (30), weeks, days, hours, minutes. */
export function humanizeDate(deltaMs: number): string {
  const delta = deltaMs / 1000;
  const days = (delta / 86400) | 0;
  const years = (days / 365) | 0;
  if (years > 0) return humanizePlural(years, 'year');
  const months = (days / 30) | 0;
  if (months > 0) return humanizePlural(months, 'month');
  const weeks = (days / 7) | 0;
  if (weeks > 0) return humanizePlural(weeks, 'week');
  if (days > 0) return humanizePlural(days, 'day');
  const rest = delta - days * 86400;
  const hours = (rest / 3600) | 0;
  if (hours > 0) return humanizePlural(hours, 'hour');
  const mins = (rest / 60) | 0;
  if (mins > 0) return humanizePlural(mins, 'minute');
  return 'less than a minute ago';
}

// ---------------------------------------------------------------------------------------------
// Formatters

function locale(ctx: RenderContext): string {
  return safeLocale(ctx.locale);
}

function vars(ctx: RenderContext): readonly unknown[] {
  return (ctx as RenderState).variables ?? [];
}

function stub(name: string): FormatterImpl {
  return (value, _args, ctx) => {
    ctx.error('not-implemented', `"${name}" formatter is not yet implemented`);
    return value;
  };
}

/** Render locale `none` means "no locale data" (as in the conformance files): CLDR helpers give ''. */
function noLocale(ctx: RenderContext): boolean {
  return ctx.locale === 'none';
}

/** A CLDR-backed formatter: '' under render locale `none`. */
export const cldr =
  (f: FormatterImpl): FormatterImpl =>
  (value, args, ctx) =>
    noLocale(ctx) ? '' : f(value, args, ctx);

export const I18N_FORMATTERS: Record<string, FormatterImpl> = {
  datetime: cldr((value, args, ctx) => {
    const epoch = asNumber(value);
    if (Number.isNaN(epoch) || value === undefined || value === null) return '';
    return formatDatetime(epoch, datetimeOptions(args), locale(ctx), siteZone(ctx));
  }),
  'datetime-interval': cldr((value, args, ctx) => {
    const vs = vars(ctx);
    if (vs.length < 2) return '';
    const a = asNumber(value);
    const b = asNumber(vs[1]);
    if (!Number.isFinite(a) || !Number.isFinite(b)) return '';
    return formatInterval(a, b, intervalOptions(args), locale(ctx), siteZone(ctx));
  }),
  decimal: cldr((value, args, ctx) => {
    const dec = parseDecimal(asString(value));
    if (dec === undefined) return '';
    return formatDecimal(dec, decimalOptions(args), locale(ctx));
  }),
  money: cldr((value, args, ctx) => {
    const m = moneyOf(value);
    if (m === undefined) return '';
    return formatCurrency(m[0], m[1], currencyOptions(args), locale(ctx));
  }),
  'relative-time': cldr((value, args, ctx) => {
    const vs = vars(ctx);
    let s = ctx.now;
    let e = asNumber(value);
    if (vs.length > 1) {
      s = e;
      e = asNumber(vs[1]);
    }
    if (!Number.isFinite(s) || !Number.isFinite(e)) return '';
    return formatRelative(s, e, relativeOptions(args), locale(ctx));
  }),
  timesince(value, _args, ctx) {
    const n = asNumber(value);
    // Product spec: an invalid date reads "Invalid date" (the reference adds a period); a missing
    // date gives an empty string. Without locale data the reference prints the invalid-date text.
    if (value === undefined || value === null) return '';
    if (!Number.isFinite(n) || noLocale(ctx)) return 'Invalid date';
    return `<span class="timesince" data-date="${n}">${humanizeDate(ctx.now - n)}</span>`;
  },
  // The reference's stubs: registered, output the input unchanged; the product spec asks for an
  // error saying they are not implemented.
  datetimefield: stub('datetimefield'),
  'i18n-money-format': stub('i18n-money-format'),
  unit: stub('unit'),
  'money-format': stub('money-format'),
  moneyFormat: stub('moneyFormat'),
  'money-string': stub('money-string'),
};

export const I18N_PREDICATES: Record<string, PredicateImpl> = {
  'units-metric?': (_args, ctx) => {
    ctx.error('not-implemented', '"units-metric?" formatter is not yet implemented');
    return false;
  },
};
