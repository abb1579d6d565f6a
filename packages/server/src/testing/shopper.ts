/**
 * Test support: a shopper over Fastify's inject that keeps cookies between calls like a browser and
 * sends the crumb header on writes (JSON bodies, or form posts given as URLSearchParams).
 */
import { cookieHeader, cookiesOf, type TestApp } from './app.ts';

/** A shopper: keeps cookies between calls like a browser, and sends the crumb header on writes. */
export class Shopper {
  cookies: Record<string, string> = {};
  constructor(private readonly t: TestApp) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
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
    await this.cart();
  }

  /** The cart as the API answers it. */
  async cart() {
    const res = await this.request('GET', '/api/commerce/shopping-cart');
    if (res.statusCode !== 200) throw new Error(`cart read: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  add(body: Record<string, unknown>) {
    return this.request('POST', '/api/commerce/shopping-cart/entries', body);
  }

  order(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    return this.request('POST', '/api/commerce/orders', body, headers);
  }
}
