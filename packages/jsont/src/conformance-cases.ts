/**
 * Test support (not part of the runtime entry): loads the JSON-T conformance cases kept in
 * `packages/jsont/conformance` (format in its README) and classifies them by area, so that the engine's
 * own test and core's test (with the platform plugin) can run them.
 *
 *   import { loadConformanceCases, areaOf, isPlatformArea } from '@storefront/jsont/conformance';
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ConformanceCase {
  /** Path relative to the specs folder, with `/` separators. */
  readonly name: string;
  readonly file: string;
  readonly area: string;
  readonly template: string;
  readonly json: unknown;
  readonly jsonText: string;
  readonly expected: string;
  readonly partials?: Record<string, string>;
  readonly injects?: Record<string, string>;
  /** `undefined` means `en`; `none` means no locale data. */
  readonly locale?: string;
  readonly now?: number;
}

/** The specs folder, inside the checkout: `packages/jsont/conformance`. */
export function specsDir(): string {
  return fileURLToPath(new URL('../conformance', import.meta.url));
}

const SECTION_LINE = /^:([A-Za-z0-9_-]+)\s*$/;

export function parseSections(text: string): Map<string, string> {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const sections = new Map<string, string>();
  let name: string | null = null;
  let body: string[] = [];
  for (const line of lines) {
    const m = SECTION_LINE.exec(line);
    if (m) {
      if (name !== null) sections.set(name, body.join('\n'));
      name = m[1] as string;
      body = [];
    } else if (name !== null) {
      body.push(line);
    }
  }
  if (name !== null) sections.set(name, body.join('\n'));
  return sections;
}

function parseProperties(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    const m = /^([^=:\s]+)\s*[=:]\s*(.*)$/.exec(line);
    if (m) out[m[1] as string] = (m[2] as string).trim();
  }
  return out;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

/** Reads every render case (files with `:TEMPLATE` and `:OUTPUT`). */
export function loadConformanceCases(dir: string = specsDir()): ConformanceCase[] {
  // A missing folder must fail the conformance tests, never pass them with no case run.
  if (!existsSync(dir)) throw new Error(`the JSON-T conformance cases are missing: ${dir}`);
  const cases: ConformanceCase[] = [];
  for (const file of walk(dir)) {
    if (!/\.(html|txt)$/.test(file)) continue;
    const s = parseSections(readFileSync(file, 'utf8'));
    const template = s.get('TEMPLATE');
    const expected = s.get('OUTPUT');
    if (template === undefined || expected === undefined) continue;
    const name = relative(dir, file).split('\\').join('/');
    const jsonText = (s.get('JSON') ?? '{}').trim() || '{}';
    const params: Record<string, unknown> = {};
    const p = s.get('PARAMS');
    if (p && p.trim()) Object.assign(params, JSON.parse(p) as Record<string, unknown>);
    const props = s.get('PROPERTIES');
    if (props) Object.assign(params, parseProperties(props));
    const partialsText = s.get('PARTIALS');
    const injectText = s.get('INJECT');
    const now = params.now === undefined ? undefined : Number(params.now);
    cases.push({
      name,
      file,
      area: areaOf(name),
      template,
      json: JSON.parse(jsonText) as unknown,
      jsonText,
      expected,
      partials:
        partialsText && partialsText.trim()
          ? (JSON.parse(partialsText) as Record<string, string>)
          : undefined,
      injects:
        injectText && injectText.trim() ? (JSON.parse(injectText) as Record<string, string>) : undefined,
      locale: typeof params.locale === 'string' ? params.locale : undefined,
      now: Number.isFinite(now) ? now : undefined,
    });
  }
  return cases;
}

const CORE_FORMATTERS = [
  'count', 'cycle', 'encode-space', 'encode-uri', 'encode-uri-component', 'format', 'get', 'html',
  'htmlattr', 'htmltag', 'iter', 'json', 'json-pretty', 'key-by', 'lookup', 'mod', 'output',
  'pluralize', 'prop', 'raw', 'round', 'safe', 'slugify', 'smartypants', 'str', 'truncate',
  'url-encode', 'find-first', 'find-last', 'line-breaks', 'missing',
]; // prettier-ignore
const CONTENT_FORMATTERS = [
  'absurl', 'audio-player', 'capitalize', 'child-image-meta', 'color-weight', 'cover-image-meta',
  'height', 'width', 'humanize-duration', 'image', 'image-color', 'image-meta', 'image-srcset',
  'item-classes', 'resized', 'website-color', 'video',
]; // prettier-ignore
const SOCIAL_FORMATTERS = [
  'activate-twitter-links', 'comment-count', 'comment-link', 'comments', 'google-calendar-url',
  'like-button', 'social-button', 'social-button-inline', 'twitter-follow-button',
]; // prettier-ignore
const COMMERCE_FORMATTERS = [
  'add-to-cart-btn', 'cart-quantity', 'cart-subtotal', 'cart-url', 'from-price', 'normal-price',
  'sale-price', 'percentage-format', 'product-checkout', 'product-price', 'product-quick-view',
  'product-restock-notification', 'product-scarcity', 'product-status', 'quantity-input',
  'scarcity', 'subscription-price', 'summary-form-field', 'variant-descriptor', 'variants-select',
]; // prettier-ignore
const MONEY_FORMATTERS = [
  'bookkeeper-money-format',
  'money-format',
  'money-string',
  'money',
  'migrate-money',
];
const DATE_FORMATTERS = [
  'date',
  'datetime',
  'datetime-interval',
  'relative-time',
  'timesince',
  'migrate-datetime',
];
const I18N_FORMATTERS = ['decimal', 'message', 'plural', 'unit', 'migrate-decimal', 'migrate-message'];
const CORE_PREDICATES = ['debug', 'comparisons', 'even-odd', 'nth', 'plural', 'singular'];
const COMMERCE_PREDICATES = ['has-variants', 'on-sale', 'sold-out', 'varied-prices'];

