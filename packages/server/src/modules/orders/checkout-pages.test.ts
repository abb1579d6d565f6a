import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { makeCheckoutSite, Shopper } from './testing.ts';

/** The checkout pages without JavaScript: plain GETs and form posts, as a browser would send them. */
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

const fields = {
  email: 'ada@example.test',
  name: 'Ada Lovelace',
  'address.line1': '12 St James Sq',
  'address.city': 'London',
  'address.zip': 'SW1Y 4JH',
  'address.country': 'GB',
};

for (const database of DATABASES) {
  describe(`[${database.name}] checkout pages`, () => {
    let t: TestApp;
    let site: ReturnType<typeof makeCheckoutSite>;
    beforeAll(async () => {
      site = makeCheckoutSite({ minimum: '11.00' });
      t = await startApp(database, { siteDir: site.dir });
    });
    afterAll(async () => {
      await t?.close();
      site?.cleanup();
    });

    it('/checkout shows the cart and the customer form inside the site layout; posting it places the order', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      await shopper.add({ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 });
      const page = await shopper.request('GET', '/checkout');
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-page-type']).toBe('201');
      expect(page.body).toContain('Fixture Store'); // the site's layout and title
      expect(page.body).toContain('id="storefront-context"');
      expect(page.body).toContain('Linen Tee');
      expect(page.body).toContain('$25.00');
      expect(page.body).toContain(`name="crumb" value="${shopper.cookies.crumb}"`);
      expect(page.body).toContain('<form class="sf-checkout__form" method="post" action="/checkout"');
      expect(page.body).toMatch(/<label for="sf-checkout-address-line1">Address<\/label>/);

      // A refusal re-renders the form with the message, what was typed, and a 4xx.
      const missing = await shopper.request(
        'POST',
        '/checkout',
        form({ crumb: shopper.cookies.crumb as string, mode: 'cart', ...fields, name: '' }),
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.body).toContain('role="alert"');
      expect(missing.body).toContain('Please enter your name.');
      expect(missing.body).toContain('value="ada@example.test"');
      expect(missing.body).toContain('aria-invalid="true"');

      const placed = await shopper.request(
        'POST',
        '/checkout',
        form({ crumb: shopper.cookies.crumb as string, mode: 'cart', ...fields }),
      );
      expect(placed.statusCode).toBe(303);
      const location = String(placed.headers.location);
      expect(location).toMatch(/^\/checkout\/order-confirmed\/[0-9a-f-]{36}$/);
      const confirmed = await shopper.request('GET', location);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.headers['x-page-type']).toBe('202');
      expect(confirmed.body).toMatch(/Order #\d+/);
      expect(confirmed.body).toContain('Linen Tee');
      expect(confirmed.body).toContain('Your order is awaiting payment.');

      // The cart is bought: /checkout now says so.
      const after = await shopper.request('GET', '/checkout');
      expect(after.statusCode).toBe(200);
      expect(after.body).toContain('Your cart is empty. Add something to it before checking out.');
      expect(after.body).not.toContain('<form class="sf-checkout__form"');
    });

    it('a form post without the crumb is refused (403) with the session message', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      await shopper.add({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 });
      const res = await shopper.request('POST', '/checkout', form({ mode: 'cart', ...fields }));
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('Your session has expired. Please reload the page and try again.');
    });

    it('express checkout of one item from the query; the minimum and stock refusals show on the page', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const page = await shopper.request('GET', '/checkout?itemId=p-last&sku=MUG-1&quantity=1');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Last Mug');
      expect(page.body).toContain('name="mode" value="express"');
      const crumb = shopper.cookies.crumb as string;
      const tooMany = await shopper.request(
        'POST',
        '/checkout',
        form({ crumb, mode: 'express', itemId: 'p-last', sku: 'MUG-1', quantity: '3', ...fields }),
      );
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.body).toContain('Sorry, we do not have enough of that item available.');
      const ok = await shopper.request(
        'POST',
        '/checkout',
        form({ crumb, mode: 'express', itemId: 'p-last', sku: 'MUG-1', quantity: '1', ...fields }),
      );
      expect(ok.statusCode).toBe(303);
      const unknown = await shopper.request('GET', '/checkout?itemId=p-nothing');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('Sorry, this item is unavailable.');
    });

    it('below the minimum subtotal the page shows the spec message', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      // The ebook costs $10.00; this site's minimum is $11.00.
      const res = await shopper.request(
        'POST',
        '/checkout',
        form({ crumb: shopper.cookies.crumb as string, mode: 'express', itemId: 'p-ebook', ...fields }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('To check out, your order subtotal must be $11.00 or more.');
      expect(res.body).toContain('<form class="sf-checkout__form"');
    });

    it('the gift card page offers the denominations and sends the card to a recipient', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const page = await shopper.request('GET', '/checkout/gift-card');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<option value="GIFT-25"');
      expect(page.body).toContain('<option value="GIFT-50"');
      expect(page.body).toContain('name="recipientEmail"');
      expect(page.body).not.toContain('name="address.line1"');
      const crumb = shopper.cookies.crumb as string;
      const bad = await shopper.request(
        'POST',
        '/checkout',
        form({
          crumb,
          mode: 'gift-card',
          itemId: 'p-gift',
          sku: 'GIFT-50',
          email: 'g@example.test',
          name: 'G',
          recipientEmail: 'nope',
        }),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain("Please enter a valid email address for the gift card's recipient.");
      const res = await shopper.request(
        'POST',
        '/checkout',
        form({
          crumb,
          mode: 'gift-card',
          itemId: 'p-gift',
          sku: 'GIFT-50',
          email: 'g@example.test',
          name: 'G',
          recipientEmail: 'friend@example.test',
          giftMessage: 'Enjoy!',
        }),
      );
      expect(res.statusCode).toBe(303);
      const id = String(res.headers.location).split('/').pop() as string;
      const order = await t.app.database.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ kind: 'gift-card', grand_total_cents: 5000 });
      expect(JSON.parse(order.extra as string)).toEqual({
        recipientEmail: 'friend@example.test',
        giftMessage: 'Enjoy!',
        // When the card is mailed once the order is paid (issue 27): today, none chosen.
        giftCardSendAt: expect.any(Number),
      });
      const notGift = await shopper.request(
        'POST',
        '/checkout',
        form({ crumb, mode: 'gift-card', itemId: 'p-tee', ...fields }),
      );
      expect(notGift.statusCode).toBe(400);
      expect(notGift.body).toContain('This item is not a gift card.');
    });

    it('the subscription page without a known cart token says there is nothing to buy (404)', async () => {
      const shopper = new Shopper(t);
      const res = await shopper.request('GET', '/checkout/subscription?cartToken=nothing-here');
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Your cart is empty.');
    });

    it('a malformed form names the field (400)', async () => {
      const shopper = new Shopper(t);
      await shopper.start();
      const res = await shopper.request(
        'POST',
        '/checkout',
        form({ crumb: shopper.cookies.crumb as string, mode: 'teleport', ...fields }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Invalid form: mode:');
    });
  });
}
