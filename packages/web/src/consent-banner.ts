/**
 * The cookie banner (issue 16): its own small chunk, loaded only when the visitor must be asked (a
 * restrictive `cookiePolicy` and no choice yet, main.tsx after telemetry's settings) or opens the
 * footer's cookie settings. No React: it is two buttons. The choice goes through consent.ts, which
 * fires the consent event telemetry starts or stops on.
 */
import { message, type LocalizedStrings } from './core.ts';
import { CONSENT_SETTINGS_SELECTOR, consentFromCookie, recordConsent } from './consent.ts';
import { readPageContext } from './context.ts';
import './consent-banner.css';

export const CONSENT_BANNER_CLASS = 'sf-consent';

/** Shows the banner (once: a second call focuses the one showing). `returnFocus`: where focus goes after. */
export function showConsentBanner(doc: Document, returnFocus?: HTMLElement | null): HTMLElement {
  const shown = doc.querySelector<HTMLElement>(`.${CONSENT_BANNER_CLASS}`);
  if (shown) {
    shown.querySelector('button')?.focus();
    return shown;
  }
  const ls: LocalizedStrings = readPageContext(doc).localizedStrings;
  const choice = consentFromCookie(doc.cookie);
  const banner = doc.createElement('section');
  banner.className = CONSENT_BANNER_CLASS;
  banner.setAttribute('aria-labelledby', 'sf-consent-title');
  const title = doc.createElement('h2');
  title.id = 'sf-consent-title';
  title.className = 'sf-consent__title';
  title.textContent = message('consent.title', {}, ls);
  const text = doc.createElement('p');
  text.className = 'sf-consent__text';
  text.textContent = message('consent.text', {}, ls);
  const actions = doc.createElement('div');
  actions.className = 'sf-consent__actions';
  const button = (accepted: boolean) => {
    const b = doc.createElement('button');
    b.type = 'button';
    b.className = `sf-consent__button sf-consent__button--${accepted ? 'accept' : 'decline'}`;
    b.textContent = message(accepted ? 'consent.accept' : 'consent.decline', {}, ls);
    // The visitor sees which choice is in force when they come back to change it.
    if (choice !== undefined) b.setAttribute('aria-pressed', String((choice === 'accepted') === accepted));
    b.addEventListener('click', () => {
      recordConsent(doc, accepted);
      banner.remove();
      announce(doc, message(accepted ? 'consent.saved-accepted' : 'consent.saved-declined', {}, ls));
      if (returnFocus?.isConnected) returnFocus.focus();
    });
    return b;
  };
  actions.append(button(true), button(false));
  banner.append(title, text, actions);
  doc.body.appendChild(banner);
  if (returnFocus) actions.querySelector('button')?.focus();
  return banner;
}

/** A polite status line, so that a screen reader hears the choice was kept. */
function announce(doc: Document, text: string): void {
  let status = doc.querySelector<HTMLElement>('.sf-consent-status');
  if (!status) {
    status = doc.createElement('p');
    status.className = 'sf-consent-status';
    status.setAttribute('role', 'status');
    doc.body.appendChild(status);
  }
  status.textContent = text;
}

/** The footer's cookie settings open the banner (the click that loaded this chunk is replayed). */
export function watchConsentSettings(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const target = event.target;
    const control = target instanceof Element ? target.closest<HTMLElement>(CONSENT_SETTINGS_SELECTOR) : null;
    if (!control) return;
    event.preventDefault();
    showConsentBanner(doc, control);
  });
}
