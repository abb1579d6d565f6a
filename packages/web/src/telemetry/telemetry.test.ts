// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PERFORMANCE_MESSAGES } from '@storefront/core/tracking';
import { contextScript } from '../testing/dom.ts';
import { CONSENT_EVENT, READY_ATTRIBUTE, startTelemetry } from './index.ts';
import { recordConsent } from '../consent.ts';
import { sendEvent } from './events.ts';
import { fetchSettings, navigationMetrics } from './performance.ts';
import { sendPlainText, type TransportEnv } from './transport.ts';
import { trackPageView, updateVisitCookies } from './visits.ts';
import type { PageContext } from '../core.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that records calls and answers per path. */
function fakeFetch(answers: Record<string, (init?: RequestInit) => Promise<Response> | Response> = {}) {
  const calls: { url: string; body: unknown }[] = [];
  const f = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    calls.push({ url: path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const answer = answers[path];
    return answer ? answer(init) : new Response(null, { status: 202 });
  });
  return { fetch: f as unknown as typeof fetch, calls };
}

const env = (over: Partial<TransportEnv> = {}): TransportEnv => ({
  cookies: () => document.cookie,
  warn: vi.fn(),
  ...over,
});

const ctx = (over: Partial<PageContext> = {}) =>
  ({
    pageType: 2,
    path: '/',
    websiteId: 'w1',
    collectionId: null,
    itemId: null,
    storeCurrency: 'USD',
    authenticated: false,
    products: {},
    merchandising: {},
    localizedStrings: {},
    storeSettings: { multipleQuantityAllowedForServices: true, expressCheckout: false },
    ...over,
  }) as PageContext;

