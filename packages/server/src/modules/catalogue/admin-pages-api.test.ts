/**
 * Pages in the back office (issue 31 Build 2): every collection listed, created of each type the
 * template offers, enabled and disabled, made the home page, deleted with a 301, a gallery page's
 * options within spec §9's ranges, an event's dates and place; each change seen on the storefront's
 * next request, without a restart.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RoleCode } from '@storefront/core';
import type { PageDetail, PageList, PageRevisions } from '@storefront/core/wire';
import { buildApp } from '../../app.ts';
import { appForSuite, DATABASES, FIXTURE_SITE } from '../../testing/app.ts';
import { storedCollections } from './content-export.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { Shopper } from '../../testing/shopper.ts';

const API = '/api/config/pages';
const MARKET_START = Date.UTC(2027, 2, 6, 15);

type Json = Record<string, unknown>;

/** The fixture site with an events page holding one event. */
function pagesSite(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-pages-'));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  const events = {
    id: 'c-events',
    urlId: 'events',
    title: 'Events',
    typeName: 'events',
    type: 1,
    items: [
      {
        id: 'e-market',
        urlId: 'market',
        title: 'Spring market',
        recordType: 12,
        startDate: MARKET_START,
        endDate: MARKET_START + 3 * 3600_000,
        location: { addressTitle: 'The yard', addressLine1: '1 Mill Lane', mapLat: 51.5, mapLng: -0.12 },
        addedOn: 1790000000000,
        publishOn: 1790000000000,
      },
    ],
  };
  writeFileSync(join(dir, 'content/collections/events.json'), JSON.stringify(events, null, 2));
  // A page the content itself disables, and names in the navigation.
  const retired = {
    id: 'c-retired',
    urlId: 'retired',
    title: 'Retired',
    typeName: 'page',
    type: 10,
    enabled: false,
    mainContent: '<p>Gone fishing.</p>',
  };
  writeFileSync(join(dir, 'content/collections/retired.json'), JSON.stringify(retired, null, 2));
  const folder = {
    id: 'c-more',
    urlId: 'more',
    title: 'More',
    typeName: 'folder',
    type: 1,
    collections: ['visit'],
  };
  writeFileSync(join(dir, 'content/collections/more.json'), JSON.stringify(folder, null, 2));
  const navigation = { mainNav: ['home', 'shop', 'journal', 'retired', 'more'] };
  writeFileSync(join(dir, 'content/navigation.json'), JSON.stringify(navigation, null, 2));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

