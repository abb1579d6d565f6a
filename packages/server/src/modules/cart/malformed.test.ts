/**
 * A table of malformed cart requests: each answers 4xx with `{ code, message }` naming the problem,
 * the server keeps answering, and no cart, entry or variant row changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/index.ts';
import { cookieHeader, cookiesOf, DATABASES, startApp, type TestApp } from '../../testing/app.ts';

const CART = '/api/commerce/shopping-cart';
const ENTRIES = `${CART}/entries`;
const STOCK = '/api/commerce/inventory/stock';
const SUBSCRIPTION = '/api/3/commerce/cart/subscription';
const ENTRY = '{entry}'; // replaced by the shopper's real entry id

interface Row {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  /** An object is sent as JSON; a string is sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
  status: number;
  code: string;
  /** The message must match: it names the problem. */
  message: RegExp;
}

const add = (body: unknown, extra: Partial<Row> = {}) => ({
  method: 'POST' as const,
  url: ENTRIES,
  body,
  ...extra,
});
const json = { 'content-type': 'application/json' };
const invalid = (field: string) => new RegExp(`^Invalid (body|query|path): ${field}`);
const notFoundEntry = { status: 404, code: 'entry-not-found', message: /^That cart entry does not exist\.$/ };
const badJson = { status: 400, code: 'invalid-json', message: /not valid JSON/ };
const badKey = {
  status: 400,
  code: 'invalid-idempotency-key',
  message: /^Idempotency-Key must be 1 to 255 printable ASCII characters\.$/,
};
const outOfRange = {
  status: 400,
  code: 'cart.add.quantity-out-of-range',
  message: /^Quantity must be between/,
};
const notNumber = {
  status: 400,
  code: 'cart.add.quantity-not-number',
  message: /^Quantity must be a number\.$/,
};
const notWhole = {
  status: 400,
  code: 'cart.add.quantity-not-whole',
  message: /^Quantity must be a whole number\.$/,
};
const tee = { itemId: 'p-tee', sku: 'TEE-S' };

