/**
 * ICU-style messages for the `message` / `plural` formatters (jsont.md 11.6): `{0}`, `{name}`,
 * `{0 plural [offset:N] =0{..} one{# item} other{# items}}`, `selectordinal`, `select`,
 * `{0 number|decimal opts}`, `{0 money|currency opts}`, `{0 datetime opts}`,
 * `{0;1 datetime-interval opts}`.
 */
import { BoundedCache } from './bounded-cache.ts';
import type { RenderState } from './executor.ts';
import type { FormatterImpl } from './plugin-api.ts';
import { DEFAULT_TIME_ZONE, normalizeZone, siteZone } from './dates.ts';
import {
  cldr,
  currencyOptions,
  datetimeOptions,
  intervalOptions,
  decimalOptions,
  formatCurrency,
  formatDatetime,
  formatDecimal,
  formatInterval,
  fractionDigits,
  moneyOf,
  parseDecimal,
  safeLocale,
} from './i18n.ts';
import { asNumber, asString, isObject, step } from './values.ts';

type Part = string | Hash | Arg | Choice;
interface Hash {
  readonly k: 0;
}
interface Arg {
  readonly k: 1;
  readonly names: readonly string[];
  readonly type: string;
  readonly options: readonly string[];
}
interface Choice {
  readonly k: 2;
  readonly name: string;
  readonly type: 'plural' | 'selectordinal' | 'select';
  readonly offset: number;
  readonly choices: ReadonlyMap<string, Part[]>;
}

const HASH: Hash = { k: 0 };
const MAX_DEPTH = 20;

/**
 * The two spellings of an argument: the reference's (`{0 plural one{..}}`, for the `message` and
 * `plural` formatters) and standard ICU (`{count, plural, one {..}}`, with `''` for a quote, for the
 * commerce texts sites write).
 */
type Dialect = 'reference' | 'icu';

const caches: Record<Dialect, BoundedCache<string, Part[]>> = {
  reference: new BoundedCache(1000),
  icu: new BoundedCache(1000),
};

