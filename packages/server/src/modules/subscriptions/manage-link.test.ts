/**
 * A guest's subscription (issue 17): the confirmation page (206) and its mail give a manage link
 * whose token only they hold (the database keeps its digest); the link's page pauses, resumes and
 * cancels that subscription, without JavaScript; a forged token answers 404 and changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Customer, lastMail } from '../accounts/testing.ts';
import { CUSTOMER, makeCheckoutSite } from '../orders/testing.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { signInNewStaff } from '../../testing/back-office.ts';

const MANAGE = '/subscriptions/manage';

for (const database of DATABASES) {
  describe(`[${database.name}] a guest manages their subscription by its link`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;
    beforeAll(async () => {
      site = makeCheckoutSite({ stock: { 'v-club': 100 } });
      t = await startApp(database, { siteDir: site.dir });
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
    });
    const db = () => t.app.database.db;
    const stateOf = async (id: string) =>
      (await db().selectFrom('subscriptions').select('state').where('id', '=', id).executeTakeFirstOrThrow())
        .state;

    /** A guest subscribes as `email`; answers the browser, the subscription and the confirmation address. */
    async function subscribe(email: string) {
      const guest = new Customer(t);
      await guest.start();
      const cart = await guest.request('POST', '/api/3/commerce/cart/subscription', {
        itemId: 'p-club',
        sku: 'CLUB',
        qty: 1,
      });
      expect(cart.statusCode, cart.body).toBe(200);
      const res = await guest.order({ ...CUSTOMER, email, cartToken: cart.json().cartToken });
      expect(res.statusCode, res.body).toBe(200);
      const { order, confirmationUrl } = res.json() as { order: { id: string }; confirmationUrl: string };
      const row = await db()
        .selectFrom('subscriptions')
        .selectAll()
        .where('first_order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      return { guest, id: row.id, digest: row.manage_digest, confirmationUrl, orderId: order.id };
    }

    it('page 206 and the confirmation mail give the manage link; the database keeps only its digest', async () => {
      const { guest, confirmationUrl, orderId, digest } = await subscribe('guest-link@example.test');
      const token = /\?manage=([\w-]{43})$/.exec(confirmationUrl)?.[1];
      expect(token, confirmationUrl).toBeDefined();
      expect(digest).not.toContain(token);
      const page = await guest.request('GET', confirmationUrl);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`href="${MANAGE}?token=${token}"`);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      // Without the token (or with a wrong one) the page shows no link.
      const bare = await guest.request('GET', `/checkout/subscription-confirmed/${orderId}`);
      expect(bare.body).not.toContain(MANAGE);
      const wrong = await guest.request(
        'GET',
        `/checkout/subscription-confirmed/${orderId}?manage=${randomBytes(32).toString('base64url')}`,
      );
      expect(wrong.body).not.toContain(MANAGE);
      const mail = await lastMail(db(), 'guest-link@example.test', 'order-confirmation');
      expect(mail?.body).toContain(`${MANAGE}?token=${token}`);
    });

    it('"Resend confirmation" of a guest subscription order paid since keeps its manage link and says it is paid', async () => {
      const { confirmationUrl, orderId } = await subscribe('guest-resend@example.test');
      const token = /\?manage=([\w-]{43})$/.exec(confirmationUrl)?.[1];
      const { order_number: number } = await db()
        .selectFrom('orders')
        .select('order_number')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      const staff = await signInNewStaff(t, 'resend-manager@example.test', [8]);
      expect((await staff.request('POST', `/api/config/orders/${number}/mark-paid`, {})).statusCode).toBe(
        200,
      );
      // Its first mail, read before the resend: two mails of one millisecond have no order of their own.
      const first = await lastMail(db(), 'guest-resend@example.test', 'order-confirmation');
      const resent = await staff.request('POST', `/api/config/orders/${number}/resend-confirmation`);
      expect(resent.statusCode, resent.body).toBe(200);
      const mail = await db()
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', 'guest-resend@example.test')
        .where('kind', '=', 'order-confirmation')
        .where('id', '!=', first?.id ?? '')
        .executeTakeFirst();
      expect(mail?.body).toContain('Your payment has been received.');
      expect(mail?.body).toContain(`${MANAGE}?token=${token}`);
    });

    it('the link pauses, resumes and cancels the subscription, with forms that need no script', async () => {
      const { guest, id, confirmationUrl } = await subscribe('guest-manage@example.test');
      const token = /\?manage=([\w-]{43})$/.exec(confirmationUrl)?.[1] as string;
      const url = `${MANAGE}?token=${token}`;
      const page = await guest.request('GET', url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toContain(`data-subscription-id="${id}" data-state="active"`);
      expect(page.body).toContain('value="pause"');

      const pause = await guest.postForm(MANAGE, { token, action: 'pause' });
      expect(pause.statusCode, pause.body).toBe(303);
      expect(pause.headers.location).toBe(url);
      expect(await stateOf(id)).toBe('paused');
      expect((await guest.postForm(MANAGE, { token, action: 'resume' })).statusCode).toBe(303);
      expect(await stateOf(id)).toBe('active');
      expect((await guest.postForm(MANAGE, { token, action: 'cancel' })).statusCode).toBe(303);
      expect(await stateOf(id)).toBe('cancelled');
      const again = await guest.postForm(MANAGE, { token, action: 'resume' });
      expect(again.statusCode).toBe(409);
      expect(await stateOf(id)).toBe('cancelled');
      // Without the crumb nothing changes.
      const other = await subscribe('guest-crumb@example.test');
      const otherToken = /\?manage=([\w-]{43})$/.exec(other.confirmationUrl)?.[1] as string;
      const noCrumb = await new Customer(t).request(
        'POST',
        MANAGE,
        new URLSearchParams({ token: otherToken, action: 'cancel' }),
      );
      expect(noCrumb.statusCode).toBe(403);
      expect(await stateOf(other.id)).toBe('active');
    });

    it('a forged token answers 404 and changes nothing', async () => {
      const { guest, id } = await subscribe('guest-forged@example.test');
      for (const forged of [randomBytes(32).toString('base64url'), 'short', '']) {
        const page = await guest.request('GET', `${MANAGE}?token=${encodeURIComponent(forged)}`);
        expect(page.statusCode, forged).toBe(404);
        expect(page.body).toContain('That subscription does not exist.');
        const post = await guest.postForm(MANAGE, { token: forged, action: 'cancel' });
        expect(post.statusCode, forged).toBe(404);
      }
      // The row's digest itself is no token either (a leaked table makes no link).
      const { manage_digest } = await db()
        .selectFrom('subscriptions')
        .select('manage_digest')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(
        (await guest.postForm(MANAGE, { token: String(manage_digest), action: 'cancel' })).statusCode,
      ).toBe(404);
      expect((await guest.request('GET', MANAGE)).statusCode).toBe(404);
      expect(await stateOf(id)).toBe('active');
    });
  });
}