const TABLE: Row[] = [
  // POST entries: the body as a whole
  { name: 'truncated JSON', ...add('{"itemId": ', { headers: json }), ...badJson },
  { name: 'trailing garbage after JSON', ...add('{"itemId":"p-tee"} x', { headers: json }), ...badJson },
  {
    name: 'empty JSON body',
    ...add('', { headers: json }),
    status: 400,
    code: 'invalid-json',
    message: /empty/,
  },
  {
    name: 'body is an array',
    ...add([tee]),
    status: 400,
    code: 'invalid-request',
    message: /^Invalid body: /,
  },
  {
    name: 'body is null',
    ...add('null', { headers: json }),
    status: 400,
    code: 'invalid-request',
    message: /itemId/,
  },
  {
    name: 'body is a string',
    ...add('"p-tee"', { headers: json }),
    status: 400,
    code: 'invalid-request',
    message: /^Invalid body/,
  },
  {
    name: 'body is a number',
    ...add('42', { headers: json }),
    status: 400,
    code: 'invalid-request',
    message: /^Invalid body/,
  },
  { name: '__proto__ key', ...add('{"__proto__":{"x":1},"itemId":"p-tee"}', { headers: json }), ...badJson },
  {
    name: 'text/plain body',
    ...add('itemId=p-tee', { headers: { 'content-type': 'text/plain' } }),
    status: 415,
    code: 'unsupported-media-type',
    message: /application\/json/,
  },
  {
    name: 'XML body',
    ...add('<itemId>p-tee</itemId>', { headers: { 'content-type': 'application/xml' } }),
    status: 415,
    code: 'unsupported-media-type',
    message: /application\/json/,
  },
  {
    name: 'oversize body (300 KB)',
    ...add({ ...tee, additionalFields: JSON.stringify({ a: 'x'.repeat(300_000) }) }),
    status: 413,
    code: 'body-too-large',
    message: /^The request body is too large\.$/,
  },
  // POST entries: fields
  {
    name: 'missing itemId',
    ...add({ sku: 'TEE-S', quantity: 1 }),
    status: 400,
    code: 'invalid-request',
    message: invalid('itemId'),
  },
  {
    name: 'itemId a number',
    ...add({ itemId: 7, quantity: 1 }),
    status: 400,
    code: 'invalid-request',
    message: invalid('itemId'),
  },
  {
    name: 'itemId empty',
    ...add({ itemId: '', quantity: 1 }),
    status: 400,
    code: 'invalid-request',
    message: invalid('itemId'),
  },
  {
    name: 'itemId 201 characters',
    ...add({ itemId: 'p'.repeat(201) }),
    status: 400,
    code: 'invalid-request',
    message: invalid('itemId'),
  },
  {
    name: 'itemId with a control character',
    ...add({ itemId: 'p-\ttee' }),
    status: 400,
    code: 'invalid-request',
    message: invalid('itemId'),
  },
  {
    name: 'sku a number',
    ...add({ itemId: 'p-tee', sku: 5 }),
    status: 400,
    code: 'invalid-request',
    message: invalid('sku'),
  },
  {
    name: 'sku an object',
    ...add({ itemId: 'p-tee', sku: { id: 'TEE-S' } }),
    status: 400,
    code: 'invalid-request',
    message: invalid('sku'),
  },
  {
    name: 'unknown field',
    ...add({ ...tee, price: 1 }),
    status: 400,
    code: 'invalid-request',
    message: /price/,
  },
  { name: 'quantity negative', ...add({ ...tee, quantity: -1 }), ...outOfRange },
  { name: 'quantity zero', ...add({ ...tee, quantity: 0 }), ...outOfRange },
  { name: 'quantity huge', ...add({ ...tee, quantity: 1e12 }), ...outOfRange },
  { name: 'quantity above 9999', ...add({ ...tee, quantity: 10_000 }), ...outOfRange },
  { name: 'quantity fractional', ...add({ ...tee, quantity: 1.5 }), ...notWhole },
  { name: 'quantity a word', ...add({ ...tee, quantity: 'two' }), ...notNumber },
  { name: 'quantity an object', ...add({ ...tee, quantity: { n: 1 } }), ...notNumber },
  { name: 'quantity an array', ...add({ ...tee, quantity: [1] }), ...notNumber },
  { name: 'quantity a boolean', ...add({ ...tee, quantity: true }), ...notNumber },
  {
    name: 'unknown item',
    ...add({ itemId: 'no-such-item', sku: 'X', quantity: 1 }),
    status: 404,
    code: 'item-not-found',
    message: /^Sorry, this item is unavailable\.$/,
  },
  {
    name: 'a blog post is no product',
    ...add({ itemId: 'post-1', quantity: 1 }),
    status: 404,
    code: 'item-not-found',
    message: /unavailable/,
  },
  {
    name: 'unknown variant',
    ...add({ itemId: 'p-tee', sku: 'TEE-XXL', quantity: 1 }),
    status: 400,
    code: 'cart.add.variant-unavailable',
    message: /^Sorry, that item variant is unavailable\. Please select another variant\.$/,
  },
  {
    name: 'additionalFields not JSON',
    ...add({ ...tee, additionalFields: '{name:' }),
    status: 400,
    code: 'invalid-additional-fields',
    message: /^additionalFields must be a JSON string\.$/,
  },
  {
    name: 'additionalFields an object, not a JSON string',
    ...add({ ...tee, additionalFields: { name: 'Ada' } }),
    status: 400,
    code: 'invalid-request',
    message: invalid('additionalFields'),
  },
  { name: 'Idempotency-Key empty', ...add(tee, { headers: { 'idempotency-key': '' } }), ...badKey },
  {
    name: 'Idempotency-Key 256 characters',
    ...add(tee, { headers: { 'idempotency-key': 'k'.repeat(256) } }),
    ...badKey,
  },
  { name: 'Idempotency-Key not ASCII', ...add(tee, { headers: { 'idempotency-key': 'clé' } }), ...badKey },
  { name: 'Idempotency-Key with a tab', ...add(tee, { headers: { 'idempotency-key': 'a\tb' } }), ...badKey },
  // PUT quantity
  {
    name: 'quantity of an unknown entry',
    method: 'PUT',
    url: `${ENTRIES}/no-such-entry/quantity`,
    body: { quantity: 1 },
    ...notFoundEntry,
  },
  {
    name: 'quantity negative on an entry',
    method: 'PUT',
    url: `${ENTRIES}/${ENTRY}/quantity`,
    body: { quantity: -5 },
    ...outOfRange,
  },
  {
    name: 'quantity huge on an entry',
    method: 'PUT',
    url: `${ENTRIES}/${ENTRY}/quantity`,
    body: { quantity: 100_000 },
    ...outOfRange,
  },
  {
    name: 'quantity fractional on an entry',
    method: 'PUT',
    url: `${ENTRIES}/${ENTRY}/quantity`,
    body: { quantity: 2.5 },
    ...notWhole,
  },
  {
    name: 'quantity a word on an entry',
    method: 'PUT',
    url: `${ENTRIES}/${ENTRY}/quantity`,
    body: { quantity: 'many' },
    ...notNumber,
  },
  {
    name: 'quantity missing',
    method: 'PUT',
    url: `${ENTRIES}/${ENTRY}/quantity`,
    body: {},
    status: 400,
    code: 'invalid-request',
    message: invalid('quantity'),
  },
  {
    name: 'quantity body not JSON',
    method: 'PUT',
    url: `${ENTRIES}/${ENTRY}/quantity`,
    body: '{"quantity":',
    headers: json,
    ...badJson,
  },
  {
    name: 'entry id 201 characters',
    method: 'PUT',
    url: `${ENTRIES}/${'e'.repeat(201)}/quantity`,
    body: { quantity: 1 },
    status: 414,
    code: 'path-too-long',
    message: /longer than 100 characters/,
  },
  {
    name: 'entry id with NUL',
    method: 'DELETE',
    url: `${ENTRIES}/a%00b`,
    status: 400,
    code: 'invalid-request',
    message: invalid('entryId'),
  },
  { name: 'delete an unknown entry', method: 'DELETE', url: `${ENTRIES}/no-such-entry`, ...notFoundEntry },
  // PUT additionalFields
  {
    name: 'additionalFields of an unknown entry',
    method: 'PUT',
    url: `${ENTRIES}/no-such-entry/additionalFields`,
    body: { additionalFields: '{}' },
    ...notFoundEntry,
  },
  {
    name: 'additionalFields missing',
    method: 'PUT',
    url: `${ENTRIES}/${ENTRY}/additionalFields`,
    body: {},
    status: 400,
    code: 'invalid-request',
    message: invalid('additionalFields'),
  },
  {
    name: 'additionalFields a number',
    method: 'PUT',
    url: `${ENTRIES}/${ENTRY}/additionalFields`,
    body: { additionalFields: 12 },
    status: 400,
    code: 'invalid-request',
    message: invalid('additionalFields'),
  },
  {
    name: 'additionalFields broken JSON',
    method: 'PUT',
    url: `${ENTRIES}/${ENTRY}/additionalFields`,
    body: { additionalFields: '[1,' },
    status: 400,
    code: 'invalid-additional-fields',
    message: /JSON string/,
  },
  {
    name: 'additionalFields for another item',
    method: 'PUT',
    url: `${ENTRIES}/${ENTRY}/additionalFields`,
    body: { itemId: 'p-club', additionalFields: '{}' },
    status: 400,
    code: 'invalid-request',
    message: invalid('itemId'),
  },
  // Reads with bad query values
  {
    name: 'mock not a flag',
    method: 'GET',
    url: `${CART}?mock=maybe`,
    status: 400,
    code: 'invalid-request',
    message: invalid('mock'),
  },
  {
    name: 'timecode not digits',
    method: 'GET',
    url: `${CART}?timecode=-1`,
    status: 400,
    code: 'invalid-request',
    message: invalid('timecode'),
  },
  {
    name: 'calculateSubtotal not a flag',
    method: 'GET',
    url: `${CART}?calculateSubtotal=yes`,
    status: 400,
    code: 'invalid-request',
    message: invalid('calculateSubtotal'),
  },
  {
    name: 'mock given twice',
    method: 'GET',
    url: `${CART}?mock=true&mock=false`,
    status: 400,
    code: 'invalid-request',
    message: invalid('mock'),
  },
  {
    name: 'stock without itemId',
    method: 'GET',
    url: STOCK,
    status: 400,
    code: 'invalid-request',
    message: invalid('itemId'),
  },
  {
    name: 'stock with an empty itemId',
    method: 'GET',
    url: `${STOCK}?itemId=`,
    status: 400,
    code: 'invalid-request',
    message: invalid('itemId'),
  },
  {
    name: 'stock with itemId twice',
    method: 'GET',
    url: `${STOCK}?itemId=p-tee&itemId=p-club`,
    status: 400,
    code: 'invalid-request',
    message: invalid('itemId'),
  },
  {
    name: 'stock of an unknown item',
    method: 'GET',
    url: `${STOCK}?itemId=nope`,
    status: 404,
    code: 'item-not-found',
    message: /unavailable/,
  },
  // Subscription
  {
    name: 'subscription of a plain product',
    method: 'POST',
    url: SUBSCRIPTION,
    body: { itemId: 'p-tee', sku: 'TEE-S', qty: 1 },
    status: 400,
    code: 'not-subscribable',
    message: /unavailable/,
  },
  {
    name: 'subscription without itemId',
    method: 'POST',
    url: SUBSCRIPTION,
    body: { qty: 1 },
    status: 400,
    code: 'invalid-request',
    message: invalid('itemId'),
  },
  // No such call
  {
    name: 'PATCH on entries',
    method: 'PATCH',
    url: ENTRIES,
    body: tee,
    status: 404,
    code: 'not-found',
    message: /./,
  },
];