function isWs(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

class MessageParser {
  i = 0;
  private readonly icu: boolean;
  constructor(
    private readonly s: string,
    dialect: Dialect,
  ) {
    this.icu = dialect === 'icu';
  }

  /** Parses until end of input or an unmatched `}` (when `nested`). */
  parse(inPlural: boolean, depth: number): Part[] {
    const s = this.s;
    const out: Part[] = [];
    let text = '';
    while (this.i < s.length) {
      const c = s[this.i] as string;
      if (c === '}') break;
      if (c === '#' && inPlural) {
        if (text) out.push(text);
        text = '';
        out.push(HASH);
        this.i++;
        continue;
      }
      if (c === '{') {
        const start = this.i;
        const arg = depth < MAX_DEPTH ? this.parseArg(depth) : null;
        if (arg === null) {
          // not a valid argument: keep the text as is
          this.i = start + 1;
          text += '{';
          continue;
        }
        if (text) out.push(text);
        text = '';
        out.push(arg);
        continue;
      }
      if (c === "'" && this.icu && s[this.i + 1] === "'") {
        text += "'";
        this.i += 2;
        continue;
      }
      text += c;
      this.i++;
    }
    if (text) out.push(text);
    return out;
  }

  /** In ICU spelling, the comma after an argument's name or type (and the spaces after it). */
  private skipComma(): void {
    if (this.icu && this.s[this.i] === ',') {
      this.i++;
      this.skipWs();
    }
  }

  private skipWs(): void {
    while (isWs(this.s[this.i])) this.i++;
  }

  private word(): string {
    const s = this.s;
    const start = this.i;
    while (this.i < s.length) {
      const c = s[this.i];
      if (isWs(c) || c === '{' || c === '}' || (c === ',' && this.icu)) break;
      this.i++;
    }
    return s.slice(start, this.i);
  }

  private parseArg(depth: number): Part | null {
    const s = this.s;
    this.i++; // '{'
    this.skipWs();
    const name = this.word();
    if (!name) return null;
    this.skipWs();
    if (s[this.i] === '}') {
      this.i++;
      return { k: 1, names: name.split(';'), type: '', options: [] };
    }
    this.skipComma();
    const type = this.word();
    this.skipWs();
    this.skipComma();
    if (type === 'plural' || type === 'selectordinal' || type === 'select') {
      let offset = 0;
      const choices = new Map<string, Part[]>();
      for (;;) {
        this.skipWs();
        if (this.i >= s.length) return null;
        if (s[this.i] === '}') {
          this.i++;
          break;
        }
        const key = this.word();
        if (!key) return null;
        if (key.startsWith('offset:')) {
          offset = parseInt(key.slice(7), 10) || 0;
          continue;
        }
        this.skipWs();
        if (s[this.i] !== '{') return null;
        this.i++;
        const body = this.parse(type !== 'select', depth + 1);
        if (s[this.i] !== '}') return null;
        this.i++;
        choices.set(key, body);
      }
      return { k: 2, name, type, offset, choices };
    }
    const options: string[] = [];
    for (;;) {
      this.skipWs();
      if (this.i >= s.length) return null;
      if (s[this.i] === '}') {
        this.i++;
        break;
      }
      if (s[this.i] === '{') return null;
      options.push(this.word());
    }
    return { k: 1, names: name.split(';'), type, options };
  }
}

function parse(msg: string, dialect: Dialect): Part[] {
  const cache = caches[dialect];
  let parts = cache.get(msg);
  if (parts === undefined) {
    const p = new MessageParser(msg, dialect);
    parts = [];
    for (;;) {
      parts.push(...p.parse(false, 0));
      if (p.i >= msg.length) break;
      parts.push('}'); // stray closing brace at top level
      p.i++;
    }
    cache.set(msg, parts);
  }
  return parts;
}

/** The decimal value of an argument (money objects give their amount). */
function asDecimal(v: unknown): string {
  if (isObject(v)) {
    const d = step(v, 'decimalValue') ?? step(v, 'value');
    if (d !== undefined) return parseDecimal(asString(d)) ?? '0';
    return '0';
  }
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'number' || typeof v === 'string') return parseDecimal(v) ?? '0';
  return '0';
}

function argString(v: unknown): string {
  if (isObject(v)) {
    const d = step(v, 'decimalValue') ?? step(v, 'value');
    if (d !== undefined) return asString(d);
  }
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return asString(v);
}

interface Env {
  readonly dialect: Dialect;
  readonly positional: readonly unknown[];
  readonly keyword: ReadonlyMap<string, unknown>;
  readonly locale: string;
  readonly zone: string;
}

function lookupArg(name: string, env: Env): unknown {
  if (/^\d+$/.test(name)) return env.positional[parseInt(name, 10)];
  return env.keyword.get(name);
}

function subtract(dec: string, offset: number): string {
  if (offset === 0) return dec;
  const digits = fractionDigits(dec);
  return (Number(dec) - offset).toFixed(digits);
}

const pluralCache = new BoundedCache<string, Intl.PluralRules>(500);
function pluralRules(locale: string, type: 'cardinal' | 'ordinal', frac: number): Intl.PluralRules {
  const key = `${locale}|${type}|${frac}`;
  let r = pluralCache.get(key);
  if (r === undefined) {
    r = new Intl.PluralRules(locale, {
      type,
      minimumFractionDigits: frac,
      maximumFractionDigits: Math.max(frac, 3),
    });
    pluralCache.set(key, r);
  }
  return r;
}

function render(parts: readonly Part[], env: Env, hash: string | undefined): string {
  let out = '';
  for (const p of parts) {
    if (typeof p === 'string') {
      out += p;
      continue;
    }
    switch (p.k) {
      case 0:
        out += hash ?? '#';
        break;
      case 1:
        out += formatArg(p, env);
        break;
      case 2:
        out += formatChoice(p, env);
        break;
    }
  }
  return out;
}

