/**
 * The staff sign-in page speaks the message catalogue, so a site's `localizedStrings` translates
 * it (issue 28: every user-facing string in the catalogue), escaped once.
 */
import { describe, expect, it } from 'vitest';
import { loginPageHtml } from './login-page.ts';

describe("the staff sign-in page in the site's words", () => {
  const words = {
    'staff.sign-in-title': 'Anmeldung <Personal>',
    'staff.password': 'Passwort',
    'staff.sign-in': 'Anmelden',
    'staff.signed-in-as': 'Angemeldet als {email}.',
    'staff.totp-set-up': 'Authenticator einrichten',
  };

  it('signed out: its title, labels and button', () => {
    const page = loginPageHtml({ crumb: 'c', passkeyScript: null }, words);
    expect(page).toContain('<h1>Anmeldung &lt;Personal&gt;</h1>');
    expect(page).toContain('<label for="password">Passwort</label>');
    expect(page).toContain('<button type="submit">Anmelden</button>');
    expect(page).not.toContain('Staff sign-in');
  });

  it('signed in: who, and the authenticator form', () => {
    const page = loginPageHtml({ crumb: 'c', passkeyScript: null, signedInAs: 'a<b@example.test' }, words);
    expect(page).toContain('<p role="status">Angemeldet als a&lt;b@example.test.</p>');
    expect(page).toContain('<button type="submit">Authenticator einrichten</button>');
  });
});
