/**
 * Issue 15: the site's header and footer and its languages, edited by staff (spec section 7) and
 * shown by every page of the demo store, on both databases.
 */
import { describe, expect, it } from 'vitest';
import type { RoleCode } from '@storefront/core';
import { STAFF_SESSION_PATH } from '../accounts/routes.ts';
import { Customer, makeAccount } from '../accounts/testing.ts';
import { CART_COOKIE } from '../../platform/http/cookies.ts';
import { appForSuite, DATABASES, DEMO_SITE } from '../../testing/app.ts';
import { Shopper } from '../../testing/shopper.ts';

const HEADER_FOOTER = '/api/site-header-footer';
const SETTINGS = '/api/multilingual/settings';
const STATUS = '/api/multilingual/status';
const LANGUAGES = '/api/multilingual/languages';
const PRODUCT = '/shop/linen-camp-shirt';
const SITE_URL = 'http://storefront.test';

const ROLE = { admin: 1, storeManager: 8, editor: 4, viewer: 10 } as const satisfies Record<string, RoleCode>;

const headerFooter = {
  header: {
    announcementText: 'Winter sale: 20% off linen <until Sunday>',
    announcementUrl: '/shop',
  },
  footer: {
    text: 'Studio closed on public holidays.',
    socialLinks: [{ service: 'instagram', url: 'https://www.instagram.com/juniperrow.studio' }],
  },
};

