/**
 * Performance reporting (spec sections 3, 4, 7, 8 and 9): the settings answer, the flags that turn
 * the reporter on, the page-speed metric names, the record, and the `rum-` user-timing rule.
 */

export const PERFORMANCE = {
  settingsTimeoutMs: 30_000,
  sendDelayMs: 30_000,
  metricWaitMs: 60_000,
  clientVersion: '4.0.7',
  app: 'storefront',
} as const;

export const PERFORMANCE_MESSAGES = {
  noPageLoadId: 'Unable to resolve pageLoadId',
  settingsTimeout: 'Metric settings request timeout',
  xhrStatus: 'XHR request DONE with unexpected status',
} as const;

/** The answer of `GET /api/1/performance/settings`. */
export interface PerformanceSettings {
  pageLoadId: string;
  rollout: {
    /** The overall rum flag. */
    rum: boolean;
    /** Per-app flags. */
    apps: Record<string, boolean>;
    pageSpeed: boolean;
    userTiming: boolean;
  };
}

export interface PerformanceFlags {
  enabled: boolean;
  pageSpeed: boolean;
  userTiming: boolean;
}

export const PERFORMANCE_OFF: PerformanceFlags = { enabled: false, pageSpeed: false, userTiming: false };

/**
 * Spec section 4: no settings (the fetch failed) disables the reporter; the overall flag and the
 * app's flag must both be on; page speed and user timing each need their own flag besides.
 */
export function performanceFlags(
  settings: PerformanceSettings | undefined | null,
  app: string,
): PerformanceFlags {
  if (!settings || typeof settings.pageLoadId !== 'string' || settings.pageLoadId === '')
    return PERFORMANCE_OFF;
  const r = settings.rollout;
  const enabled = r?.rum === true && r.apps?.[app] === true;
  if (!enabled) return PERFORMANCE_OFF;
  return { enabled, pageSpeed: r.pageSpeed === true, userTiming: r.userTiming === true };
}

/** Spec section 3's page-speed metrics, by the names records carry. */
export const PAGE_SPEED_METRICS = [
  'cumulativeLayoutShift',
  'decodedBodySize',
  'encodedBodySize',
  'domContentLoadedEventStart',
  'domContentLoadedEventEnd',
  'domainLookup',
  'firstContentfulPaint',
  'firstInputDelay',
  'interactionToNextPaint',
  'largestContentfulPaint',
  'loadEventStart',
  'loadEventEnd',
  'responseStart',
  'tcpConnection',
  'timeToInteractive',
  'tlsNegotiation',
  'timeToFirstByte',
] as const;
export type PageSpeedMetric = (typeof PAGE_SPEED_METRICS)[number];

/** The metrics the owner's view shows percentiles of. */
export const HEADLINE_METRICS: readonly PageSpeedMetric[] = [
  'largestContentfulPaint',
  'firstContentfulPaint',
  'cumulativeLayoutShift',
  'interactionToNextPaint',
  'timeToFirstByte',
];

export const PAGE_SPEED_EVENT = 'page-speed';
export const USER_TIMING_EVENT = 'user-timing';
export const USER_TIMING_PREFIX = 'rum-';

export interface PerformanceContext {
  accountId?: string;
  ampEnabled?: boolean;
  collectionType?: number | null;
  language?: string;
  memberId?: string | null;
  pageType: number;
  platform?: string;
  templateId?: string;
  timeZone?: string;
  websiteId: string;
  websiteType?: string;
  path?: string;
  clientVersion?: string;
}

/** Spec section 3: one performance record. */
export interface PerformanceRecord {
  app: string;
  event: string;
  pageLoadId: string;
  timestamp: number;
  data: { context: PerformanceContext; metrics: Record<string, number> };
}

/** Keeps only `rum-` user timings, each name once (spec section 5). */
export function createUserTimingFilter(): (name: string) => boolean {
  const seen = new Set<string>();
  return (name) => {
    if (!name.startsWith(USER_TIMING_PREFIX) || seen.has(name)) return false;
    seen.add(name);
    return true;
  };
}

/** The 75th percentile (nearest-rank) of some values; null when there are none. */
export function percentile(values: readonly number[], p = 75): number | null {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}
