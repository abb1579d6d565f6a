/**
 * The site settings editor (issue 31) over HTTP, on each database: a save shows on the next request
 * of a second instance sharing only the database (title, time zone, logo, favicon), a currency change
 * of a store with products asks to be confirmed, a stale save is refused and loses nothing, a
 * revision is restored, and only the admin saves.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLES } from '@storefront/core';
import type { SiteSettingsRecord } from '@storefront/core/wire';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DATABASES, FIXTURE_SITE, startApp, type TestApp } from '../../testing/app.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { Shopper } from '../../testing/shopper.ts';
import type { Customer } from '../accounts/testing.ts';

const API = '/api/config/settings';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** The fixture site with a logo and a favicon in its content/media (imported into the library). */
async function siteWithImages(): Promise<string> {
  const site = tempDir('storefront-settings-');
  cpSync(FIXTURE_SITE, site, { recursive: true });
  const png = (r: number) =>
    sharp({ create: { width: 600, height: 200, channels: 3, background: { r, g: 80, b: 60 } } })
      .png()
      .toBuffer();
  writeFileSync(join(site, 'content', 'media', 'studio-logo.png'), await png(40));
  writeFileSync(join(site, 'content', 'media', 'studio-icon.png'), await png(200));
  return site;
}

const pageJson = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/?format=json' });
  expect(res.statusCode).toBe(200);
  return res.json() as { website: Record<string, unknown>; websiteSettings: Record<string, unknown> };
};

