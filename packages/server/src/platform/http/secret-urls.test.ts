/**
 * Issue 27, finding 6: the links that are the only key to what they open (a guest's subscription
 * manage link, a sign-in code's pending link, a reset link, an order confirmation and a download)
 * are used, their pages report a hit with the link as referrer and a script error with the link as
 * the page's address; no token and no order id appears in the request log or in stored
 * telemetry, and each such page asks the browser to send no Referer.
 */
import { ROLES } from '@storefront/core';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { Customer, lastMail, makeAccount } from '../../modules/accounts/testing.ts';
import { ACCOUNT_API } from '../../modules/accounts/routes.ts';
import { CUSTOMER, makeCheckoutSite } from '../../modules/orders/testing.ts';
import { DATABASES, testConfig, type TestApp } from '../../testing/app.ts';
import { signInNewStaff } from '../../testing/back-office.ts';
import { redactSecrets, redactUrl } from './secret-urls.ts';

const SITE = 'http://storefront.test';

describe('redactUrl and redactSecrets', () => {
  it('hide manage, pending, token and code values, and the order id of confirmation and download addresses', () => {
    expect(redactUrl('/checkout/subscription-confirmed/ord-1?manage=abc&x=1')).toBe(
      '/checkout/subscription-confirmed/[redacted]?manage=[redacted]&x=1',
    );
    expect(redactUrl('/account/login/code?pending=abc')).toBe('/account/login/code?pending=[redacted]');
    expect(redactUrl('/checkout/order-confirmed/ord-1')).toBe('/checkout/order-confirmed/[redacted]');
    expect(redactUrl('/checkout/download/ord-1/line-2')).toBe('/checkout/download/[redacted]/[redacted]');
    expect(redactUrl('/shop/p/mug?variant=blue')).toBe('/shop/p/mug?variant=blue');
    expect(redactSecrets(`error at ${SITE}/subscriptions/manage?token=abc#top while loading`)).toBe(
      `error at ${SITE}/subscriptions/manage?token=[redacted]#top while loading`,
    );
    expect(redactSecrets('pending=abc&lang=en')).toBe('pending=[redacted]&lang=en');
  });
});

