/**
 * Core formatters (jsont.md section 11.1) and `capitalize`.
 */
import { escapeHtml } from './escape.ts';
import type { FormatterImpl, RenderContext } from './plugin-api.ts';
import type { RenderState } from './executor.ts';
import { asNumber, asString, isObject, isTruthy, splitPath, step } from './values.ts';

function state(ctx: RenderContext): RenderState {
  return ctx as RenderState;
}

export function escapeScriptTags(s: string): string {
  return s.indexOf('</') === -1 ? s : s.split('</').join('<\\/');
}

function isSlug(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45)) return false;
  }
  return true;
}

export function slugify(s: string): string {
  if (isSlug(s)) return s;
  return s
    .replace(/[^a-zA-Z0-9\s-]+/g, '')
    .replace(/\s+/g, '-')
    .toLowerCase();
}

/** Removes every `<...>` (the reference's `/<[^>]*?>/g`): each `<` up to the first `>` after it. */
export function stripTags(s: string): string {
  let i = s.indexOf('<');
  if (i === -1) return s;
  let out = '';
  let last = 0;
  while (i !== -1) {
    const j = s.indexOf('>', i + 1);
    // No `>` after this `<` means none after any later `<` either.
    if (j === -1) break;
    out += s.substring(last, i);
    last = j + 1;
    i = s.indexOf('<', last);
  }
  return last === 0 ? s : out + s.substring(last);
}

export function truncate(s: string, max: number, ellipsis: string): string {
  if (s.length <= max) return s;
  let end = max;
  for (let i = max - 1; i >= 0; i--) {
    const ch = s[i];
    if (ch === ' ' || ch === '\n' || ch === '\t' || ch === '\u000b' || ch === '\r' || ch === '\f') {
      end = i + 1;
      break;
    }
  }
  return s.substring(0, end) + ellipsis;
}

/** `{0}`-style pattern substitution of the `format` formatter. */
export function formatPattern(pattern: string, args: readonly unknown[]): string {
  let buf = '';
  let index = -1;
  const limit = args.length;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (index === -2 && ch === '}') {
      index = -1;
    } else if (index >= 0) {
      const c = ch.charCodeAt(0);
      if (c >= 48 && c <= 57) {
        if (index > 0) index *= 10;
        index += c - 48;
      } else if (ch === '}') {
        if (index < limit) buf += String(args[index]);
        index = -1;
      } else {
        index = -2;
      }
    } else if (ch === '{') {
      index = 0;
    } else if (index !== -2) {
      buf += ch;
    }
  }
  return buf;
}

const HEX = '0123456789ABCDEF';

function urlSafe(c: number): boolean {
  return (
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    (c >= 48 && c <= 57) ||
    c === 64 ||
    c === 42 ||
    c === 95 ||
    c === 43 ||
    c === 45 ||
    c === 46 ||
    c === 47
  );
}

function pctByte(b: number): string {
  return '%' + (HEX[b >> 4] as string) + (HEX[b & 15] as string);
}

/** UTF-8 encode, then JavaScript `escape()` (letters, digits and `@*_+-./` kept). */
export function urlEncode(s: string): string {
  let i = 0;
  const n = s.length;
  while (i < n && urlSafe(s.charCodeAt(i))) i++;
  if (i === n) return s;
  let out = s.slice(0, i);
  for (; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 128) {
      out += urlSafe(c) ? s[i] : pctByte(c);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd; // lone surrogate
    if (c < 0x800) {
      out += pctByte(0xc0 | (c >> 6)) + pctByte(0x80 | (c & 63));
    } else if (c < 0x10000) {
      out += pctByte(0xe0 | (c >> 12)) + pctByte(0x80 | ((c >> 6) & 63)) + pctByte(0x80 | (c & 63));
    } else {
      out +=
        pctByte(0xf0 | (c >> 18)) +
        pctByte(0x80 | ((c >> 12) & 63)) +
        pctByte(0x80 | ((c >> 6) & 63)) +
        pctByte(0x80 | (c & 63));
    }
  }
  return out;
}

