/**
 * Product reviews (issue 17) over real HTTP on each database: the request mailed when an order's
 * last line ships, its link (forged, expired, reused), the form's validation, moderation by
 * permission, and the rating on the product page and in its JSON-LD only once a review is approved.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PageType, type RoleCode } from '@storefront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Customer, makeAccount } from '../accounts/testing.ts';
import { STAFF_SESSION_PATH } from '../accounts/routes.ts';
import { CUSTOMER, makeCheckoutSite, Shopper } from '../orders/testing.ts';
import { DATABASES, DEMO_SITE, startApp, type TestApp } from '../../testing/app.ts';

/** Approved reviews of an order's lines, in line order, as if sent and moderated. */
async function storeApprovedReviews(t: TestApp, orderId: string, ratings: number[]): Promise<void> {
  const db = t.app.database.db;
  const lines = await db
    .selectFrom('order_lines')
    .select(['id', 'item_id', 'title'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  const now = Date.now();
  await db
    .insertInto('reviews')
    .values(
      ratings.map((rating, index) => ({
        id: `review-${orderId}-${index}`,
        order_id: orderId,
        line_id: lines[index]?.id ?? '',
        item_id: lines[index]?.item_id ?? '',
        product_title: lines[index]?.title ?? '',
        customer_name: 'Ada Lovelace',
        email: CUSTOMER.email,
        rating,
        title: '',
        body: '',
        state: 'approved',
        created: now,
        moderated_at: now,
        moderated_by: null,
      })),
    )
    .execute();
}

const LINK = /https?:\/\/[^\s]+\/reviews\/request\?token=([\w-]+)/;
const PRODUCT_PAGE = '/shop/tee';
const DEMO_PRODUCT = '/shop/linen-camp-shirt';

for (const database of DATABASES) {
  describe(`[${database.name}] product reviews`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;
    const staff = new Map<string, Customer>();

    beforeAll(async () => {
      site = makeCheckoutSite({ stock: { 'v-tee-s': 50, 'v-tee-m': 50, 'v-last': 50 } });
      t = await startApp(database, { siteDir: site.dir });
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
    });

    const db = () => t.app.database.db;

    async function staffWith(...roles: RoleCode[]): Promise<Customer> {
      const key = roles.join(',');
      const known = staff.get(key);
      if (known) return known;
      const email = `staff-${roles.join('-')}@example.test`;
      await makeAccount(db(), email, { kind: 'staff', roles });
      const browser = new Customer(t);
      expect((await browser.signIn(email, undefined, false, STAFF_SESSION_PATH)).statusCode).toBe(200);
      staff.set(key, browser);
      return browser;
    }
    const manager = () => staffWith(8);
    const moderator = () => staffWith(6);

    async function placeOrder(email: string, lines = [{ itemId: 'p-tee', sku: 'TEE-S', quantity: 2 }]) {
      const shopper = new Shopper(t);
      await shopper.start();
      for (const line of lines) expect((await shopper.add(line)).statusCode).toBe(200);
      const res = await shopper.order({ ...CUSTOMER, email });
      expect(res.statusCode).toBe(200);
      return res.json().order as { id: string; orderNumber: number };
    }
    const reviewMails = (email: string) =>
      db()
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', email)
        .where('kind', '=', 'review-request')
        .execute();
    /** The token of the one review request mailed to `email`. */
    async function mailedToken(email: string): Promise<string> {
      const mails = await reviewMails(email);
      expect(mails).toHaveLength(1);
      const token = LINK.exec(mails[0]?.body ?? '')?.[1];
      expect(token).toBeDefined();
      return token as string;
    }
    async function fulfil(orderNumber: number, body?: unknown) {
      const res = await (
        await manager()
      ).request('POST', `/api/config/orders/${orderNumber}/fulfil`, body ?? {});
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    }
    /** The buyer following the link: the form page, with the crumb it hands out. */
    async function openLink(token: string) {
      const buyer = new Shopper(t);
      const page = await buyer.request('GET', `/reviews/request?token=${token}`);
      return { buyer, page };
    }
    const lineIdOf = (html: string) => /data-line-id="([^"]+)"/.exec(html)?.[1] as string;
    const submit = (buyer: Shopper, fields: Record<string, string>) =>
      buyer.request(
        'POST',
        '/reviews/request',
        new URLSearchParams({ crumb: buyer.cookies.crumb ?? '', ...fields }),
      );
    const jsonLdProduct = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
        .map((m) => JSON.parse(m[1] as string) as Record<string, unknown>)
        .find((d) => d['@type'] === 'Product');

    it('mails the review request once, when the last line of the order has shipped', async () => {
      const email = 'partial@example.test';
      const order = await placeOrder(email, [
        { itemId: 'p-tee', sku: 'TEE-S', quantity: 2 },
        { itemId: 'p-last', sku: 'MUG-1', quantity: 1 },
      ]);
      const detail = (
        await (await manager()).request('GET', `/api/config/orders/${order.orderNumber}`)
      ).json();
      const [tee, mug] = detail.lines as { id: string }[];
      await fulfil(order.orderNumber, { lines: [{ lineId: tee?.id, quantity: 2 }] });
      expect(await reviewMails(email)).toHaveLength(0);
      await fulfil(order.orderNumber, { lines: [{ lineId: mug?.id, quantity: 1 }] });
      const token = await mailedToken(email);
      const { page } = await openLink(token);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-page-type']).toBe(String(PageType.REVIEWS_REQUEST));
      expect(page.body).toContain('Your rating of Linen Tee');
      expect(page.body).toContain('Your rating of Last Mug');
      expect(page.body).toContain('5 out of 5 stars');
    });

    it('refuses a forged, an expired and a reused link with a 4xx page saying why', async () => {
      const forged = await openLink('A'.repeat(43));
      expect(forged.page.statusCode).toBe(404);
      expect(forged.page.body).toContain('This review link is not valid.');
      expect((await openLink('not-a-token')).page.statusCode).toBe(404);

      const email = 'expired@example.test';
      const order = await placeOrder(email);
      await fulfil(order.orderNumber);
      const token = await mailedToken(email);
      const { buyer, page } = await openLink(token);
      expect(page.statusCode).toBe(200);
      const lineId = lineIdOf(page.body);
      await db()
        .updateTable('review_requests')
        .set({ expires_at: Date.now() - 1 })
        .where('order_id', '=', order.id)
        .execute();
      const expired = await submit(buyer, { token, [`rating.${lineId}`]: '4' });
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain('This review link has expired.');
      expect((await openLink(token)).page.statusCode).toBe(410);

      const reusedEmail = 'reused@example.test';
      const reusedOrder = await placeOrder(reusedEmail);
      await fulfil(reusedOrder.orderNumber);
      const secondToken = await mailedToken(reusedEmail);
      const second = await openLink(secondToken);
      const secondLine = lineIdOf(second.page.body);
      const first = await submit(second.buyer, { token: secondToken, [`rating.${secondLine}`]: '5' });
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('Thank you: your reviews will appear once we have read them.');
      const again = await submit(second.buyer, { token: secondToken, [`rating.${secondLine}`]: '1' });
      expect(again.statusCode).toBe(410);
      expect(again.body).toContain('This review link has been used already.');
      const stored = await db()
        .selectFrom('reviews')
        .selectAll()
        .where('order_id', '=', reusedOrder.id)
        .execute();
      expect(stored.map((r) => [r.rating, r.state])).toEqual([[5, 'pending']]);
    });

    it('answers a bad submission with a 4xx page and stores nothing', async () => {
      const email = 'invalid@example.test';
      const order = await placeOrder(email);
      await fulfil(order.orderNumber);
      const token = await mailedToken(email);
      const { buyer, page } = await openLink(token);
      const lineId = lineIdOf(page.body);

      const nothing = await submit(buyer, { token, [`title.${lineId}`]: 'Lovely' });
      expect(nothing.statusCode).toBe(400);
      expect(nothing.body).toContain('Please rate at least one product from 1 to 5 stars.');
      expect(nothing.body).toContain('value="Lovely"');
      const six = await submit(buyer, { token, [`rating.${lineId}`]: '6' });
      expect(six.statusCode).toBe(400);
      expect(six.body).toContain(`Invalid form: rating.${lineId}`);
      const long = await submit(buyer, {
        token,
        [`rating.${lineId}`]: '3',
        [`title.${lineId}`]: 'x'.repeat(201),
      });
      expect(long.statusCode).toBe(400);
      expect(long.body).toContain(`Invalid form: title.${lineId}`);
      const noCrumb = await buyer.request(
        'POST',
        '/reviews/request',
        new URLSearchParams({ token, [`rating.${lineId}`]: '3' }),
      );
      expect(noCrumb.statusCode).toBe(403);
      expect(await db().selectFrom('reviews').selectAll().where('order_id', '=', order.id).execute()).toEqual(
        [],
      );
      // The link still works after refusals.
      expect((await submit(buyer, { token, [`rating.${lineId}`]: '3' })).statusCode).toBe(200);
    });

    it('lets only staff who moderate comments list, approve and reject reviews', async () => {
      const email = 'moderated@example.test';
      const order = await placeOrder(email);
      await fulfil(order.orderNumber);
      const token = await mailedToken(email);
      const { buyer, page } = await openLink(token);
      const lineId = lineIdOf(page.body);
      expect(
        (await submit(buyer, { token, [`rating.${lineId}`]: '2', [`body.${lineId}`]: 'Shrank.' })).statusCode,
      ).toBe(200);
      const review = await db()
        .selectFrom('reviews')
        .select('id')
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();

      for (const role of [1, 2, 3, 4, 6, 7, 8, 10] as RoleCode[]) {
        const browser = await staffWith(role);
        const allowed = role === 1 || role === 6;
        const list = await browser.request('GET', '/api/config/reviews?state=pending');
        expect(list.statusCode, `role ${role}`).toBe(allowed ? 200 : 403);
        if (!allowed) {
          expect(list.json()).toEqual({ code: 'account.forbidden', message: expect.any(String) });
          const approve = await browser.request('POST', `/api/config/reviews/${review.id}/approve`, {});
          expect(approve.statusCode, `role ${role}`).toBe(403);
        }
      }
      const m = await moderator();
      const pending = (await m.request('GET', '/api/config/reviews?state=pending&limit=100')).json();
      expect(pending.reviews).toContainEqual(
        expect.objectContaining({ id: review.id, rating: 2, body: 'Shrank.', state: 'pending', email }),
      );
      const rejected = await m.request('POST', `/api/config/reviews/${review.id}/reject`, {});
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json()).toMatchObject({ id: review.id, state: 'rejected' });
      const missing = await m.request('POST', '/api/config/reviews/no-such-review/approve', {});
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ code: 'not-found', message: 'There is no such review.' });
      const badState = await m.request('GET', '/api/config/reviews?state=hidden');
      expect(badState.statusCode).toBe(400);
    });

    it('shows the rating on the product page and in its JSON-LD only once a review is approved', async () => {
      const before = await t.app.inject({ method: 'GET', url: PRODUCT_PAGE });
      expect(before.statusCode).toBe(200);
      expect(jsonLdProduct(before.body)).not.toHaveProperty('aggregateRating');
      const context = async () =>
        (await t.app.inject({ method: 'GET', url: `${PRODUCT_PAGE}?format=json` })).json() as Record<
          string,
          unknown
        >;

      const email = 'approved@example.test';
      const order = await placeOrder(email);
      await fulfil(order.orderNumber);
      const token = await mailedToken(email);
      const { buyer, page } = await openLink(token);
      const lineId = lineIdOf(page.body);
      expect(
        (await submit(buyer, { token, [`rating.${lineId}`]: '4', [`title.${lineId}`]: 'Soft' })).statusCode,
      ).toBe(200);
      // Pending: nothing shows yet (earlier tests left only pending or rejected reviews).
      expect(
        jsonLdProduct((await t.app.inject({ method: 'GET', url: PRODUCT_PAGE })).body),
      ).not.toHaveProperty('aggregateRating');
      expect((await context()).item).not.toHaveProperty('productReviews');
      expect((await t.app.inject({ method: 'GET', url: '/api/reviews/items/p-tee' })).json().reviews).toEqual(
        [],
      );

      const m = await moderator();
      const pending = (await m.request('GET', '/api/config/reviews?limit=100')).json();
      const ids = (pending.reviews as { id: string; rating: number; itemId: string }[])
        .filter((r) => r.itemId === 'p-tee')
        .map((r) => r.id);
      for (const id of ids)
        expect((await m.request('POST', `/api/config/reviews/${id}/approve`, {})).statusCode).toBe(200);
      const approved = await db()
        .selectFrom('reviews')
        .select('rating')
        .where('item_id', '=', 'p-tee')
        .where('state', '=', 'approved')
        .execute();
      const count = approved.length;
      const average = Math.round((approved.reduce((n, r) => n + r.rating, 0) / count) * 10) / 10;
      expect(count).toBeGreaterThanOrEqual(2);

      const after = await t.app.inject({ method: 'GET', url: PRODUCT_PAGE });
      expect(jsonLdProduct(after.body)?.aggregateRating).toEqual({
        '@type': 'AggregateRating',
        ratingValue: average,
        reviewCount: count,
        bestRating: 5,
        worstRating: 1,
      });
      expect(await context()).toMatchObject({
        item: { productReviews: { itemId: 'p-tee', count, averageRating: average } },
      });
      const listed = (await t.app.inject({ method: 'GET', url: '/api/reviews/items/p-tee?limit=50' })).json();
      expect(listed.summary).toEqual({ count, averageRating: average });
      expect(listed.reviews).toContainEqual(
        expect.objectContaining({ rating: 4, title: 'Soft', author: 'Ada' }),
      );
      expect(JSON.stringify(listed)).not.toContain('@example.test');
      // Another product has none.
      const mug = await t.app.inject({ method: 'GET', url: '/shop/last-mug' });
      expect(jsonLdProduct(mug.body)).not.toHaveProperty('aggregateRating');
    });
  });

  describe(`[${database.name}] product reviews with the site's flag 66 off`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;

    beforeAll(async () => {
      site = makeCheckoutSite({ stock: { 'v-tee-s': 50 } });
      const websiteFile = join(site.dir, 'content/website.json');
      const website = JSON.parse(readFileSync(websiteFile, 'utf8')) as {
        websiteSettings: { enabledFeatures?: unknown };
      };
      delete website.websiteSettings.enabledFeatures;
      writeFileSync(websiteFile, JSON.stringify(website));
      t = await startApp(database, { siteDir: site.dir });
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
    });

    it('mails no request, serves no reviews page or list and shows no rating, even an approved one', async () => {
      const db = t.app.database.db;
      const shopper = new Shopper(t);
      await shopper.start();
      expect((await shopper.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 })).statusCode).toBe(200);
      const placed = await shopper.order({ ...CUSTOMER, email: 'off@example.test' });
      const order = placed.json().order as { id: string; orderNumber: number };
      await makeAccount(db, 'manager-off@example.test', { kind: 'staff', roles: [8] });
      const manager = new Customer(t);
      await manager.signIn('manager-off@example.test', undefined, false, STAFF_SESSION_PATH);
      const fulfilled = await manager.request('POST', `/api/config/orders/${order.orderNumber}/fulfil`, {});
      expect(fulfilled.statusCode, fulfilled.body).toBe(200);
      expect(
        await db.selectFrom('mail_outbox').select('kind').where('kind', '=', 'review-request').execute(),
      ).toEqual([]);
      expect(await db.selectFrom('review_requests').selectAll().execute()).toEqual([]);

      // A review approved while the flag was on stays off the page.
      await storeApprovedReviews(t, order.id, [5]);
      // Each answers as a path the site does not have.
      for (const [method, url] of [
        ['GET', '/reviews/request?token=' + 'A'.repeat(43)],
        ['POST', '/reviews/request'],
        ['GET', '/api/reviews/items/p-tee'],
      ] as const) {
        const body = method === 'POST' ? new URLSearchParams() : undefined;
        const res = await shopper.request(method, url, body);
        const unknown = await shopper.request(method, url.replace('review', 'no-such-review'), body);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toBe(unknown.headers['content-type']);
        expect(res.body, url).not.toMatch(/review link|Your rating/);
      }
      const product = await t.app.inject({ method: 'GET', url: PRODUCT_PAGE });
      expect(product.statusCode).toBe(200);
      expect(product.body).not.toContain('aggregateRating');
      const context = (await t.app.inject({ method: 'GET', url: `${PRODUCT_PAGE}?format=json` })).json();
      expect(context.item).not.toHaveProperty('productReviews');
    });
  });

  describe(`[${database.name}] the demo's rating text in the page's language`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database, { siteDir: DEMO_SITE });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('reads "out of 5" and the tab title from the strings of the page language (French under /fr-fr)', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      for (const sku of ['JR-LCS-S-OAT', 'JR-LCS-M-OAT'])
        expect((await shopper.add({ itemId: '4f701ce5de28051798b991fc', sku, quantity: 1 })).statusCode).toBe(
          200,
        );
      const placed = await shopper.order(CUSTOMER);
      expect(placed.statusCode, placed.body).toBe(200);
      await storeApprovedReviews(t, (placed.json().order as { id: string }).id, [4, 5]);

      await makeAccount(t.app.database.db, 'admin-fr@example.test', { kind: 'staff', roles: [1] });
      const admin = new Customer(t);
      await admin.signIn('admin-fr@example.test', undefined, false, STAFF_SESSION_PATH);
      const languages = await admin.request('PUT', '/api/multilingual/languages', {
        languages: [{ tag: 'en-US', isDefault: true }, { tag: 'fr-FR' }],
      });
      expect(languages.statusCode, languages.body).toBe(200);

      const english = await t.app.inject({ method: 'GET', url: DEMO_PRODUCT });
      expect(english.body).toContain('4.5 out of 5 (2 reviews)</a>');
      expect(english.body).toContain('>Reviews (2)</h2>');
      const french = await t.app.inject({ method: 'GET', url: `/fr-fr${DEMO_PRODUCT}` });
      expect(french.statusCode).toBe(200);
      expect(french.body).toContain('4,5 sur 5 (2 avis)</a>');
      expect(french.body).toContain('>Avis (2)</h2>');
      expect(french.body).not.toContain('out of 5');
    });
  });
}
