/**
 * `GET /config/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD`: the owner's telemetry page (issue 8), for
 * staff whose roles grant `reports.read` (owner-access.ts). To staff it is the back office's
 * analytics screen (issue 15: packages/web/src/config/analytics.tsx, given as `staffScreen`); to
 * the automation key it is rendered here. Signed out, the page
 * sends the browser to /config/login, which comes back here once signed in; a staff member without
 * the permission gets 403. `GET /config/analytics.json` answers the same figures as JSON (401 or
 * 403 as the other staff calls); automation may send the API key instead (owner-access.ts).
 */
import { HEADLINE_METRICS } from '@storefront/core';
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

/** The range from the query: `from` and `to` are UTC days, both included; default the last 7 days. */
export function rangeOf(query: Record<string, unknown>, now: number): { from: number; to: number } | string {
  const today = Math.floor(now / DAY) * DAY;
  const day = (v: unknown, fallback: number): number | string => {
    if (v === undefined || v === '') return fallback;
    if (typeof v !== 'string' || !DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
      return 'Dates are written YYYY-MM-DD.';
    return Date.parse(`${v}T00:00:00Z`);
  };
  const from = day(query.from, today - 6 * DAY);
  const to = day(query.to, today);
  if (typeof from === 'string') return from;
  if (typeof to === 'string') return to;
  if (to < from) return 'The end of the range comes before its start.';
  if (to - from > 366 * DAY) return 'A range is at most 366 days.';
  return { from, to: to + DAY };
}

const e = escapeHtml;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fmt = (metric: string, v: number | null) =>
  v === null ? '–' : metric === 'cumulativeLayoutShift' ? v.toFixed(3) : `${Math.round(v)} ms`;

function bars(rows: { label: string; count: number }[], caption: string): string {
  if (rows.length === 0) return '<p class="empty">None in this range.</p>';
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

function table(head: string[], rows: (string | number)[][], id: string): string {
  if (rows.length === 0) return '<p class="empty">None in this range.</p>';
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

export function renderAnalyticsPage(s: TelemetrySummary): string {
  const range = `${day(s.from)} to ${day(s.to - DAY)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Analytics · ${e(range)}</title>
<style>${OWNER_PAGE_CSS}</style></head><body><main>
<h1>Analytics</h1>
<form method="get" action="/config/analytics">
<label>From <input type="date" name="from" value="${day(s.from)}"></label>
<label>To <input type="date" name="to" value="${day(s.to - DAY)}"></label><button type="submit">Show</button></form>
<p>${e(range)} (UTC)</p>
<ul class="figures" id="figures">
<li>Visits<strong data-figure="visits">${s.visits}</strong></li>
<li>Visitors<strong data-figure="visitors">${s.visitors}</strong></li>
<li>Page views<strong data-figure="pageViews">${s.pageViews}</strong></li>
<li>Client errors<strong data-figure="errors">${s.errors.reduce((n, x) => n + x.count, 0)}</strong></li>
</ul>
<h2>Page views per day</h2>
${bars(
  s.pageViewsByDay.map((d) => ({ label: d.day, count: d.count })),
  'Page views per day',
)}
<h2>Top pages</h2>
${table(
  ['Page', 'Views'],
  s.topPages.map((p) => [p.path, p.count]),
  'top-pages',
)}
<h2>Button clicks</h2>
${bars(
  s.buttonClicks.map((b) => ({ label: b.target || '(no label)', count: b.count })),
  'Button clicks',
)}
<h2>Cart to purchase</h2>
${bars(
  s.funnel.map((f) => ({ label: f.step, count: f.events })),
  'Commerce events by step',
)}
${table(
  ['Step', 'Events', 'Carts'],
  s.funnel.map((f) => [f.step, f.events, f.carts]),
  'funnel',
)}
<h2>Client errors</h2>
${table(
  ['Message', 'Count', 'Last seen', 'Page', 'Stack'],
  s.errors.map((x) => [x.message, x.count, new Date(x.lastSeen).toISOString(), x.url, x.stack]),
  'errors',
)}
<h2>Page speed (75th percentile)</h2>
${table(
  ['Page type', 'Records', ...HEADLINE_METRICS],
  s.performance.map((p) => [
    p.pageType === null ? '–' : String(p.pageType),
    p.records,
    ...HEADLINE_METRICS.map((m) => fmt(m, p.p75[m] ?? null)),
  ]),
  'performance',
)}
${s.configViews ? `<p>Owner pages (/config) viewed ${s.configViews} times; not counted above.</p>` : ''}
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
    const range = rangeOf(request.query as Record<string, unknown>, options.now());
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
    return reply.type('text/html; charset=utf-8').send(renderAnalyticsPage(summary));
  });

  app.get('/config/analytics.json', { preValidation: guard }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const summary = await load(request);
    if (typeof summary === 'string') return reply.code(400).send({ code: 'invalid-range', message: summary });
    return reply.send(summary);
  });
}
