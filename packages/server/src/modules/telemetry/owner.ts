/**
 * `GET /config/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD`: the owner's telemetry page (issue 8), for
 * staff whose roles grant `reports.read` (owner-access.ts). To staff it is the back office's
 * analytics screen (issue 15: packages/web/src/config/analytics.tsx, given as `staffScreen`); to
 * the automation key it is rendered here. Signed out, the page
 * sends the browser to /config/login, which comes back here once signed in; a staff member without
 * the permission gets 403. `GET /config/analytics.json` answers the same figures as JSON (401 or
 * 403 as the other staff calls); automation may send the API key instead (owner-access.ts).
 */
import { HEADLINE_METRICS, message, type LocalizedStrings, type MessageCode } from '@storefront/core';
import { escapeHtml } from '../../platform/http/html.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requirePermission } from '../../platform/http/guards.ts';
import { STAFF_LOGIN_PATH } from '../../platform/http/session.ts';
import type { Db } from '../../platform/db/index.ts';
import { ApiError, apiError } from '../../platform/http/errors.ts';
import { hasOwnerKey, presentedKey } from './owner-access.ts';
import { hit, recentCount } from '../../platform/http/rate-limit.ts';
import { telemetrySummary, type TelemetrySummary } from './summary.ts';

export interface OwnerOptions {
  db: Db;
  /** The automation key's SHA-256 digest (owner-access.ts), or undefined for none. */
  ownerKeyDigest: Buffer | undefined;
  now: () => number;
  /**
   * The back office's screen (its shell, whose bundle draws the analytics screen from
   * `/config/analytics.json`), answered to staff; without it, or to the automation key, the page
   * is rendered here.
   */
  staffScreen?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

const DAY = 86_400_000;

/**
 * Wrong API keys a client may send (per address) before every key it sends is refused with 429
 * for the rest of the window: the key cannot be guessed, and a script with the right one never
 * sends a wrong one.
 */
export const OWNER_KEY_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_RANGE_DAYS = 366;

/** The range from the query: `from` and `to` are UTC days, both included; default the last 7 days. */
export function rangeOf(
  query: Record<string, unknown>,
  now: number,
  ls?: LocalizedStrings,
): { from: number; to: number } | string {
  const today = Math.floor(now / DAY) * DAY;
  const day = (v: unknown, fallback: number): number | string => {
    if (v === undefined || v === '') return fallback;
    if (typeof v !== 'string' || !DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
      return message('owner.date-format', {}, ls);
    return Date.parse(`${v}T00:00:00Z`);
  };
  const from = day(query.from, today - 6 * DAY);
  const to = day(query.to, today);
  if (typeof from === 'string') return from;
  if (typeof to === 'string') return to;
  if (to < from) return message('owner.range-reversed', {}, ls);
  if (to - from > MAX_RANGE_DAYS * DAY) return message('owner.range-too-long', { days: MAX_RANGE_DAYS }, ls);
  return { from, to: to + DAY };
}

const e = escapeHtml;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fmt = (metric: string, v: number | null) =>
  v === null ? '–' : metric === 'cumulativeLayoutShift' ? v.toFixed(3) : `${Math.round(v)} ms`;

/** The page's words, from the catalogue (a site's `localizedStrings` may override them). */
type Words = (
  code: Extract<MessageCode, `owner.${string}`>,
  params?: Record<string, string | number>,
) => string;

function bars(rows: { label: string; count: number }[], caption: string, t: Words): string {
  if (rows.length === 0) return `<p class="empty">${e(t('owner.none-in-range'))}</p>`;
  const max = Math.max(1, ...rows.map((r) => r.count));
  const h = 22;
  const svg = rows
    .map(
      (r, i) =>
        `<g transform="translate(0 ${i * h})"><rect x="0" y="3" height="${h - 6}" width="${((r.count / max) * 300).toFixed(1)}" fill="#3b6ea5"></rect>` +
        `<text x="306" y="${h - 7}">${r.count}</text></g>`,
    )
    .join('');
  const labels = rows.map((r) => `<li>${e(r.label)}</li>`).join('');
  return (
    `<div class="chart"><ol class="labels" style="line-height:${h}px">${labels}</ol>` +
    `<svg role="img" aria-label="${e(caption)}" width="360" height="${rows.length * h}" viewBox="0 0 360 ${rows.length * h}">${svg}</svg></div>`
  );
}

function table(head: string[], rows: (string | number)[][], id: string, t: Words): string {
  if (rows.length === 0) return `<p class="empty">${e(t('owner.none-in-range'))}</p>`;
  return (
    `<table id="${id}"><thead><tr>${head.map((h) => `<th scope="col">${e(h)}</th>`).join('')}</tr></thead><tbody>` +
    rows
      .map((r) => `<tr>${r.map((c) => `<td>${typeof c === 'number' ? c : e(c)}</td>`).join('')}</tr>`)
      .join('') +
    '</tbody></table>'
  );
}

/** The owner page's rules: fixed text, so that the Content-Security-Policy allows it by its hash. */
export const OWNER_PAGE_CSS = `
body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1d232b}
h1{font-size:1.6rem}h2{font-size:1.15rem;margin-top:2rem;border-bottom:1px solid #ccd;padding-bottom:.25rem}
.figures{display:flex;gap:1.5rem;flex-wrap:wrap;padding:0;list-style:none}.figures li{background:#f1f4f8;padding:.75rem 1rem;border-radius:6px}
.figures strong{display:block;font-size:1.6rem}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #e2e5ea;vertical-align:top}
.chart{display:flex;gap:.5rem}.labels{margin:0;padding:0;list-style:none;max-width:22rem;overflow:hidden}.labels li{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#errors td:last-child{white-space:pre-wrap;font:12px ui-monospace,monospace}svg text{font:12px system-ui,sans-serif;fill:#1d232b}pre{white-space:pre-wrap;font-size:12px;max-height:8rem;overflow:auto;margin:0}.empty{color:#555}
form{display:flex;gap:1rem;align-items:end;flex-wrap:wrap}label{display:flex;flex-direction:column;font-size:.9rem}
`;

export function renderAnalyticsPage(s: TelemetrySummary, ls?: LocalizedStrings): string {
  const t: Words = (code, params) => message(code, params, ls);
  const range = t('owner.range', { from: day(s.from), to: day(s.to - DAY) });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(t('owner.analytics-title'))} · ${e(range)}</title>
<style>${OWNER_PAGE_CSS}</style></head><body><main>
<h1>${e(t('owner.analytics-title'))}</h1>
<form method="get" action="/config/analytics">
<label>${e(t('owner.from'))} <input type="date" name="from" value="${day(s.from)}"></label>
<label>${e(t('owner.to'))} <input type="date" name="to" value="${day(s.to - DAY)}"></label><button type="submit">${e(t('owner.show'))}</button></form>
<p>${e(t('owner.range-utc', { range }))}</p>
<ul class="figures" id="figures">
<li>${e(t('owner.visits'))}<strong data-figure="visits">${s.visits}</strong></li>
<li>${e(t('owner.visitors'))}<strong data-figure="visitors">${s.visitors}</strong></li>
<li>${e(t('owner.page-views'))}<strong data-figure="pageViews">${s.pageViews}</strong></li>
<li>${e(t('owner.client-errors'))}<strong data-figure="errors">${s.errors.reduce((n, x) => n + x.count, 0)}</strong></li>
</ul>
<h2>${e(t('owner.page-views-per-day'))}</h2>
${bars(
  s.pageViewsByDay.map((d) => ({ label: d.day, count: d.count })),
  t('owner.page-views-per-day'),
  t,
)}
<h2>${e(t('owner.top-pages'))}</h2>
${table(
  [t('owner.page'), t('owner.views')],
  s.topPages.map((p) => [p.path, p.count]),
  'top-pages',
  t,
)}
<h2>${e(t('owner.button-clicks'))}</h2>
${bars(
  s.buttonClicks.map((b) => ({ label: b.target || t('owner.no-label'), count: b.count })),
  t('owner.button-clicks'),
  t,
)}
<h2>${e(t('owner.cart-to-purchase'))}</h2>
${bars(
  s.funnel.map((f) => ({ label: f.step, count: f.events })),
  t('owner.commerce-by-step'),
  t,
)}
${table(
  [t('owner.step'), t('owner.events'), t('owner.carts')],
  s.funnel.map((f) => [f.step, f.events, f.carts]),
  'funnel',
  t,
)}
<h2>${e(t('owner.client-errors'))}</h2>
${table(
  [t('owner.message'), t('owner.count'), t('owner.last-seen'), t('owner.page'), t('owner.stack')],
  s.errors.map((x) => [x.message, x.count, new Date(x.lastSeen).toISOString(), x.url, x.stack]),
  'errors',
  t,
)}
<h2>${e(t('owner.page-speed'))}</h2>
${table(
  [t('owner.page-type'), t('owner.records'), ...HEADLINE_METRICS],
  s.performance.map((p) => [
    p.pageType === null ? '–' : String(p.pageType),
    p.records,
    ...HEADLINE_METRICS.map((m) => fmt(m, p.p75[m] ?? null)),
  ]),
  'performance',
  t,
)}
${s.configViews ? `<p>${e(t('owner.config-views', { count: s.configViews }))}</p>` : ''}
</main></body></html>`;
}

export async function ownerRoutes(app: FastifyInstance, options: OwnerOptions): Promise<void> {
  const mayRead = requirePermission('reports.read');
  /** Lets through the API key or a staff session with the permission; throws the guard's refusal. */
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (presentedKey(request) === undefined) return mayRead(request);
    const key = `owner-key:client:${request.ip}`;
    const now = options.now();
    const failures = await recentCount(options.db, key, OWNER_KEY_LIMIT.windowMs, now);
    if (failures.current >= OWNER_KEY_LIMIT.max) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(failures.ttl / 1000))));
      throw apiError('rate-limited');
    }
    if (hasOwnerKey(request, options.ownerKeyDigest)) return;
    await hit(options.db, key, OWNER_KEY_LIMIT.windowMs, now);
    await mayRead(request);
  };

  const load = async (request: FastifyRequest) => {
    const range = rangeOf(request.query as Record<string, unknown>, options.now(), request.site.strings);
    if (typeof range === 'string') return range;
    return telemetrySummary(options.db, range.from, range.to);
  };

  /** Signed out, a person is sent to sign in and brought back (without any `token` in the address). */
  const toSignIn = (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    url.searchParams.delete('token');
    const next = encodeURIComponent(url.pathname + url.search);
    return reply.code(303).header('location', `${STAFF_LOGIN_PATH}?next=${next}`).send();
  };

  app.get('/config/analytics', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    try {
      await guard(request, reply);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.statusCode === 401) return toSignIn(request, reply);
      return reply
        .code(error.statusCode)
        .type('text/plain; charset=utf-8')
        .send(error.body().message as string);
    }
    const summary = await load(request);
    if (typeof summary === 'string') return reply.code(400).type('text/plain; charset=utf-8').send(summary);
    if (options.staffScreen && request.member?.kind === 'staff') return options.staffScreen(request, reply);
    return reply.type('text/html; charset=utf-8').send(renderAnalyticsPage(summary, request.site.strings));
  });

  app.get('/config/analytics.json', { preValidation: guard }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const summary = await load(request);
    if (typeof summary === 'string') return reply.code(400).send({ code: 'invalid-range', message: summary });
    return reply.send(summary);
  });
}
