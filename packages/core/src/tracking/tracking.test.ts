import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_REPORTER_LIMITS,
  MISSING_APP_NAME_MESSAGE,
  VISITOR_RECORD_LIFETIME_MS,
  VISIT_TIMER_LIFETIME_MS,
  analyticsAmount,
  commerceEventFields,
  confirmedOrderCart,
  createErrorReporter,
  createUserTimingFilter,
  cutStack,
  errorInputOf,
  isConfigPath,
  isTrackedPageView,
  nextVisit,
  parseVisitTimer,
  parseVisitorRecord,
  percentile,
  performanceFlags,
  serializeVisitorRecord,
  type ErrorReportEvent,
  type PerformanceSettings,
} from './index.ts';

describe('visitor record ss_cvr', () => {
  it('parses an identifier plus four positive integers', () => {
    expect(parseVisitorRecord('abc-DEF_9|100|200|300|4')).toEqual({
      id: 'abc-DEF_9',
      firstVisit: 100,
      previousVisit: 200,
      currentVisit: 300,
      visitCount: 4,
    });
  });
  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['only an id', 'abc'],
    ['three numbers', 'abc|1|2|3'],
    ['five numbers', 'abc|1|2|3|4|5'],
    ['empty id', '|1|2|3|4'],
    ['id with a dot', 'a.b|1|2|3|4'],
    ['id with a space', 'a b|1|2|3|4'],
    ['zero', 'abc|0|2|3|4'],
    ['zero count', 'abc|1|2|3|0'],
    ['negative', 'abc|-1|2|3|4'],
    ['leading zero', 'abc|01|2|3|4'],
    ['decimal', 'abc|1.5|2|3|4'],
    ['exponent', 'abc|1e3|2|3|4'],
    ['letters', 'abc|x|2|3|4'],
    ['empty number', 'abc||2|3|4'],
    ['spaces around a number', 'abc| 1|2|3|4'],
    ['beyond safe integers', 'abc|99999999999999999999|2|3|4'],
    ['commas instead of pipes', 'abc,1,2,3,4'],
  ])('%s is treated as missing', (_, raw) => {
    expect(parseVisitorRecord(raw)).toBeUndefined();
  });
  it('serializes back to the same text', () => {
    const raw = 'v-1|1700000000000|1700000001000|1700000002000|3';
    expect(serializeVisitorRecord(parseVisitorRecord(raw)!)).toBe(raw);
  });
});

describe('visit timer ss_cvt', () => {
  it.each([
    ['1700000000000', 1700000000000],
    ['1', 1],
  ])('%s is valid', (raw, n) => expect(parseVisitTimer(raw)).toBe(n));
  it.each([[undefined], [''], ['0'], ['-5'], ['1.5'], ['abc'], ['12abc'], [' 12']])('%s is invalid', (raw) =>
    expect(parseVisitTimer(raw)).toBeUndefined(),
  );
});

