// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  POPUP_STORAGE_KEYS,
  POPUP_OVERLAY_EVENT,
  announcePopup,
  popupOverlayConfigOf,
  popupOverlayDue,
  readPopupMemory,
  rememberPopup,
  takeUnheardPopupActions,
  whenPopupTriggered,
  type PopupOverlayConfig,
} from './popup-overlay.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 24);
const config: PopupOverlayConfig = { version: '2', closedDays: 14, paths: [] };

afterEach(() => localStorage.clear());

describe('when the popup overlay shows', () => {
  test.each([
    ['never seen', { submitted: false }, true],
    ['closed 13 days ago', { version: '2', closedDate: NOW - 13 * DAY, submitted: false }, false],
    ['closed 14 days ago', { version: '2', closedDate: NOW - 14 * DAY, submitted: false }, true],
    ['signed up long ago', { version: '2', closedDate: NOW - 400 * DAY, submitted: true }, false],
    [
      'closed yesterday, a new version since',
      { version: '1', closedDate: NOW - DAY, submitted: false },
      true,
    ],
    ['signed up to an older version', { version: '1', closedDate: NOW - DAY, submitted: true }, true],
  ])('%s: %s', (_, memory, due) => {
    expect(popupOverlayDue(config, memory, NOW, '/')).toBe(due);
  });

  test('only on its pages when it names some', () => {
    const onNewsletter = { ...config, paths: ['/newsletter'] };
    expect(popupOverlayDue(onNewsletter, { submitted: false }, NOW, '/newsletter')).toBe(true);
    expect(popupOverlayDue(onNewsletter, { submitted: false }, NOW, '/shop')).toBe(false);
  });
});

describe('what local storage remembers', () => {
  test('a close: the closed date and the version, not submitted', () => {
    rememberPopup(localStorage, '2', 'closed', NOW);
    expect(localStorage.getItem(POPUP_STORAGE_KEYS.closedDate)).toBe(String(NOW));
    expect(localStorage.getItem(POPUP_STORAGE_KEYS.version)).toBe('2');
    expect(localStorage.getItem(POPUP_STORAGE_KEYS.submitted)).toBe('false');
    expect(readPopupMemory(localStorage)).toEqual({ closedDate: NOW, version: '2', submitted: false });
    expect(popupOverlayDue(config, readPopupMemory(localStorage), NOW + DAY, '/')).toBe(false);
  });

  test('a sign-up: the submitted flag', () => {
    rememberPopup(localStorage, '2', 'submitted', NOW);
    expect(readPopupMemory(localStorage).submitted).toBe(true);
    expect(popupOverlayDue(config, readPopupMemory(localStorage), NOW + 400 * DAY, '/')).toBe(false);
  });

  test('unreadable values count as nothing remembered; blocked storage shows the popup', () => {
    localStorage.setItem(POPUP_STORAGE_KEYS.closedDate, 'soon');
    expect(readPopupMemory(localStorage)).toEqual({
      closedDate: undefined,
      version: undefined,
      submitted: false,
    });
    expect(readPopupMemory(undefined)).toEqual({
      closedDate: undefined,
      version: undefined,
      submitted: false,
    });
  });

  test("the marker's data attributes describe the popup; no version, no popup", () => {
    const marker = document.createElement('div');
    marker.dataset.version = '3';
    marker.dataset.closedDays = '7';
    marker.dataset.paths = '/newsletter /about ';
    expect(popupOverlayConfigOf(marker)).toEqual({
      version: '3',
      closedDays: 7,
      paths: ['/newsletter', '/about'],
    });
    marker.dataset.version = ' ';
    expect(popupOverlayConfigOf(marker)).toBeUndefined();
  });
});

describe('when its moment comes', () => {
  afterEach(() => vi.useRealTimers());

  test('the marker says the delay and the scroll depth; odd values are none', () => {
    const marker = document.createElement('div');
    marker.dataset.version = '1';
    marker.dataset.delaySeconds = '5';
    marker.dataset.scrollPercent = '40';
    expect(popupOverlayConfigOf(marker)).toMatchObject({ delaySeconds: 5, scrollPercent: 40 });
    marker.dataset.delaySeconds = '-1';
    marker.dataset.scrollPercent = '';
    const odd = popupOverlayConfigOf(marker);
    expect(odd?.delaySeconds).toBeUndefined();
    expect(odd?.scrollPercent).toBeUndefined();
  });

  test('after the delay, not before', () => {
    vi.useFakeTimers();
    const show = vi.fn();
    whenPopupTriggered(window, { ...config, delaySeconds: 5 }, show);
    vi.advanceTimersByTime(4999);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledTimes(1);
  });

  test('on scrolling far enough, once, and no timer when only scroll is asked for', () => {
    vi.useFakeTimers();
    const show = vi.fn();
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 3000, configurable: true });
    Object.defineProperty(window, 'innerHeight', { value: 1000, configurable: true });
    window.scrollTo(0, 0);
    whenPopupTriggered(window, { ...config, scrollPercent: 50 }, show);
    vi.advanceTimersByTime(60_000);
    expect(show).not.toHaveBeenCalled();
    Object.defineProperty(window, 'scrollY', { value: 600, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    expect(show).not.toHaveBeenCalled();
    Object.defineProperty(window, 'scrollY', { value: 1000, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('scroll'));
    expect(show).toHaveBeenCalledTimes(1);
  });

  test('what nobody counted yet waits for telemetry, once; what a listener counted does not', () => {
    announcePopup(document, { action: 'shown', version: '2' });
    const counted = (e: Event) => e.preventDefault();
    document.addEventListener(POPUP_OVERLAY_EVENT, counted);
    announcePopup(document, { action: 'closed', version: '2' });
    document.removeEventListener(POPUP_OVERLAY_EVENT, counted);
    expect(takeUnheardPopupActions(document)).toEqual([{ action: 'shown', version: '2' }]);
    expect(takeUnheardPopupActions(document)).toEqual([]);
  });
});
