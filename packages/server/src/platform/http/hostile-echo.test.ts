/**
 * Issue 27, finding 5: every page the server builds itself (sign-in, account, checkout, gift card,
 * subscription, review, search and error pages) shows what a visitor sent back as text, never as
 * markup. Each page gets a value that closes its attribute and opens an element; the page is parsed
 * as a browser would and must hold no injected attribute, element or script.
 */
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@storefront/core';
import { STAFF_LOGIN_PATH, STAFF_TOTP_PATH } from '../../modules/accounts/login-page.ts';
import { STAFF_SESSION_PATH } from '../../modules/accounts/routes.ts';
import { ACCOUNT_PAGES } from '../../modules/accounts/pages.ts';
import { ORDER_PAGES } from '../../modules/accounts/order-views.ts';
import { Customer, makeAccount, PASSWORD, signInNewCustomer } from '../../modules/accounts/testing.ts';
import { REVIEW_REQUEST_PATH } from '../../modules/reviews/store.ts';
import { SUBSCRIPTION_MANAGE_PATH } from '../../modules/subscriptions/store.ts';
import { DATABASES, startApp, type TestApp } from '../../testing/app.ts';

/**
 * Closes a double-quoted attribute, adds one and opens an element: short enough for the 40-character
 * fields (a postcode), so that every form takes it and shows it back.
 */
const HOSTILE = 'x@p.test" data-pwned="1"><x-pwned>';
/** The post of the issue: an overlay through `style=` on the staff sign-in page. */
const OVERLAY = 'x@probe.test" style="position:fixed;inset:0;background:red"';

const window = new Window({ settings: { disableJavaScriptEvaluation: true } });

/** What a browser would build from the page that the visitor's value put there. */
function injections(html: string): string[] {
  const doc = new window.DOMParser().parseFromString(html, 'text/html');
  const found: string[] = [];
  if (doc.querySelector('[data-pwned]')) found.push('an attribute');
  if (doc.querySelector('x-pwned')) found.push('an element');
  for (const el of doc.querySelectorAll('[style]'))
    if ((el.getAttribute('style') ?? '').includes('position:fixed')) found.push('a style');
  return found;
}

