/**
 * The back office's first HTML (before its bundle draws a screen) speaks the message catalogue, so a
 * site's `localizedStrings` translates it (issue 28: every user-facing string in the catalogue).
 */
import { describe, expect, it } from 'vitest';
import { shellHtml } from './shell.ts';

describe("the back office's shell in the site's words", () => {
  const words = {
    'staff.back-office': 'Verwaltung',
    'staff.back-office-of': '{site}: Verwaltung',
    'staff.back-office-loading': 'Lädt…',
    'staff.back-office-not-built': 'Nicht gebaut <npm run build:web>',
  };
  const data = { email: 'a@example.test', permissions: [], siteTitle: 'Laden & Co' };
  const nonces = { script: 'n1', style: 'n2' };

  it('with its bundle: the title names the site, the page says it is loading', () => {
    const page = shellHtml(data, 'config.js', nonces, words);
    expect(page).toContain('<title>Laden &amp; Co: Verwaltung</title>');
    expect(page).toContain('<h1>Verwaltung</h1><p>Lädt…</p>');
    expect(page).not.toContain('Back office');
  });

  it('without its bundle: what to run, escaped', () => {
    const page = shellHtml({ ...data, siteTitle: '' }, null, nonces, words);
    expect(page).toContain('<title>Verwaltung</title>');
    expect(page).toContain('<p>Nicht gebaut &lt;npm run build:web&gt;</p>');
  });
});
