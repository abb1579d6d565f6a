/**
 * Test support for checkout: a copy of the fixture site with a chosen starting stock and minimum
 * subtotal, and a shopper that keeps cookies and sends the crumb like a browser.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_SITE } from '../testing/databases.ts';
import { cookieHeader, cookiesOf, type TestApp } from '../testing/app.ts';

export interface SiteChanges {
  /** variant id -> starting qtyInStock. */
  stock?: Record<string, number>;
  /** `storeSettings.minimumOrderSubtotal` value in the store currency ('30.00'). */
  minimum?: string;
}

export function makeCheckoutSite(changes: SiteChanges = {}): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-checkout-site-'));
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  const shopFile = join(dir, 'content/collections/shop.json');
  const shop = JSON.parse(readFileSync(shopFile, 'utf8')) as {
    items: { structuredContent: { variants: { id: string; qtyInStock: number }[] } }[];
  };
  for (const item of shop.items)
    for (const v of item.structuredContent.variants)
      if (changes.stock?.[v.id] !== undefined) v.qtyInStock = changes.stock[v.id] as number;
  writeFileSync(shopFile, JSON.stringify(shop, null, 2));
  if (changes.minimum !== undefined) {
    const websiteFile = join(dir, 'content/website.json');
    const website = JSON.parse(readFileSync(websiteFile, 'utf8')) as {
      websiteSettings: { storeSettings: Record<string, unknown> };
    };
    website.websiteSettings.storeSettings.minimumOrderSubtotal = { value: changes.minimum, currency: 'USD' };
    writeFileSync(websiteFile, JSON.stringify(website, null, 2));
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const CUSTOMER = {
  email: 'ada@example.test',
  name: 'Ada Lovelace',
  address: { line1: '12 St James Sq', city: 'London', zip: 'SW1Y 4JH', country: 'GB' },
};

/** A shopper: keeps cookies between calls like a browser, and sends the crumb header on writes. */
export class Shopper {
  cookies: Record<string, string> = {};
  constructor(private readonly t: TestApp) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const form = typeof body === 'object' && body instanceof URLSearchParams;
    const res = await this.t.app.inject({
      method,
      url,
      headers: {
        ...(Object.keys(this.cookies).length ? { cookie: cookieHeader(this.cookies) } : {}),
        ...(method !== 'GET' && this.cookies.crumb ? { 'x-csrf-token': this.cookies.crumb } : {}),
        ...(form
          ? { 'content-type': 'application/x-www-form-urlencoded' }
          : body !== undefined && typeof body !== 'string'
            ? { 'content-type': 'application/json' }
            : {}),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { payload: form ? body.toString() : typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    Object.assign(this.cookies, cookiesOf(res.headers['set-cookie']));
    return res;
  }

  /** Reads the cart (which also hands out the crumb). */
  async start() {
    const res = await this.request('GET', '/api/commerce/shopping-cart');
    if (res.statusCode !== 200) throw new Error(`cart read: ${res.statusCode}`);
  }

  add(body: Record<string, unknown>) {
    return this.request('POST', '/api/commerce/shopping-cart/entries', body);
  }

  order(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    return this.request('POST', '/api/commerce/orders', body, headers);
  }
}
