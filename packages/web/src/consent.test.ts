// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest';
import {
  CONSENT_EVENT,
  consentBannerNeeded,
  consentFromCookie,
  recordConsent,
  trackingAllowed,
  type ConsentChoice,
  type CookiePolicy,
} from './consent.ts';
import { showConsentBanner, watchConsentSettings } from './consent-banner.ts';

afterEach(() => {
  document.cookie = 'ss_cookie_consent=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.body.innerHTML = '';
});

describe('what each cookie policy allows', () => {
  const table: [CookiePolicy, ConsentChoice, boolean, boolean][] = [
    // policy, choice, tracking allowed, banner asks by itself
    ['restrictive', undefined, false, true],
    ['restrictive', 'declined', false, false],
    ['restrictive', 'accepted', true, false],
    ['permissive', undefined, true, false],
    ['permissive', 'declined', false, false],
    ['permissive', 'accepted', true, false],
  ];
  test.each(table)('%s, choice %s: tracking %s, banner %s', (policy, choice, tracking, banner) => {
    expect(trackingAllowed(policy, choice)).toBe(tracking);
    expect(consentBannerNeeded(policy, choice)).toBe(banner);
  });

  test('the choice is read from the consent cookie; anything else is no choice', () => {
    expect(consentFromCookie('a=1; ss_cookie_consent=1')).toBe('accepted');
    expect(consentFromCookie('ss_cookie_consent=0')).toBe('declined');
    expect(consentFromCookie('ss_cookie_consent=yes')).toBeUndefined();
    expect(consentFromCookie('')).toBeUndefined();
  });
});

describe('the banner', () => {
  test('accepting keeps the choice, fires the consent event and goes away', () => {
    const seen: unknown[] = [];
    document.addEventListener(CONSENT_EVENT, (e) => seen.push((e as CustomEvent).detail));
    const banner = showConsentBanner(document);
    expect(banner.textContent).toContain('Cookies');
    banner.querySelector<HTMLButtonElement>('.sf-consent__button--accept')!.click();
    expect(consentFromCookie(document.cookie)).toBe('accepted');
    expect(seen).toEqual([{ accepted: true }]);
    expect(document.querySelector('.sf-consent')).toBeNull();
    expect(document.querySelector('[role=status]')?.textContent).toBe('Analytics cookies are on.');
  });

  test('the footer control opens it with the current choice pressed; declining changes it', () => {
    recordConsent(document, true);
    document.body.innerHTML = '<button type="button" data-sf-cookie-settings>Cookie settings</button>';
    watchConsentSettings(document);
    const footer = document.querySelector<HTMLButtonElement>('[data-sf-cookie-settings]')!;
    footer.click();
    const accept = document.querySelector('.sf-consent__button--accept')!;
    const decline = document.querySelector<HTMLButtonElement>('.sf-consent__button--decline')!;
    expect(accept.getAttribute('aria-pressed')).toBe('true');
    expect(decline.getAttribute('aria-pressed')).toBe('false');
    expect(document.activeElement).toBe(accept);
    decline.click();
    expect(consentFromCookie(document.cookie)).toBe('declined');
    expect(document.activeElement).toBe(footer);
  });
});
