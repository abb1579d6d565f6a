/**
 * Visit cookies (spec sections 3, 4, 5 and 9): the visitor record `ss_cvr` (identifier, first,
 * previous and current visit times, visit count) and the visit timer `ss_cvt` (a timestamp whose
 * cookie lives 30 minutes: while it exists, the visitor is in the same session).
 */

export const VISITOR_RECORD_COOKIE = 'ss_cvr';
export const VISIT_TIMER_COOKIE = 'ss_cvt';
/** About two years (spec section 9: 2 x 31536000000 ms). */
export const VISITOR_RECORD_LIFETIME_MS = 2 * 31_536_000_000;
/** A session: 30 minutes. */
export const VISIT_TIMER_LIFETIME_MS = 30 * 60 * 1000;

export interface VisitorRecord {
  id: string;
  firstVisit: number;
  previousVisit: number;
  currentVisit: number;
  visitCount: number;
}

const ID = /^[\w-]+$/;
const POSITIVE_INT = /^[1-9]\d*$/;

const positiveInt = (s: string): number | undefined => {
  if (!POSITIVE_INT.test(s)) return undefined;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : undefined;
};

/** The record, or undefined when missing or invalid (an invalid record is treated as missing). */
export function parseVisitorRecord(raw: string | undefined | null): VisitorRecord | undefined {
  if (typeof raw !== 'string') return undefined;
  const parts = raw.split('|');
  if (parts.length !== 5) return undefined;
  const [id, ...rest] = parts as [string, string, string, string, string];
  if (!ID.test(id)) return undefined;
  const numbers = rest.map(positiveInt);
  if (numbers.some((n) => n === undefined)) return undefined;
  const [firstVisit, previousVisit, currentVisit, visitCount] = numbers as [number, number, number, number];
  return { id, firstVisit, previousVisit, currentVisit, visitCount };
}

export function serializeVisitorRecord(r: VisitorRecord): string {
  return [r.id, r.firstVisit, r.previousVisit, r.currentVisit, r.visitCount].join('|');
}

/** The timer's timestamp, or undefined unless a positive integer. */
export function parseVisitTimer(raw: string | undefined | null): number | undefined {
  return typeof raw === 'string' ? positiveInt(raw) : undefined;
}

export type VisitKind = 'new-visitor' | 'new-session' | 'same-session';

export interface VisitTransition {
  kind: VisitKind;
  record: VisitorRecord;
  /** The value to write to `ss_cvr` (always written, so its lifetime runs from the last visit). */
  recordCookie: string;
  /** The value to write to `ss_cvt`: a new timer on a new visitor or session, else the one in place
   * (rewritten so that the 30 minutes count from the latest page view). */
  timerCookie: string;
  /** Spec section 4: the analytics first-session flags, set on first landing. */
  firstSession: boolean;
}

/**
 * Spec section 4: with no valid record, a new one with count 1. With a valid record but no valid
 * timer (a new session), previous = current, current = now, count + 1 and a new timer. Otherwise the
 * record is kept.
 */
export function nextVisit(input: {
  record: string | undefined | null;
  timer: string | undefined | null;
  now: number;
  newId: () => string;
}): VisitTransition {
  const now = Math.max(1, Math.floor(input.now));
  const record = parseVisitorRecord(input.record);
  const timer = parseVisitTimer(input.timer);
  let kind: VisitKind;
  let next: VisitorRecord;
  if (!record) {
    kind = 'new-visitor';
    const id = input.newId();
    if (!ID.test(id)) throw new Error(`Invalid visitor id: ${id}`);
    next = { id, firstVisit: now, previousVisit: now, currentVisit: now, visitCount: 1 };
  } else if (timer === undefined) {
    kind = 'new-session';
    next = {
      ...record,
      previousVisit: record.currentVisit,
      currentVisit: now,
      visitCount: record.visitCount + 1,
    };
  } else {
    kind = 'same-session';
    next = record;
  }
  return {
    kind,
    record: next,
    recordCookie: serializeVisitorRecord(next),
    timerCookie: String(kind === 'same-session' && timer !== undefined ? timer : now),
    firstSession: kind === 'new-visitor',
  };
}