async function snapshot(db: Db) {
  const [carts, entries, variants] = await Promise.all([
    db.selectFrom('carts').selectAll().orderBy('id').execute(),
    db.selectFrom('cart_entries').selectAll().orderBy('id').execute(),
    db.selectFrom('variants').selectAll().orderBy('id').execute(),
  ]);
  // PostgreSQL returns bigint as text: compare as numbers.
  const norm = (rows: Record<string, unknown>[]) =>
    rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
    );
  return { carts: norm(carts), entries: norm(entries), variants: norm(variants) };
}

it('the table has at least 40 rows, each named once', () => {
  expect(TABLE.length).toBeGreaterThanOrEqual(40);
  expect(new Set(TABLE.map((r) => r.name)).size).toBe(TABLE.length);
});

for (const database of DATABASES) {
  describe(`[${database.name}] malformed cart requests`, () => {
    let t: TestApp;
    let cookies: Record<string, string> = {};
    let entryId = '';
    beforeAll(async () => {
      t = await startApp(database);
      const read = await t.app.inject({ method: 'GET', url: CART });
      cookies = cookiesOf(read.headers['set-cookie']);
      const added = await t.app.inject({
        method: 'POST',
        url: ENTRIES,
        headers: { cookie: cookieHeader(cookies), 'x-csrf-token': cookies.crumb as string, ...json },
        payload: JSON.stringify({ itemId: 'p-lesson', sku: 'LESSON', quantity: 1 }),
      });
      expect(added.statusCode).toBe(200);
      Object.assign(cookies, cookiesOf(added.headers['set-cookie']));
      entryId = added.json().newlyAdded.id;
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`[${database.name}] every row answers its 4xx with {code, message}; nothing changes; the server still answers`, async () => {
      const before = await snapshot(t.app.database.db);
      const failures: string[] = [];
      for (const row of TABLE) {
        const body = row.body;
        const res = await t.app.inject({
          method: row.method,
          url: row.url.replace(ENTRY, entryId),
          headers: {
            cookie: cookieHeader(cookies),
            ...(row.method === 'GET' ? {} : { 'x-csrf-token': cookies.crumb as string }),
            ...(body !== undefined && typeof body !== 'string' ? json : {}),
            ...row.headers,
          },
          ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
        });
        let answer: unknown;
        try {
          answer = res.json();
        } catch {
          answer = res.body.slice(0, 200);
        }
        const a = answer as { code?: unknown; message?: unknown };
        const ok =
          res.statusCode === row.status &&
          a.code === row.code &&
          typeof a.message === 'string' &&
          row.message.test(a.message) &&
          Object.keys(a).sort().join() === 'code,message';
        if (!ok) failures.push(`${row.name}: ${res.statusCode} ${JSON.stringify(answer)}`);
      }
      expect(failures).toEqual([]);
      expect(await snapshot(t.app.database.db)).toEqual(before);

      const cart = await t.app.inject({
        method: 'GET',
        url: CART,
        headers: { cookie: cookieHeader(cookies) },
      });
      expect(cart.statusCode).toBe(200);
      expect(cart.json().entries.map((e: { id: string; quantity: number }) => [e.id, e.quantity])).toEqual([
        [entryId, 1],
      ]);
      const normal = await t.app.inject({
        method: 'POST',
        url: ENTRIES,
        headers: { cookie: cookieHeader(cookies), 'x-csrf-token': cookies.crumb as string, ...json },
        payload: JSON.stringify({ ...tee, quantity: 1 }),
      });
      expect(normal.statusCode).toBe(200);
      expect(normal.json().shoppingCart.totalQuantity).toBe(2);
    });
  });
}