function smartypants(value: string): string {
  return value
    .replace(/(^|[-\u2014\s(["])'/gm, '$1\u2018')
    .replace(/'/g, '\u2019')
    .replace(/(^|[-\u2014/[(\u2018\s])"/gm, '$1\u201c')
    .replace(/"/g, '\u201d')
    .replace(/--/g, '\u2014');
}

function stepPath(v: unknown, segs: readonly (string | number)[]): unknown {
  for (const s of segs) {
    v = step(v, s);
    if (v === undefined) return undefined;
  }
  return v;
}

function findNth(ctx: RenderContext, value: unknown, args: readonly string[], forward: boolean): unknown {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const hasLookup = args.length === 2;
  const lookup = hasLookup ? ctx.lookup(args[0] as string) : null;
  const path = args.length >= 1 ? splitPath(args[hasLookup ? 1 : 0] as string) : null;
  const n = value.length;
  for (let k = 0; k < n; k++) {
    const item: unknown = value[forward ? k : n - 1 - k];
    if (path === null) return item;
    const candidate = hasLookup ? step(lookup, asString(item)) : item;
    if (isTruthy(stepPath(candidate, path))) return item;
  }
  return undefined;
}

export const CORE_FORMATTERS: Record<string, FormatterImpl> = {
  apply(value, args, ctx) {
    if (args.length === 0) return '';
    const name = args[0] as string;
    let isPrivate = false;
    let argmap: Record<string, string> | undefined;
    if (args.length > 1) {
      argmap = {};
      for (let i = 1; i < args.length; i++) {
        const a = args[i] as string;
        if (a === 'private') {
          isPrivate = true;
          continue;
        }
        const j = a.indexOf('=');
        if (j !== -1) argmap[a.slice(0, j)] = a.slice(j + 1);
      }
    }
    return state(ctx).applyPartial(name, value, isPrivate, argmap);
  },
  count(value) {
    if (typeof value === 'string' || Array.isArray(value)) return value.length;
    if (isObject(value)) return Object.keys(value).length;
    return 0;
  },
  cycle(value, args) {
    const count = args.length;
    let index = (asNumber(value) - 1) % count;
    if (index < 0) index += count;
    return args[index];
  },
  'encode-space'(value) {
    return asString(value).replace(/\s/g, '&nbsp;');
  },
  'encode-uri'(value) {
    return encodeURI(asString(value));
  },
  'encode-uri-component'(value) {
    return encodeURIComponent(asString(value));
  },
  'find-first'(value, args, ctx) {
    return findNth(ctx, value, args, true);
  },
  'find-last'(value, args, ctx) {
    return findNth(ctx, value, args, false);
  },
  format(value, args, ctx) {
    const st = state(ctx);
    const from = st.frame.parent ?? st.frame;
    const values = args.map((a) => {
      const v = st.resolveFrom(a, from);
      return v === undefined || v === null ? '' : v;
    });
    return formatPattern(asString(value), values);
  },
  get(value, args, ctx) {
    let tmp = value;
    for (const a of args) {
      const v = ctx.lookup(a);
      if (v === undefined) return undefined;
      const segs: unknown[] = Array.isArray(v) ? v : typeof v === 'number' ? [v] : [asString(v)];
      for (const s of segs) {
        tmp = step(tmp, s as string | number);
        if (tmp === undefined) return undefined;
      }
    }
    return tmp;
  },
  html(value) {
    return escapeHtml(asString(value), false);
  },
  htmlattr(value) {
    return escapeHtml(asString(value), true);
  },
  htmltag(value) {
    return escapeHtml(asString(value), true);
  },
  iter(_value, _args, ctx) {
    return asString(ctx.lookup('@index'));
  },
  json(value) {
    if (value === undefined) return '';
    return escapeScriptTags(JSON.stringify(value));
  },
  'json-pretty'(value) {
    if (value === undefined) return '';
    return escapeScriptTags(JSON.stringify(value, undefined, '  '));
  },
  'key-by'(value, args) {
    const out: Record<string, unknown> = {};
    const path = args[0];
    if (Array.isArray(value) && path) {
      const segs = splitPath(path);
      for (const item of value) {
        const k = stepPath(item, segs);
        if (k !== undefined) out[String(k)] = item;
      }
    }
    return out;
  },
  'line-breaks'(value) {
    return asString(value).split('\n').join('<br/>');
  },
  lookup(_value, args, ctx) {
    const key = args[0];
    if (!key) return '';
    const ref = asString(ctx.lookup(key));
    if (ref === '') return undefined;
    return ctx.lookup(ref);
  },
  mod(value, args) {
    const n = asNumber(value);
    const d = parseInt(args[0] ?? '', 10) || 2;
    return n % (d && Number.isFinite(d) ? d : 2);
  },
  output(_value, args) {
    return args.join(' ');
  },
  pluralize(value, args) {
    let singular = '';
    let plural = 's';
    if (args.length === 1) plural = args[0] as string;
    else if (args.length >= 2) {
      singular = args[0] as string;
      plural = args[1] as string;
    }
    return asNumber(value) === 1 ? singular : plural;
  },
  prop(value, args) {
    let tmp = value;
    for (const a of args) {
      tmp = stepPath(tmp, splitPath(a));
      if (tmp === undefined) return undefined;
    }
    return tmp;
  },
  raw(value) {
    return value === undefined ? 'null' : JSON.stringify(value);
  },
  round(value) {
    return Math.round(asNumber(value));
  },
  safe(value) {
    if (!isTruthy(value)) return value;
    return stripTags(asString(value));
  },
  slugify(value) {
    return slugify(asString(value));
  },
  smartypants(value) {
    return smartypants(asString(value));
  },
  str(value) {
    if (typeof value === 'object' && value !== null) return '';
    return asString(value);
  },
  truncate(value, args) {
    let limit = 100;
    let ellipsis = '...';
    if (args.length > 0) limit = parseInt(args[0] as string, 10);
    if (args.length > 1) ellipsis = args[1] as string;
    if (Number.isFinite(limit) && limit > 0) return truncate(asString(value), limit, ellipsis);
    return value;
  },
  'url-encode'(value) {
    return urlEncode(asString(value));
  },
  capitalize(value) {
    return asString(value).toUpperCase();
  },
};

/** Built-ins that read only their value and arguments (no context). */
export const PURE_FORMATTERS: ReadonlySet<FormatterImpl> = new Set(
  [
    'count',
    'cycle',
    'encode-space',
    'encode-uri',
    'encode-uri-component',
    'html',
    'htmlattr',
    'htmltag',
    'json',
    'json-pretty',
    'key-by',
    'line-breaks',
    'mod',
    'output',
    'pluralize',
    'prop',
    'raw',
    'round',
    'safe',
    'slugify',
    'smartypants',
    'str',
    'truncate',
    'url-encode',
    'capitalize',
  ].map((n) => CORE_FORMATTERS[n] as FormatterImpl),
);
