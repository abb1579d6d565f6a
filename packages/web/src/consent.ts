/**
 * Cookie consent (issue 16): the visitor's choice, kept in a first-party cookie, and what the site's
 * `cookiePolicy` (websiteSettings, `GET /api/census/settings`) allows with it. Telemetry and the
 * banner both read and write the choice here, so that they never disagree.
 */
import { VISITOR_RECORD_LIFETIME_MS } from '@storefront/core/tracking';
import { readCookie } from './cookies.ts';

export type CookiePolicy = 'permissive' | 'restrictive';
/** Undefined while the visitor has not chosen. */
export type ConsentChoice = 'accepted' | 'declined' | undefined;

/** Fired on the document when the visitor chooses; `detail.accepted` (absent means accepted). */
export const CONSENT_EVENT = 'storefront:cookie-consent';
export const CONSENT_COOKIE = 'ss_cookie_consent';
/** The footer's control that opens the banner again (the demo template has one). */
export const CONSENT_SETTINGS_SELECTOR = '[data-sf-cookie-settings]';

export interface ConsentDetail {
  accepted: boolean;
}

export function consentFromCookie(cookieString: string): ConsentChoice {
  const value = readCookie(CONSENT_COOKIE, cookieString);
  if (value === '1') return 'accepted';
  if (value === '0') return 'declined';
  return undefined;
}

/**
 * Whether analytics (visit cookies, page views, performance, census) may run. Restrictive: only
 * after the visitor accepted. Permissive: unless the visitor declined.
 */
export function trackingAllowed(policy: CookiePolicy, choice: ConsentChoice): boolean {
  return policy === 'restrictive' ? choice === 'accepted' : choice !== 'declined';
}

/** The banner asks by itself only under a restrictive policy, and only until the visitor chose. */
export function consentBannerNeeded(policy: CookiePolicy, choice: ConsentChoice): boolean {
  return policy === 'restrictive' && choice === undefined;
}

/** Keeps the choice as long as the visitor record would live. */
export function storeConsent(doc: Document, accepted: boolean): void {
  doc.cookie = `${CONSENT_COOKIE}=${accepted ? '1' : '0'}; Max-Age=${Math.floor(
    VISITOR_RECORD_LIFETIME_MS / 1000,
  )}; Path=/; SameSite=Lax`;
}

/** Keeps the choice and tells the page (telemetry starts or stops on it). */
export function recordConsent(doc: Document, accepted: boolean): void {
  storeConsent(doc, accepted);
  doc.dispatchEvent(new CustomEvent<ConsentDetail>(CONSENT_EVENT, { detail: { accepted } }));
}

/** The choice an event carries: an event without detail (a site's own banner) means accepted. */
export const acceptedIn = (event: Event): boolean =>
  (event as CustomEvent<Partial<ConsentDetail> | null>).detail?.accepted !== false;