describe('visit transition (spec section 4)', () => {
  const newId = () => 'new-id';
  it('no record: a new one with count 1, a timer and the first-session flag', () => {
    const t = nextVisit({ record: undefined, timer: undefined, now: 5000, newId });
    expect(t.kind).toBe('new-visitor');
    expect(t.record).toEqual({
      id: 'new-id',
      firstVisit: 5000,
      previousVisit: 5000,
      currentVisit: 5000,
      visitCount: 1,
    });
    expect(t.recordCookie).toBe('new-id|5000|5000|5000|1');
    expect(t.timerCookie).toBe('5000');
    expect(t.firstSession).toBe(true);
  });
  it('an invalid record counts as none, even with a timer', () => {
    const t = nextVisit({ record: 'bad|0|0|0|0', timer: '4000', now: 5000, newId });
    expect(t.kind).toBe('new-visitor');
    expect(t.record.visitCount).toBe(1);
  });
  it('a valid record without timer: a new session (previous <- current, current <- now, count + 1, new timer)', () => {
    const t = nextVisit({ record: 'v|100|200|300|2', timer: undefined, now: 9000, newId });
    expect(t.kind).toBe('new-session');
    expect(t.record).toEqual({
      id: 'v',
      firstVisit: 100,
      previousVisit: 300,
      currentVisit: 9000,
      visitCount: 3,
    });
    expect(t.timerCookie).toBe('9000');
    expect(t.firstSession).toBe(false);
  });
  it('an invalid timer is a new session', () => {
    expect(nextVisit({ record: 'v|100|200|300|2', timer: 'x', now: 9000, newId }).kind).toBe('new-session');
  });
  it('a valid record and timer: the record is kept', () => {
    const t = nextVisit({ record: 'v|100|200|300|2', timer: '8000', now: 9000, newId });
    expect(t.kind).toBe('same-session');
    expect(t.recordCookie).toBe('v|100|200|300|2');
    expect(t.timerCookie).toBe('8000');
    expect(t.firstSession).toBe(false);
  });
  it('refuses an identifier that would make an invalid record', () => {
    expect(() => nextVisit({ record: undefined, timer: undefined, now: 1, newId: () => 'a|b' })).toThrow();
  });
  it('lifetimes: about two years and 30 minutes', () => {
    expect(VISITOR_RECORD_LIFETIME_MS).toBe(63_072_000_000);
    expect(VISIT_TIMER_LIFETIME_MS).toBe(1_800_000);
  });
});

describe('tracking exclusions (spec sections 2 and 6)', () => {
  it.each([
    ['/', 2, true],
    ['/shop/linen', 50, true],
    ['/cart', 200, true],
    ['/search', 102, false],
    ['/search', 2, false],
    ['/search/more', 2, false],
    ['/searching', 2, true],
    ['/nope', 100, false],
    ['/locked', 103, false],
    ['/members', 106, false],
    ['/protected', 105, true],
  ])('%s (page type %i) tracked: %s', (path, pageType, tracked) => {
    expect(isTrackedPageView({ path, pageType })).toBe(tracked);
  });
  it('signed-in users are skipped unless their only role is viewer', () => {
    const page = { path: '/', pageType: 2 };
    expect(isTrackedPageView({ ...page, signedIn: false, roles: [1] })).toBe(true);
    expect(isTrackedPageView({ ...page, signedIn: true, roles: [10] })).toBe(true);
    expect(isTrackedPageView({ ...page, signedIn: true, roles: [10, 10] })).toBe(true);
    expect(isTrackedPageView({ ...page, signedIn: true, roles: [1] })).toBe(false);
    expect(isTrackedPageView({ ...page, signedIn: true, roles: [10, 4] })).toBe(false);
    expect(isTrackedPageView({ ...page, signedIn: true, roles: [] })).toBe(false);
    expect(isTrackedPageView({ ...page, signedIn: true })).toBe(false);
  });
  it('paths under /config are told apart', () => {
    expect(isConfigPath('/config')).toBe(true);
    expect(isConfigPath('/config/analytics')).toBe(true);
    expect(isConfigPath('/configure')).toBe(false);
  });
});

