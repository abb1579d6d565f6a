/**
 * The navigation editor's calls (issue 31), on each database, with two instances on one database:
 * a save shows on the other instance's next page; folders, disabled links and disabled pages as the
 * header draws them; a stale save answers 409 naming who saved, and writes nothing; bad addresses
 * and titles are refused with the catalogue's words; revisions restore; roles; the content export
 * writes navigation.json as edited.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleCode } from '@storefront/core';
import { NAVIGATION_TITLE_MAX, type NavigationEntries } from '@storefront/core/navigation';
import type { NavigationRecord, NavigationRevisions } from '@storefront/core/wire';
import { buildApp } from '../../app.ts';
import { Customer } from '../accounts/testing.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { DATABASES, DEMO_SITE, testConfig, type TestApp } from '../../testing/app.ts';
import { exportContent, folderTarget } from './content-export.ts';

const API = '/api/config/navigation';
const ROLE = { admin: 1, editor: 4, storeManager: 8, viewer: 10 } as const satisfies Record<string, RoleCode>;

/** The header's main navigation as a visitor sees it: each link's text, in order. */
function mainNavigation(html: string): string[] {
  const nav = /<nav class="site-nav" aria-label="Main">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<(?:a class="site-nav__link"[^>]*|summary class="site-nav__link")>([^<]*)</g)].map(
    (m) => m[1] as string,
  );
}

