/**
 * Visit cookies and the page-view hit (spec sections 4, 6 and 7): the visit transition of core,
 * written to `ss_cvr` (about two years) and `ss_cvt` (30 minutes), then `POST /api/census/RecordHit`
 * for a tracked page, with a 2500 ms timeout and failures swallowed.
 */
import type { PageContext } from '../core.ts';
import { readCookie } from '../cookies.ts';
import {
  isConfigPath,
  isTrackedPageView,
  VISITOR_RECORD_COOKIE,
  VISITOR_RECORD_LIFETIME_MS,
  VISIT_TIMER_COOKIE,
  VISIT_TIMER_LIFETIME_MS,
  nextVisit,
  type VisitTransition,
} from '@storefront/core/tracking';
import { postJson, type TransportEnv } from './transport.ts';

export const CENSUS_TIMEOUT_MS = 2500;
export const RECORD_HIT_URL = '/api/census/RecordHit';

export function newVisitorId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function writeCookie(doc: Document, name: string, value: string, lifetimeMs: number) {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${name}=${value}; Max-Age=${Math.floor(lifetimeMs / 1000)}; Path=/; SameSite=Lax${secure}`;
}

/** Applies the visit transition to the cookies and answers it. */
export function updateVisitCookies(doc: Document, now: number): VisitTransition {
  const cookies = doc.cookie;
  const t = nextVisit({
    record: readCookie(VISITOR_RECORD_COOKIE, cookies),
    timer: readCookie(VISIT_TIMER_COOKIE, cookies),
    now,
    newId: newVisitorId,
  });
  writeCookie(doc, VISITOR_RECORD_COOKIE, t.recordCookie, VISITOR_RECORD_LIFETIME_MS);
  writeCookie(doc, VISIT_TIMER_COOKIE, t.timerCookie, VISIT_TIMER_LIFETIME_MS);
  return t;
}

/** Removes the tracking cookies (a restrictive cookie policy). */
export function clearVisitCookies(doc: Document): void {
  for (const name of [VISITOR_RECORD_COOKIE, VISIT_TIMER_COOKIE])
    doc.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax`;
}

/** Spec section 3: the analytics payload of a page view. */
export function pageViewPayload(doc: Document, ctx: PageContext, visit: VisitTransition) {
  const loc = doc.location;
  const permissionType = (ctx as unknown as { permissionType?: unknown }).permissionType;
  return {
    event: 'page-view',
    data: {
      pagePath: loc?.pathname ?? ctx.path,
      pageHash: loc?.hash ?? '',
      websiteId: ctx.websiteId,
      // Spec section 3: the signed-in customer (the server reads it from the session too).
      memberAccountId: ctx.memberId ?? null,
      pageType: ctx.pageType,
      ...(typeof permissionType === 'number' ? { permissionType } : {}),
      website_locale: doc.documentElement.lang || 'en-US',
      referrer: doc.referrer ? doc.referrer.slice(0, 2048) : '',
      visit: visit.kind,
      firstSession: visit.firstSession,
      ...(isConfigPath(loc?.pathname ?? ctx.path) ? { config: true } : {}),
    },
    ss_cvr: visit.recordCookie,
  };
}

/** Tracks this page view when the rules allow; answers whether a hit was sent. */
export async function trackPageView(doc: Document, ctx: PageContext, env: TransportEnv, now: number) {
  const path = doc.location?.pathname ?? ctx.path;
  if (!isTrackedPageView({ path, pageType: ctx.pageType })) return { tracked: false as const };
  const visit = updateVisitCookies(doc, now);
  const response = await postJson(env, RECORD_HIT_URL, pageViewPayload(doc, ctx, visit), {
    timeoutMs: CENSUS_TIMEOUT_MS,
  });
  return { tracked: true as const, visit, ok: response?.ok === true };
}