describe('error reporter limits', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = (
    sent: ErrorReportEvent[][],
    ...rest: [appName?: string | undefined, log?: (m: string) => void]
  ) =>
    createErrorReporter({
      appName: rest.length > 0 ? rest[0] : 'storefront',
      log: rest[1] ?? vi.fn(),
      websiteId: 'w1',
      url: () => 'http://x/page',
      userAgent: 'UA',
      now: () => 42,
      send: (batch) => sent.push(batch),
    });

  it('debounces sends by 1 s: nothing before, one batch after', () => {
    const sent: ErrorReportEvent[][] = [];
    const r = make(sent);
    r.report({ message: 'a', stack: 'Error: a\n at x' });
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(0);
    r.report({ message: 'b' });
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((e) => e.data.message)).toEqual(['a', 'b']);
    expect(sent[0]![0]).toMatchObject({
      event: 'javascript-error',
      timestamp: 42,
      data: {
        app: 'storefront',
        stack: 'Error: a\n at x',
        websiteId: 'w1',
        url: 'http://x/page',
        userAgent: 'UA',
      },
    });
  });

  it('keeps at most 10 queued errors', () => {
    const sent: ErrorReportEvent[][] = [];
    const r = make(sent);
    for (let i = 0; i < 15; i++) r.report({ message: `e${i}` });
    expect(r.queued).toBe(ERROR_REPORTER_LIMITS.maxQueued);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((e) => e.data.message)).toEqual(Array.from({ length: 10 }, (_, i) => `e${i}`));
  });

  it('sends at most 20 times per page', () => {
    const sent: ErrorReportEvent[][] = [];
    const r = make(sent);
    for (let i = 0; i < 25; i++) {
      r.report({ message: `e${i}` });
      vi.advanceTimersByTime(1000);
    }
    expect(sent).toHaveLength(20);
    expect(r.sends).toBe(20);
    r.report({ message: 'late' });
    r.flush();
    expect(sent).toHaveLength(20);
  });

  it('cuts stacks to 5000 characters', () => {
    const sent: ErrorReportEvent[][] = [];
    const r = make(sent);
    r.report({ message: 'long', stack: 'x'.repeat(6000) });
    r.flush();
    expect(sent[0]![0]!.data.stack).toHaveLength(5000);
    expect(cutStack('short')).toBe('short');
  });

  it("a missing app name logs the spec's message and uses 'unknown'", () => {
    const sent: ErrorReportEvent[][] = [];
    const log = vi.fn();
    const r = make(sent, '', log);
    expect(log).toHaveBeenCalledWith(MISSING_APP_NAME_MESSAGE);
    expect(MISSING_APP_NAME_MESSAGE).toBe('Error Reporter Missing App Name configuration');
    r.report({ message: 'x' });
    r.flush();
    expect(sent[0]![0]!.data.app).toBe('unknown');
    const log2 = vi.fn();
    make([], undefined, log2);
    expect(log2).toHaveBeenCalledTimes(1);
    const log3 = vi.fn();
    make([], 'shop', log3);
    expect(log3).not.toHaveBeenCalled();
  });

  it('a failing sender does not break reporting', () => {
    const r = createErrorReporter({
      appName: 'a',
      send: () => {
        throw new Error('offline');
      },
    });
    r.report({ message: 'x' });
    expect(() => r.flush()).not.toThrow();
    expect(r.sends).toBe(1);
  });

  it('reads thrown values of any kind', () => {
    const e = new Error('boom');
    expect(errorInputOf(e)).toEqual({ message: 'boom', stack: e.stack });
    expect(errorInputOf('plain')).toEqual({ message: 'plain', stack: '' });
    expect(errorInputOf({ message: 'obj' })).toEqual({ message: 'obj', stack: '' });
    expect(errorInputOf(undefined).message).toBe('undefined');
  });
});

describe('performance flags (spec section 4)', () => {
  const settings = (rollout: Partial<PerformanceSettings['rollout']>): PerformanceSettings => ({
    pageLoadId: 'p1',
    rollout: { rum: true, apps: { storefront: true }, pageSpeed: true, userTiming: true, ...rollout },
  });
  it('a failed settings fetch disables the reporter', () => {
    expect(performanceFlags(undefined, 'storefront').enabled).toBe(false);
    expect(performanceFlags({ ...settings({}), pageLoadId: '' }, 'storefront').enabled).toBe(false);
  });
  it('the overall flag and the app flag must both be on', () => {
    expect(performanceFlags(settings({}), 'storefront')).toEqual({
      enabled: true,
      pageSpeed: true,
      userTiming: true,
    });
    expect(performanceFlags(settings({ rum: false }), 'storefront')).toEqual({
      enabled: false,
      pageSpeed: false,
      userTiming: false,
    });
    expect(performanceFlags(settings({ apps: { storefront: false } }), 'storefront').enabled).toBe(false);
    expect(performanceFlags(settings({ apps: {} }), 'storefront').enabled).toBe(false);
    expect(performanceFlags(settings({}), 'other').enabled).toBe(false);
  });
  it('page speed and user timing each need their own flag', () => {
    expect(performanceFlags(settings({ pageSpeed: false }), 'storefront')).toEqual({
      enabled: true,
      pageSpeed: false,
      userTiming: true,
    });
    expect(performanceFlags(settings({ userTiming: false }), 'storefront')).toEqual({
      enabled: true,
      pageSpeed: true,
      userTiming: false,
    });
  });
  it('user timings: only rum- names, each once', () => {
    const keep = createUserTimingFilter();
    expect(['rum-a', 'other', 'rum-a', 'rum-b', 'rum'].map(keep)).toEqual([true, false, false, true, false]);
  });
  it('75th percentile, nearest rank', () => {
    expect(percentile([])).toBeNull();
    expect(percentile([5])).toBe(5);
    expect(percentile([4, 1, 3, 2])).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(8);
  });
});