function helperOf(stem: string, names: readonly string[]): string | null {
  let best: string | null = null;
  for (const n of names) {
    if ((stem === n || stem.startsWith(n + '-')) && (best === null || n.length > best.length)) best = n;
  }
  return best;
}

/** The area of a case, by file name (the same grouping as `shared/tools/jsont-conformance`). */
export function areaOf(relPath: string): string {
  const base = (relPath.split(/[\\/]/).pop() ?? '').replace(/\.(html|txt)$/, '').toLowerCase();
  if (/(^|\/)units\//.test(relPath)) return 'i18n-units';
  if (base.startsWith('eval-')) return 'eval-expressions';
  if (base.startsWith('include-') || base.startsWith('f-macro') || base.startsWith('f-apply')) {
    return 'partials-macros';
  }
  if (base.startsWith('i18n-money-format')) return 'money';
  if (base.startsWith('preprocessor-')) return 'preprocessor';
  if (/^(variables|bindvar|ctxvar|inject|f-inject|variable-refs|props)-/.test(base))
    return 'core-instructions';
  if (base.startsWith('f-')) {
    const stem = base.slice(2);
    const groups: [string, string[]][] = [
      ['money', MONEY_FORMATTERS],
      ['dates', DATE_FORMATTERS],
      ['i18n-messages-numbers', I18N_FORMATTERS],
      ['commerce-formatters', COMMERCE_FORMATTERS],
      ['content-formatters', CONTENT_FORMATTERS],
      ['social-formatters', SOCIAL_FORMATTERS],
      ['core-formatters', CORE_FORMATTERS],
    ];
    let bestArea: string | null = null;
    let bestLen = -1;
    for (const [area, names] of groups) {
      const h = helperOf(stem, names);
      if (h !== null && h.length > bestLen) {
        bestArea = area;
        bestLen = h.length;
      }
    }
    return bestArea ?? 'other-formatters';
  }
  if (base.startsWith('p-')) {
    const stem = base.slice(2);
    if (helperOf(stem, CORE_PREDICATES)) return 'core-predicates';
    if (helperOf(stem, COMMERCE_PREDICATES)) return 'commerce-predicates';
    return 'content-social-predicates';
  }
  return 'other';
}

const PLATFORM_AREAS = new Set([
  'content-formatters',
  'social-formatters',
  'commerce-formatters',
  'commerce-predicates',
  'content-social-predicates',
]);

/** Commerce formatters that the area grouping files under "money". */
const PLATFORM_MONEY = ['bookkeeper-money-format', 'money-format', 'money-string'];

/** Helpers of the language that the engine implements although the grouping files them elsewhere. */
const ENGINE_HELPERS_IN_PLATFORM_AREAS = ['capitalize'];

/**
 * Whether a case needs the platform helpers (content, social, commerce), which live in
 * `@storefront/core`: those cases are run by core's test with its plugin.
 */
export function needsPlatform(c: { name: string; area: string }): boolean {
  const base = (c.name.split('/').pop() ?? '').replace(/\.(html|txt)$/, '').toLowerCase();
  if (c.area === 'money') {
    return PLATFORM_MONEY.some((n) => base === `f-${n}` || base.startsWith(`f-${n}-`));
  }
  if (!PLATFORM_AREAS.has(c.area)) return false;
  return !ENGINE_HELPERS_IN_PLATFORM_AREAS.some((n) => base === `f-${n}` || base.startsWith(`f-${n}-`));
}

/** The comparison of the conformance README: trim both, then compare exactly. */
export function sameOutput(expected: string, actual: string): boolean {
  return expected.replace(/\r\n/g, '\n').trim() === actual.replace(/\r\n/g, '\n').trim();
}
