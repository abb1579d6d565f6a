import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { openDatabase } from '../packages/server/src/database.ts';
import { failOnPageErrors, seriousAxeViolations, startSiteServer, type SiteServer } from './support.ts';

/**
 * Issue 27 with Stripe, on the demo site served with Stripe configured against a local stand-in for
 * its API (as `checkout/stripe.test.ts` does): a gift card and a digital print bought through
 * Stripe's hosted page hand out nothing while the session is open: no code, no download. Only the
 * signed `checkout.session.completed` webhook (signed with the official SDK's test header helper)
 * issues the card, whose code then shows and pays, and opens the download.
 */
failOnPageErrors();

const SECRET_KEY = 'sk_test_storefront_e2e';
const WEBHOOK_SECRET = 'whsec_test_storefront_e2e';
const sdk = new Stripe(SECRET_KEY);
const PRINT = '/checkout?itemId=eaa43590bbbd5af55f175832&sku=JR-DIG-01'; // digital, $18.00
const CODE = /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/;

interface StandInSession {
  id: string;
  orderId: string;
  orderNumber: string;
  currency: string;
  amount: number;
}

/** Stripe's `POST /v1/checkout/sessions` as the API reference documents it; each session kept. */
async function stripeStandIn(): Promise<{ server: Server; base: string; sessions: StandInSession[] }> {
  const sessions: StandInSession[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 404;
        res.end(
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }),
        );
        return;
      }
      const form = new URLSearchParams(raw);
      const session: StandInSession = {
        id: `cs_test_e2e_${sessions.length + 1}`,
        orderId: form.get('metadata[orderId]') ?? '',
        orderNumber: form.get('metadata[orderNumber]') ?? '',
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        amount: Number(form.get('line_items[0][price_data][unit_amount]')),
      };
      sessions.push(session);
      res.end(
        JSON.stringify({
          id: session.id,
          object: 'checkout.session',
          amount_total: session.amount,
          currency: session.currency,
          metadata: { orderId: session.orderId, orderNumber: session.orderNumber },
          mode: 'payment',
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.get('success_url'),
          url: `https://checkout.stripe.com/c/pay/${session.id}`,
        }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sessions };
}

let stand: Awaited<ReturnType<typeof stripeStandIn>>;
let site: SiteServer;
let dataDir: string;

test.beforeAll(async () => {
  stand = await stripeStandIn();
  dataDir = mkdtempSync(join(tmpdir(), 'storefront-e2e-stripe-'));
  site = await startSiteServer({
    SITE_DIR: 'sites/demo',
    DATA_DIR: dataDir,
    CART_WRITE_LIMIT: '1000',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stand.base,
  });
});

test.afterAll(async () => {
  await site?.stop();
  await new Promise((done) => stand?.server.close(done));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Stripe's hosted page, which the browser is sent to: a stand-in page (no network here). */
async function standInHostedPage(page: Page): Promise<void> {
  await page.route('https://checkout.stripe.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Stripe Checkout</title><h1>Pay with Stripe</h1></html>',
    }),
  );
}

/** Places the order on the page's form; resolves on Stripe's hosted page with the session made for it. */
async function payOnStripe(page: Page): Promise<StandInSession> {
  const before = stand.sessions.length;
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_e2e_/);
  await expect(page.getByRole('heading', { name: 'Pay with Stripe' })).toBeVisible();
  const session = stand.sessions[before];
  if (!session) throw new Error('no Checkout Session was created');
  return session;
}

/** Stripe's signed webhook saying the session was paid. */
async function sessionPaid(session: StandInSession): Promise<string> {
  const payload = JSON.stringify({
    id: `evt_e2e_${session.id}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        amount_total: session.amount,
        currency: session.currency,
        metadata: { orderId: session.orderId, orderNumber: session.orderNumber },
        payment_intent: `pi_e2e_${session.id}`,
        payment_status: 'paid',
        status: 'complete',
      },
    },
  });
  const answer = await fetch(`${site.base}/api/commerce/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { outcome: string }).outcome;
}

test('a gift card paid through Stripe shows no code while the session is open; the paid webhook issues it and it pays', async ({
  page,
}) => {
  test.slow();
  await standInHostedPage(page);
  const friend = `stripe-friend-${Date.now()}@example.com`;
  await page.goto(`${site.base}/checkout/gift-card`);
  await page.getByLabel('Value').selectOption({ label: '$25.00' });
  await page.getByLabel('Email', { exact: true }).fill('giver@example.com');
  await page.getByLabel('Name').fill('Gina Giver');
  await page.getByLabel('Recipient email').fill(friend);
  const session = await payOnStripe(page);

  // Back from Stripe before its webhook: the order awaits payment and hands out nothing.
  const confirmation = `${site.base}/checkout/order-confirmed/${session.orderId}`;
  await page.goto(confirmation);
  await expect(page.locator('.sf-order__gift-cards-on-payment')).toHaveText(
    `Your gift card code will be sent to ${friend} once payment is received.`,
  );
  await expect(page.locator('.sf-order__gift-cards')).toHaveCount(0);
  expect(await page.locator('body').innerText()).not.toMatch(CODE);
  expect(await seriousAxeViolations(page)).toEqual([]);

  expect(await sessionPaid(session)).toBe('paid');
  await page.reload();
  await expect(page.locator('.sf-order__gift-cards-on-payment')).toHaveCount(0);
  const issued = await page.locator('.sf-order__gift-cards').innerText();
  expect(issued).toContain('$25.00');
  const code = issued.match(CODE)?.[0] ?? '';
  expect(code).not.toBe('');

  // The card pays: the $18 print is covered, so no Stripe page this time.
  await page.goto(`${site.base}${PRINT}`);
  await page.getByLabel('Email', { exact: true }).fill(friend);
  await page.getByLabel('Name').fill('Fran Friend');
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-confirmed\//);
  await expect(page.locator('.sf-order__gift-card-remaining')).toHaveText('Left on the gift card: $7.00');
});

test('a digital print paid through Stripe downloads only after the paid webhook', async ({ page }) => {
  test.slow();
  await standInHostedPage(page);
  await page.goto(`${site.base}${PRINT}`);
  await page.getByLabel('Email', { exact: true }).fill(`stripe-reader-${Date.now()}@example.com`);
  await page.getByLabel('Name').fill('Rita Reader');
  const session = await payOnStripe(page);

  const confirmation = `${site.base}/checkout/order-confirmed/${session.orderId}`;
  await page.goto(confirmation);
  await expect(page.locator('.sf-order__download-on-payment')).toHaveText(
    'Your download will be available once payment is received.',
  );
  await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0);
  // The address the paid page will link to answers a clear refusal while the session is open.
  const database = await openDatabase({ dataDir, databaseUrl: undefined, databaseSchema: undefined });
  const line = await database.db
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', '=', session.orderId)
    .executeTakeFirstOrThrow()
    .finally(() => database.destroy());
  const download = `${site.base}/checkout/download/${session.orderId}/${line.id}`;
  const refused = await page.goto(download);
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('alert')).toHaveText(
    'This download is available once payment for the order is received.',
  );
  await page.goto(confirmation);

  expect(await sessionPaid(session)).toBe('paid');
  await page.reload();
  const link = page.getByRole('link', { name: /Download/ });
  // The paid page links to that address, signed and expiring (issue 30).
  const href = `${site.base}${(await link.getAttribute('href')) ?? ''}`;
  expect(href.split('?')[0]).toBe(download);
  expect(new URL(href).searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
  const downloading = page.waitForEvent('download');
  await link.click();
  expect((await downloading).suggestedFilename()).toMatch(/\.txt$/);
});
