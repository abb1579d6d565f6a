// @vitest-environment happy-dom
/**
 * The restock sign-up against a real HTTP peer on loopback that keeps the sign-up contract, and the
 * instalment notice following the selected variant, with its popup.
 */
import { type Server, createServer } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProductStore } from '../product-store.ts';
import { browserProduct } from '../testing/dom.ts';
import { mountInstalments } from './instalments.ts';
import { mountRestock } from './restock-mount.ts';
import { RESTOCK_PATH, wireRestockForm } from './restock.ts';

let server: Server;
let base = '';
const bodies: Record<string, unknown>[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    // happy-dom's fetch is cross-origin here: answer its preflight.
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('access-control-allow-headers', 'content-type, x-csrf-token');
    res.setHeader('access-control-allow-methods', 'POST');
    if (req.method === 'OPTIONS') return res.end();
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      bodies.push(body);
      res.setHeader('content-type', 'application/json');
      if (req.url !== RESTOCK_PATH || req.headers['x-csrf-token'] !== 'crumb-value') {
        res.statusCode = 403;
        return res.end(JSON.stringify({ crumbFail: true }));
      }
      if (body.variantId === 'gone') {
        res.statusCode = 404;
        return res.end(JSON.stringify({ code: 'variant-not-found', message: 'No such variant.' }));
      }
      res.end(JSON.stringify({ success: true, alreadySignedUp: false }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  document.body.innerHTML = '';
  bodies.length = 0;
});

function restockMarkup(variantId: string) {
  document.body.innerHTML = `<div class="product-restock-notification" data-product-id="p1" data-variant-id="${variantId}">
  <form class="product-restock-form" action="#"><input type="text" name="email" placeholder="Your email"><input type="submit" value="Notify Me"></form>
  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList" checked>News</label></div>`;
  const root = document.querySelector<HTMLElement>('.product-restock-notification') as HTMLElement;
  wireRestockForm(root, {
    fetch: (url, init) => fetch(`${base}${String(url)}`, init),
    cookies: () => 'crumb=crumb-value',
    merchandising:
      variantId === 'configured' ? { restockNotificationMessages: { successText: 'Thanks!' } } : {},
  });
  const input = root.querySelector('input[name=email]') as HTMLInputElement;
  const submit = () => root.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
  const error = () => root.querySelector('.product-restock-error');
  return { root, input, submit, error };
}

describe('restock sign-up', () => {
  it('checks the email with the spec texts before calling the server', () => {
    const { input, submit, error } = restockMarkup('v1');
    expect(input.getAttribute('aria-label')).toBe('Your email');
    submit();
    expect(error()?.textContent).toBe('Email cannot be blank');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    input.value = 'nope@';
    submit();
    expect(error()?.textContent).toBe('Email is invalid');
    expect(bodies).toEqual([]);
  });

  it('sends the payload with the crumb; success replaces the form with the default text', async () => {
    const { root, input, submit } = restockMarkup('v1');
    input.value = 'ada@example.com';
    submit();
    await expect.poll(() => root.querySelector('.product-restock-success')?.textContent).toBe('Signed up!');
    expect(bodies).toEqual([
      { productId: 'p1', variantId: 'v1', siteVisitorEmail: 'ada@example.com', isJoinMailingList: true },
    ]);
    expect(root.querySelector('form')).toBeNull();
  });

  it('uses the configured success text, and shows a refusal in place', async () => {
    const ok = restockMarkup('configured');
    ok.input.value = 'ada@example.com';
    ok.submit();
    await expect.poll(() => ok.root.querySelector('.product-restock-success')?.textContent).toBe('Thanks!');
    const gone = restockMarkup('gone');
    gone.input.value = 'ada@example.com';
    gone.submit();
    await expect.poll(() => gone.error()?.textContent).toBe('No such variant.');
    expect(gone.root.querySelector('form')).not.toBeNull();
  });
});

describe('restock form before its code has loaded', () => {
  it('holds a submit made meanwhile and sends it once the form is wired', async () => {
    document.body.innerHTML = `<div class="product-restock-notification" data-product-id="p1" data-variant-id="v1">
  <form class="product-restock-form" action="#"><input type="text" name="email"><input type="submit" value="Notify Me"></form></div>`;
    document.cookie = 'crumb=crumb-value';
    const root = document.querySelector<HTMLElement>('.product-restock-notification') as HTMLElement;
    let wired = false;
    const stop = mountRestock(document, {
      ctx: { merchandising: {} } as unknown as Parameters<typeof mountRestock>[1]['ctx'],
      fetch: (url, init) => fetch(`${base}${String(url)}`, init),
      onWired: () => (wired = true),
    });
    (root.querySelector('input[name=email]') as HTMLInputElement).value = 'early@example.com';
    const early = new Event('submit', { cancelable: true });
    root.querySelector('form')?.dispatchEvent(early);
    expect(wired).toBe(false);
    expect(early.defaultPrevented).toBe(true);
    await expect.poll(() => root.querySelector('.product-restock-success')?.textContent).toBe('Signed up!');
    expect(bodies).toEqual([
      { productId: 'p1', variantId: 'v1', siteVisitorEmail: 'early@example.com', isJoinMailingList: false },
    ]);
    stop();
  });
});

describe('instalment notice', () => {
  const context = JSON.stringify({
    afterPayAvailable: true,
    afterPayMin: 3500,
    afterPayMax: 10000,
    shopperLanguage: 'en',
    stripeAccountCountry: 'US',
  });

  it('follows the selected variant price, and its popup opens and closes', () => {
    const product = browserProduct(
      'p',
      'Tote',
      [{ name: 'Size', values: ['S', 'L'] }],
      [
        { sku: 'S', attributes: { Size: 'S' }, priceCents: 4000, stock: 1 },
        { sku: 'L', attributes: { Size: 'L' }, priceCents: 12000, stock: 1 },
      ],
    );
    const store = new ProductStore(product);
    const host = document.createElement('div');
    document.body.append(host);
    const unmount = mountInstalments(host, { store, context, locale: 'en-US' });
    expect(host.textContent).toContain('Pay in 4 interest-free payments of $10.00 with Afterpay.');
    store.choose('Size', 'L');
    expect(host.textContent).toContain(
      'Pay in 4 interest-free installments for orders between $35.00 and $100.00.',
    );
    const pill = host.querySelector('.sf-instalments__pill') as HTMLButtonElement;
    pill.click();
    expect(host.querySelector('[role=dialog]')).not.toBeNull();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(host.querySelector('[role=dialog]')).toBeNull();
    pill.click();
    document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(host.querySelector('[role=dialog]')).toBeNull();
    unmount();
  });
});
