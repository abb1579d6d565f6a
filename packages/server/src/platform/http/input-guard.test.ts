import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_TYPE_ANSWERS, makeFormSite } from '../../modules/forms/testing.ts';
import { RESTOCK_PATH } from '../../modules/restock/routes.ts';
import { cookieHeader, cookiesOf, DATABASES, startApp, type TestApp } from '../../testing/app.ts';
import { Shopper } from '../../testing/shopper.ts';
import { MAX_NESTING } from './input-guard.ts';

type Table =
  | 'restock_signups'
  | 'telemetry_hits'
  | 'telemetry_events'
  | 'telemetry_performance'
  | 'form_submissions'
  | 'cart_entries';

const count = async (app: FastifyInstance, table: Table) =>
  Number(
    (
      await app.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const refusal = (where: 'body' | 'query' | 'path', field: string) => ({
  code: 'invalid-request',
  message: `Invalid ${where}: ${field ? `${field}: ` : ''}contains a control character`,
});
const tooDeep = {
  code: 'invalid-request',
  message: `Invalid body: nested deeper than ${MAX_NESTING} levels`,
};

/** `[[[...]]]` (or `{"a":{"a":...}}`) nested `depth` levels. */
const nested = (depth: number, kind: 'array' | 'object' = 'array') =>
  kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

let ip = 0;
/** A visitor from an address of its own, with the crumb cookie, sending it back as the header. */
async function visitor(app: FastifyInstance) {
  const remoteAddress = `10.7.0.${++ip}`;
  const first = await app.inject({ method: 'GET', url: '/api/commerce/shopping-cart', remoteAddress });
  const cookies = cookiesOf(first.headers['set-cookie']);
  const headers = { cookie: cookieHeader(cookies), 'x-csrf-token': cookies.crumb as string };
  const send = (
    method: 'POST' | 'PUT' | 'GET' | 'DELETE',
    url: string,
    payload?: unknown,
    contentType = 'application/json',
  ) =>
    app.inject({
      method,
      url,
      remoteAddress,
      headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': contentType }) },
      ...(payload === undefined
        ? {}
        : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
  return { send, post: (url: string, payload: unknown, type?: string) => send('POST', url, payload, type) };
}

const SOLD_OUT = { productId: 'p-soldout', variantId: 'v-soldout' };
const ENTRIES = '/api/commerce/shopping-cart/entries';

describe.each(DATABASES)('hostile input on $name', (database) => {
  let t: TestApp;
  const site = makeFormSite();
  beforeAll(async () => {
    t = await startApp(database, {
      siteDir: site.dir,
      forms: { submitLimit: { max: 1000, windowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await t?.close();
    site.cleanup();
  });

  it('restock sign-up: a control character in any field answers 400 naming it and stores nothing', async () => {
    const v = await visitor(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...SOLD_OUT, productId: 'p-soldout\u0000' }, 'productId'],
      [{ ...SOLD_OUT, variantId: '\u0000' }, 'variantId'],
      [{ ...SOLD_OUT, siteVisitorEmail: 'ada\u0000@example.com' }, 'siteVisitorEmail'],
      [{ ...SOLD_OUT, siteVisitorEmail: 'ada@example.com', captchaToken: 'a\u001fb' }, 'captchaToken'],
      [{ ...SOLD_OUT, siteVisitorEmail: 'ada@example.com\u007f' }, 'siteVisitorEmail'],
    ];
    for (const [body, field] of cases) {
      const res = await v.post(RESTOCK_PATH, { siteVisitorEmail: 'ada@example.com', ...body });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual(refusal('body', field));
    }
    const key = await v.post(RESTOCK_PATH, { ...SOLD_OUT, siteVisitorEmail: 'a@example.com', 'x\u0000': 1 });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual({
      code: 'invalid-request',
      message: 'Invalid body: a key contains a control character',
    });
    expect(await count(t.app, 'restock_signups')).toBe(0);
    // The server keeps answering, and a clean sign-up is stored.
    const ok = await v.post(RESTOCK_PATH, { ...SOLD_OUT, siteVisitorEmail: 'ada@example.com' });
    expect(ok.statusCode).toBe(200);
    expect(await count(t.app, 'restock_signups')).toBe(1);
  });

  it('telemetry: a control character in JSON, form-encoded, JSON-in-a-string and text/plain bodies answers 400', async () => {
    const v = await visitor(t.app);
    const view = { pagePath: '/shop', pageType: 1 };
    const hit = (data: unknown) => ({ event: 'page-view', data });
    const cases: [string, unknown, string | undefined, string][] = [
      ['/api/census/RecordHit', hit({ ...view, pagePath: '/shop\u0000' }), undefined, 'data.pagePath'],
      ['/api/census/RecordHit', hit({ ...view, referrer: 'x\u0008' }), undefined, 'data.referrer'],
      [
        '/api/census/RecordHit',
        new URLSearchParams({
          event: 'page-view',
          data: JSON.stringify({ ...view, pagePath: '/\u0000' }),
        }).toString(),
        'application/x-www-form-urlencoded',
        'data.pagePath',
      ],
      [
        '/api/census/RecordHit',
        new URLSearchParams({ event: 'page\u0000view', data: JSON.stringify(view) }).toString(),
        'application/x-www-form-urlencoded',
        'event',
      ],
      ['/api/census/button-click', { pagePath: '/shop', target: ['ok', 'b\u0001'] }, undefined, 'target.1'],
      [
        '/api/census/RecordHit',
        JSON.stringify(hit({ ...view, pagePath: '/\u0000' })),
        'text/plain',
        'data.pagePath',
      ],
      [
        '/api/1/performance/records',
        JSON.stringify([{ name: 'lcp\u0000', value: 1 }]),
        'text/plain;charset=UTF-8',
        '0.name',
      ],
    ];
    for (const [url, body, type, field] of cases) {
      const res = await v.post(url, body, type);
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(res.json(), `${url} ${field}`).toEqual(refusal('body', field));
    }
    const key = await v.post('/api/census/RecordHit', hit({ ...view, 'x\u0000y': 1 }));
    expect(key.json()).toEqual({
      code: 'invalid-request',
      message: 'Invalid body: data: a key contains a control character',
    });
    for (const table of ['telemetry_hits', 'telemetry_events', 'telemetry_performance'] as const)
      expect(await count(t.app, table), table).toBe(0);
    expect((await v.post('/api/census/RecordHit', hit(view))).statusCode).toBe(202);
    expect(await count(t.app, 'telemetry_hits')).toBe(1);
  });

  it('site form: a control character in an answer (object or JSON string) or a page field answers 400 and stores nothing', async () => {
    const v = await visitor(t.app);
    const key = async () =>
      ((await v.post('/api/form/FormSubmissionKey', {})).json() as { data: { key: string } }).data.key;
    const answers = { ...EVERY_TYPE_ANSWERS, 'f-text': 'Bl\u0000ue' };
    const cases: [Record<string, unknown>, string][] = [
      [{ form: JSON.stringify(answers) }, 'form.f-text'],
      [{ form: answers }, 'form.f-text'],
      [{ form: { ...EVERY_TYPE_ANSWERS, 'f-name': { First: 'A\u0000', Last: 'B' } } }, 'form.f-name.First'],
      [{ form: JSON.stringify(EVERY_TYPE_ANSWERS), pageTitle: 'Forms\u000b' }, 'pageTitle'],
    ];
    for (const [body, field] of cases) {
      const res = await v.post('/api/form/SaveFormSubmission', {
        key: await key(),
        formId: 'every',
        ...body,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual(refusal('body', field));
    }
    expect(await count(t.app, 'form_submissions')).toBe(0);
    // Tab, line feed and carriage return are what people type into a text area: accepted.
    const typed = { ...EVERY_TYPE_ANSWERS, 'f-textarea': 'a\tb\r\nc' };
    const ok = await v.post('/api/form/SaveFormSubmission', {
      key: await key(),
      formId: 'every',
      form: JSON.stringify(typed),
    });
    expect(ok.statusCode).toBe(200);
    expect(await count(t.app, 'form_submissions')).toBe(1);
  });

  it("cart: a control character in an entry's additional fields answers 400 naming the field and stores nothing", async () => {
    const shopper = new Shopper(t);
    await shopper.start();
    const before = await count(t.app, 'cart_entries');
    const lesson = { itemId: 'p-lesson', sku: 'LESSON', quantity: 1 };
    const add = await shopper.add({ ...lesson, additionalFields: JSON.stringify({ note: 'gift\u0000' }) });
    expect(add.statusCode).toBe(400);
    expect(add.json()).toEqual(refusal('body', 'additionalFields.note'));
    expect(await count(t.app, 'cart_entries')).toBe(before);

    const added = await shopper.add({ ...lesson, additionalFields: JSON.stringify({ note: 'gift' }) });
    expect(added.statusCode).toBe(200);
    const entryId = (await shopper.cart()).entries[0].id as string;
    const put = await shopper.request('PUT', `${ENTRIES}/${entryId}/additionalFields`, {
      additionalFields: JSON.stringify({ note: ['x', 'y\u0000'] }),
    });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual(refusal('body', 'additionalFields.note.1'));
    expect((await shopper.cart()).entries[0].additionalFields).toBe('{"note":"gift"}');
  });

  it('query strings and path parameters of API routes are checked; a site page ignores its query', async () => {
    const v = await visitor(t.app);
    const stock = await v.send('GET', '/api/commerce/inventory/stock?itemId=p-tee%00');
    expect(stock.statusCode).toBe(400);
    expect(stock.json()).toEqual(refusal('query', 'itemId'));
    const entry = await v.send('DELETE', `${ENTRIES}/a%01b`);
    expect(entry.statusCode).toBe(400);
    expect(entry.json()).toEqual(refusal('path', 'entryId'));
    const confirmed = await v.send('GET', '/checkout/order-confirmed/a%00b');
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toEqual(refusal('path', 'orderId'));
    const page = await v.send('GET', '/shop?utm_source=a%00b&category=%00');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const item = await v.send('GET', '/shop/a%00b');
    expect(item.statusCode).toBe(404);
    expect(item.headers['content-type']).toContain('text/html');
  });

  it(`a body nested deeper than ${MAX_NESTING} levels answers 400 before it is parsed, on every route`, async () => {
    const v = await visitor(t.app);
    const hits = await count(t.app, 'telemetry_hits');
    for (const depth of [MAX_NESTING + 1, 6_600, 100_000]) {
      for (const body of [
        `{"event":"page-view","data":{"pagePath":"/","deep":${nested(depth - 2)}}}`,
        // Six characters a level: 100,000 of them would be over the body limit (413).
        ...(depth < 10_000
          ? [`{"event":"page-view","data":{"pagePath":"/","deep":${nested(depth - 2, 'object')}}}`]
          : []),
      ]) {
        const res = await v.post('/api/census/RecordHit', body);
        expect(res.statusCode, String(depth)).toBe(400);
        expect(res.json(), String(depth)).toEqual(tooDeep);
      }
      // The same through a beacon (text/plain), and inside a string that holds JSON.
      const beacon = await v.post('/api/1/performance/records', nested(depth), 'text/plain');
      expect(beacon.statusCode).toBe(400);
      expect(beacon.json().message).toMatch(/nested deeper than 64 levels/);
      const inString = await v.post('/api/census/RecordHit', {
        event: 'page-view',
        data: `{"pagePath":"/","d":${nested(depth)}}`,
      });
      expect(inString.statusCode).toBe(400);
      expect(inString.json()).toEqual({
        code: 'invalid-request',
        message: `Invalid body: data: nested deeper than ${MAX_NESTING} levels`,
      });
      // Routes with their own error handlers answer the same way.
      for (const url of [RESTOCK_PATH, '/api/form/SaveFormSubmission', ENTRIES]) {
        const res = await v.post(url, nested(depth));
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual(tooDeep);
      }
    }
    expect(await count(t.app, 'telemetry_hits')).toBe(hits);
    // Brackets inside strings do not count; exactly the limit is accepted.
    const atLimit = await v.post(
      '/api/census/button-click',
      `{"pagePath":"/shop","label":"${'['.repeat(500)}","deep":${nested(MAX_NESTING - 1)}}`,
    );
    expect(atLimit.statusCode).toBe(202);
  });
});
