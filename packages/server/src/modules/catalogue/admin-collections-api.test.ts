/**
 * Store pages and categories in the back office (issue 30 Build 3), each change seen on the
 * storefront's next request, without a restart.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RoleCode } from '@storefront/core';
import type { RecordRevisions, StorePageDetail } from '@storefront/core/wire';
import { buildApp } from '../../app.ts';
import { Customer } from '../accounts/testing.ts';
import { appForSuite, DATABASES, FIXTURE_SITE } from '../../testing/app.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { Shopper } from '../../testing/shopper.ts';

const API = '/api/config/store-pages';
const WAREHOUSE_PRODUCTS = 450;

type Json = Record<string, unknown>;

/**
 * The fixture site with nested categories on its shop, and a second store page ("warehouse") of
 * WAREHOUSE_PRODUCTS products: more than a page of 200 and more than 250 to order by hand.
 */
function storePagesSite(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-store-pages-'));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  const shopFile = join(dir, 'content/collections/shop.json');
  const shop = JSON.parse(readFileSync(shopFile, 'utf8')) as Json & { items: Json[] };
  shop.categories = ['Home', 'Home/Kitchen', 'Wear'];
  const categories: Record<string, string[]> = {
    tee: ['Wear'],
    'last-mug': ['Home/Kitchen'],
    'candle-club': ['Home'],
    lesson: ['Home/Kitchen', 'Wear'],
  };
  for (const item of shop.items) item.categories = categories[item.urlId as string] ?? [];
  writeFileSync(shopFile, JSON.stringify(shop, null, 2));
  const model = shop.items.find((i) => i.urlId === 'ebook') as Json;
  const warehouse = {
    id: 'c-warehouse',
    urlId: 'warehouse',
    title: 'Warehouse',
    typeName: 'products',
    type: 13,
    items: Array.from({ length: WAREHOUSE_PRODUCTS }, (_, n) => ({
      ...model,
      id: `p-w${n}`,
      urlId: `crate-${n}`,
      title: `Crate ${n}`,
      structuredContent: {
        ...(model.structuredContent as Json),
        variants: [
          {
            ...((model.structuredContent as { variants: Json[] }).variants[0] as Json),
            id: `v-w${n}`,
            sku: `CRATE-${n}`,
          },
        ],
      },
    })),
  };
  writeFileSync(join(dir, 'content/collections/warehouse.json'), JSON.stringify(warehouse, null, 2));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

for (const database of DATABASES) {
  describe(`[${database.name}] back office: store pages and categories`, () => {
    const site = storePagesSite();
    afterAll(() => site.cleanup());
    const t = appForSuite(database, { siteDir: site.dir });
    let made = 0;
    const staff = (...roles: RoleCode[]) => signInNewStaff(t, `pages-staff-${++made}@example.test`, roles);
    /** A visitor's view of a store page (JSON of the page the template renders). */
    const storefront = async (path: string) => {
      const res = await new Shopper(t).request('GET', `${path}${path.includes('?') ? '&' : '?'}format=json`);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res.json() as { items: { urlId: string }[]; pagination: Json };
    };
    const slugsOn = async (path: string) => (await storefront(path)).items.map((i) => i.urlId);
    const detail = async (s: Customer, id: string) =>
      (await s.request('GET', `${API}/${id}`)).json() as StorePageDetail;
    const versionOf = async (s: Customer, id: string) => (await detail(s, id)).version;

    it('lists the store pages with their products, page size and categories', async () => {
      const viewer = await staff(10);
      const res = await viewer.request('GET', API);
      expect(res.statusCode).toBe(200);
      const pages = res.json().storePages as Json[];
      expect(pages.map((p) => [p.slug, p.productCount])).toEqual([
        ['shop', 7],
        ['warehouse', WAREHOUSE_PRODUCTS],
      ]);
      expect(pages[0]).toMatchObject({
        title: 'Shop',
        userOrderable: true,
        categories: ['Home', 'Home/Kitchen', 'Wear'],
      });
      const shop = await detail(viewer, 'c-shop');
      expect(shop.products.map((p) => p.id)).toEqual([
        'p-tee',
        'p-last',
        'p-ebook',
        'p-gift',
        'p-soldout',
        'p-lesson',
        'p-club',
      ]);
      expect(shop.orderLimit).toBe(250);
    });

    it('creates a store page, renames it, and its old address answers 301 to the new one', async () => {
      const s = await staff(8);
      const created = await s.request('POST', API, { title: 'Seconds', slug: 'seconds', pageSize: 24 });
      expect(created.statusCode, created.body).toBe(201);
      const page = created.json() as StorePageDetail;
      expect(page).toMatchObject({
        title: 'Seconds',
        slug: 'seconds',
        pageSize: 24,
        productCount: 0,
        products: [],
      });
      expect((await new Shopper(t).request('GET', '/seconds')).statusCode).toBe(200);

      const taken = await s.request('POST', API, { title: 'Another shop', slug: 'shop' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        code: 'slug-taken',
        message: 'The address /shop is already used by Shop: choose another.',
      });
      const reserved = await s.request('POST', API, { title: 'Cart', slug: 'cart' });
      expect(reserved.json().message).toBe('The address /cart is used by the site itself: choose another.');
      for (const bad of ['Seconds Sale', 'seconds_', '-seconds', 'a'.repeat(101)]) {
        const r = await s.request('POST', API, { title: 'Bad', slug: bad });
        expect(r.statusCode, bad).toBe(400);
        expect(r.json().code).toBe('invalid-request');
      }
      expect((await s.request('POST', API, { title: 'Big', slug: 'big', pageSize: 201 })).statusCode).toBe(
        400,
      );

      const renamed = await s.request('PATCH', `${API}/${page.id}`, {
        version: page.version,
        title: 'Last Chance',
        slug: 'last-chance',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ title: 'Last Chance', slug: 'last-chance', pageSize: 24 });
      const old = await new Shopper(t).request('GET', '/seconds?sort=title');
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/last-chance?sort=title');
      const now = await storefront('/last-chance');
      expect((now as unknown as { collection: Json }).collection.title).toBe('Last Chance');

      // Renamed again: both former addresses lead to where it is now.
      await s.request('PATCH', `${API}/${page.id}`, {
        slug: 'final-sale',
        version: await versionOf(s, page.id),
      });
      expect((await new Shopper(t).request('GET', '/seconds')).headers.location).toBe('/final-sale');
      expect((await new Shopper(t).request('GET', '/last-chance')).headers.location).toBe('/final-sale');
      // A product's address under the old slug moves with it.
      const shopPage = await s.request('PATCH', `${API}/c-shop`, {
        slug: 'store',
        version: await versionOf(s, 'c-shop'),
      });
      expect(shopPage.statusCode).toBe(200);
      const item = await new Shopper(t).request('GET', '/shop/tee');
      expect(item.statusCode).toBe(301);
      expect(item.headers.location).toBe('/store/tee');
      expect((await new Shopper(t).request('GET', '/store/tee')).statusCode).toBe(200);
      await s.request('PATCH', `${API}/c-shop`, { slug: 'shop', version: await versionOf(s, 'c-shop') });
      expect((await new Shopper(t).request('GET', '/shop/tee')).statusCode).toBe(200);
    });

    it('refuses to delete a store page while it holds products, and deletes an empty one', async () => {
      const s = await staff(1);
      const full = await s.request('DELETE', `${API}/c-shop`);
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({
        code: 'store-page-not-empty',
        message: 'Shop still holds 7 products: move them to another store page or delete them first.',
      });
      const empty = (
        await s.request('POST', API, { title: 'Empty', slug: 'empty' })
      ).json() as StorePageDetail;
      expect((await new Shopper(t).request('GET', '/empty')).statusCode).toBe(200);
      const gone = await s.request('DELETE', `${API}/${empty.id}`);
      expect(gone.statusCode).toBe(200);
      expect((await new Shopper(t).request('GET', '/empty')).statusCode).toBe(404);
      expect((await s.request('DELETE', `${API}/${empty.id}`)).statusCode).toBe(404);
    });

    it('reorders products: the storefront shows the new order on its next request', async () => {
      const s = await staff(8);
      const before = await slugsOn('/shop');
      expect(before.slice(0, 3)).toEqual(['tee', 'last-mug', 'ebook']);
      const ids = (await detail(s, 'c-shop')).products.map((p) => p.id);
      const reordered = [...ids].reverse();
      const res = await s.request('PUT', `${API}/c-shop/order`, {
        productIds: reordered,
        version: await versionOf(s, 'c-shop'),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as StorePageDetail).products.map((p) => p.id)).toEqual(reordered);
      expect(await slugsOn('/shop')).toEqual([...before].reverse());
      // The product page's previous and next follow the new order.
      const tee = (await storefront('/shop/tee')) as unknown as { item: Json; pagination?: Json };
      expect(JSON.stringify(tee)).toContain('"urlId":"last-mug"');

      // A list that is not every product of the page, once each, is refused: nothing moves.
      for (const productIds of [
        reordered.slice(1),
        [...reordered, reordered[0]],
        [...reordered.slice(1), 'p-w1'],
      ]) {
        const stale = await s.request('PUT', `${API}/c-shop/order`, {
          productIds,
          version: await versionOf(s, 'c-shop'),
        });
        expect(stale.statusCode).toBe(409);
        expect(stale.json().message).toBe(
          'The products of Shop changed since you opened it: reload the page and order them again.',
        );
      }
      expect(await slugsOn('/shop')).toEqual([...before].reverse());
      await s.request('PUT', `${API}/c-shop/order`, {
        productIds: ids,
        version: await versionOf(s, 'c-shop'),
      });
      expect(await slugsOn('/shop')).toEqual(before);
    });

    it('refuses to order by hand a store page of more than 250 products, saying so', async () => {
      const s = await staff(8);
      const page = await detail(s, 'c-warehouse');
      expect(page.productCount).toBe(WAREHOUSE_PRODUCTS);
      expect(page.products).toEqual([]);
      const productIds = Array.from(
        { length: WAREHOUSE_PRODUCTS },
        (_, n) => `p-w${WAREHOUSE_PRODUCTS - 1 - n}`,
      );
      const res = await s.request('PUT', `${API}/c-warehouse/order`, {
        productIds,
        version: await versionOf(s, 'c-warehouse'),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'order-too-long',
        message:
          'Products can be put in order by hand on a store page of at most 250 products; Warehouse has 450. Sort the list by title, price or date instead.',
      });
      expect((await slugsOn('/warehouse')).slice(0, 2)).toEqual(['crate-0', 'crate-1']);
    });

    it('pages through every product of a store page past 200, at the page size staff set', async () => {
      const s = await staff(8);
      const res = await s.request('PATCH', `${API}/c-warehouse`, {
        pageSize: 200,
        version: await versionOf(s, 'c-warehouse'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const seen: string[] = [];
      let path: string | undefined = '/warehouse';
      let pages = 0;
      while (path) {
        const page = await storefront(path);
        seen.push(...page.items.map((i) => i.urlId));
        expect(page.pagination.pageSize).toBe(200);
        path = page.pagination.nextPageUrl as string | undefined;
        pages++;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(Array.from({ length: WAREHOUSE_PRODUCTS }, (_, n) => `crate-${n}`));
    });

    it('keeps nested categories: a parent filter lists the products of its children', async () => {
      expect(await slugsOn('/shop?category=Home/Kitchen')).toEqual(['last-mug', 'lesson']);
      expect(await slugsOn('/shop?category=Home')).toEqual(['last-mug', 'lesson', 'candle-club']);
      expect(await slugsOn('/shop?category=Wear')).toEqual(['tee', 'lesson']);
    });

    it('creates, renames (on every product, at once), orders and deletes categories', async () => {
      const s = await staff(8);
      const added = await s.request('POST', `${API}/c-shop/categories`, { path: ' Garden / Tools ' });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().categories).toEqual(['Home', 'Home/Kitchen', 'Wear', 'Garden', 'Garden/Tools']);
      const again = await s.request('POST', `${API}/c-shop/categories`, { path: 'Garden' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This category already exists');
      const long = await s.request('POST', `${API}/c-shop/categories`, { path: `Home/${'x'.repeat(26)}` });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe(
        `Each level of a category is 1 to 25 characters and cannot be empty: "Home/${'x'.repeat(26)}" is not.`,
      );
      expect((await s.request('POST', `${API}/c-shop/categories`, { path: 'Home//Bath' })).statusCode).toBe(
        400,
      );

      await slugsOn('/shop?category=Home/Kitchen');
      const renamed = await s.request('PATCH', `${API}/c-shop/categories`, { from: 'Home', to: 'House' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().categories).toEqual(['House', 'House/Kitchen', 'Wear', 'Garden', 'Garden/Tools']);
      expect(await slugsOn('/shop?category=House/Kitchen')).toEqual(['last-mug', 'lesson']);
      expect(await slugsOn('/shop?category=House')).toEqual(['last-mug', 'lesson', 'candle-club']);
      // The old name filters nothing any more: the list is whole again.
      expect(await slugsOn('/shop?category=Home/Kitchen')).toHaveLength(7);
      const lesson = (await storefront('/shop/lesson')) as unknown as { item: { categories: string[] } };
      expect(lesson.item.categories).toEqual(['House/Kitchen', 'Wear']);

      const clash = await s.request('PATCH', `${API}/c-shop/categories`, { from: 'Wear', to: 'House' });
      expect(clash.statusCode).toBe(409);
      const missing = await s.request('PATCH', `${API}/c-shop/categories`, { from: 'Toys', to: 'Games' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('There is no category Toys on Shop.');

      const order = ['Wear', 'Garden', 'Garden/Tools', 'House', 'House/Kitchen'];
      const shopCategories = async () =>
        ((await storefront('/shop')) as unknown as { collection: { categories: string[] } }).collection
          .categories;
      expect(await shopCategories()).toEqual(['House', 'House/Kitchen', 'Wear', 'Garden', 'Garden/Tools']);
      const ordered = await s.request('PUT', `${API}/c-shop/categories/order`, { categories: order });
      expect(ordered.json().categories).toEqual(order);
      // The shop's category links (the template prints `collection.categories`) follow at once.
      expect(await shopCategories()).toEqual(order);
      expect(
        (await s.request('PUT', `${API}/c-shop/categories/order`, { categories: order.slice(1) })).statusCode,
      ).toBe(409);

      const deleted = await s.request('DELETE', `${API}/c-shop/categories?path=House/Kitchen`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json().categories).toEqual(['Wear', 'Garden', 'Garden/Tools', 'House']);
      const after = (await storefront('/shop/lesson')) as unknown as { item: { categories: string[] } };
      expect(after.item.categories).toEqual(['Wear']);
      expect(await slugsOn('/shop?category=House')).toEqual(['candle-club']);
    });

    it('a category differing only in case already exists; a rename may change its own case', async () => {
      const s = await staff(8);
      const categories = `${API}/c-shop/categories`;
      expect((await s.request('POST', categories, { path: 'Patio' })).statusCode).toBe(201);
      const twin = await s.request('POST', categories, { path: ' PATIO ' });
      expect(twin.statusCode).toBe(409);
      expect(twin.json().message).toBe('This category already exists');
      expect((await s.request('POST', categories, { path: 'Deck' })).statusCode).toBe(201);
      const onto = await s.request('PATCH', categories, { from: 'Deck', to: 'patio' });
      expect(onto.statusCode).toBe(409);
      expect(onto.json().message).toBe('This category already exists');
      const recased = await s.request('PATCH', categories, { from: 'Patio', to: 'patio' });
      expect(recased.statusCode, recased.body).toBe(200);
      expect(recased.json().categories).toContain('patio');
      expect(recased.json().categories).not.toContain('Patio');
      for (const path of ['patio', 'Deck'])
        expect((await s.request('DELETE', `${categories}?path=${path}`)).statusCode).toBe(200);
    });

    it('refuses a change made on a stale version, naming who saved and when; a restored revision brings the old title and order back', async () => {
      const editor = async (role: RoleCode) => {
        const email = `pages-editor-${++made}@example.test`;
        return Object.assign(await signInNewStaff(t, email, [role]), { email });
      };
      const ada = await editor(1);
      const bea = await editor(8);
      const opened = await detail(bea, 'c-shop');
      const order = opened.products.map((p) => p.id);
      const slugsBefore = await slugsOn('/shop');

      const renamed = await ada.request('PATCH', `${API}/c-shop`, {
        version: opened.version,
        title: 'Ada’s shop',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({
        title: 'Ada’s shop',
        version: opened.version + 1,
        updatedBy: ada.email,
      });
      const reordered = await ada.request('PUT', `${API}/c-shop/order`, {
        version: renamed.json().version,
        productIds: [...order].reverse(),
      });
      expect(reordered.statusCode, reordered.body).toBe(200);
      const { updatedOn, version } = reordered.json() as StorePageDetail;

      for (const [method, path, body] of [
        ['PATCH', `${API}/c-shop`, { version: opened.version, title: 'Bea’s shop' }],
        ['PUT', `${API}/c-shop/order`, { version: opened.version, productIds: order }],
      ] as const) {
        const stale = await bea.request(method, path, body);
        expect(stale.statusCode, `${method} ${path}`).toBe(409);
        const wall = new Date(updatedOn)
          .toLocaleString('sv-SE', { timeZone: 'America/New_York' })
          .slice(0, 16);
        expect(stale.json()).toEqual({
          code: 'record-changed',
          message: `${ada.email} saved this store page at ${wall} (America/New_York), after you opened it. What you typed is still here: check their changes, then save again.`,
          changedBy: ada.email,
          changedOn: updatedOn,
          currentVersion: version,
        });
      }
      expect(await slugsOn('/shop')).toEqual([...slugsBefore].reverse());
      expect((await detail(bea, 'c-shop')).title).toBe('Ada’s shop');

      const history = (await bea.request('GET', `${API}/c-shop/revisions`)).json() as RecordRevisions;
      expect(history.revisions.slice(0, 2)).toMatchObject([
        { version, savedBy: ada.email, changes: ['Order of the products'] },
        { version: opened.version + 1, savedBy: ada.email, changes: ['Title'] },
      ]);
      const first = history.revisions.at(-1) as RecordRevisions['revisions'][number];
      expect(first.changes).toEqual(['As it was before the first edit in the back office']);
      const restored = await bea.request('POST', `${API}/c-shop/revisions/${first.id}/restore`);
      expect(restored.statusCode, restored.body).toBe(200);
      expect(restored.json()).toMatchObject({
        title: 'Shop',
        slug: 'shop',
        version: version + 1,
        updatedBy: bea.email,
      });
      expect((restored.json() as StorePageDetail).products.map((p) => p.id)).toEqual(order);
      expect(await slugsOn('/shop')).toEqual(slugsBefore);
      const [latest] = ((await bea.request('GET', `${API}/c-shop/revisions`)).json() as RecordRevisions)
        .revisions;
      expect(latest).toMatchObject({ version: version + 1, changes: [`Restored version ${first.version}`] });
      expect((await bea.request('POST', `${API}/c-shop/revisions/nope/restore`)).statusCode).toBe(404);
    });

    it('lets only catalogue editors write: 403 for other staff, 401 signed out', async () => {
      const writes: [method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', path: string, body?: unknown][] = [
        ['POST', API, { title: 'Nope', slug: 'nope' }],
        ['PATCH', `${API}/c-shop`, { title: 'Nope' }],
        ['DELETE', `${API}/c-shop`],
        ['PUT', `${API}/c-shop/order`, { productIds: [] }],
        ['POST', `${API}/c-shop/categories`, { path: 'Nope' }],
        ['PATCH', `${API}/c-shop/categories`, { from: 'Wear', to: 'Nope' }],
        ['DELETE', `${API}/c-shop/categories?path=Wear`],
        ['PUT', `${API}/c-shop/categories/order`, { categories: [] }],
      ];
      const before = (await (await staff(1)).request('GET', `${API}/c-shop`)).body;
      for (const role of [2, 3, 4, 6, 7, 9, 10, 11, 12, 13] as RoleCode[]) {
        const s = await staff(role);
        expect((await s.request('GET', API)).statusCode, `role ${role} reads`).toBe(200);
        for (const [method, path, body] of writes) {
          const res = await s.request(method, path, body);
          expect(res.statusCode, `role ${role}: ${method} ${path}`).toBe(403);
          expect(res.json().code).toBe('account.forbidden');
        }
      }
      const stranger = new Customer(t);
      await stranger.start();
      expect((await stranger.request('GET', API)).statusCode).toBe(401);
      for (const [method, path, body] of writes)
        expect((await stranger.request(method, path, body)).statusCode, `${method} ${path}`).toBe(401);
      expect((await (await staff(1)).request('GET', `${API}/c-shop`)).body).toBe(before);
    });

    // Last: starting another instance syncs the site folder's content again.
    it('another instance on the same database shows a new order on its next request', async () => {
      const other = await buildApp(t.config, { logger: false });
      try {
        const onOther = async () => {
          const res = await other.inject({ method: 'GET', url: '/shop?format=json' });
          expect(res.statusCode).toBe(200);
          return (res.json() as { items: { urlId: string }[] }).items.map((i) => i.urlId);
        };
        const before = await onOther();
        expect(await onOther()).toEqual(before);
        const s = await staff(8);
        const ids = (await detail(s, 'c-shop')).products.map((p) => p.id);
        const swapped = [ids[1], ids[0], ...ids.slice(2)] as string[];
        const order = async (productIds: string[]) =>
          (
            await s.request('PUT', `${API}/c-shop/order`, {
              productIds,
              version: await versionOf(s, 'c-shop'),
            })
          ).statusCode;
        expect(await order(swapped)).toBe(200);
        expect(await onOther()).toEqual([before[1], before[0], ...before.slice(2)]);
        expect(await order(ids)).toBe(200);
        expect(await onOther()).toEqual(before);
      } finally {
        await other.close();
      }
    });
  });
}
