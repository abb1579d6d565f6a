/**
 * Subscriptions' rules (issue 17, issue 28): which plan can renew, the states a subscription moves
 * through and the actions each allows, and its billing dates, counted in the site's time zone so
 * that a plan started just after midnight renews on the same calendar day the shopper saw.
 */
import { DEFAULT_TIME_ZONE, normalizeZone, zonedFields } from '@storefront/jsont/dates';
import type { BillingUnit } from './product.ts';

/** 'active' renews; 'paused' waits for the customer; 'cancelled' and 'ended' never renew again; 'failed' gave up. */
export const SUBSCRIPTION_STATES = ['active', 'paused', 'cancelled', 'ended', 'failed'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const SUBSCRIPTION_ACTIONS = ['pause', 'resume', 'cancel'] as const;
export type SubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

/** The states each action applies to: a cancelled or ended subscription never changes. */
export const SUBSCRIPTION_ACTION_FROM: Readonly<Record<SubscriptionAction, readonly SubscriptionState[]>> = {
  pause: ['active'],
  resume: ['paused', 'failed'],
  cancel: ['active', 'paused', 'failed'],
};

export const subscriptionActionAllowed = (action: SubscriptionAction, state: SubscriptionState): boolean =>
  SUBSCRIPTION_ACTION_FROM[action].includes(state);

/** The actions a subscription in `state` offers, in the order they are shown. */
export const subscriptionActionsOf = (state: SubscriptionState): SubscriptionAction[] =>
  SUBSCRIPTION_ACTIONS.filter((action) => subscriptionActionAllowed(action, state));

/** The state the action leaves a subscription in. */
export const subscriptionStateAfter = (action: SubscriptionAction): SubscriptionState =>
  action === 'pause' ? 'paused' : action === 'resume' ? 'active' : 'cancelled';

/** A subscription that has a next renewal to show: one that will renew, now or once resumed. */
export const renewsLater = (state: SubscriptionState): boolean => state === 'active' || state === 'paused';

/** A plan the scheduler can renew: a positive whole period of a known unit. */
export interface RenewablePlan {
  periodValue: number;
  periodUnit: BillingUnit;
  /** 0 for an indefinite subscription. */
  numCycles: number;
}

const BILLING_UNITS: readonly string[] = ['WEEK', 'MONTH', 'YEAR'] satisfies BillingUnit[];

/** The plan stored on a subscription order (`{ billingPeriod: { value, unit }, numBillingCycles }`), if renewable. */
export function renewablePlan(plan: unknown): RenewablePlan | undefined {
  const p = plan as {
    billingPeriod?: { value?: unknown; unit?: unknown };
    numBillingCycles?: unknown;
  } | null;
  const value = Number(p?.billingPeriod?.value);
  const unit = String(p?.billingPeriod?.unit ?? '').toUpperCase();
  if (!Number.isInteger(value) || value < 1 || !BILLING_UNITS.includes(unit)) return undefined;
  const cycles = Number(p?.numBillingCycles);
  return {
    periodValue: value,
    periodUnit: unit as BillingUnit,
    numCycles: Number.isInteger(cycles) && cycles > 0 ? cycles : 0,
  };
}

/** The site's time zone (`website.timeZone`), else the spec's default; a zone `Intl` does not know is UTC. */
export const siteTimeZone = (website: unknown): string => {
  const zone = (website as { timeZone?: unknown } | null | undefined)?.timeZone;
  return normalizeZone(typeof zone === 'string' && zone !== '' ? zone : DEFAULT_TIME_ZONE);
};

/**
 * The instant a wall-clock time names in `zone`. A time the zone skips (a spring-forward gap) is
 * read with the offset before the gap, which lands just after it.
 */
function zonedInstant(wall: number, zone: string): number {
  const guess = wall - zonedFields(wall, zone).offset;
  return wall - zonedFields(guess, zone).offset;
}

const daysInMonth = (year: number, monthIndex: number) =>
  new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/**
 * `at` plus `count` billing periods, on the calendar of `timeZone` at the same wall-clock time.
 * Weeks are 7 calendar days; months and years are calendar ones whose day is clamped to the target
 * month's last day (Jan 31 + 1 month is Feb 28, or 29 in a leap year). Always counted from the
 * subscription's first day, never from the previous due date, so a clamped month does not shift the
 * later ones (Jan 31, Feb 28, Mar 31).
 */
export function addBillingPeriods(at: number, count: number, unit: string, timeZone: string): number {
  const zone = normalizeZone(timeZone);
  const f = zonedFields(at, zone);
  const upper = unit.toUpperCase();
  let year = f.year;
  let monthIndex = f.month - 1;
  let day = f.day;
  if (upper === 'WEEK') day += count * 7;
  else {
    const months = monthIndex + (upper === 'YEAR' ? count * 12 : count);
    year += Math.floor(months / 12);
    monthIndex = ((months % 12) + 12) % 12;
    day = Math.min(day, daysInMonth(year, monthIndex));
  }
  const wall = Date.UTC(year, monthIndex, day, f.hour, f.minute, f.second, f.millis);
  return zonedInstant(wall, zone);
}

/** The calendar day of an instant in `timeZone`, as `YYYY-MM-DD`: the billing day a shopper is told. */
export function billingDay(at: number, timeZone: string): string {
  const f = zonedFields(at, normalizeZone(timeZone));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(f.year).padStart(4, '0')}-${two(f.month)}-${two(f.day)}`;
}