function clearAll() {
  for (const name of ['ss_cvr', 'ss_cvt', 'ss_cookie_consent', 'crumb'])
    document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

beforeEach(() => {
  clearAll();
  document.documentElement.removeAttribute(READY_ATTRIBUTE);
  document.head.innerHTML = '';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('visit cookies', () => {
  test('written with the spec lifetimes: about two years and 30 minutes', () => {
    const written: string[] = [];
    const doc = {
      get cookie() {
        return '';
      },
      set cookie(v: string) {
        written.push(v);
      },
      location: { protocol: 'https:' },
    } as unknown as Document;
    const t = updateVisitCookies(doc, 1_700_000_000_000);
    expect(t.kind).toBe('new-visitor');
    expect(written).toHaveLength(2);
    expect(written[0]).toMatch(
      /^ss_cvr=[\w-]+\|1700000000000\|1700000000000\|1700000000000\|1; Max-Age=63072000; Path=\/; SameSite=Lax; Secure$/,
    );
    expect(written[1]).toBe('ss_cvt=1700000000000; Max-Age=1800; Path=/; SameSite=Lax; Secure');
  });

  test('a page view: first hit carries the record, a later one in the session keeps the count', async () => {
    const { fetch, calls } = fakeFetch();
    const first = await trackPageView(document, ctx(), env({ fetch }), 1000);
    expect(first).toMatchObject({ tracked: true, ok: true, visit: { kind: 'new-visitor' } });
    const second = await trackPageView(document, ctx(), env({ fetch }), 2000);
    expect(second).toMatchObject({ tracked: true, visit: { kind: 'same-session' } });
    expect(calls.map((c) => c.url)).toEqual(['/api/census/RecordHit', '/api/census/RecordHit']);
    expect(calls[0]!.body).toMatchObject({
      event: 'page-view',
      data: { pageType: 2, websiteId: 'w1', visit: 'new-visitor', firstSession: true },
    });
    expect((calls[1]!.body as { ss_cvr: string }).ss_cvr).toMatch(/\|1000\|1000\|1000\|1$/);
  });

  test("a signed-in customer's page view carries their member id (spec section 3); an anonymous one null", async () => {
    const { fetch, calls } = fakeFetch();
    await trackPageView(document, ctx({ authenticated: true, memberId: 'member-7' }), env({ fetch }), 1000);
    await trackPageView(document, ctx(), env({ fetch }), 2000);
    expect(calls.map((c) => (c.body as { data: { memberAccountId: unknown } }).data.memberAccountId)).toEqual(
      ['member-7', null],
    );
  });

  test.each([
    [100, '/x'],
    [103, '/x'],
    [106, '/x'],
    [2, '/search'],
  ])('page type %i at %s: no hit and no cookies', async (pageType, path) => {
    const { fetch, calls } = fakeFetch();
    const doc = {
      cookie: '',
      location: { pathname: path, hash: '' },
      documentElement: { lang: 'en' },
      referrer: '',
    } as unknown as Document;
    expect(await trackPageView(doc, ctx({ pageType, path }), env({ fetch }), 1000)).toEqual({
      tracked: false,
    });
    expect(calls).toEqual([]);
    expect(doc.cookie).toBe('');
  });

  test('a census call that hangs is abandoned after 2500 ms, and the failure is swallowed', async () => {
    vi.useFakeTimers();
    const hanging = vi.fn(
      (_url: unknown, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const result = trackPageView(document, ctx(), env({ fetch: hanging as unknown as typeof fetch }), 1000);
    await vi.advanceTimersByTimeAsync(2499);
    expect(hanging.mock.calls[0]![1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ tracked: true, ok: false });
  });
});

describe('performance transport and settings', () => {
  test('by beacon when available, as plain text', () => {
    const sendBeacon = vi.fn(() => true);
    sendPlainText(env({ navigator: { sendBeacon } as unknown as Navigator }), '/r', '[1]');
    expect(sendBeacon).toHaveBeenCalledWith('/r', '[1]');
  });

  test('else XHR as text/plain; an unexpected status logs the spec message', () => {
    const opened: unknown[] = [];
    class FakeXhr {
      readyState = 0;
      status = 0;
      onreadystatechange: (() => void) | null = null;
      headers: Record<string, string> = {};
      open(...args: unknown[]) {
        opened.push(args);
      }
      setRequestHeader(k: string, v: string) {
        this.headers[k] = v;
      }
      send(body: string) {
        opened.push(body, this.headers);
        this.readyState = 4;
        this.status = 500;
        this.onreadystatechange?.();
      }
    }
    const warn = vi.fn();
    sendPlainText(env({ XMLHttpRequest: FakeXhr as unknown as typeof XMLHttpRequest, warn }), '/r', '[2]');
    expect(opened).toEqual([['POST', '/r', true], '[2]', { 'content-type': 'text/plain;charset=UTF-8' }]);
    expect(warn).toHaveBeenCalledWith(`${PERFORMANCE_MESSAGES.xhrStatus}: 500`);
  });

  test("settings: a failed call disables the reporter with 'Unable to resolve pageLoadId'", async () => {
    const report = vi.fn();
    const { fetch } = fakeFetch({ '/api/1/performance/settings': () => json({}, 500) });
    expect(await fetchSettings(env({ fetch }), report)).toBeUndefined();
    expect(report).toHaveBeenCalledWith('Unable to resolve pageLoadId');
  });

  test("settings: no answer within 30 s is 'Metric settings request timeout'", async () => {
    vi.useFakeTimers();
    const report = vi.fn();
    const hanging = (_: unknown, init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const pending = fetchSettings(env({ fetch: hanging as unknown as typeof fetch }), report);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(report).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeUndefined();
    expect(report).toHaveBeenCalledWith('Metric settings request timeout');
  });

  test('navigation timing: durations from the navigation entry, negatives dropped', () => {
    const entry = {
      decodedBodySize: 100,
      encodedBodySize: 50,
      domContentLoadedEventStart: 10,
      domContentLoadedEventEnd: 12,
      domainLookupStart: 1,
      domainLookupEnd: 3,
      loadEventStart: 20,
      loadEventEnd: 21,
      responseStart: 5,
      connectStart: 3,
      connectEnd: 4,
      secureConnectionStart: 0,
      domInteractive: 9,
    };
    const perf = { getEntriesByType: () => [entry] } as unknown as Performance;
    expect(navigationMetrics(perf)).toEqual({
      decodedBodySize: 100,
      encodedBodySize: 50,
      domContentLoadedEventStart: 10,
      domContentLoadedEventEnd: 12,
      domainLookup: 2,
      loadEventStart: 20,
      loadEventEnd: 21,
      responseStart: 5,
      tcpConnection: 1,
      timeToInteractive: 9,
    });
  });
});

describe('button clicks', () => {
  test('a click on a store button sends its label to the census; other clicks send nothing', async () => {
    document.head.innerHTML = contextScript({ pageType: 50, path: '/' });
    document.body.innerHTML =
      '<div class="sqs-add-to-cart-button" data-original-label="Add To Cart"><span>Adding…</span></div><p id="plain">text</p>';
    const { fetch, calls } = fakeFetch({ '/api/1/performance/settings': () => json({}, 500) });
    const handle = startTelemetry(document, { fetch });
    await handle.ready;
    (document.querySelector('#plain') as HTMLElement).click();
    (document.querySelector('.sqs-add-to-cart-button span') as HTMLElement).click();
    const clicks = calls.filter((c) => c.url === '/api/census/button-click');
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.body).toMatchObject({ target: 'Add To Cart', pageType: 50 });
    handle.stop();
    document.body.innerHTML = '';
  });
});

describe('cookie policy', () => {
  test('restrictive: tracking cookies cleared, nothing sent until the visitor agrees', async () => {
    document.head.innerHTML = contextScript({ pageType: 2, path: '/' });
    document.cookie = 'ss_cvr=old|1|1|1|3; Path=/';
    document.cookie = 'ss_cvt=5; Path=/';
    const { fetch, calls } = fakeFetch({
      '/api/census/settings': () => json({ cookiePolicy: 'restrictive' }),
      '/api/1/performance/settings': () => json({}, 500),
    });
    const handle = startTelemetry(document, { fetch });
    await handle.ready;
    expect(calls.map((c) => c.url)).toEqual(['/api/census/settings']);
    expect(document.cookie).not.toMatch(/ss_cv[rt]=/);
    expect(document.documentElement.getAttribute(READY_ATTRIBUTE)).toBe('consent-required');
    expect(handle.running()).toBeUndefined();

    document.dispatchEvent(new CustomEvent(CONSENT_EVENT));
    const running = handle.running();
    expect(running).toBeDefined();
    await running!.pageView;
    expect(calls.map((c) => c.url)).toContain('/api/census/RecordHit');
    expect(document.cookie).toMatch(/ss_cookie_consent=1/);
    expect(document.cookie).toMatch(/ss_cvr=[\w-]+\|\d+\|\d+\|\d+\|1/);
    handle.stop();
  });

  test('permissive: the page view goes at once', async () => {
    document.head.innerHTML = contextScript({ pageType: 2, path: '/' });
    const { fetch, calls } = fakeFetch({
      '/api/census/settings': () => json({ cookiePolicy: 'permissive' }),
      '/api/1/performance/settings': () => json({}, 500),
    });
    const handle = startTelemetry(document, { fetch });
    await handle.ready;
    await handle.running()!.pageView;
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/api/census/settings', '/api/census/RecordHit']),
    );
    handle.stop();
  });

  test('a visitor who declines stops tracking and loses the visit cookies; declined stays off on the next page', async () => {
    document.head.innerHTML = contextScript({ pageType: 2, path: '/' });
    const { fetch, calls } = fakeFetch({
      '/api/census/settings': () => json({ cookiePolicy: 'permissive' }),
      '/api/1/performance/settings': () => json({}, 500),
    });
    const handle = startTelemetry(document, { fetch });
    await handle.ready;
    await handle.running()!.pageView;
    expect(document.cookie).toMatch(/ss_cvr=/);
    expect(handle.consentBannerNeeded()).toBe(false);

    recordConsent(document, false);
    expect(handle.running()).toBeUndefined();
    expect(document.cookie).not.toMatch(/ss_cv[rt]=/);
    expect(document.cookie).toMatch(/ss_cookie_consent=0/);
    handle.stop();

    calls.length = 0;
    const next = startTelemetry(document, { fetch });
    await next.ready;
    expect(next.running()).toBeUndefined();
    expect(calls.map((c) => c.url)).toEqual(['/api/census/settings']);
    recordConsent(document, true);
    await next.running()!.pageView;
    expect(calls.map((c) => c.url)).toContain('/api/census/RecordHit');
    next.stop();
  });

  test('restrictive without a choice: the banner must ask; after a choice it need not', async () => {
    const { fetch } = fakeFetch({ '/api/census/settings': () => json({ cookiePolicy: 'restrictive' }) });
    const handle = startTelemetry(document, { fetch });
    await handle.ready;
    expect(handle.consentBannerNeeded()).toBe(true);
    recordConsent(document, false);
    expect(handle.consentBannerNeeded()).toBe(false);
    expect(handle.running()).toBeUndefined();
    handle.stop();
  });
});

describe('the analytics event sender (spec section 8)', () => {
  test('200 and 202 succeed', async () => {
    for (const status of [200, 202]) {
      const { fetch, calls } = fakeFetch({ '/api/events/RecordEvent': () => new Response(null, { status }) });
      await expect(sendEvent(env({ fetch }), 'view_cart', { a: 1 })).resolves.toBeUndefined();
      expect(calls[0]!.body).toEqual({ event: 'view_cart', data: { a: 1 } });
    }
  });
  test("no payload rejects with 'no payload' and sends nothing", async () => {
    const { fetch, calls } = fakeFetch();
    await expect(sendEvent(env({ fetch }), 'x', undefined)).rejects.toThrow('no payload');
    expect(calls).toEqual([]);
  });
  test("another status warns and rejects with 'Error tracking event: HTTP Status {n}'", async () => {
    const warn = vi.fn();
    const { fetch } = fakeFetch({ '/api/events/RecordEvent': () => new Response(null, { status: 204 }) });
    await expect(sendEvent(env({ fetch, warn }), 'x', {})).rejects.toThrow(
      'Error tracking event: HTTP Status 204',
    );
    expect(warn).toHaveBeenCalledWith('Error tracking event: HTTP Status 204');
  });
});
