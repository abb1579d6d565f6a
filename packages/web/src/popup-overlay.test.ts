// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest';
import {
  POPUP_STORAGE_KEYS,
  popupOverlayConfigOf,
  popupOverlayDue,
  readPopupMemory,
  rememberPopup,
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