for (const database of DATABASES) {
  describe(`[${database.name}] back office: pages`, () => {
    const site = pagesSite();
    afterAll(() => site.cleanup());
    const t = appForSuite(database, { siteDir: site.dir });
    let made = 0;
    const staff = (...roles: RoleCode[]) => signInNewStaff(t, `pages-${++made}@example.test`, roles);
    const visit = (path: string) => new Shopper(t).request('GET', path);
    const sitemap = async () => (await visit('/sitemap.xml')).body;
    const homeHtml = async () => (await visit('/')).body;
    const detail = async (id: string) => {
      const res = await (await staff(10)).request('GET', `${API}/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PageDetail;
    };

    it('lists every page with its type, address, enabled flag and home marker, and the types to create', async () => {
      const res = await (await staff(10)).request('GET', API);
      expect(res.statusCode).toBe(200);
      const list = res.json() as PageList;
      expect(list.pages.map((p) => [p.slug, p.type, p.url, p.enabled, p.homepage])).toEqual([
        ['events', 'events', '/events', true, false],
        ['home', 'page', '/', true, true],
        ['journal', 'blog', '/journal', true, false],
        ['more', 'folder', '/more', true, false],
        ['retired', 'page', '/retired', false, false],
        ['shop', 'products', '/shop', true, false],
        ['visit', 'page', '/visit', true, false],
      ]);
      expect(list.types).toEqual(
        expect.arrayContaining(['page', 'blog', 'events', 'gallery', 'products', 'index', 'folder']),
      );
    });

    it('creates a page of each type the template offers, each answering at its address and in the sitemap', async () => {
      const editor = await staff(1);
      for (const type of ['page', 'blog', 'events', 'gallery', 'products', 'index', 'folder']) {
        const slug = `new-${type}`;
        const res = await editor.request('POST', API, { title: `New ${type}`, slug, type });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({ type, slug, url: `/${slug}`, enabled: true, version: 1 });
        const page = await visit(`/${slug}`);
        expect(page.statusCode, `${type}: ${page.body.slice(0, 200)}`).toBe(200);
      }
      expect(await sitemap()).toContain('/new-gallery</loc>');

      const unknown = await editor.request('POST', API, { title: 'Odd', slug: 'odd', type: 'spaceship' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toMatch(
        /^This template offers no page of type "spaceship"\. Choose one of: page, blog/,
      );
      const taken = await editor.request('POST', API, { title: 'Again', slug: 'journal', type: 'page' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('The address /journal is already used by Journal: choose another.');
      const bad = await editor.request('POST', API, { title: 'Bad', slug: 'Bad Slug', type: 'page' });
      expect(bad.statusCode).toBe(400);
    });

    it('disables a page: 404 for it and its items, gone from navigation and the sitemap; enabling brings it back', async () => {
      const editor = await staff(4);
      expect((await visit('/journal/first-post')).statusCode).toBe(200);
      expect(await homeHtml()).toContain('href="/journal"');
      expect(await sitemap()).toContain('/journal/first-post</loc>');
      const { version } = await detail('c-journal');

      const off = await editor.request('PATCH', `${API}/c-journal`, { version, enabled: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ enabled: false, version: version + 1 });
      expect((await visit('/journal')).statusCode).toBe(404);
      expect((await visit('/journal/first-post')).statusCode).toBe(404);
      expect(await homeHtml()).not.toContain('href="/journal"');
      const map = await sitemap();
      expect(map).not.toContain('/journal</loc>');
      expect(map).not.toContain('/journal/first-post</loc>');
      expect(map).toContain('/shop/tee</loc>');

      const on = await editor.request('PATCH', `${API}/c-journal`, { version: version + 1, enabled: true });
      expect(on.statusCode, on.body).toBe(200);
      expect((await visit('/journal/first-post')).statusCode).toBe(200);
      expect(await homeHtml()).toContain('href="/journal"');
      expect(await sitemap()).toContain('/journal/first-post</loc>');

      const home = await detail('c-home');
      const refused = await editor.request('PATCH', `${API}/c-home`, {
        version: home.version,
        enabled: false,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Home is the home page: make another page the home page before disabling it.',
      );
    });

    it('a page the content marks "enabled": false answers 404, is in no navigation and not in the sitemap', async () => {
      expect((await visit('/retired')).statusCode).toBe(404);
      const home = await homeHtml();
      expect(home).toContain('href="/journal"');
      expect(home).not.toContain('href="/retired"');
      expect(await sitemap()).not.toContain('/retired</loc>');
    });

    it('another instance on the same database follows a page disabled and enabled on its next request', async () => {
      const other = await buildApp(t.config, { logger: false });
      try {
        const onOther = async (path: string) => (await other.inject({ method: 'GET', url: path })).statusCode;
        expect(await onOther('/visit')).toBe(200);
        const editor = await staff(4);
        const { version } = await detail('c-visit');
        expect(
          (await editor.request('PATCH', `${API}/c-visit`, { version, enabled: false })).statusCode,
        ).toBe(200);
        expect(await onOther('/visit')).toBe(404);
        expect(
          (await editor.request('PATCH', `${API}/c-visit`, { version: version + 1, enabled: true }))
            .statusCode,
        ).toBe(200);
        expect(await onOther('/visit')).toBe(200);
      } finally {
        await other.close();
      }
    });

    it('the content export carries a disabled page as "enabled": false', async () => {
      const editor = await staff(4);
      const { version } = await detail('c-visit');
      await editor.request('PATCH', `${API}/c-visit`, { version, enabled: false });
      const exported = await storedCollections(t.app.database.db);
      expect(exported.find((c) => c.id === 'c-visit')?.collection).toMatchObject({ enabled: false });
      await editor.request('PATCH', `${API}/c-visit`, { version: version + 1, enabled: true });
      const after = await storedCollections(t.app.database.db);
      expect(after.find((c) => c.id === 'c-visit')?.collection).not.toHaveProperty('enabled');
    });

    it('makes another page the home page: "/" shows it, the former home keeps its own address', async () => {
      const editor = await staff(4);
      const visitPage = await detail('c-visit');
      const res = await editor.request('PATCH', `${API}/c-visit`, {
        version: visitPage.version,
        homepage: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ homepage: true, url: '/' });
      const root = (await visit('/?format=json')).json() as { collection: Json };
      expect(root.collection.id).toBe('c-visit');
      expect((await visit('/home')).statusCode).toBe(200);
      const list = (await (await staff(10)).request('GET', API)).json() as PageList;
      expect(list.pages.filter((p) => p.homepage).map((p) => p.id)).toEqual(['c-visit']);

      const deleteHome = await editor.request('DELETE', `${API}/c-visit`);
      expect(deleteHome.statusCode).toBe(409);
      expect(deleteHome.json().message).toBe(
        'Visit is the home page: make another page the home page before deleting it.',
      );
      const back = await detail('c-home');
      expect(
        (await editor.request('PATCH', `${API}/c-home`, { version: back.version, homepage: true }))
          .statusCode,
      ).toBe(200);
    });

    it('deletes a page, its address answering 301 to the path chosen; a store page with products asks first', async () => {
      const admin = await staff(1);
      const created = (
        await admin.request('POST', API, { title: 'Old news', slug: 'old-news', type: 'blog' })
      ).json() as PageDetail;
      const outside = await admin.request(
        'DELETE',
        `${API}/${created.id}?redirectTo=https://elsewhere.example/`,
      );
      expect(outside.statusCode).toBe(400);
      expect(outside.json().message).toBe(
        'A redirect goes to an address of this site starting with "/", like /shop, other than the page itself: "https://elsewhere.example/" is not one.',
      );
      const gone = await admin.request('DELETE', `${API}/${created.id}?redirectTo=/journal`);
      expect(gone.statusCode, gone.body).toBe(200);
      expect(gone.json()).toEqual({ deleted: created.id, redirectTo: '/journal' });
      const old = await visit('/old-news');
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/journal');
      expect((await admin.request('GET', `${API}/${created.id}`)).statusCode).toBe(404);

      const ask = await admin.request('DELETE', `${API}/c-shop`);
      expect(ask.statusCode).toBe(409);
      expect(ask.json()).toMatchObject({
        code: 'confirmation-required',
        message: 'Shop holds 7 products: deleting the page deletes them too. Confirm to delete them.',
      });
      expect((await visit('/shop/tee')).statusCode).toBe(200);
      const confirmed = await admin.request('DELETE', `${API}/c-shop?confirmProducts=true`);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await visit('/shop')).statusCode).toBe(404);
      expect((await visit('/shop/tee')).statusCode).toBe(404);
      expect(await sitemap()).not.toContain('/shop/tee</loc>');
    });

    it("keeps a gallery page's options within spec §9's ranges, naming the range when one is outside", async () => {
      const editor = await staff(4);
      const created = (
        await editor.request('POST', API, { title: 'Pictures', slug: 'pictures', type: 'gallery' })
      ).json() as PageDetail;
      expect(created.galleryOptions).toMatchObject({ design: 'grid', padding: 20, 'thumbnails-per-row': 4 });
      const cases: [string, number, string][] = [
        ['padding', 51, 'The gallery option padding is 0 to 50: 51 is outside that range.'],
        [
          'thumbnails-per-row',
          0,
          'The gallery option thumbnails-per-row is 1 to 10: 0 is outside that range.',
        ],
        [
          'autoplay-duration',
          11,
          'The gallery option autoplay-duration is 1 to 10: 11 is outside that range.',
        ],
        ['max-width', 99, 'The gallery option max-width is 100 to 300: 99 is outside that range.'],
      ];
      for (const [option, value, text] of cases) {
        const res = await editor.request('PATCH', `${API}/${created.id}`, {
          version: created.version,
          galleryOptions: { [option]: value },
        });
        expect(res.statusCode, option).toBe(400);
        expect(res.json()).toMatchObject({ code: 'invalid-request', message: text, field: option });
      }
      const saved = await editor.request('PATCH', `${API}/${created.id}`, {
        version: created.version,
        galleryOptions: { design: 'slider', padding: 50, 'thumbnails-per-row': 10, 'square-thumbs': true },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await visit('/pictures')).body).toContain(
        'class="sqs-gallery-container sqs-gallery-block-grid sqs-gallery-design-slider"',
      );
      expect((saved.json() as PageDetail).galleryOptions).toMatchObject({
        design: 'slider',
        padding: 50,
        'thumbnails-per-row': 10,
        'square-thumbs': true,
        'max-width': 300,
      });
      const notGallery = await editor.request('PATCH', `${API}/c-journal`, {
        version: (await detail('c-journal')).version,
        galleryOptions: { padding: 10 },
      });
      expect(notGallery.statusCode).toBe(400);
    });

    it('refuses a stale save with who saved and when, keeps revisions, and restores one', async () => {
      const first = await signInNewStaff(t, 'first-writer@example.test', [4]);
      const second = await staff(1);
      const opened = await detail('c-visit');
      const saved = await first.request('PATCH', `${API}/c-visit`, {
        version: opened.version,
        title: 'Find us',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const stale = await second.request('PATCH', `${API}/c-visit`, {
        version: opened.version,
        title: 'Visit us',
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'record-changed',
        changedBy: 'first-writer@example.test',
        currentVersion: opened.version + 1,
      });
      expect(stale.json().message).toMatch(
        /^first-writer@example\.test saved this page at \d{4}-\d\d-\d\d \d\d:\d\d .*What you typed is still here/,
      );
      expect(((await visit('/visit?format=json')).json() as { collection: Json }).collection.title).toBe(
        'Find us',
      );

      const revisions = (await second.request('GET', `${API}/c-visit/revisions`)).json() as PageRevisions;
      expect(revisions.revisions[0]).toMatchObject({ version: opened.version + 1, changes: ['Title'] });
      const renamedAgain = await second.request('PATCH', `${API}/c-visit`, {
        version: opened.version + 1,
        title: 'Visit us',
        slug: 'visit-us',
      });
      expect(renamedAgain.statusCode).toBe(200);
      expect((await visit('/more')).headers.location).toBe('/visit-us');
      const restore = await second.request(
        'POST',
        `${API}/c-visit/revisions/${revisions.revisions[0]?.id}/restore`,
      );
      expect(restore.statusCode, restore.body).toBe(200);
      // The folder holding the page follows each new address.
      expect((await visit('/more')).headers.location).toBe('/visit');
      expect(restore.json()).toMatchObject({ title: 'Find us', slug: 'visit' });
      expect((await visit('/visit')).statusCode).toBe(200);
      const after = (await second.request('GET', `${API}/c-visit/revisions`)).json() as PageRevisions;
      expect(after.revisions[0]?.changes).toEqual([`Restored version ${opened.version + 1}`]);
    });

    it('lets an editor change pages but not a store page, and nobody without content.edit', async () => {
      const editor = await staff(4);
      const shop = await detail('c-journal');
      const storeManager = await staff(8);
      const byManager = await storeManager.request('PATCH', `${API}/c-journal`, {
        version: shop.version,
        title: 'Diary',
      });
      expect(byManager.statusCode).toBe(403);
      for (const role of [6, 7, 10] as RoleCode[]) {
        const res = await (
          await staff(role)
        ).request('POST', API, { title: 'X', slug: `x-${role}`, type: 'page' });
        expect(res.statusCode, String(role)).toBe(403);
      }
      const store = await editor.request('POST', API, { title: 'Outlet', slug: 'outlet', type: 'products' });
      expect(store.statusCode).toBe(403);
      expect(store.json().message).toBe(
        'Store pages are edited by staff who may edit the catalogue (an administrator or a store manager).',
      );
    });

    it("edits an event's start, end, time zone, place and map coordinates: the list and the .ics follow", async () => {
      const editor = await staff(4);
      const events = await detail('c-events');
      const market = events.events?.[0];
      expect(market).toMatchObject({ id: 'e-market', startDate: MARKET_START, timeZone: 'America/New_York' });
      const start = Date.UTC(2027, 3, 10, 9);
      const res = await editor.request('PATCH', `${API}/c-events/events/e-market`, {
        version: market?.version,
        startDate: start,
        endDate: start + 2 * 3600_000,
        timeZone: 'Europe/London',
        location: { addressTitle: 'The barn', addressLine1: '2 Farm Road', mapLat: 52.2, mapLng: 0.12 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ startDate: start, timeZone: 'Europe/London' });
      const ics = await visit('/events/market?format=ics');
      expect(ics.statusCode).toBe(200);
      expect(ics.body).toContain('DTSTART:20270410T090000Z');
      expect(ics.body).toContain('DTEND:20270410T110000Z');
      expect(ics.body).toContain('The barn');
      const item = (await visit('/events/market?format=json')).json() as { item: Json };
      expect(item.item.location).toMatchObject({ mapLat: 52.2, mapLng: 0.12 });

      const stale = await editor.request('PATCH', `${API}/c-events/events/e-market`, {
        version: market?.version,
        startDate: start,
      });
      expect(stale.statusCode).toBe(409);
      const backwards = await editor.request('PATCH', `${API}/c-events/events/e-market`, {
        version: (market?.version ?? 0) + 1,
        endDate: start - 1,
      });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().message).toBe('An event ends after it starts: its end is before its start.');
      const zone = await editor.request('PATCH', `${API}/c-events/events/e-market`, {
        version: (market?.version ?? 0) + 1,
        timeZone: 'Mars/Olympus',
      });
      expect(zone.statusCode).toBe(400);
      expect(zone.json().message).toBe(
        '"Mars/Olympus" is not a time zone: use a name like Europe/Paris or America/New_York.',
      );
    });
  });
}