describe('commerce event payloads', () => {
  it('money: cents divided by 100 with two decimals', () => {
    expect(analyticsAmount(0)).toBe('0.00');
    expect(analyticsAmount(5)).toBe('0.05');
    expect(analyticsAmount(1250)).toBe('12.50');
    expect(analyticsAmount(123456789)).toBe('1234567.89');
    expect(analyticsAmount(-250)).toBe('-2.50');
  });
  it('carries the section 3 fields', () => {
    expect(
      commerceEventFields({
        websiteId: 'w',
        pageId: 'c1',
        currency: 'USD',
        item: {
          id: 'i1',
          productType: 1,
          title: 'Shirt',
          unitPriceCents: 4800,
          quantity: 2,
          attributes: { Size: 'S' },
          sku: 'S1',
        },
        cart: {
          id: 'cart1',
          totalQuantity: 3,
          subtotalCents: 10_000,
          entries: [{ productType: 1 }, { productType: 2 }, { productType: 1 }],
        },
      }),
    ).toEqual({
      website_id: 'w',
      page_id: 'c1',
      cart_id: 'cart1',
      item_id: 'i1',
      item_type: 'PHYSICAL',
      item_title: 'Shirt',
      item_price: '48.00',
      currency_code: 'USD',
      item_quantity: 2,
      num_items_in_cart: 3,
      cart_value: '100.00',
      product_types_list: ['PHYSICAL', 'DIGITAL'],
      purchase_type_list: ['ONE_TIME'],
      item_variant_object: { Size: 'S', sku: 'S1' },
    });
  });
  it('reads a confirmed order as the cart of the checkout-confirmed and purchase events', () => {
    const cart = confirmedOrderCart(
      {
        id: 'o1',
        purchasedCartId: 'cart9',
        testMode: false,
        websiteId: 'w',
        items: [
          {
            sku: 'A',
            productName: 'Candle',
            quantity: 2,
            unitPrice: { decimalValue: '12.50' },
            productType: 1,
          },
          {
            sku: 'B',
            productName: 'Guide',
            quantity: 1,
            unitPrice: { decimalValue: '5.00' },
            productType: 2,
          },
        ],
        grandTotal: { decimalValue: '30.00', currencyCode: 'USD' },
      },
      'USD',
    );
    expect(cart).toEqual({
      id: 'cart9',
      totalQuantity: 3,
      subtotalCents: 3000,
      entries: [{ productType: 1 }, { productType: 2 }],
    });
    // An express order has no cart: the order id stands in. Yen have no minor digits.
    const express = confirmedOrderCart(
      {
        id: 'o2',
        purchasedCartId: null,
        testMode: false,
        websiteId: 'w',
        items: [],
        grandTotal: { decimalValue: '1200', currencyCode: 'JPY' },
      },
      'USD',
    );
    expect(express).toMatchObject({ id: 'o2', totalQuantity: 0, subtotalCents: 1200 });
    expect(commerceEventFields({ websiteId: 'w', currency: 'USD', cart }).cart_value).toBe('30.00');
  });
});
