/**
 * The owner's analytics page and its range refusals speak the message catalogue, so a site's
 * `localizedStrings` translates them (issue 28: every user-facing string in the catalogue).
 */
import { describe, expect, it } from 'vitest';
import { rangeOf, renderAnalyticsPage } from './owner.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const EMPTY = {
  from: Date.parse('2026-11-20T00:00:00Z'),
  to: Date.parse('2026-11-28T00:00:00Z'),
  visits: 3,
  visitors: 2,
  pageViews: 5,
  pageViewsByDay: [],
  topPages: [],
  configViews: 4,
  buttonClicks: [],
  funnel: [],
  errors: [],
  performance: [],
};

describe("the owner's analytics page in the site's words", () => {
  it('shows the site’s own words for its headings, figures and empty states', () => {
    const page = renderAnalyticsPage(EMPTY, {
      'owner.analytics-title': 'Statistiken',
      'owner.visits': 'Besuche',
      'owner.none-in-range': 'Nichts <hier>.',
      'owner.config-views': 'Verwaltung {count} Mal aufgerufen.',
    });
    expect(page).toContain('<h1>Statistiken</h1>');
    expect(page).toContain('<li>Besuche<strong data-figure="visits">3</strong></li>');
    expect(page).toContain('<p class="empty">Nichts &lt;hier&gt;.</p>');
    expect(page).toContain('<p>Verwaltung 4 Mal aufgerufen.</p>');
    expect(page).not.toContain('Visits');
  });

  it('refuses a bad range in the site’s words', () => {
    const words = {
      'owner.date-format': 'Datum als JJJJ-MM-TT.',
      'owner.range-too-long': 'Höchstens {days} Tage.',
    };
    expect(rangeOf({ from: '2026-13-45' }, NOW, words)).toBe('Datum als JJJJ-MM-TT.');
    expect(rangeOf({ from: '2024-01-01', to: '2026-01-01' }, NOW, words)).toBe('Höchstens 366 Tage.');
  });
});
