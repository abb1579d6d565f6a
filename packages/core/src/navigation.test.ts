import { describe, expect, it } from 'vitest';
import {
  NAVIGATION_FIT_BUDGET,
  NAVIGATION_LINK_OVERHEAD,
  isNavigationUrl,
  navigationDocumentOf,
  navigationDocumentSchema,
  navigationEntriesOf,
  navigationFitWarning,
} from './navigation.ts';

describe('navigation links', () => {
  it('takes http(s), mailto, tel and paths on the site, and nothing that runs or leaves by a trick', () => {
    for (const url of [
      'https://kiln.example/',
      'http://kiln.example/a?b=1',
      'mailto:hi@example.test',
      'tel:+15185550100',
      '/journal',
      '/',
    ])
      expect(isNavigationUrl(url), url).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example/',
      'ftp://files.example/',
      'journal',
      '',
      '/a b',
      '/\\evil.example',
      'https://',
    ])
      expect(isNavigationUrl(url), url).toBe(false);
  });
});

describe('navigation.json and the editor', () => {
  it('reads a template file’s entries and writes them back the same, a page that is on as its urlId alone', () => {
    const file = {
      mainNav: ['shop', { externalLink: { url: 'https://x.example/', title: 'X', newWindow: true } }],
      footerNav: [
        { collection: 'about', disabled: true },
        {
          folder: {
            title: 'More',
            items: ['contact', { externalLink: { url: '/a', title: 'A', newWindow: false }, disabled: true }],
          },
        },
      ],
    };
    const document = navigationDocumentSchema.parse(file);
    const entries = navigationEntriesOf(document);
    expect(entries.footerNav?.[1]).toEqual({
      kind: 'folder',
      title: 'More',
      disabled: false,
      items: [
        { kind: 'page', urlId: 'contact', disabled: false },
        { kind: 'link', title: 'A', url: '/a', newWindow: false, disabled: true },
      ],
    });
    expect(navigationDocumentOf(entries)).toEqual(file);
  });
});

describe('whether the main navigation fits the header', () => {
  it('warns once the titles and their padding pass the budget, saying by how much', () => {
    const title = (n: number) => 'a'.repeat(n);
    const fits = [title(NAVIGATION_FIT_BUDGET - 2 * NAVIGATION_LINK_OVERHEAD - 10), title(10)];
    expect(navigationFitWarning(fits)).toBeNull();
    expect(navigationFitWarning([...fits.slice(0, 1), title(12)])).toBe(
      'These titles are too long for the header to stay on one line on a wide screen: shorten them by about 2 characters, or move some pages into a folder.',
    );
    // The demo's own navigation fits.
    expect(navigationFitWarning(['Shop', 'Journal', 'About', 'Contact'])).toBeNull();
  });
});
