/**
 * The product editor's calls (issue 30), on each database: create, edit, duplicate, delete; a
 * stale save answers 409 naming who saved and keeps nothing of it; revisions and their restore;
 * bulk changes in one transaction; a changed URL answers 301; the list's filters and paging; each
 * role's access; and a save seen by another instance on the same database on its next request.
 */
import type { FastifyInstance } from 'fastify';
import type { ProductInput, ProductRecord } from '@storefront/core/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type RoleCode } from '@storefront/core';
import { buildApp } from '../../app.ts';
import { loadContent } from '../../platform/site/loader.ts';
import { syncContent } from './content-sync.ts';
import { Customer } from '../accounts/testing.ts';
import { makeCheckoutSite } from '../orders/testing.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { DATABASES, testConfig, type TestApp } from '../../testing/app.ts';

const API = '/api/config/products';

function twoOptionProduct(overrides: Partial<ProductInput> = {}): ProductInput {
  const variant = (size: string, colour: string, sku: string, price: string) => ({
    sku,
    options: { Size: size, Colour: colour },
    price,
    salePrice: '0.00',
    onSale: false,
    stock: 7,
    weight: 0.4,
    dimensions: { length: 30, width: 20, height: 2 },
    imageId: null,
  });
  return {
    title: 'Oat Linen Apron',
    slug: 'oat-linen-apron',
    descriptionHtml: '<p>Washed linen.</p><script>alert(1)</script>',
    kind: 'physical',
    options: [
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Oat', 'Ink'] },
    ],
    variants: [
      variant('S', 'Oat', 'AP-S-OAT', '44.00'),
      variant('S', 'Ink', 'AP-S-INK', '44.00'),
      variant('M', 'Oat', 'AP-M-OAT', '48.00'),
      variant('M', 'Ink', 'AP-M-INK', '48.00'),
    ],
    images: [],
    storePageId: 'c-shop',
    categories: ['Kitchen'],
    tags: ['linen'],
    visibility: { state: 'visible' },
    seoTitle: 'Apron',
    seoDescription: 'A linen apron',
    merchandising: {
      scarcityEnabled: false,
      scarcityShownByDefault: true,
      scarcityText: '',
      soldOutText: '',
      restockNotificationsEnabled: false,
      restockMailingListOptIn: false,
    },
    addButtonText: '',
    additionalFieldsFormId: null,
    digitalFileId: null,
    giftCardDenominations: [],
    subscriptionPlans: [],
    ...overrides,
  };
}

const inputOf = (record: ProductRecord): ProductInput => {
  const { id: _i, version: _v, updatedOn: _o, updatedBy: _b, currency: _c, url: _u, ...input } = record;
  return input;
};

