/**
 * The performance reporter (spec sections 3, 4, 7, 8 and 9): settings first (30 s timeout; a
 * failure disables the reporter), then, per the flags, page-speed metrics (web-vitals for LCP, FCP,
 * CLS, INP and TTFB, plus Navigation Timing) and `rum-` user timings (each once). Records are sent
 * after load with the delay, when the page is hidden and before it unloads, by beacon else XHR.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import {
  PAGE_SPEED_EVENT,
  PERFORMANCE,
  PERFORMANCE_MESSAGES,
  USER_TIMING_EVENT,
  createUserTimingFilter,
  performanceFlags,
  type PerformanceContext,
  type PerformanceRecord,
  type PerformanceSettings,
} from '@storefront/core/tracking';
import { sendPlainText, type TransportEnv } from './transport.ts';

export const SETTINGS_URL = '/api/1/performance/settings';
export const RECORDS_URL = '/api/1/performance/records';

const VITALS: Record<Metric['name'], string> = {
  LCP: 'largestContentfulPaint',
  FCP: 'firstContentfulPaint',
  CLS: 'cumulativeLayoutShift',
  INP: 'interactionToNextPaint',
  TTFB: 'timeToFirstByte',
};

export async function fetchSettings(
  env: TransportEnv,
  report: (message: string) => void,
  timeoutMs: number = PERFORMANCE.settingsTimeoutMs,
): Promise<PerformanceSettings | undefined> {
  const f = env.fetch;
  if (!f) return undefined;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const res = await f(SETTINGS_URL, { credentials: 'same-origin', signal: controller.signal });
    const body = res.ok ? ((await res.json()) as Partial<PerformanceSettings>) : undefined;
    if (!body || typeof body.pageLoadId !== 'string' || body.pageLoadId === '') {
      report(PERFORMANCE_MESSAGES.noPageLoadId);
      return undefined;
    }
    return body as PerformanceSettings;
  } catch {
    report(timedOut ? PERFORMANCE_MESSAGES.settingsTimeout : PERFORMANCE_MESSAGES.noPageLoadId);
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** Navigation Timing (spec section 3's page-speed fields). */
export function navigationMetrics(perf: Performance | undefined): Record<string, number> {
  const nav = perf?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (!nav) return {};
  const m: Record<string, number> = {
    decodedBodySize: nav.decodedBodySize,
    encodedBodySize: nav.encodedBodySize,
    domContentLoadedEventStart: nav.domContentLoadedEventStart,
    domContentLoadedEventEnd: nav.domContentLoadedEventEnd,
    domainLookup: nav.domainLookupEnd - nav.domainLookupStart,
    loadEventStart: nav.loadEventStart,
    loadEventEnd: nav.loadEventEnd,
    responseStart: nav.responseStart,
    tcpConnection: nav.connectEnd - nav.connectStart,
    timeToInteractive: nav.domInteractive,
  };
  if (nav.secureConnectionStart > 0) m.tlsNegotiation = nav.connectEnd - nav.secureConnectionStart;
  for (const [k, v] of Object.entries(m)) if (!Number.isFinite(v) || v < 0) delete m[k];
  return m;
}

export interface PerformanceReporterOptions {
  win: Window;
  env: TransportEnv;
  context: PerformanceContext;
  report: (message: string) => void;
  /** Tests shorten the delay; pages use spec section 9's 30000 ms. */
  sendDelayMs?: number;
}

export interface PerformanceReporter {
  /** Sends what is pending (the page-speed record once, new user timings). */
  flush(): void;
  stop(): void;
}

export async function startPerformanceReporter(
  o: PerformanceReporterOptions,
): Promise<PerformanceReporter | undefined> {
  const app = PERFORMANCE.app;
  const settings = await fetchSettings(o.env, o.report);
  const flags = performanceFlags(settings, app);
  if (!settings || !flags.enabled) return undefined;
  const { win } = o;
  const doc = win.document;
  const metrics: Record<string, number> = {};
  const timings: Record<string, number> = {};
  let pageSpeedSent = !flags.pageSpeed;
  const cleanups: (() => void)[] = [];
  // Fallbacks for what web-vitals reports only later (CLS on hidden): the page's own observers.
  let shiftSum = 0;
  const observe = (type: string, cb: (entries: PerformanceEntryList) => void) => {
    try {
      const po = new PerformanceObserver((list) => cb(list.getEntries()));
      po.observe({ type, buffered: true });
      cleanups.push(() => po.disconnect());
    } catch {
      // Not supported here.
    }
  };

  const context: PerformanceContext = { ...o.context, clientVersion: PERFORMANCE.clientVersion };
  const record = (event: string, data: Record<string, number>): PerformanceRecord => ({
    app,
    event,
    pageLoadId: settings.pageLoadId,
    timestamp: Date.now(),
    data: { context, metrics: data },
  });

  if (flags.pageSpeed) {
    const put = (m: Metric) => {
      const name = VITALS[m.name];
      if (name && Number.isFinite(m.value) && m.value >= 0) metrics[name] = m.value;
    };
    const opts = { reportAllChanges: true };
    onLCP(put, opts);
    onFCP(put, opts);
    onCLS(put, opts);
    onINP(put, opts);
    onTTFB(put, opts);
    observe('layout-shift', (entries) => {
      for (const e of entries as (PerformanceEntry & { value?: number; hadRecentInput?: boolean })[])
        if (!e.hadRecentInput && typeof e.value === 'number') shiftSum += e.value;
    });
  }
  const keepTiming = createUserTimingFilter();
  if (flags.userTiming) {
    const take = (entries: PerformanceEntryList) => {
      for (const e of entries)
        if (keepTiming(e.name)) timings[e.name] = e.entryType === 'measure' ? e.duration : e.startTime;
    };
    observe('mark', take);
    observe('measure', take);
  }

  const flush = () => {
    const records: PerformanceRecord[] = [];
    if (!pageSpeedSent) {
      pageSpeedSent = true;
      const all = { ...navigationMetrics(win.performance), ...metrics };
      if (all.cumulativeLayoutShift === undefined) all.cumulativeLayoutShift = shiftSum;
      records.push(record(PAGE_SPEED_EVENT, all));
    }
    const pending = Object.keys(timings);
    if (pending.length) {
      const batch: Record<string, number> = {};
      for (const k of pending) {
        batch[k] = Math.max(0, timings[k] as number);
        delete timings[k];
      }
      records.push(record(USER_TIMING_EVENT, batch));
    }
    if (records.length) sendPlainText(o.env, RECORDS_URL, JSON.stringify(records));
  };

  const onHidden = () => {
    if (doc.visibilityState === 'hidden') flush();
  };
  doc.addEventListener('visibilitychange', onHidden);
  win.addEventListener('pagehide', flush);
  win.addEventListener('beforeunload', flush);
  const delay = o.sendDelayMs ?? PERFORMANCE.sendDelayMs;
  const timer = win.setTimeout(flush, delay);
  cleanups.push(() => {
    doc.removeEventListener('visibilitychange', onHidden);
    win.removeEventListener('pagehide', flush);
    win.removeEventListener('beforeunload', flush);
    win.clearTimeout(timer);
  });
  return {
    flush,
    stop: () => {
      for (const c of cleanups.splice(0)) c();
    },
  };
}
