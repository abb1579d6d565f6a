import { describe, expect, test, vi } from 'vitest';
import { CartApiError, createCartApi, failureOf } from './api.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('failures become the spec messages (section 8)', () => {
  test.each([
    [403, { crumbFail: true }, 'crumb', 'Your session has expired. Please reload the page and try again.'],
    [429, { code: 'rate-limited' }, 'rate-limited', 'Please try again in a few seconds.'],
    [
      409,
      { code: 'not-enough-stock', message: 'Sorry, we do not have enough of that item available.' },
      'refused',
      'Sorry, we do not have enough of that item available.',
    ],
    [500, { message: 'boom' }, 'server', 'Please try again.'],
    [403, { message: 'Forbidden' }, 'refused', 'Forbidden'],
  ])('%i %j -> %s', (status, body, kind, text) => {
    const e = failureOf(status, body);
    expect(e.kind).toBe(kind);
    expect(e.message).toBe(text);
  });

  test('a site can override a message through localizedStrings', () => {
    expect(failureOf(429, {}, { 'rate-limited': 'Slow down.' }).message).toBe('Slow down.');
  });
});

describe('createCartApi', () => {
  test('mutating calls send the crumb cookie in X-CSRF-Token; reads do not need it', async () => {
    const fetch = vi.fn(async () => json(200, { shoppingCart: { id: 'c', entries: [] }, newlyAdded: null }));
    const api = createCartApi({
      fetch,
      cookies: () => 'a=1; crumb=tok%2Den; CART=x',
      cookiesEnabled: () => true,
    });
    await api.addEntry({ itemId: 'i', sku: 's', quantity: 2 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/commerce/shopping-cart/entries');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('tok-en');
    expect(JSON.parse(init.body as string)).toEqual({ itemId: 'i', sku: 's', quantity: 2 });

    await api.setQuantity('e/1', 3);
    const [putUrl, putInit] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(putUrl).toBe('/api/commerce/shopping-cart/entries/e%2F1/quantity');
    expect(putInit.method).toBe('PUT');
    await api.removeEntry('e1');
    const [, delInit] = fetch.mock.calls[2] as unknown as [string, RequestInit];
    expect(delInit.method).toBe('DELETE');
    expect(delInit.body).toBeUndefined();
  });

  test("a signed-in visitor's writes also send the session's xsrfToken in X-XSRF-Token", async () => {
    const fetch = vi.fn(async () => json(200, { shoppingCart: { id: 'c', entries: [] }, newlyAdded: null }));
    let cookies = 'crumb=c1; sf_xsrf=x-token_1';
    const api = createCartApi({ fetch, cookies: () => cookies, cookiesEnabled: () => true });
    await api.addEntry({ itemId: 'i', sku: 's', quantity: 1 });
    const headersOf = (call: number) =>
      (fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headersOf(0)).toMatchObject({ 'x-csrf-token': 'c1', 'x-xsrf-token': 'x-token_1' });
    // Signed out: the cookie is gone, and so is the header.
    cookies = 'crumb=c1';
    await api.removeEntry('e1');
    expect(headersOf(1)['x-xsrf-token']).toBeUndefined();
    expect(headersOf(1)['x-csrf-token']).toBe('c1');
  });

  test('cookies off: the shopper is told before any request', async () => {
    const fetch = vi.fn();
    const api = createCartApi({ fetch, cookies: () => '', cookiesEnabled: () => false });
    await expect(api.addEntry({ itemId: 'i', sku: 's', quantity: 1 })).rejects.toMatchObject({
      kind: 'cookies',
      message: 'Please enable cookies in your browser, reload the page, and try again.',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  test('no network: check your internet connection', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api = createCartApi({ fetch, cookies: () => 'crumb=x', cookiesEnabled: () => true });
    const error = await api.removeEntry('e').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CartApiError);
    expect((error as CartApiError).message).toBe('Please check your internet connection.');
  });

  test('a 2xx answer that is not JSON is a failure, not a crash', async () => {
    const fetch = vi.fn(async () => new Response('<html>', { status: 200 }));
    const api = createCartApi({ fetch, cookies: () => '', cookiesEnabled: () => true });
    await expect(api.getCart()).rejects.toMatchObject({ kind: 'server', message: 'Please try again.' });
  });
});