for (const database of DATABASES) {
  describe(`[${database.name}] the product editor's calls`, () => {
    const site = makeCheckoutSite();
    const fresh = database.fresh();
    let first: FastifyInstance;
    let second: FastifyInstance;
    const t = (app: () => FastifyInstance): TestApp => ({
      get app() {
        return app();
      },
      config: testConfig(fresh.config, { siteDir: site.dir }),
      close: async () => {},
    });
    const one = t(() => first);
    let made = 0;
    const staff = async (roles: RoleCode[], app: TestApp = one): Promise<Customer & { email: string }> => {
      const email = `editor-${++made}@example.test`;
      return Object.assign(await signInNewStaff(app, email, roles), { email });
    };
    const page = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

    beforeAll(async () => {
      const config = testConfig(fresh.config, { siteDir: site.dir });
      first = await buildApp(config, { logger: false });
      second = await buildApp(config, { logger: false });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await fresh.cleanup();
      site.cleanup();
    });

    it('creates a product with two options and four variants, shown on the storefront of another instance', async () => {
      const manager = await staff([ROLES['store-manager']]);
      // The other instance has the store page in memory before the product exists.
      expect((await page(second, '/shop/oat-linen-apron')).statusCode).toBe(404);
      const res = await manager.request('POST', API, twoOptionProduct());
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json() as ProductRecord;
      expect(created).toMatchObject({
        title: 'Oat Linen Apron',
        version: 1,
        updatedBy: manager.email,
        currency: 'USD',
        url: '/shop/oat-linen-apron',
        descriptionHtml: '<p>Washed linen.</p>',
      });
      expect(created.variants.map((v) => [v.sku, v.options, v.price, v.stock])).toEqual([
        ['AP-S-OAT', { Size: 'S', Colour: 'Oat' }, '44.00', 7],
        ['AP-S-INK', { Size: 'S', Colour: 'Ink' }, '44.00', 7],
        ['AP-M-OAT', { Size: 'M', Colour: 'Oat' }, '48.00', 7],
        ['AP-M-INK', { Size: 'M', Colour: 'Ink' }, '48.00', 7],
      ]);
      expect(created.variants.every((v) => typeof v.id === 'string')).toBe(true);
      // The editor's record reads back as it was saved.
      expect(inputOf((await manager.request('GET', `${API}/${created.id}`)).json())).toEqual(
        inputOf(created),
      );

      const shown = await page(second, '/shop/oat-linen-apron');
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('Oat Linen Apron');
      expect(shown.body).not.toContain('alert(1)');

      // An edit of the price shows there too, on the next request.
      const edited = twoOptionProduct({
        variants: created.variants.map((v) => (v.sku === 'AP-M-INK' ? { ...v, price: '52.00' } : v)),
      });
      const saved = await manager.request('PUT', `${API}/${created.id}`, { version: 1, product: edited });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().version).toBe(2);
      expect((await page(second, '/shop/oat-linen-apron?format=json')).body).toContain('52.00');
    });

    it('makes a SKU for each variant left without one, as the editor does', async () => {
      const manager = await staff([ROLES['store-manager']]);
      const blank = twoOptionProduct({ slug: 'blank-sku-apron' });
      const res = await manager.request('POST', API, {
        ...blank,
        variants: blank.variants.map((v, n) => ({ ...v, sku: n === 3 ? 'BLANK-SKU-APRON-S-OAT' : '' })),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((res.json() as ProductRecord).variants.map((v) => v.sku)).toEqual([
        'BLANK-SKU-APRON-S-OAT-2',
        'BLANK-SKU-APRON-S-INK',
        'BLANK-SKU-APRON-M-OAT',
        'BLANK-SKU-APRON-S-OAT',
      ]);
    });

    it('answers a stale save with 409 naming who saved and when, and keeps the first save', async () => {
      const ada = await staff([ROLES.admin]);
      const bea = await staff(
        [ROLES['store-manager']],
        t(() => second),
      );
      const created = (
        await ada.request('POST', API, twoOptionProduct({ slug: 'contested-apron' }))
      ).json() as ProductRecord;
      const adaInput = {
        ...inputOf(created),
        variants: created.variants.map((v) => ({ ...v, price: '60.00' })),
      };
      const beaInput = { ...inputOf(created), title: 'Bea typed this' };
      const adaSave = await ada.request('PUT', `${API}/${created.id}`, {
        version: created.version,
        product: adaInput,
      });
      expect(adaSave.statusCode).toBe(200);
      const stale = await bea.request('PUT', `${API}/${created.id}`, {
        version: created.version,
        product: beaInput,
      });
      expect(stale.statusCode).toBe(409);
      const body = stale.json();
      expect(body).toMatchObject({
        code: 'record-changed',
        changedBy: ada.email,
        changedOn: adaSave.json().updatedOn,
        currentVersion: created.version + 1,
      });
      expect(body.message).toContain(`${ada.email} saved this product at`);
      const now = (await ada.request('GET', `${API}/${created.id}`)).json() as ProductRecord;
      expect(now.title).toBe('Oat Linen Apron');
      expect(now.variants.map((v) => v.price)).toEqual(['60.00', '60.00', '60.00', '60.00']);

      // Saved again on the version it was told about, Bea's typed title goes in.
      const retried = await bea.request('PUT', `${API}/${created.id}`, {
        version: body.currentVersion,
        product: { ...inputOf(now), title: 'Bea typed this' },
      });
      expect(retried.statusCode).toBe(200);
      expect(retried.json().title).toBe('Bea typed this');
    });

    it('answers 409 to a save made before a content import changed the product', async () => {
      const ada = await staff([ROLES.admin]);
      const loaded = (await ada.request('GET', `${API}/p-tee`)).json() as ProductRecord;
      const content = loadContent(site.dir);
      const shop = content.collections.find((c) => c.id === 'c-shop');
      const tee = shop?.items?.find((i) => i.id === 'p-tee');
      if (!tee) throw new Error('the fixture has no p-tee');
      tee.title = 'Linen Tee, imported';
      await syncContent(first.database.db, content);
      const stale = await ada.request('PUT', `${API}/p-tee`, {
        version: loaded.version,
        product: inputOf(loaded),
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'record-changed',
        changedBy: null,
        currentVersion: loaded.version + 1,
      });
      expect(stale.json().message).toMatch(/^An import changed this product at /);
    });

    it('applies typed stock as a change to what the editor saw: units sold meanwhile stay counted', async () => {
      const manager = await staff([ROLES['store-manager']]);
      const created = (
        await manager.request('POST', API, twoOptionProduct({ slug: 'stocked-apron' }))
      ).json() as ProductRecord;
      const first = created.variants[0] as ProductRecord['variants'][0];
      // Two units of the first variant leave while the editor is open.
      const taken = await manager.request('POST', `/api/config/stock/${first.id}`, {
        adjust: -2,
        reason: 'damaged',
      });
      expect(taken.json().qtyInStock).toBe(5);
      const product = {
        ...inputOf(created),
        variants: created.variants.map((v) =>
          v.id === first.id ? { ...v, stock: 10, stockSeen: 7 } : { ...v, stockSeen: v.stock },
        ),
      };
      const saved = await manager.request('PUT', `${API}/${created.id}`, { version: 1, product });
      expect(saved.statusCode, saved.body).toBe(200);
      const stock = (saved.json() as ProductRecord).variants.map((v) => v.stock);
      expect(stock).toEqual([8, 7, 7, 7]);
      const ledger = (await manager.request('GET', `/api/config/stock/ledger?variantId=${first.id}`)).json()
        .entries;
      expect(ledger.map((e: { change: number; reason: string }) => [e.change, e.reason])).toEqual([
        [3, 'correction'],
        [-2, 'damaged'],
        [7, 'correction'],
      ]);
    });

    it('keeps a revision of every save, and restoring the first brings the old price back', async () => {
      const ada = await staff([ROLES.admin]);
      const created = (
        await ada.request('POST', API, twoOptionProduct({ slug: 'revised-apron' }))
      ).json() as ProductRecord;
      const dearer = {
        ...inputOf(created),
        variants: created.variants.map((v) => ({ ...v, price: '99.00' })),
      };
      expect(
        (await ada.request('PUT', `${API}/${created.id}`, { version: 1, product: dearer })).statusCode,
      ).toBe(200);
      const { revisions } = (await ada.request('GET', `${API}/${created.id}/revisions`)).json();
      expect(revisions.map((r: { version: number }) => r.version)).toEqual([2, 1]);
      expect(revisions[1].changes).toEqual(['Created']);
      expect(revisions[0].changes).toEqual([
        'Price of AP-S-OAT',
        'Price of AP-S-INK',
        'Price of AP-M-OAT',
        'Price of AP-M-INK',
      ]);
      expect(revisions[0].savedBy).toBe(ada.email);
      const restored = await ada.request('POST', `${API}/${created.id}/revisions/${revisions[1].id}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json().variants.map((v: { price: string }) => v.price)).toEqual([
        '44.00',
        '44.00',
        '48.00',
        '48.00',
      ]);
      expect(restored.json().version).toBe(3);
      const after = (await ada.request('GET', `${API}/${created.id}/revisions`)).json().revisions;
      expect(after[0].changes[0]).toBe('Restored version 1');
      expect((await page(second, '/shop/revised-apron?format=json')).body).not.toContain('99.00');
    });

    it('refuses what the spec does not allow, with the catalogue message', async () => {
      const ada = await staff([ROLES.admin]);
      const refused = async (product: ProductInput) => {
        const res = await ada.request('POST', API, product);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        return res.json() as { code: string; message: string };
      };
      expect(await refused(twoOptionProduct({ slug: 'a', tags: ['x'.repeat(51)] }))).toEqual({
        code: 'invalid-product',
        field: 'tags',
        message: `Tags are limited to 50 characters: "${'x'.repeat(51)}" is too long.`,
      });
      expect((await refused(twoOptionProduct({ slug: 'b', categories: ['y'.repeat(26)] }))).message).toBe(
        `Categories are limited to 25 characters: "${'y'.repeat(26)}" is too long.`,
      );
      expect(
        (
          await refused(
            twoOptionProduct({
              slug: 'c',
              kind: 'digital',
              subscriptionPlans: [{ interval: 'month', every: 1, price: '5.00' }],
            }),
          )
        ).message,
      ).toBe('Only physical and service products can be subscribed to by a merchant.');
      expect((await refused(twoOptionProduct({ slug: 'Not A Slug' }))).message).toContain(
        'may hold only lowercase',
      );
      const base = twoOptionProduct({ slug: 'd' });
      const twin = { ...base, variants: [base.variants[0]!, { ...base.variants[0]!, sku: 'OTHER' }] };
      expect((await refused(twin)).message).toBe('Variants AP-S-OAT and OTHER have the same options.');
      const missing = { ...base, variants: [{ ...base.variants[0]!, options: { Size: 'S' } }] };
      expect((await refused(missing)).message).toBe(
        'Variant AP-S-OAT needs one value for each option: Size, Colour.',
      );
      const sale = { ...base, variants: [{ ...base.variants[0]!, onSale: true, salePrice: '50.00' }] };
      expect((await refused(sale)).message).toBe('Variant AP-S-OAT: the sale price must be below the price.');
      const many = {
        ...base,
        options: [{ name: 'N', values: Array.from({ length: 251 }, (_, i) => `v${i}`) }],
        variants: Array.from({ length: 251 }, (_, i) => ({
          ...base.variants[0]!,
          sku: `N${i}`,
          options: { N: `v${i}` },
        })),
      };
      expect((await refused(many)).message).toBe('A product has at most 250 variants; this one has 251.');
      const taken = await ada.request('POST', API, twoOptionProduct({ slug: 'tee' }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        code: 'slug-taken',
        message: 'Another product on this store page already has the URL slug "tee".',
      });
    });

    it('answers 301 from the old address after the slug changes', async () => {
      const ada = await staff([ROLES.admin]);
      expect((await page(second, '/shop/slugged-apron')).statusCode).toBe(404);
      const created = (
        await ada.request('POST', API, twoOptionProduct({ slug: 'slugged-apron' }))
      ).json() as ProductRecord;
      expect((await page(second, '/shop/slugged-apron')).statusCode).toBe(200);
      const renamed = await ada.request('PUT', `${API}/${created.id}`, {
        version: 1,
        product: { ...inputOf(created), slug: 'renamed-apron' },
      });
      expect(renamed.json().url).toBe('/shop/renamed-apron');
      const old = await page(second, '/shop/slugged-apron');
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/shop/renamed-apron');
      expect((await page(second, '/shop/renamed-apron')).statusCode).toBe(200);
    });

    it('takes a hidden product off the storefront of every instance, and brings it back', async () => {
      const ada = await staff([ROLES.admin]);
      expect((await page(second, '/shop/lesson')).statusCode).toBe(200);
      expect((await page(second, '/shop?format=json')).body).toContain('"urlId":"lesson"');
      const found = async () =>
        (await page(second, '/api/search/suggest?q=weaving')).body.includes('/shop/lesson');
      expect(await found()).toBe(true);
      const inSitemap = async () => (await page(second, '/sitemap.xml')).body.includes('/shop/lesson<');
      expect(await inSitemap()).toBe(true);
      const hide = await ada.request('POST', `${API}/bulk`, {
        productIds: ['p-lesson'],
        action: 'visibility',
        visibility: { state: 'hidden' },
      });
      expect(hide.statusCode).toBe(200);
      expect((await page(second, '/shop/lesson')).statusCode).toBe(404);
      expect((await page(second, '/shop?format=json')).body).not.toContain('"urlId":"lesson"');
      expect(await found()).toBe(false);
      expect(await inSitemap()).toBe(false);
      const record = (await ada.request('GET', `${API}/p-lesson`)).json() as ProductRecord;
      const shown = await ada.request('PUT', `${API}/p-lesson`, {
        version: record.version,
        product: { ...inputOf(record), visibility: { state: 'visible' } },
      });
      expect(shown.statusCode).toBe(200);
      expect((await page(second, '/shop/lesson')).statusCode).toBe(200);
      expect(await found()).toBe(true);
      expect(await inSitemap()).toBe(true);
    });

    it('duplicates as a hidden copy without stock, and deletes', async () => {
      const ada = await staff([ROLES.admin]);
      const created = (
        await ada.request('POST', API, twoOptionProduct({ slug: 'twin-apron' }))
      ).json() as ProductRecord;
      const copy = await ada.request('POST', `${API}/${created.id}/duplicate`);
      expect(copy.statusCode).toBe(201);
      expect(copy.json()).toMatchObject({
        title: 'Oat Linen Apron (copy)',
        slug: 'twin-apron-copy',
        visibility: { state: 'hidden' },
      });
      expect(copy.json().variants.map((v: { stock: number }) => v.stock)).toEqual([0, 0, 0, 0]);
      expect(copy.json().id).not.toBe(created.id);
      const gone = await ada.request('DELETE', `${API}/${created.id}`);
      expect(gone.statusCode).toBe(200);
      expect((await ada.request('GET', `${API}/${created.id}`)).statusCode).toBe(404);
      expect((await page(second, '/shop/twin-apron')).statusCode).toBe(404);
    });

    it('changes many products in one transaction: a refused one changes none', async () => {
      const ada = await staff([ROLES.admin]);
      const a = (
        await ada.request('POST', API, twoOptionProduct({ slug: 'bulk-a' }))
      ).json() as ProductRecord;
      const b = (
        await ada.request('POST', API, twoOptionProduct({ slug: 'bulk-b' }))
      ).json() as ProductRecord;
      const prices = async (id: string) =>
        ((await ada.request('GET', `${API}/${id}`)).json() as ProductRecord).variants.map((v) => v.price);
      const up = await ada.request('POST', `${API}/bulk`, {
        productIds: [a.id, b.id],
        action: 'price-percent',
        percent: 10,
      });
      expect(up.statusCode, up.body).toBe(200);
      expect(await prices(a.id)).toEqual(['48.40', '48.40', '52.80', '52.80']);
      expect(await prices(b.id)).toEqual(['48.40', '48.40', '52.80', '52.80']);
      const revisions = (await ada.request('GET', `${API}/${a.id}/revisions`)).json().revisions;
      expect(revisions).toHaveLength(2);

      const refused = await ada.request('POST', `${API}/bulk`, {
        productIds: [a.id, 'no-such-product'],
        action: 'visibility',
        visibility: { state: 'hidden' },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Product no-such-product does not exist: nothing was changed.');
      expect(((await ada.request('GET', `${API}/${a.id}`)).json() as ProductRecord).visibility).toEqual({
        state: 'visible',
      });

      const hidden = await ada.request('POST', `${API}/bulk`, {
        productIds: [a.id],
        action: 'visibility',
        visibility: { state: 'hidden' },
      });
      expect(hidden.statusCode).toBe(200);
      const listed = (await ada.request('GET', `${API}?visibility=hidden&q=oat%20linen`)).json();
      expect(listed.products.map((p: { id: string }) => p.id)).toContain(a.id);
      expect(listed.products.map((p: { id: string }) => p.id)).not.toContain(b.id);

      const category = await ada.request('POST', `${API}/bulk`, {
        productIds: [a.id, b.id],
        action: 'add-category',
        category: 'Aprons',
      });
      expect(category.statusCode).toBe(200);
      expect((await ada.request('GET', `${API}?category=Aprons`)).json().total).toBe(2);
      const deleted = await ada.request('POST', `${API}/bulk`, {
        productIds: [a.id, b.id],
        action: 'delete',
      });
      expect(deleted.statusCode).toBe(200);
      expect((await ada.request('GET', `${API}?category=Aprons`)).json().total).toBe(0);
    });

    it('lists products by title a page at a time, with search by SKU and filters', async () => {
      const viewer = await staff([ROLES.viewer]);
      const firstPage = (await viewer.request('GET', `${API}?limit=3`)).json();
      expect(firstPage.products).toHaveLength(3);
      const titles = firstPage.products.map((p: { title: string }) => p.title);
      expect(titles).toEqual([...titles].sort());
      expect(firstPage.hasNextPage).toBe(true);
      const next = (await viewer.request('GET', `${API}?limit=3&cursor=${firstPage.nextPageCursor}`)).json();
      expect(next.products.map((p: { title: string }) => p.title)[0] >= titles[2]).toBe(true);
      expect(next.total).toBe(firstPage.total);
      const bySku = (await viewer.request('GET', `${API}?q=tee-m`)).json();
      expect(bySku.products.map((p: { id: string }) => p.id)).toEqual(['p-tee']);
      expect(bySku.products[0]).toMatchObject({
        kind: 'physical',
        storePageTitle: 'Shop',
        variantCount: 2,
        onSale: true,
        price: '20.00',
      });
      const digital = (await viewer.request('GET', `${API}?kind=digital`)).json();
      expect(digital.products.map((p: { id: string }) => p.id)).toEqual(['p-ebook']);
      const soldOut = (await viewer.request('GET', `${API}?stock=out-of-stock`)).json();
      expect(soldOut.products.map((p: { id: string }) => p.id)).toContain('p-soldout');
      expect(soldOut.products.map((p: { id: string }) => p.id)).not.toContain('p-ebook');
      // By the cheapest variant's price, a page at a time, kept as prices change.
      const byPrice = async (query: string) => {
        const prices: number[] = [];
        let cursor = '';
        for (;;) {
          const res = (await viewer.request('GET', `${API}?sort=${query}&limit=2${cursor}`)).json();
          prices.push(...res.products.map((p: { price: string }) => Number(p.price)));
          if (!res.hasNextPage) return prices;
          cursor = `&cursor=${res.nextPageCursor}`;
        }
      };
      const ascending = await byPrice('price');
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      expect(ascending.length).toBe(firstPage.total);
      expect(await byPrice('-price')).toEqual([...ascending].reverse());
      const manager = await staff([ROLES['store-manager']]);
      const club = (await manager.request('GET', `${API}/p-club`)).json() as ProductRecord;
      const cheaper = { ...inputOf(club), variants: club.variants.map((v) => ({ ...v, price: '0.50' })) };
      expect(
        (await manager.request('PUT', `${API}/p-club`, { version: club.version, product: cheaper }))
          .statusCode,
      ).toBe(200);
      const cheapest = (await viewer.request('GET', `${API}?sort=price&limit=1`)).json().products[0];
      expect(cheapest).toMatchObject({ id: 'p-club', price: '0.50' });
      expect((await viewer.request('GET', `${API}?cursor=nope`)).statusCode).toBe(400);
      // Read only: the viewer may not save.
      const refused = await viewer.request('POST', API, twoOptionProduct({ slug: 'viewer-apron' }));
      expect(refused.statusCode).toBe(403);
    });

    // Twelve staff sign in (a password hash each) and call every route: longer than one call's test.
    it('lets each role do what the permission table says on every product call', async () => {
      const admin = await staff([ROLES.admin]);
      const product = (
        await admin.request('POST', API, twoOptionProduct({ slug: 'role-apron' }))
      ).json() as ProductRecord;
      const revision = (await admin.request('GET', `${API}/${product.id}/revisions`)).json().revisions[0]
        .id as string;
      for (const [name, role] of Object.entries(ROLES)) {
        const member = await staff([role]);
        const canEdit = role === ROLES.admin || role === ROLES['store-manager'];
        const current = (await admin.request('GET', `${API}/${product.id}`)).json() as ProductRecord;
        const calls: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown, boolean][] = [
          ['list', 'GET', API, undefined, true],
          ['load', 'GET', `${API}/${product.id}`, undefined, true],
          ['revisions', 'GET', `${API}/${product.id}/revisions`, undefined, true],
          [
            'save',
            'PUT',
            `${API}/${product.id}`,
            { version: current.version, product: inputOf(current) },
            canEdit,
          ],
          ['restore', 'POST', `${API}/${product.id}/revisions/${revision}/restore`, undefined, canEdit],
          [
            'bulk',
            'POST',
            `${API}/bulk`,
            { productIds: [product.id], action: 'add-category', category: name.slice(0, 20) },
            canEdit,
          ],
          ['create', 'POST', API, twoOptionProduct({ slug: `role-${role}` }), canEdit],
        ];
        for (const [call, method, url, body, allowed] of calls) {
          const res = await member.request(method, url, body);
          if (allowed)
            expect.soft(res.statusCode, `${name} ${call}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
          else expect.soft(res.statusCode, `${name} ${call}`).toBe(403);
        }
        if (canEdit) {
          const copy = await member.request('POST', `${API}/${product.id}/duplicate`);
          expect.soft(copy.statusCode, `${name} duplicate`).toBe(201);
          expect
            .soft((await member.request('DELETE', `${API}/${copy.json().id}`)).statusCode, `${name} delete`)
            .toBe(200);
        } else {
          expect.soft((await member.request('POST', `${API}/${product.id}/duplicate`)).statusCode).toBe(403);
          expect.soft((await member.request('DELETE', `${API}/${product.id}`)).statusCode).toBe(403);
        }
      }
      // Signed out (with the site's crumb, as a browser has it): 401 on every call.
      const visitor = new Customer(one);
      await visitor.start();
      for (const [method, url] of [
        ['GET', API],
        ['GET', `${API}/${product.id}`],
        ['PUT', `${API}/${product.id}`],
        ['POST', `${API}/bulk`],
        ['DELETE', `${API}/${product.id}`],
      ] as const) {
        const res = await visitor.request(method, url, method === 'GET' ? undefined : {});
        expect.soft(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }, 90_000);
  });
}