for (const database of DATABASES) {
  describe(`[${database.name}] site header and footer, languages`, () => {
    const t = appForSuite(database, { siteDir: DEMO_SITE, siteUrl: SITE_URL });
    let made = 0;
    async function staff(role: RoleCode): Promise<Customer> {
      const email = `site-staff-${++made}@example.test`;
      await makeAccount(t.db, email, { kind: 'staff', roles: [role] });
      const browser = new Customer(t);
      expect((await browser.signIn(email, undefined, false, STAFF_SESSION_PATH)).statusCode).toBe(200);
      return browser;
    }
    /** A page as an anonymous visitor gets it (the shared page cache). */
    const page = async (path: string) => {
      const res = await t.app.inject({ method: 'GET', url: path });
      return { status: res.statusCode, html: res.body };
    };

    it('saves the header and footer, and every page shows them at once', async () => {
      const before = await page('/');
      expect(before.html).toContain('&middot; Made in small batches in Hudson');
      const viewer = await staff(ROLE.viewer);
      const unsaved = await viewer.request('GET', HEADER_FOOTER);
      expect(unsaved.statusCode).toBe(200);
      expect(unsaved.json()).toEqual({
        header: { announcementText: '', announcementUrl: '' },
        footer: { text: '', socialLinks: [] },
        updated: null,
        updatedBy: null,
      });

      const editor = await staff(ROLE.editor);
      const saved = await editor.request('PUT', HEADER_FOOTER, headerFooter);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ ...headerFooter, updatedBy: 'site-staff-2@example.test' });
      expect((await viewer.request('GET', HEADER_FOOTER)).json()).toMatchObject(headerFooter);

      for (const path of ['/', PRODUCT, '/no-such-page']) {
        const { html } = await page(path);
        expect(html, path).not.toContain('&middot; Made in small batches in Hudson');
        expect(html, path).toContain('<a href="/shop">Winter sale: 20% off linen &lt;until Sunday&gt;</a>');
        expect(html, path).toContain('Studio closed on public holidays.');
        expect(html, path).toContain(
          'href="https://www.instagram.com/juniperrow.studio" rel="me noopener">instagram',
        );
      }
      // A visitor with a cart gets pages rendered for them alone, and platform pages: the same header.
      for (const path of ['/', '/cart', '/search?q=linen']) {
        const own = await t.app.inject({ method: 'GET', url: path, headers: { cookie: `${CART_COOKIE}=x` } });
        expect(own.body, path).toContain('Winter sale: 20% off linen');
      }

      // Emptied: no bar, no links.
      await editor.request('PUT', HEADER_FOOTER, { header: {}, footer: {} });
      const emptied = await page('/');
      expect(emptied.html).not.toContain('class="announcement-bar"');
    });

    it('refuses malformed input naming the field, and staff without content.edit', async () => {
      const editor = await staff(ROLE.editor);
      const refusals: [unknown, string][] = [
        [
          { header: { announcementText: 'x'.repeat(201) }, footer: {} },
          'Invalid body: header.announcementText: must be at most 200 characters',
        ],
        [
          { header: { announcementUrl: 'javascript:alert(1)' }, footer: {} },
          'Invalid body: header.announcementUrl: must be an http(s) address or a path starting with /',
        ],
        [
          { header: {}, footer: { socialLinks: [{ service: 'myspace', url: 'https://myspace.com/x' }] } },
          'Invalid body: footer.socialLinks.0.service: must be one of instagram, facebook, x, pinterest, tiktok, youtube, linkedin, mastodon, threads, bluesky',
        ],
        [{ header: {}, footer: {}, theme: 'dark' }, 'Invalid body: theme: Unrecognized key: "theme"'],
        [{ header: {} }, 'Invalid body: footer: Invalid input: expected object, received undefined'],
      ];
      for (const [body, message] of refusals) {
        const res = await editor.request('PUT', HEADER_FOOTER, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual({ code: 'invalid-request', message });
      }
      const notJson = await editor.request('PUT', HEADER_FOOTER, '{"header":', {
        'content-type': 'application/json',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().code).toBe('invalid-json');

      for (const role of [ROLE.viewer, ROLE.storeManager]) {
        const member = await staff(role);
        const res = await member.request('PUT', HEADER_FOOTER, headerFooter);
        expect(res.statusCode, `role ${role}`).toBe(403);
        expect(res.json().code).toBe('account.forbidden');
        expect((await member.request('PUT', LANGUAGES, { languages: [] })).statusCode).toBe(403);
      }
      const signedOut = new Shopper(t);
      await signedOut.start();
      for (const [method, url] of [
        ['GET', HEADER_FOOTER],
        ['PUT', HEADER_FOOTER],
        ['GET', SETTINGS],
        ['GET', STATUS],
        ['PUT', LANGUAGES],
      ] as const) {
        const res = await signedOut.request(method, url, method === 'PUT' ? headerFooter : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
      // A customer is no staff member.
      const customerEmail = 'site-customer@example.test';
      await makeAccount(t.db, customerEmail);
      const customer = new Customer(t);
      expect((await customer.signIn(customerEmail)).statusCode).toBe(200);
      expect((await customer.request('GET', HEADER_FOOTER)).statusCode).toBe(403);
    });

    it('enables a second language: its pages under its prefix, in its strings, and hreflang on every page', async () => {
      const viewer = await staff(ROLE.viewer);
      expect((await viewer.request('GET', SETTINGS)).json()).toMatchObject({
        defaultLanguage: 'en-US',
        languages: [{ tag: 'en-US', name: 'English (United States)', isDefault: true }],
        availableLanguages: expect.arrayContaining([{ tag: 'fr-FR', name: 'Français (France)' }]),
      });
      expect((await viewer.request('GET', STATUS)).json()).toMatchObject({ multilingual: false });
      expect((await page(PRODUCT)).html).not.toContain('hreflang');
      expect((await page(`/fr-fr${PRODUCT}`)).status).toBe(404);

      const admin = await staff(ROLE.admin);
      const put = await admin.request('PUT', LANGUAGES, {
        languages: [{ tag: 'fr-FR' }, { tag: 'en-US', isDefault: true }],
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({
        defaultLanguage: 'en-US',
        languages: [
          { tag: 'en-US', isDefault: true },
          { tag: 'fr-FR', isDefault: false },
        ],
      });
      expect((await viewer.request('GET', STATUS)).json()).toEqual({
        multilingual: true,
        defaultLanguage: 'en-US',
        languages: [
          {
            tag: 'en-US',
            name: 'English (United States)',
            isDefault: true,
            path: '/',
            localizedStrings: 'translated',
            content: 'original',
          },
          {
            tag: 'fr-FR',
            name: 'Français (France)',
            isDefault: false,
            path: '/fr-fr/',
            localizedStrings: 'translated',
            content: 'untranslated',
          },
        ],
      });

      const alternates = (path: string) => [
        `<link rel="alternate" hreflang="en-US" href="${SITE_URL}${path}">`,
        `<link rel="alternate" hreflang="fr-FR" href="${SITE_URL}/fr-fr${path}">`,
        `<link rel="alternate" hreflang="x-default" href="${SITE_URL}${path}">`,
      ];
      const english = await page(PRODUCT);
      for (const link of alternates(PRODUCT)) expect(english.html).toContain(link);
      expect(english.html).toContain('<html lang="en-US">');
      expect(english.html).toContain('Add To Cart');

      const french = await page(`/fr-fr${PRODUCT}`);
      expect(french.status).toBe(200);
      for (const link of alternates(PRODUCT)) expect(french.html).toContain(link);
      expect(french.html).toContain('<html lang="fr-FR">');
      expect(french.html).toContain(`<link rel="canonical" href="${SITE_URL}/fr-fr${PRODUCT}">`);
      expect(french.html).toContain('Ajouter au panier');
      expect(french.html).not.toContain('Add To Cart');
      // The browser's strings are the page's language's too.
      const context = JSON.parse(
        /<script id="storefront-context" type="application\/json">(.*?)<\/script>/s.exec(french.html)?.[1] ??
          '{}',
      );
      expect(context.localizedStrings.productAddToCartText).toBe('Ajouter au panier');
      const home = await page('/fr-fr');
      expect(home.status).toBe(200);
      for (const link of alternates('/')) expect(home.html).toContain(link);
      // A page that does not exist names no versions of itself.
      const missing = await page('/fr-fr/no-such-page');
      expect(missing.status).toBe(404);
      expect(missing.html).not.toContain('<link rel="alternate"');

      // Back to one language: no alternates, and the prefix is gone.
      await admin.request('PUT', LANGUAGES, { languages: [{ tag: 'en-US', isDefault: true }] });
      expect((await page(PRODUCT)).html).not.toContain('hreflang');
      expect((await page(`/fr-fr${PRODUCT}`)).status).toBe(404);
    });

    it('refuses languages that are unknown, repeated, or without exactly one default', async () => {
      const admin = await staff(ROLE.admin);
      const refusals: [unknown, string][] = [
        [{ languages: [] }, 'Invalid body: languages: must list at least the default language'],
        [
          { languages: [{ tag: 'xx-XX', isDefault: true }] },
          expect.stringMatching(/^Invalid body: languages\.0\.tag: must be one of en-US, en-GB, fr-FR/),
        ],
        [
          { languages: [{ tag: 'en-US', isDefault: true }, { tag: 'en-US' }] },
          'Invalid body: languages.1.tag: en-US is listed twice',
        ],
        [
          { languages: [{ tag: 'en-US' }, { tag: 'fr-FR' }] },
          'Invalid body: languages: exactly one language must have isDefault: true (0 do)',
        ],
        [
          {
            languages: [
              { tag: 'en-US', isDefault: true },
              { tag: 'fr-FR', isDefault: true },
            ],
          },
          'Invalid body: languages: exactly one language must have isDefault: true (2 do)',
        ],
        [{ languages: 'fr-FR' }, 'Invalid body: languages: Invalid input: expected array, received string'],
      ] as [unknown, string][];
      for (const [body, message] of refusals) {
        const res = await admin.request('PUT', LANGUAGES, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual({ code: 'invalid-request', message });
      }
      expect((await admin.request('GET', SETTINGS)).json().languages).toEqual([
        { tag: 'en-US', name: 'English (United States)', isDefault: true },
      ]);
    });

    it('two editors saving at once: both saves succeed, one after the other, and one whole list stays', async () => {
      const [first, second] = [await staff(ROLE.editor), await staff(ROLE.editor)];
      const lists = [
        [{ tag: 'en-US', isDefault: true }, { tag: 'fr-FR' }],
        [{ tag: 'en-US', isDefault: true }, { tag: 'de-DE' }, { tag: 'fr-FR' }],
      ];
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          (n % 2 ? first : second).request('PUT', LANGUAGES, { languages: lists[n % 2] }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const tags = (await first.request('GET', SETTINGS)).json().languages.map((l: { tag: string }) => l.tag);
      expect([
        ['en-US', 'fr-FR'],
        ['en-US', 'de-DE', 'fr-FR'],
      ]).toContainEqual(tags);
      await first.request('PUT', LANGUAGES, { languages: [{ tag: 'en-US', isDefault: true }] });
    });
  });
}
