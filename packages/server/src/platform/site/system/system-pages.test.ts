/**
 * The platform's pages are system page templates (pages.ts): a site's template overrides each by
 * shipping `pages/<name>.page`, which renders inside the site's layout with the page's context,
 * over real HTTP (inject) on each database.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, makeCheckoutSite, Shopper } from '../../../modules/orders/testing.ts';
import { placeOrder } from '../../../testing/back-office.ts';
import { queueReviewRequest } from '../../../modules/reviews/request-mail.ts';
import { DATABASES, startApp, type TestApp } from '../../../testing/app.ts';
import { signInNewCustomer } from '../../../modules/accounts/testing.ts';

interface OverriddenPage {
  name: string;
  /** What the site's own page prints of its context, with the context's value for it. */
  prints: { source: string; shows: RegExp };
  /** A mark of the built-in page, never on the overridden one. */
  builtIn: string;
  open: (t: TestApp) => Promise<{ statusCode: number; body: string }>;
}

/** The review link that a freshly placed order's request mails. */
async function reviewToken(t: TestApp): Promise<string> {
  const order = await placeOrder(t, [{ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 }]);
  const db = t.app.database.db;
  const mailId = await queueReviewRequest(
    db,
    { id: order.id, email: 'ada@example.test', order_number: order.orderNumber },
    { title: 'Site', origin: 'http://localhost', strings: {}, reviewsEnabled: true },
  );
  const mail = await db
    .selectFrom('mail_outbox')
    .select('body')
    .where('id', '=', mailId)
    .executeTakeFirstOrThrow();
  return /token=([\w-]+)/.exec(String(mail.body))?.[1] ?? '';
}

/** A subscription's first order placed by `customerName`: its confirmation page's address. */
async function subscriptionConfirmation(t: TestApp, customerName = CUSTOMER.name): Promise<string> {
  const shopper = new Shopper(t);
  await shopper.start();
  const cart = await shopper.request('POST', '/api/3/commerce/cart/subscription', {
    itemId: 'p-club',
    sku: 'CLUB',
    qty: 1,
  });
  const res = await shopper.order({ ...CUSTOMER, name: customerName, cartToken: cart.json().cartToken });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { confirmationUrl: string }).confirmationUrl;
}

