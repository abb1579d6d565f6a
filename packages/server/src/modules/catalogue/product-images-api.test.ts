/**
 * The product editor's images, on each database: an image the product had before the media library
 * (imported with content/) survives an edit; an image from the library prints at the library's
 * address with its size (what the storefront's srcset needs); an image that is neither is refused.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { MediaPage, ProductInput, ProductRecord } from '@storefront/core/wire';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@storefront/core';
import { buildApp } from '../../app.ts';
import { makeCheckoutSite } from '../orders/testing.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { DATABASES, testConfig, type TestApp } from '../../testing/app.ts';

const API = '/api/config/products';

const inputOf = (record: ProductRecord): ProductInput => {
  const { id: _i, version: _v, updatedOn: _o, updatedBy: _b, currency: _c, url: _u, ...input } = record;
  return input;
};

for (const database of DATABASES) {
  describe(`[${database.name}] the product editor's images`, () => {
    const site = makeCheckoutSite();
    const fresh = database.fresh();
    let app: FastifyInstance;
    const t: TestApp = {
      get app() {
        return app;
      },
      config: testConfig(fresh.config, { siteDir: site.dir }),
      close: async () => {},
    };
    let made = 0;
    const manager = () => signInNewStaff(t, `images-${++made}@example.test`, [ROLES['store-manager']]);
    const itemJson = async (url: string) =>
      (await app.inject({ method: 'GET', url: `${url}?format=json` })).json() as {
        item: { assetUrl?: string; items: { id: string; assetUrl: string; originalSize?: string }[] };
      };

    beforeAll(async () => {
      // The tee has a photo from before the library: an image item whose id is not an asset's.
      const shopFile = join(site.dir, 'content/collections/shop.json');
      const shop = JSON.parse(readFileSync(shopFile, 'utf8')) as { items: Record<string, unknown>[] };
      const tee = shop.items.find((item) => item.id === 'p-tee') as Record<string, unknown>;
      tee.items = [{ id: 'tee-front', recordType: 2, assetUrl: '/media/pixel.gif', title: 'Tee, front' }];
      writeFileSync(shopFile, JSON.stringify(shop, null, 2));
      await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#7a6a58' } })
        .jpeg()
        .toFile(join(site.dir, 'content/media/field-photo.jpg'));
      app = await buildApp(t.config, { logger: false });
    });
    afterAll(async () => {
      await app?.close();
      await fresh.cleanup();
      site.cleanup();
    });

    it('keeps the photo a product was imported with through an edit', async () => {
      const staff = await manager();
      const loaded = (await staff.request('GET', `${API}/p-tee`)).json() as ProductRecord;
      const library = (await staff.request('GET', '/api/config/media?q=pixel')).json() as MediaPage;
      const pixel = library.assets.find((asset) => asset.fileName === 'pixel.gif');
      // The editor names it by its library asset, so it can show it.
      expect(loaded.images.map((image) => image.mediaId)).toEqual([pixel?.id]);
      const saved = await staff.request('PUT', `${API}/p-tee`, {
        version: loaded.version,
        product: { ...inputOf(loaded), title: 'Tee, renamed' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { item } = await itemJson('/shop/tee');
      expect(item.items.map((image) => image.assetUrl)).toEqual(['/media/pixel.gif']);
      expect(item.assetUrl).toBe('/media/pixel.gif');
    });

    it("prints a library image at the library's address, with its size for the srcset", async () => {
      const staff = await manager();
      const library = (await staff.request('GET', '/api/config/media?q=field')).json() as MediaPage;
      const photo = library.assets.find((asset) => asset.fileName === 'field-photo.jpg');
      expect(photo).toBeDefined();
      const loaded = (await staff.request('GET', `${API}/p-tee`)).json() as ProductRecord;
      const created = await staff.request('POST', API, {
        ...inputOf(loaded),
        title: 'Field Tee',
        slug: 'field-tee',
        variants: loaded.variants.map(({ id: _id, ...v }, n) => ({ ...v, sku: `FIELD-${n}` })),
        images: [{ mediaId: photo?.id, alt: 'In the field', focalPoint: { x: 0.5, y: 0.5 } }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const { item } = await itemJson('/shop/field-tee');
      expect(item.items).toMatchObject([{ assetUrl: '/media/field-photo.jpg', originalSize: '1600x1200' }]);
    });

    it('refuses an image that is neither in the library nor on the product, saying what to do', async () => {
      const staff = await manager();
      const loaded = (await staff.request('GET', `${API}/p-tee`)).json() as ProductRecord;
      const res = await staff.request('PUT', `${API}/p-tee`, {
        version: loaded.version,
        product: {
          ...inputOf(loaded),
          images: [{ mediaId: 'no-such-asset', alt: '', focalPoint: { x: 0.5, y: 0.5 } }],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid-product',
        message:
          'Image no-such-asset is not in the media library (it may have been deleted): upload it again.',
      });
    });
  });
}