for (const database of DATABASES) {
  describe(`[${database.name}] the site settings`, () => {
    let t: TestApp;
    let admin: Customer;
    const ADMIN = 'settings-owner@example.test';
    let made = 0;
    const staff = (...roles: (typeof ROLES)[keyof typeof ROLES][]) =>
      signInNewStaff(t, `settings-staff-${++made}@example.test`, roles);
    const load = async (who: Customer = admin) => {
      const res = await who.request('GET', API);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SiteSettingsRecord;
    };
    const save = (record: SiteSettingsRecord, changes: Partial<SiteSettingsRecord['settings']>, extra = {}) =>
      admin.request('PUT', API, {
        version: record.version,
        settings: { ...record.settings, ...changes },
        ...extra,
      });

    beforeAll(async () => {
      t = await startApp(database, { siteDir: await siteWithImages() });
      admin = await signInNewStaff(t, ADMIN, [ROLES.admin]);
    });
    afterAll(async () => t?.close());

    it('shows a saved title, time zone, logo and favicon on the next request of a second instance', async () => {
      const second = await buildApp(
        { ...t.config, ...(t.config.databaseUrl ? { dataDir: tempDir('storefront-second-') } : {}) },
        { logger: false },
      );
      try {
        // The second instance has shown the settings once already: what it keeps must move.
        expect((await pageJson(second)).website.siteTitle).toBe('Fixture Store');
        expect((await second.inject({ method: 'GET', url: '/' })).body).toContain('Fixture Store');
        expect((await second.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);

        const record = await load();
        expect(record.settings).toMatchObject({
          siteTitle: 'Fixture Store',
          timeZone: 'America/New_York',
          logoImageUrl: null,
        });
        const res = await save(record, {
          siteTitle: 'Harbour Ceramics',
          timeZone: 'Europe/Paris',
          logoImageUrl: '/media/studio-logo.png',
          faviconUrl: '/media/studio-icon.png',
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ version: record.version + 1, updatedBy: ADMIN });

        const page = await pageJson(second);
        expect(page.website).toMatchObject({
          siteTitle: 'Harbour Ceramics',
          timeZone: 'Europe/Paris',
          logoImageUrl: '/media/studio-logo.png',
        });
        const home = await second.inject({ method: 'GET', url: '/' });
        expect(home.body).toContain('Harbour Ceramics');
        expect(home.body).not.toContain('Fixture Store');
        const favicon = await second.inject({ method: 'GET', url: '/favicon.ico' });
        expect(favicon.statusCode).toBe(200);
        expect(favicon.headers['content-type']).toBe('image/png');
        expect(favicon.headers['cache-control']).toContain('max-age=');
        expect((await sharp(favicon.rawPayload).metadata()).width).toBe(600);
        // The back office's own title follows too.
        expect((await pageJson(t.app)).website.siteTitle).toBe('Harbour Ceramics');
      } finally {
        await second.close();
      }
    });

    it('refuses an image that is not in the media library, naming the field', async () => {
      const record = await load();
      const res = await save(record, { logoImageUrl: '/media/not-uploaded.png' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid-settings', field: 'logoImageUrl' });
      expect(res.json().message).toContain('/media/not-uploaded.png');
    });

    it('refuses a time zone that is not one, with the message staff read', async () => {
      const record = await load();
      const res = await save(record, { timeZone: 'Mars/Olympus' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('"Mars/Olympus" is not a time zone');
    });

    it('asks to confirm a currency change when products exist, saying prices are not converted', async () => {
      const record = await load();
      expect(record.storeInUse).toBe(true);
      const refused = await save(record, { currency: 'EUR' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'currency-change-unconfirmed', from: 'USD', to: 'EUR' });
      expect(refused.json().message).toContain('does not convert any price');
      expect((await load()).settings.currency).toBe('USD');

      // A second instance whose shopper has their crumb, and then only places the order.
      const second = await buildApp(
        { ...t.config, ...(t.config.databaseUrl ? { dataDir: tempDir('storefront-second-') } : {}) },
        { logger: false },
      );
      const buyer = new Shopper({ ...t, app: second });
      await buyer.start();

      const confirmed = await save(record, { currency: 'EUR' }, { confirmCurrencyChange: true });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      try {
        // Its next request is the order: it is charged in the store currency as saved, not as last read.
        const placed = await buyer.order({
          email: 'b@example.test',
          name: 'Bea',
          item: { itemId: 'p-lesson', sku: 'LESSON', quantity: 1 },
        });
        expect(placed.statusCode, placed.body).toBe(200);
        expect(placed.json().order.currency).toBe('EUR');
      } finally {
        await second.close();
      }
      const storeSettings = (await pageJson(t.app)).websiteSettings.storeSettings as Record<string, unknown>;
      expect(storeSettings.selectedCurrency).toBe('EUR');
      // The cart names the new currency on its next request.
      const cart = await new Shopper(t).request('GET', '/api/commerce/shopping-cart');
      expect(cart.json().subtotalAmount).toEqual({ decimalValue: '0.00', currencyCode: 'EUR' });
    });

    it('refuses a save made on a stale version with who saved and when, and keeps the newer one', async () => {
      const opened = await load();
      expect((await save(opened, { siteTitle: 'First Tab' })).statusCode).toBe(200);
      const stale = await save(opened, { siteTitle: 'Second Tab' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'record-changed',
        changedBy: ADMIN,
        currentVersion: opened.version + 1,
      });
      expect(stale.json().message).toContain(`${ADMIN} saved the site settings at`);
      expect((await load()).settings.siteTitle).toBe('First Tab');
    });

    it('lists each save as a revision and restores one as a new version', async () => {
      const res = await admin.request('GET', `${API}/revisions`);
      expect(res.statusCode).toBe(200);
      const { revisions } = res.json() as { revisions: { id: string; version: number; changes: string[] }[] };
      const titled = revisions.find((r) => r.changes.includes('Site title') && r.changes.includes('Logo'));
      expect(titled?.changes).toEqual(expect.arrayContaining(['Site title', 'Time zone', 'Logo', 'Favicon']));
      const imported = revisions.at(-1);
      expect(imported?.version).toBe(1);

      const current = await load();
      const restored = await admin.request('POST', `${API}/revisions/${imported?.id}/restore`, {
        version: current.version,
        confirmCurrencyChange: true,
      });
      expect(restored.statusCode, restored.body).toBe(200);
      expect((restored.json() as SiteSettingsRecord).settings).toMatchObject({
        siteTitle: 'Fixture Store',
        logoImageUrl: null,
        currency: 'USD',
      });
      expect((await pageJson(t.app)).website.siteTitle).toBe('Fixture Store');
      const after = (await admin.request('GET', `${API}/revisions`)).json().revisions[0];
      expect(after.changes).toEqual(['Restored version 1']);
      expect(
        (await admin.request('POST', `${API}/revisions/missing/restore`, { version: 99 })).statusCode,
      ).toBe(404);
    });

    it('lets every staff role read the settings and only the admin save them', async () => {
      const manager = await staff(ROLES['store-manager']);
      const editor = await staff(ROLES.editor);
      for (const reader of [manager, editor]) {
        const record = await load(reader);
        const res = await reader.request('PUT', API, { version: record.version, settings: record.settings });
        expect(res.statusCode).toBe(403);
      }
      expect((await t.app.inject({ method: 'GET', url: API })).statusCode).toBe(401);
    });
  });
}