const PAGES: OverriddenPage[] = [
  {
    name: 'search',
    prints: { source: '{search.query}', shows: /mug/ },
    builtIn: 'class="sf-search"',
    open: (t) => t.app.inject({ method: 'GET', url: '/search?q=mug' }),
  },
  {
    name: 'reviews-request',
    prints: { source: '{reviewsPage.intro}', shows: /order #?\d+/i },
    builtIn: 'class="sf-reviews"',
    open: async (t) => t.app.inject({ method: 'GET', url: `/reviews/request?token=${await reviewToken(t)}` }),
  },
  {
    name: 'reviews-request-notice',
    prints: { source: '{.if reviewsPage.alert}refused: {reviewsPage.text}{.end}', shows: /refused: \S/ },
    builtIn: 'class="sf-reviews"',
    open: (t) => t.app.inject({ method: 'GET', url: '/reviews/request?token=not-a-token' }),
  },
  {
    name: 'checkout-message',
    prints: { source: '{checkoutPage.heading}', shows: /\S/ },
    builtIn: 'class="sf-checkout"',
    open: (t) => t.app.inject({ method: 'GET', url: '/checkout/order-confirmed/no-such-order' }),
  },
  {
    name: 'checkout-form',
    prints: { source: '{.repeated section checkoutPage.customer}{name} {.end}', shows: /email name/ },
    builtIn: 'class="sf-checkout"',
    open: (t) => t.app.inject({ method: 'GET', url: '/checkout?itemId=p-last&sku=MUG-1&quantity=1' }),
  },
  {
    name: 'checkout-order-confirmed',
    prints: { source: '{checkoutPage.number}', shows: /#\d+/ },
    builtIn: 'class="sf-order"',
    open: async (t) => {
      const order = await placeOrder(t, [{ itemId: 'p-tee', sku: 'TEE-S', quantity: 1 }]);
      return t.app.inject({ method: 'GET', url: `/checkout/order-confirmed/${order.id}` });
    },
  },
  {
    name: 'gift-card-balance',
    prints: { source: '{checkoutPage.heading}', shows: /\S/ },
    builtIn: 'class="sf-checkout',
    open: (t) => t.app.inject({ method: 'GET', url: '/gift-card/balance' }),
  },
  {
    name: 'account-login',
    prints: { source: '{accountText.forgotPassword}', shows: /\S/ },
    builtIn: 'class="sf-checkout sf-account"',
    open: (t) => t.app.inject({ method: 'GET', url: '/account/login' }),
  },
  {
    name: 'account-register',
    prints: {
      source: '{accountText.create} {accountPage.urls.register}',
      shows: /^Create account \/account\/register$/,
    },
    builtIn: 'class="sf-checkout sf-account"',
    open: (t) => t.app.inject({ method: 'GET', url: '/account/register' }),
  },
  {
    name: 'account-reset',
    prints: { source: '{accountText.sendReset}', shows: /^Email me/ },
    builtIn: 'class="sf-checkout sf-account"',
    open: (t) => t.app.inject({ method: 'GET', url: '/account/reset' }),
  },
  {
    name: 'account-orders',
    prints: { source: '{accountText.empty}', shows: /\S/ },
    builtIn: 'class="sf-checkout sf-account"',
    open: async (t) => {
      const { browser } = await signInNewCustomer(t, 'own-orders@example.test');
      return browser.request('GET', '/account/orders');
    },
  },
  {
    name: 'subscription-confirmed',
    prints: { source: '{order.email} {checkoutPage.heading}', shows: /ada@example\.test \S/ },
    builtIn: 'class="sf-order"',
    open: async (t) => t.app.inject({ method: 'GET', url: await subscriptionConfirmation(t) }),
  },
];

describe.each(DATABASES)("a site's own pages/<name>.page instead of the platform's on $name", (database) => {
  let t: TestApp;
  const site = makeCheckoutSite();
  beforeAll(async () => {
    for (const page of PAGES)
      writeFileSync(
        join(site.dir, 'template/pages', `${page.name}.page`),
        `<div class="own-page" data-page="${page.name}">${page.prints.source}</div>`,
      );
    t = await startApp(database, { siteDir: site.dir });
  });
  afterAll(async () => {
    await t?.close();
    site.cleanup();
  });

  it.each(PAGES)('$name renders the site’s page, in its layout, with the page’s context', async (page) => {
    const res = await page.open(t);
    expect(res.statusCode).toBeLessThan(500);
    const own = new RegExp(`<div class="own-page" data-page="${page.name}">(.*?)</div>`).exec(res.body);
    expect(own, res.body.slice(0, 300)).not.toBeNull();
    expect(own?.[1]).toMatch(page.prints.shows);
    expect(res.body).toContain('<header'); // the site's layout around it
    expect(res.body).not.toContain(page.builtIn);
  });
});

describe.each(DATABASES)("a site's pages/subscription-confirmed.page on $name", (database) => {
  let t: TestApp;
  const site = makeCheckoutSite({ stock: { 'v-club': 100 } });
  beforeAll(async () => {
    writeFileSync(
      join(site.dir, 'template/pages', 'subscription-confirmed.page'),
      '<div class="own-page">{order.customerName}</div>',
    );
    t = await startApp(database, { siteDir: site.dir });
  });
  afterAll(async () => {
    await t?.close();
    site.cleanup();
  });

  it('prints the customer’s words as text, never as markup', async () => {
    const url = await subscriptionConfirmation(t, '<img src=x onerror=alert(1)>');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div class="own-page">&lt;img src=x onerror=alert(1)&gt;</div>');
    expect(res.body).not.toContain('<img src=x');
  });

  it('is a part of the confirmation, never a page at /subscription-confirmed of its own', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/subscription-confirmed' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('class="own-page"');
  });
});
