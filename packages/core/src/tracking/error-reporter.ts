/**
 * The client error reporter (spec sections 3, 7, 8 and 9): errors become events `{ event, data,
 * timestamp }` sent as a JSON array to `POST /api/events/RecordJavascriptErrors`. At most 20 sends
 * per page, at most 10 errors waiting, stacks cut to 5000 characters, sends debounced by 1 s. No DOM
 * here: the browser wires window errors to `report`, the clock and the sender are injected.
 */

export const ERROR_REPORTER_LIMITS = {
  maxSends: 20,
  maxQueued: 10,
  stackLimit: 5000,
  debounceMs: 1000,
} as const;

export const ERROR_EVENT_NAME = 'javascript-error';
export const MISSING_APP_NAME_MESSAGE = 'Error Reporter Missing App Name configuration';
export const UNKNOWN_APP = 'unknown';

export interface ErrorReportData {
  app: string;
  message: string;
  stack: string;
  file: string;
  line: number;
  column: number;
  custom: Record<string, unknown>;
  websiteId: string;
  templateId: string;
  url: string;
  userAgent: string;
}

export interface ErrorReportEvent {
  event: string;
  data: ErrorReportData;
  timestamp: number;
}

/** What one error says about itself (from an ErrorEvent, a rejection reason or a caught error). */
export interface ErrorInput {
  message?: string;
  stack?: string;
  file?: string;
  line?: number;
  column?: number;
  custom?: Record<string, unknown>;
}

export interface ReporterTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ErrorReporterOptions {
  appName?: string | undefined;
  websiteId?: string;
  templateId?: string;
  url?: () => string;
  userAgent?: string;
  now?: () => number;
  timers?: ReporterTimers;
  /** Sends one batch; failures are swallowed by the reporter. */
  send: (events: ErrorReportEvent[]) => unknown;
  log?: (message: string) => void;
}

export const cutStack = (stack: string): string =>
  stack.length > ERROR_REPORTER_LIMITS.stackLimit ? stack.slice(0, ERROR_REPORTER_LIMITS.stackLimit) : stack;

/** The app name, or 'unknown' after logging the spec's message when it is missing. */
export function resolveAppName(name: string | undefined, log: (m: string) => void): string {
  if (typeof name === 'string' && name.trim() !== '') return name;
  log(MISSING_APP_NAME_MESSAGE);
  return UNKNOWN_APP;
}

/** Reads an unknown thrown value (Error, string, anything) into an ErrorInput. */
export function errorInputOf(value: unknown): ErrorInput {
  if (value instanceof Error) return { message: value.message || value.name, stack: value.stack ?? '' };
  if (typeof value === 'object' && value !== null) {
    const v = value as { message?: unknown; stack?: unknown };
    return {
      message: typeof v.message === 'string' ? v.message : safeString(value),
      stack: typeof v.stack === 'string' ? v.stack : '',
    };
  }
  return { message: safeString(value), stack: '' };
}

const safeString = (v: unknown): string => {
  try {
    return typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  } catch {
    return String(v);
  }
};

export interface ErrorReporter {
  report(error: ErrorInput): void;
  /** Sends what is queued now (page hidden or unloading). */
  flush(): void;
  readonly sends: number;
  readonly queued: number;
  /** Stops the timer (tests; a page never needs it). */
  stop(): void;
}

export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const log = options.log ?? ((m: string) => console.error(m));
  const app = resolveAppName(options.appName, log);
  const now = options.now ?? Date.now;
  const timers: ReporterTimers = options.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  let queue: ErrorReportEvent[] = [];
  let sends = 0;
  let timer: unknown;

  const flush = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0 || sends >= ERROR_REPORTER_LIMITS.maxSends) return;
    const batch = queue;
    queue = [];
    sends += 1;
    try {
      const result = options.send(batch);
      if (result && typeof (result as Promise<unknown>).catch === 'function')
        (result as Promise<unknown>).catch(() => undefined);
    } catch {
      // Reporting must never break the page.
    }
  };

  return {
    report(error) {
      if (sends >= ERROR_REPORTER_LIMITS.maxSends) return;
      if (queue.length >= ERROR_REPORTER_LIMITS.maxQueued) return;
      queue.push({
        event: ERROR_EVENT_NAME,
        timestamp: now(),
        data: {
          app,
          message: error.message ?? '',
          stack: cutStack(error.stack ?? ''),
          file: error.file ?? '',
          line: error.line ?? 0,
          column: error.column ?? 0,
          custom: error.custom ?? {},
          websiteId: options.websiteId ?? '',
          templateId: options.templateId ?? '',
          url: options.url?.() ?? '',
          userAgent: options.userAgent ?? '',
        },
      });
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = timers.setTimeout(flush, ERROR_REPORTER_LIMITS.debounceMs);
    },
    flush,
    get sends() {
      return sends;
    },
    get queued() {
      return queue.length;
    },
    stop() {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
  };
}