for (const database of DATABASES) {
  describe(`[${database.name}] links that carry a key stay out of the log and telemetry`, () => {
    it(`[${database.name}] a run through every such link leaves none of its keys in the log, telemetry_hits or telemetry_errors`, async () => {
      const lines: string[] = [];
      const site = makeCheckoutSite({ stock: { 'v-club': 100 } });
      const fresh = database.fresh();
      const app = await buildApp(testConfig(fresh.config, { siteDir: site.dir, logLevel: 'info' }), {
        logger: { stream: { write: (line: string) => void lines.push(line) } },
      });
      const t: TestApp = { app, config: testConfig(fresh.config), close: async () => undefined };
      const db = app.database.db;
      const secrets: string[] = [];
      const secretPages: string[] = [];
      try {
        const guest = new Customer(t);
        await guest.start();

        // A guest's subscription: the confirmation address carries ?manage=, the manage page ?token=.
        const cart = await guest.request('POST', '/api/3/commerce/cart/subscription', {
          itemId: 'p-club',
          sku: 'CLUB',
          qty: 1,
        });
        expect(cart.statusCode, cart.body).toBe(200);
        const subscribed = await guest.order({ ...CUSTOMER, cartToken: cart.json().cartToken });
        expect(subscribed.statusCode, subscribed.body).toBe(200);
        const subscription = subscribed.json() as { order: { id: string }; confirmationUrl: string };
        const manage = /\?manage=([\w-]{43})$/.exec(subscription.confirmationUrl)?.[1] as string;
        expect(manage).toBeDefined();
        secrets.push(manage, subscription.order.id);
        secretPages.push(subscription.confirmationUrl, `/subscriptions/manage?token=${manage}`);

        // A digital order: its confirmation and download addresses name the order.
        const bought = await guest.order({ ...CUSTOMER, item: { itemId: 'p-ebook' } });
        expect(bought.statusCode, bought.body).toBe(200);
        const order = bought.json() as {
          order: { id: string; orderNumber: number; lines: { downloadUrl: string }[] };
          confirmationUrl: string;
        };
        secrets.push(order.order.id);
        // A download opens only once its order is paid: a store manager marks it paid first.
        const manager = await signInNewStaff(t, 'manager@example.test', [ROLES['store-manager']]);
        const paid = await manager.request(
          'POST',
          `/api/config/orders/${order.order.orderNumber}/mark-paid`,
          {},
        );
        expect(paid.statusCode, paid.body).toBe(200);
        // The paid page gives the line's signed link: its signature is a key too (issue 30).
        const confirmed = await guest.request('GET', order.confirmationUrl);
        const download = /href="(\/checkout\/download\/[^"]+)"/
          .exec(confirmed.body)?.[1]
          ?.replaceAll('&amp;', '&');
        expect(download).toMatch(/^\/checkout\/download\/[^?]+\?expires=\d+&signature=[\w-]+$/);
        secrets.push(new URLSearchParams(download?.split('?')[1]).get('signature') ?? '');
        secretPages.push(order.confirmationUrl, download ?? '');

        // A reset link (?token=) and a sign-in code's link (?pending=).
        await makeAccount(db, 'keys@example.test');
        expect(
          (await guest.request('POST', `${ACCOUNT_API}/password-reset`, { email: 'keys@example.test' }))
            .statusCode,
        ).toBeLessThan(300);
        const reset = /(\/account\/reset\?token=([\w-]+))/.exec(
          (await lastMail(db, 'keys@example.test', 'account-reset'))?.body ?? '',
        );
        expect(reset, 'reset mail').not.toBeNull();
        expect(
          (await guest.request('POST', `${ACCOUNT_API}/code`, { email: 'keys@example.test' })).statusCode,
        ).toBeLessThan(300);
        const pending = /(\/account\/login\/code\?pending=([\w-]+))/.exec(
          (await lastMail(db, 'keys@example.test', 'account-code'))?.body ?? '',
        );
        expect(pending, 'code mail').not.toBeNull();
        secrets.push(reset![2]!, pending![2]!);
        secretPages.push(reset![1]!, pending![1]!);

        for (const page of secretPages) {
          const res = await guest.request('GET', page);
          expect(res.statusCode, page).toBeLessThan(400);
          expect(res.headers['referrer-policy'], page).toBe('no-referrer');
          // The page's scripts report a hit (the link as referrer) and an error (the link as address).
          const hit = await guest.request('POST', '/api/census/RecordHit', {
            event: 'page-view',
            data: { pagePath: page, referrer: `${SITE}${page}`, query: page.split('?')[1] ?? '' },
          });
          expect(hit.statusCode, hit.body).toBe(202);
          const error = await guest.request('POST', '/api/events/RecordJavascriptErrors', [
            {
              event: 'javascript-error',
              timestamp: Date.now(),
              data: {
                app: 'storefront',
                message: `failed on ${SITE}${page}`,
                stack: `Error\n  at ${SITE}${page}:1:2`,
                url: `${SITE}${page}`,
              },
            },
          ]);
          expect(error.statusCode, error.body).toBe(204);
        }

        const hits = await db.selectFrom('telemetry_hits').selectAll().execute();
        const errors = await db.selectFrom('telemetry_errors').selectAll().execute();
        expect(hits).toHaveLength(secretPages.length);
        expect(errors).toHaveLength(secretPages.length);
        const stored = JSON.stringify([hits, errors]);
        expect(stored).toContain('/subscriptions/manage?token=[redacted]');
        expect(stored).toContain('/checkout/order-confirmed/[redacted]');
        for (const secret of secrets) expect(stored, secret).not.toContain(secret);
      } finally {
        await app.close();
        await fresh.cleanup();
        site.cleanup();
      }
      const log = lines.join('');
      expect(log).toContain('"url":"/subscriptions/manage?token=[redacted]"');
      expect(log).toContain('"url":"/account/login/code?pending=[redacted]"');
      expect(log).toMatch(
        /"url":"\/checkout\/download\/\[redacted\]\/\[redacted\]\?expires=\d+&signature=\[redacted\]"/,
      );
      for (const secret of secrets) expect(log, secret).not.toContain(secret);
    });
  });
}
