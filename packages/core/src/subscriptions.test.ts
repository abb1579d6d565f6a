import { describe, expect, it } from 'vitest';
import {
  addBillingPeriods,
  billingDay,
  renewablePlan,
  siteTimeZone,
  subscriptionActionAllowed,
  subscriptionActionsOf,
} from './subscriptions.ts';

const at = (iso: string) => Date.parse(iso);

describe('billing dates in the site time zone', () => {
  it('renews a plan started just after midnight in Auckland on the same day of the next month there', () => {
    // 00:30 on 31 January in Auckland (NZDT, UTC+13) is still 30 January in UTC.
    const started = at('2027-01-30T11:30:00Z');
    expect(billingDay(started, 'Pacific/Auckland')).toBe('2027-01-31');
    const next = addBillingPeriods(started, 1, 'MONTH', 'Pacific/Auckland');
    expect(billingDay(next, 'Pacific/Auckland')).toBe('2027-02-28');
    expect(next).toBe(at('2027-02-27T11:30:00Z'));
    // Counted from the first day: March is the 31st again; April's 30th comes after New Zealand's
    // clocks went back (NZST, UTC+12), still at 00:30 there.
    expect(addBillingPeriods(started, 2, 'MONTH', 'Pacific/Auckland')).toBe(at('2027-03-30T11:30:00Z'));
    expect(addBillingPeriods(started, 3, 'MONTH', 'Pacific/Auckland')).toBe(at('2027-04-29T12:30:00Z'));
  });

  it('renews a plan started just before midnight in Los Angeles on that day, not the UTC one', () => {
    // 23:30 on 31 January in Los Angeles (PST, UTC-8) is 1 February in UTC.
    const started = at('2027-02-01T07:30:00Z');
    expect(billingDay(started, 'America/Los_Angeles')).toBe('2027-01-31');
    const next = addBillingPeriods(started, 1, 'MONTH', 'America/Los_Angeles');
    expect(billingDay(next, 'America/Los_Angeles')).toBe('2027-02-28');
    expect(next).toBe(at('2027-03-01T07:30:00Z'));
    // Across the switch to summer time (PDT, UTC-7) the wall-clock time stays 23:30.
    expect(addBillingPeriods(started, 2, 'MONTH', 'America/Los_Angeles')).toBe(at('2027-04-01T06:30:00Z'));
    expect(addBillingPeriods(at('2027-03-06T07:30:00Z'), 2, 'WEEK', 'America/Los_Angeles')).toBe(
      at('2027-03-20T06:30:00Z'),
    );
  });

  it('keeps calendar months clamped to the month end in UTC', () => {
    expect(addBillingPeriods(at('2028-01-31T10:00:00Z'), 1, 'MONTH', 'UTC')).toBe(at('2028-02-29T10:00:00Z'));
    expect(addBillingPeriods(at('2028-02-29T00:00:00Z'), 1, 'YEAR', 'UTC')).toBe(at('2029-02-28T00:00:00Z'));
  });

  it("reads the site's zone, New York when it names none and UTC for one Intl does not know", () => {
    expect(siteTimeZone({ timeZone: 'Pacific/Auckland' })).toBe('Pacific/Auckland');
    expect(siteTimeZone({})).toBe('America/New_York');
    expect(siteTimeZone({ timeZone: 'Mars/Olympus' })).toBe('UTC');
  });
});

describe('subscription states and plans', () => {
  it('offers the actions each state allows', () => {
    expect(subscriptionActionsOf('active')).toEqual(['pause', 'cancel']);
    expect(subscriptionActionsOf('paused')).toEqual(['resume', 'cancel']);
    expect(subscriptionActionsOf('failed')).toEqual(['resume', 'cancel']);
    expect(subscriptionActionsOf('cancelled')).toEqual([]);
    expect(subscriptionActionsOf('ended')).toEqual([]);
    expect(subscriptionActionAllowed('resume', 'active')).toBe(false);
  });

  it('renews only a whole positive period of a week, month or year', () => {
    expect(renewablePlan({ billingPeriod: { value: 2, unit: 'week' }, numBillingCycles: 3 })).toEqual({
      periodValue: 2,
      periodUnit: 'WEEK',
      numCycles: 3,
    });
    expect(renewablePlan({ billingPeriod: { value: 0, unit: 'MONTH' } })).toBeUndefined();
    expect(renewablePlan({ billingPeriod: { value: 1, unit: 'DAY' } })).toBeUndefined();
  });
});
