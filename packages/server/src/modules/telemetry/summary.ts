/**
 * The owner's figures for a date range, read from the telemetry tables (issue 8): visits, page
 * views, top pages, button clicks, the cart-to-purchase funnel, client errors grouped by message and
 * the 75th percentile of each headline page-speed metric per page type.
 */
import { CommerceEvent, HEADLINE_METRICS, percentile } from '@storefront/core';
import type { TelemetrySummary } from '@storefront/core/wire';
import type { Db } from '../../platform/db/index.ts';
import {
  buttonClicksBetween,
  errorsBetween,
  eventsBetween,
  pageViewsBetween,
  performanceBetween,
} from './store.ts';

export type { TelemetrySummary };

export const FUNNEL_STEPS = [
  CommerceEvent.VIEW_PRODUCT,
  CommerceEvent.ADD_TO_CART,
  CommerceEvent.VIEW_CART,
  CommerceEvent.CHECKOUT_CONFIRMED,
  CommerceEvent.PURCHASE,
] as const;

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `[from, to)` in epoch ms. */
export async function telemetrySummary(db: Db, from: number, to: number): Promise<TelemetrySummary> {
  const views = await pageViewsBetween(db, from, to);
  const site = views.filter((v) => Number(v.is_config) === 0);
  const visits = new Set(site.filter((v) => v.visitor_id).map((v) => `${v.visitor_id}|${v.visit_count}`));
  const visitors = new Set(site.filter((v) => v.visitor_id).map((v) => v.visitor_id));
  const byDay = new Map<string, number>();
  for (let d = Math.floor(from / DAY) * DAY; d < to; d += DAY) byDay.set(dayOf(d), 0);
  const byPath = new Map<string, number>();
  for (const v of site) {
    const day = dayOf(Number(v.created));
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
    byPath.set(v.path, (byPath.get(v.path) ?? 0) + 1);
  }
  const rank = <K extends string>(m: Map<string, number>, key: K) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 10)
      .map(([k, count]) => ({ [key]: k, count }) as { [P in K]: string } & { count: number });

  const clicks = await buttonClicksBetween(db, from, to);

  const events = await eventsBetween(db, FUNNEL_STEPS, from, to);
  const funnel = FUNNEL_STEPS.map((step) => {
    const rows = events.filter((e) => e.name === step);
    return { step, events: rows.length, carts: new Set(rows.map((r) => r.cart_id).filter(Boolean)).size };
  });

  const errorRows = await errorsBetween(db, from, to);
  const errors = new Map<string, TelemetrySummary['errors'][number]>();
  for (const e of errorRows) {
    const seen = errors.get(e.message);
    if (seen) seen.count += 1;
    else
      errors.set(e.message, {
        message: e.message,
        count: 1,
        lastSeen: Number(e.created),
        stack: e.stack,
        url: e.url,
      });
  }

  const perfRows = await performanceBetween(db, from, to);
  const perType = new Map<number | null, Record<string, number>[]>();
  for (const r of perfRows) {
    const key = r.page_type === null ? null : Number(r.page_type);
    const list = perType.get(key) ?? [];
    list.push(JSON.parse(r.metrics) as Record<string, number>);
    perType.set(key, list);
  }
  const performance = [...perType.entries()]
    .sort((a, b) => (a[0] ?? -1) - (b[0] ?? -1))
    .map(([pageType, list]) => ({
      pageType,
      records: list.length,
      p75: Object.fromEntries(
        HEADLINE_METRICS.map((m) => [
          m,
          percentile(list.map((x) => x[m]).filter((v): v is number => typeof v === 'number')),
        ]),
      ),
    }));

  return {
    from,
    to,
    visits: visits.size,
    visitors: visitors.size,
    pageViews: site.length,
    pageViewsByDay: [...byDay.entries()].sort().map(([day, count]) => ({ day, count })),
    topPages: rank(byPath, 'path'),
    configViews: views.length - site.length,
    buttonClicks: clicks
      .map((c) => ({ target: c.target, count: Number(c.n) }))
      .sort((a, b) => b.count - a.count || a.target.localeCompare(b.target)),
    funnel,
    errors: [...errors.values()].sort((a, b) => b.count - a.count || b.lastSeen - a.lastSeen),
    performance,
  };
}