/** Whether `value` is on the page whole, as an attribute's value or as text. */
function shownIntact(html: string, value: string): boolean {
  const doc = new window.DOMParser().parseFromString(html, 'text/html');
  if ((doc.body?.textContent ?? '').includes(value)) return true;
  return [...doc.querySelectorAll('*')].some((el) =>
    [...el.attributes].some((attribute) => (attribute.value ?? '').includes(value)),
  );
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const q = encodeURIComponent(HOSTILE);
/** A post from another site: no crumb header, the crumb field absent. */
const crossSite = { 'x-csrf-token': '' };

interface Case {
  name: string;
  send: (browser: Customer) => ReturnType<Customer['request']>;
  /** The page shows the value back (a form keeping what was typed). */
  echoes?: boolean;
  /** What was sent, when not HOSTILE. */
  value?: string;
}

const ADDRESS = {
  'address.line1': HOSTILE,
  'address.line2': HOSTILE,
  'address.city': HOSTILE,
  'address.state': HOSTILE,
  'address.zip': HOSTILE,
  'address.country': HOSTILE,
};

const SIGNED_OUT: Case[] = [
  {
    name: "staff sign-in, the issue's overlay",
    send: (b) => b.request('POST', STAFF_LOGIN_PATH, form({ email: OVERLAY, password: 'x' }), crossSite),
    echoes: true,
    value: OVERLAY,
  },
  {
    name: 'staff sign-in, a cross-site post',
    send: (b) =>
      b.request('POST', STAFF_LOGIN_PATH, form({ email: HOSTILE, password: 'x', next: HOSTILE }), crossSite),
    echoes: true,
  },
  { name: 'staff sign-in, ?next=', send: (b) => b.request('GET', `${STAFF_LOGIN_PATH}?next=${q}`) },
  {
    name: 'customer sign-in, refused',
    send: (b) => b.request('POST', ACCOUNT_PAGES.login, form({ email: HOSTILE, password: 'x' }), crossSite),
    echoes: true,
  },
  {
    name: 'registration, refused',
    send: (b) =>
      b.request(
        'POST',
        ACCOUNT_PAGES.register,
        form({ email: HOSTILE, firstName: HOSTILE, lastName: HOSTILE, name: HOSTILE, password: 'x' }),
        crossSite,
      ),
    echoes: true,
  },
  {
    name: 'password reset, refused',
    send: (b) => b.request('POST', ACCOUNT_PAGES.reset, form({ email: HOSTILE }), crossSite),
    echoes: true,
  },
  { name: 'password reset, ?token=', send: (b) => b.request('GET', `${ACCOUNT_PAGES.reset}?token=${q}`) },
  { name: 'verification, ?token=', send: (b) => b.request('GET', `${ACCOUNT_PAGES.verify}?token=${q}`) },
  {
    name: 'verification, refused',
    send: (b) => b.request('POST', ACCOUNT_PAGES.verify, form({ token: HOSTILE }), crossSite),
  },
  { name: 'sign-in code, ?pending=', send: (b) => b.request('GET', `${ACCOUNT_PAGES.code}?pending=${q}`) },
  {
    name: 'sign-in code, refused',
    send: (b) => b.request('POST', ACCOUNT_PAGES.code, form({ email: HOSTILE, pending: HOSTILE }), crossSite),
    echoes: true,
  },
  {
    name: 'checkout, express from the query',
    send: (b) => b.request('GET', `/checkout?itemId=${q}&sku=${q}&quantity=1`),
  },
  {
    name: 'checkout, refused post',
    send: (b) =>
      b.request(
        'POST',
        '/checkout',
        form({ mode: 'express', itemId: 'p-tee', sku: 'TEE-S', email: HOSTILE, name: HOSTILE, ...ADDRESS }),
        crossSite,
      ),
    echoes: true,
  },
  {
    name: 'gift-card checkout from the query',
    send: (b) => b.request('GET', `/checkout/gift-card?itemId=${q}&sku=${q}`),
  },
  {
    name: 'subscription checkout from the query',
    send: (b) => b.request('GET', `/checkout/subscription?cartToken=${q}`),
  },
  { name: 'order confirmation of no order', send: (b) => b.request('GET', `/checkout/order-confirmed/${q}`) },
  {
    name: 'gift card balance, refused',
    send: (b) => b.request('POST', '/gift-card/balance', form({ code: HOSTILE }), crossSite),
    echoes: true,
  },
  {
    name: 'subscription manage link',
    send: (b) => b.request('GET', `${SUBSCRIPTION_MANAGE_PATH}?token=${q}`),
  },
  { name: 'review request link', send: (b) => b.request('GET', `${REVIEW_REQUEST_PATH}?token=${q}`) },
  {
    name: 'review request, refused',
    send: (b) => b.request('POST', REVIEW_REQUEST_PATH, form({ token: HOSTILE }), crossSite),
  },
  { name: 'search', send: (b) => b.request('GET', `/search?q=${q}&category=${q}`), echoes: true },
  { name: 'not found', send: (b) => b.request('GET', `/${q}?x=${q}`) },
];

const SIGNED_IN: Case[] = [
  { name: 'account, ?done=', send: (b) => b.request('GET', `${ACCOUNT_PAGES.account}?done=${q}`) },
  {
    name: 'a new address, refused',
    send: (b) => b.request('POST', ORDER_PAGES.addresses, form({ action: 'save', ...ADDRESS }), crossSite),
    echoes: true,
  },
  {
    name: 'a new email address, refused',
    send: (b) => b.request('POST', ACCOUNT_PAGES.email, form({ email: HOSTILE }), crossSite),
    echoes: true,
  },
  {
    name: 'a new password, refused',
    send: (b) => b.request('POST', ACCOUNT_PAGES.password, form({ current: HOSTILE }), crossSite),
  },
  {
    name: 'an order of theirs, showing the address they typed at checkout',
    send: async (b) => {
      const placed = await b.postForm('/checkout', {
        mode: 'express',
        itemId: 'p-tee',
        sku: 'TEE-S',
        email: 'buyer@probe.test',
        name: HOSTILE,
        'address.line1': HOSTILE,
        'address.city': HOSTILE,
        'address.zip': 'SW1Y 4JH',
        'address.country': 'GB',
      });
      expect(placed.statusCode, placed.body).toBe(303);
      const orders = await b.request('GET', ORDER_PAGES.orders);
      const number = /\/account\/orders\/(\d+)/.exec(orders.body)?.[1];
      expect(number, orders.body).toBeDefined();
      return b.request('GET', ORDER_PAGES.order(Number(number)));
    },
    echoes: true,
  },
  { name: 'an order of none', send: (b) => b.request('GET', `${ORDER_PAGES.orders}/${q}`) },
  { name: 'orders, ?page=', send: (b) => b.request('GET', `${ORDER_PAGES.orders}?page=${q}`) },
];

const STAFF: Case[] = [
  { name: 'staff account page, ?next=', send: (b) => b.request('GET', `${STAFF_LOGIN_PATH}?next=${q}`) },
  {
    name: 'authenticator app, refused',
    send: (b) => b.request('POST', STAFF_TOTP_PATH, form({ action: 'confirm', code: HOSTILE }), crossSite),
  },
  { name: 'analytics, from the query', send: (b) => b.request('GET', `/config/analytics?from=${q}&to=${q}`) },
  { name: 'a back-office screen', send: (b) => b.request('GET', `/config/orders?q=${q}&status=${q}`) },
];

for (const database of DATABASES) {
  describe(`[${database.name}] hostile values sent to a server-built page come back as text`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(database);
      await makeAccount(t.app.database.db, 'admin@probe.test', { kind: 'staff', roles: [ROLES.admin] });
    });
    afterAll(async () => {
      await t?.close();
    });

    const check = async (browser: Customer, page: Case) => {
      const res = await page.send(browser);
      expect(injections(res.body), `${page.name}: ${res.statusCode}`).toEqual([]);
      (await import('node:fs')).writeFileSync('/tmp/files-dump.html', `${res.statusCode}\n${res.body}`);
      if (page.echoes) {
        expect(res.headers['content-type'], page.name).toMatch(/text\/html/);
        expect(shownIntact(res.body, page.value ?? HOSTILE), `${page.name} keeps what was sent`).toBe(true);
      }
    };

    it.each(SIGNED_OUT)(`[${database.name}] $name`, async (page) => {
      const browser = new Customer(t);
      await browser.start();
      await check(browser, page);
    });

    it.each(STAFF)(`[${database.name}] staff: $name`, async (page) => {
      const browser = new Customer(t);
      expect((await browser.signIn('admin@probe.test', PASSWORD, false, STAFF_SESSION_PATH)).statusCode).toBe(
        200,
      );
      await check(browser, page);
    });

    it.each(SIGNED_IN)(`[${database.name}] signed in: $name`, async (page) => {
      const { browser } = await signInNewCustomer(t, `shopper-${crypto.randomUUID()}@probe.test`);
      await check(browser, page);
    });
  });
}