function formatChoice(p: Choice, env: Env): string {
  const v = lookupArg(p.name, env);
  if (p.type === 'select') {
    const key = argString(v);
    const body = p.choices.get(key) ?? p.choices.get('other');
    return body ? render(body, env, undefined) : '';
  }
  const dec = asDecimal(v);
  const exact = p.choices.get('=' + String(Number(dec)));
  const value = subtract(dec, p.offset);
  const frac = fractionDigits(value);
  // `#` is the decimal as written (the reference does not localize it).
  const hash = value;
  if (exact) return render(exact, env, hash);
  const n = Number(value);
  const cat = pluralRules(env.locale, p.type === 'plural' ? 'cardinal' : 'ordinal', frac).select(Math.abs(n));
  const body = p.choices.get(cat) ?? p.choices.get('other');
  return body ? render(body, env, hash) : '';
}

function formatArg(p: Arg, env: Env): string {
  const values = p.names.map((n) => lookupArg(n, env));
  const v = values[0];
  switch (p.type) {
    case '':
      return argString(v);
    case 'number':
    case 'decimal':
      if (v === undefined) return '';
      return formatDecimal(asDecimal(v), decimalOptions(p.options), env.locale);
    case 'money':
    case 'currency': {
      const m = moneyOf(v);
      if (m === undefined) return '';
      return formatCurrency(m[0], m[1], currencyOptions(p.options), env.locale);
    }
    case 'datetime': {
      if (v === undefined) return '';
      const epoch = asNumber(v);
      if (!Number.isFinite(epoch)) return '';
      return formatDatetime(epoch, datetimeOptions(p.options), env.locale, env.zone);
    }
    case 'datetime-interval': {
      if (values.length < 2 || v === undefined || values[1] === undefined) return '';
      const a = asNumber(v);
      const b = asNumber(values[1]);
      if (!Number.isFinite(a) || !Number.isFinite(b)) return '';
      return formatInterval(a, b, intervalOptions(p.options), env.locale, env.zone);
    }
    default:
      // An argument type ICU has and this does not (`spellout`...) still shows its value there.
      return env.dialect === 'icu' ? argString(v) : '';
  }
}

function delimiter(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === ':' || c === '=') return i;
  }
  return -1;
}

/** Formats `msg` with arguments given as paths (resolved from the frame below the value). */
export function formatMessage(msg: string, args: readonly string[], ctx: RenderState): string {
  const from = ctx.frame.parent ?? ctx.frame;
  const positional: unknown[] = [];
  const keyword = new Map<string, unknown>();
  for (const arg of args) {
    const i = delimiter(arg);
    if (i === -1) {
      positional.push(ctx.resolveFrom(arg, from));
    } else {
      const v = ctx.resolveFrom(arg.slice(i + 1), from);
      keyword.set(arg.slice(0, i), v);
      positional.push(v);
    }
  }
  const env: Env = {
    dialect: 'reference',
    positional,
    keyword,
    locale: safeLocale(ctx.locale),
    zone: siteZone(ctx),
  };
  return render(parse(msg, 'reference'), env, undefined);
}

/**
 * Formats a standard ICU message (`{name}`, `{count, plural, =0 {none} one {# item} other {# items}}`,
 * `selectordinal`, `select`, `''` for a quote) with named arguments. Anything it cannot parse is
 * copied as text.
 */
export function formatIcuMessage(
  pattern: string,
  args: Readonly<Record<string, unknown>> = {},
  locale = 'en-US',
  timeZone = DEFAULT_TIME_ZONE,
): string {
  const env: Env = {
    dialect: 'icu',
    positional: [],
    keyword: new Map(Object.entries(args)),
    locale: safeLocale(locale),
    zone: normalizeZone(timeZone),
  };
  return render(parse(pattern, 'icu'), env, undefined);
}

/** `message` and `plural` (the ICU message formatters), registered beside the other i18n formatters. */
export const MESSAGE_FORMATTERS: Record<string, FormatterImpl> = {
  message: cldr((value, args, ctx) => formatMessage(asString(value), args, ctx as RenderState)),
  plural: cldr((value, args, ctx) => formatMessage(asString(value), args, ctx as RenderState)),
};