for (const database of DATABASES) {
  describe(`[${database.name}] the navigation editor's calls`, () => {
    const fresh = database.fresh();
    const config = testConfig(fresh.config, { siteDir: DEMO_SITE });
    let first: FastifyInstance;
    let second: FastifyInstance;
    const one: TestApp = {
      get app() {
        return first;
      },
      config,
      close: async () => {},
    };
    let made = 0;
    const staff = async (role: RoleCode): Promise<Customer & { email: string }> => {
      const email = `navigator-${++made}@example.test`;
      return Object.assign(await signInNewStaff(one, email, [role]), { email });
    };
    const page = async (app: FastifyInstance, url: string) => (await app.inject({ method: 'GET', url })).body;
    const load = async (member: Customer) => {
      const res = await member.request('GET', API);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<NavigationRecord>();
    };
    const entriesOf = (record: NavigationRecord): NavigationEntries =>
      Object.fromEntries(record.navigations.map((n) => [n.name, n.entries]));

    beforeAll(async () => {
      first = await buildApp(config, { logger: false });
      second = await buildApp(config, { logger: false });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await fresh.cleanup();
    });

    it('answers the navigations the template declares, and a save shows on the other instance at its next page', async () => {
      // The other instance has drawn the header before the save.
      expect(mainNavigation(await page(second, '/'))).toEqual(['Shop', 'Journal', 'About', 'Contact']);
      const editor = await staff(ROLE.editor);
      const record = await load(editor);
      expect(record.navigations.map((n) => [n.name, n.title])).toEqual([
        ['mainNav', 'Main Navigation'],
        ['footerNav', 'Footer Navigation'],
      ]);
      expect(record.headerNavigation).toBe('mainNav');
      expect(record.navigations[0]?.entries).toEqual([
        { kind: 'page', urlId: 'shop', disabled: false },
        { kind: 'page', urlId: 'journal', disabled: false },
        { kind: 'page', urlId: 'about', disabled: false },
        { kind: 'page', urlId: 'contact', disabled: false },
      ]);
      expect(record.pages.map((p) => p.urlId)).toContain('events');

      const saved = await editor.request('PUT', API, {
        version: record.version,
        navigations: {
          mainNav: [
            { kind: 'page', urlId: 'journal', disabled: false },
            { kind: 'page', urlId: 'shop', disabled: false },
            {
              kind: 'folder',
              title: 'Studio',
              disabled: false,
              items: [
                { kind: 'page', urlId: 'about', disabled: false },
                { kind: 'page', urlId: 'events', disabled: false },
                {
                  kind: 'link',
                  title: 'Kiln blog',
                  url: 'https://kiln.example/',
                  newWindow: true,
                  disabled: false,
                },
              ],
            },
          ],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = saved.json<NavigationRecord>();
      expect(after.version).toBe(record.version + 1);
      expect(after.updatedBy).toBe(editor.email);
      // The footer's navigation was not sent: it stays as it was.
      expect(after.navigations[1]?.entries).toEqual(record.navigations[1]?.entries);

      for (const app of [second, first]) {
        const html = await page(app, '/');
        expect(mainNavigation(html)).toEqual(['Journal', 'Shop', 'Studio', 'About', 'Events', 'Kiln blog']);
        expect(html).toContain(
          '<a class="site-nav__link" href="https://kiln.example/" target="_blank" rel="noopener">Kiln blog</a>',
        );
      }
      // A page of a signed-in shopper (rendered for them alone) and a platform page show it too.
      expect(mainNavigation(await page(second, '/cart'))).toContain('Studio');
    });

    it('leaves out disabled links, disabled folders and pages switched off', async () => {
      const editor = await staff(ROLE.editor);
      const record = await load(editor);
      const res = await editor.request('PUT', API, {
        version: record.version,
        navigations: {
          mainNav: [
            { kind: 'page', urlId: 'shop', disabled: false },
            { kind: 'page', urlId: 'journal', disabled: true },
            { kind: 'link', title: 'Gift guide', url: '/journal', newWindow: false, disabled: true },
            { kind: 'link', title: 'Call us', url: 'tel:+15185550100', newWindow: false, disabled: false },
            {
              kind: 'folder',
              title: 'Hidden folder',
              disabled: true,
              items: [{ kind: 'page', urlId: 'about', disabled: false }],
            },
            {
              kind: 'folder',
              title: 'Empty folder',
              disabled: false,
              items: [{ kind: 'page', urlId: 'contact', disabled: true }],
            },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      // Kept for the editor, off for visitors.
      expect(res.json<NavigationRecord>().navigations[0]?.entries[1]).toEqual({
        kind: 'page',
        urlId: 'journal',
        disabled: true,
      });
      for (const app of [first, second]) {
        const html = await page(app, '/shop');
        expect(mainNavigation(html)).toEqual(['Shop', 'Call us']);
        expect(html).not.toContain('Gift guide');
        expect(html).not.toContain('Hidden folder');
      }
    });

    it('refuses a save made on a stale version, naming who saved, and keeps theirs', async () => {
      const alice = await staff(ROLE.editor);
      const bob = await staff(ROLE.admin);
      const seenByBoth = await load(alice);
      expect((await load(bob)).version).toBe(seenByBoth.version);
      const alicesNav = { mainNav: [{ kind: 'page', urlId: 'about', disabled: false }] };
      expect(
        (await alice.request('PUT', API, { version: seenByBoth.version, navigations: alicesNav })).statusCode,
      ).toBe(200);
      const stale = await bob.request('PUT', API, {
        version: seenByBoth.version,
        navigations: { mainNav: [{ kind: 'page', urlId: 'contact', disabled: false }] },
      });
      expect(stale.statusCode).toBe(409);
      const body = stale.json();
      expect(body).toMatchObject({
        code: 'record-changed',
        changedBy: alice.email,
        currentVersion: seenByBoth.version + 1,
      });
      expect(body.message).toMatch(
        new RegExp(
          `^${alice.email.replace(/[.]/g, '\\.')} saved the navigation at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\(America/New_York\\), after you opened it\\. What you arranged is still here`,
        ),
      );
      expect(mainNavigation(await page(second, '/'))).toEqual(['About']);
    });

    it('refuses bad addresses, titles and names with a message that says what to do', async () => {
      const editor = await staff(ROLE.editor);
      const { version } = await load(editor);
      const link = (title: string, url: string) => ({
        kind: 'link',
        title,
        url,
        newWindow: false,
        disabled: false,
      });
      const long = 'L'.repeat(NAVIGATION_TITLE_MAX + 1);
      const refusals: [unknown, string][] = [
        [
          { mainNav: [link('Sale', 'javascript:alert(1)')] },
          'The address "javascript:alert(1)" of "Sale" is not a link: use https://…, http://…, mailto:…, tel:… or a path on this site starting with /.',
        ],
        [
          {
            mainNav: [
              {
                kind: 'folder',
                title: 'More',
                disabled: false,
                items: [link('Files', 'ftp://files.example/')],
              },
            ],
          },
          'The address "ftp://files.example/" of "Files" is not a link: use https://…, http://…, mailto:…, tel:… or a path on this site starting with /.',
        ],
        [
          { mainNav: [link('Protocol-relative', '//evil.example/')] },
          'The address "//evil.example/" of "Protocol-relative" is not a link: use https://…, http://…, mailto:…, tel:… or a path on this site starting with /.',
        ],
        [{ mainNav: [link('  ', '/shop')] }, 'Give every link and folder a title.'],
        [
          { mainNav: [link(long, '/shop')] },
          `Titles are limited to ${NAVIGATION_TITLE_MAX} characters: "${long}" is too long.`,
        ],
        [
          { mainNav: [{ kind: 'page', urlId: 'no-such-page', disabled: false }] },
          'There is no page at /no-such-page (it may have been deleted or renamed).',
        ],
        [{ sideNav: [] }, 'The template has no navigation named "sideNav": it declares mainNav, footerNav.'],
      ];
      for (const [navigations, message] of refusals) {
        const res = await editor.request('PUT', API, { version, navigations });
        expect(res.statusCode, JSON.stringify(navigations)).toBe(400);
        expect(res.json()).toEqual({ code: 'invalid-navigation', message });
      }
      const malformed = await editor.request('PUT', API, {
        version,
        navigations: { mainNav: [{ kind: 'menu' }] },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('invalid-request');
      expect((await load(editor)).version).toBe(version);
    });

    it('keeps a revision of each save, and restores one as a new save', async () => {
      const editor = await staff(ROLE.editor);
      let record = await load(editor);
      const save = async (mainNav: unknown[]) => {
        const res = await editor.request('PUT', API, { version: record.version, navigations: { mainNav } });
        expect(res.statusCode, res.body).toBe(200);
        record = res.json<NavigationRecord>();
      };
      await save([
        { kind: 'page', urlId: 'shop', disabled: false },
        { kind: 'link', title: 'Gift guide', url: '/journal', newWindow: false, disabled: false },
      ]);
      await save([{ kind: 'page', urlId: 'contact', disabled: false }]);
      const { revisions } = (await editor.request('GET', `${API}/revisions`)).json<NavigationRevisions>();
      expect(revisions[0]).toMatchObject({
        version: record.version,
        savedBy: editor.email,
        changes: ['Main Navigation: added Contact; removed Shop, Gift guide'],
      });
      const withGiftGuide = revisions[1];
      expect(withGiftGuide?.changes[0]).toContain('added');
      const restored = await editor.request('POST', `${API}/revisions/${withGiftGuide?.id}/restore`, {});
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json<NavigationRecord>().version).toBe(record.version + 1);
      expect(mainNavigation(await page(second, '/'))).toEqual(['Shop', 'Gift guide']);
      const unknown = await editor.request('POST', `${API}/revisions/nope/restore`, {});
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        code: 'not-found',
        message: 'That revision of the navigation does not exist.',
      });
    });

    it('lets every staff role read it and only editors and admins save it', async () => {
      const viewer = await staff(ROLE.viewer);
      const record = await load(viewer);
      const body = { version: record.version, navigations: entriesOf(record) };
      for (const role of [ROLE.viewer, ROLE.storeManager]) {
        const member = await staff(role);
        const res = await member.request('PUT', API, body);
        expect(res.statusCode, `role ${role}`).toBe(403);
        expect(res.json().code).toBe('account.forbidden');
      }
      const signedOut = new Customer(one);
      expect((await signedOut.request('GET', API)).statusCode).toBe(401);
      const admin = await staff(ROLE.admin);
      expect((await admin.request('PUT', API, body)).statusCode).toBe(200);
    });

    it('exports navigation.json as edited', async () => {
      const editor = await staff(ROLE.editor);
      const record = await load(editor);
      const res = await editor.request('PUT', API, {
        version: record.version,
        navigations: {
          mainNav: [
            { kind: 'page', urlId: 'shop', disabled: false },
            { kind: 'page', urlId: 'about', disabled: true },
            {
              kind: 'folder',
              title: 'More',
              disabled: false,
              items: [
                {
                  kind: 'link',
                  title: 'Mail us',
                  url: 'mailto:hello@example.test',
                  newWindow: false,
                  disabled: false,
                },
              ],
            },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const dir = mkdtempSync(join(tmpdir(), 'navigation-export-'));
      try {
        await exportContent(first.database.db, folderTarget(dir), join(DEMO_SITE, 'content', 'media'));
        const exported = JSON.parse(readFileSync(join(dir, 'navigation.json'), 'utf8'));
        expect(exported.mainNav).toEqual([
          'shop',
          { collection: 'about', disabled: true },
          {
            folder: {
              title: 'More',
              items: [
                { externalLink: { url: 'mailto:hello@example.test', title: 'Mail us', newWindow: false } },
              ],
            },
          },
        ]);
        expect(exported.footerNav).toEqual(
          JSON.parse(readFileSync(join(DEMO_SITE, 'content', 'navigation.json'), 'utf8')).footerNav,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
