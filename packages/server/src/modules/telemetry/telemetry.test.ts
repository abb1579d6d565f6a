import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/index.ts';
import { registerCrumbCheck } from '../../platform/http/crumb.ts';
import { registerErrorHandler } from '../../platform/http/errors.ts';
import { DATABASES, openFresh } from '../../testing/app.ts';
import { registerTestSite } from '../../testing/site-context.ts';
import { DEFAULT_ROLLOUT, cookiePolicyFromSettings, rolloutFromSettings, telemetryRoutes } from './routes.ts';
import { rangeOf } from './owner.ts';

const CRUMB = 'crumb-value-0123456789abcdef';

/**
 * An app with what buildApp gives every plugin: the database, the one error handler, the crumb
 * check, and each request's site.
 */
const bareApp = (database: DatabaseHandle): FastifyInstance => {
  const app = Fastify({ logger: false });
  app.decorate('database', database);
  registerTestSite(app, { origin: 'http://localhost' });
  registerErrorHandler(app);
  registerCrumbCheck(app);
  return app;
};
const TOKEN = 'owner-secret-token';
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T12:00:00Z');

const commerce = (over: Record<string, unknown> = {}) => ({
  website_id: 'w1',
  page_id: 'c1',
  cart_id: 'cart-1',
  item_id: 'i1',
  item_type: 'PHYSICAL',
  item_title: 'Shirt',
  item_price: '48.00',
  currency_code: 'USD',
  item_quantity: 1,
  num_items_in_cart: 1,
  cart_value: '48.00',
  product_types_list: ['PHYSICAL'],
  purchase_type_list: ['ONE_TIME'],
  item_variant_object: { Size: 'S' },
  ...over,
});

const perfRecord = (over: Record<string, unknown> = {}) => ({
  app: 'storefront',
  event: 'page-speed',
  pageLoadId: '6f7a1c2e-1111-4222-8333-944455556666',
  timestamp: NOW,
  data: {
    context: { pageType: 50, websiteId: 'w1', path: '/shop/shirt' },
    metrics: {
      largestContentfulPaint: 1200,
      firstContentfulPaint: 800,
      cumulativeLayoutShift: 0.02,
      timeToFirstByte: 90,
    },
  },
  ...over,
});

for (const database of DATABASES) {
  describe(`[${database.name}] telemetry ingest`, () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;
    let app: FastifyInstance;
    let clock = NOW;

    beforeAll(async () => {
      ({ handle, cleanup } = await openFresh(database));
      app = bareApp(handle);
      await app.register(cookie);
      await app.register(formbody);
      await app.register(telemetryRoutes, {
        performanceRollout: DEFAULT_ROLLOUT,
        ownerKeyDigest: createHash('sha256').update(TOKEN).digest(),
        now: () => clock,
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await cleanup?.();
    });
    beforeEach(async () => {
      clock = NOW;
      for (const t of [
        'telemetry_hits',
        'telemetry_events',
        'telemetry_errors',
        'telemetry_performance',
      ] as const)
        await handle.db.deleteFrom(t).execute();
    });

    const count = async (
      t: 'telemetry_hits' | 'telemetry_events' | 'telemetry_errors' | 'telemetry_performance',
    ) =>
      Number(
        (
          await handle.db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...headers },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });

    it(`[${database.name}] RecordHit stores a page view with the visitor record's id and count`, async () => {
      const res = await post('/api/census/RecordHit', {
        event: 'page-view',
        data: { pagePath: '/shop', websiteId: 'w1', pageType: 1, permissionType: 0, visit: 'new-visitor' },
        ss_cvr: 'visitor-1|1000|1000|1000|1',
      });
      expect(res.statusCode).toBe(202);
      const rows = await handle.db.selectFrom('telemetry_hits').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: 'page-view',
        path: '/shop',
        visitor_id: 'visitor-1',
        new_visit: 1,
        is_config: 0,
      });
      expect(Number(rows[0]!.visit_count)).toBe(1);
      expect(Number(rows[0]!.page_type)).toBe(1);
      expect(JSON.parse(rows[0]!.data)).toMatchObject({ permissionType: 0 });
    });

    it(`[${database.name}] RecordHit takes data as a JSON string, form-encoded; marks /config paths`, async () => {
      const form = new URLSearchParams({
        event: 'page-view',
        data: JSON.stringify({ pagePath: '/config/analytics', pageType: 2 }),
        ss_cvr: 'v|1|1|1|1',
      });
      const res = await post('/api/census/RecordHit', form.toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(res.statusCode).toBe(202);
      const row = await handle.db.selectFrom('telemetry_hits').selectAll().executeTakeFirstOrThrow();
      expect(Number(row.is_config)).toBe(1);
    });

    it(`[${database.name}] RecordHit for /search, not-found, lock and access-denied pages stores nothing`, async () => {
      for (const [pagePath, pageType] of [
        ['/search', 102],
        ['/missing', 100],
        ['/locked', 103],
        ['/members', 106],
      ] as const) {
        const res = await post('/api/census/RecordHit', { event: 'page-view', data: { pagePath, pageType } });
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ stored: false });
      }
      expect(await count('telemetry_hits')).toBe(0);
    });

    it(`[${database.name}] an invalid ss_cvr is kept as no visitor`, async () => {
      await post('/api/census/RecordHit', {
        event: 'page-view',
        data: { pagePath: '/' },
        ss_cvr: 'bad|0|0|0|0',
      });
      const row = await handle.db.selectFrom('telemetry_hits').selectAll().executeTakeFirstOrThrow();
      expect(row.visitor_id).toBeNull();
    });

    it.each([
      ['no body', undefined],
      ['not JSON', '{nope'],
      ['no event', { data: { pagePath: '/' } }],
      ['a path not starting with /', { event: 'page-view', data: { pagePath: 'shop' } }],
      ['data as broken JSON text', { event: 'page-view', data: '{' }],
      ['an event name with spaces', { event: 'page view', data: { pagePath: '/' } }],
      ['a page type that is text', { event: 'page-view', data: { pagePath: '/', pageType: 'one' } }],
    ])(`[${database.name}] RecordHit refuses %s with 400`, async (_, payload) => {
      const res =
        payload === undefined
          ? await app.inject({ method: 'POST', url: '/api/census/RecordHit' })
          : await post('/api/census/RecordHit', payload);
      expect(res.statusCode).toBe(400);
      expect(await count('telemetry_hits')).toBe(0);
    });

    it(`[${database.name}] button click and render, form render, overlay and quick view`, async () => {
      for (const kind of ['button-click', 'button-render', 'form-render', 'overlay']) {
        const res = await post(`/api/census/${kind}`, { pagePath: '/shop', target: `${kind}-target` });
        expect(res.statusCode).toBe(202);
      }
      expect((await post('/api/census/RecordQuickView/item-7', { pagePath: '/shop' })).statusCode).toBe(202);
      expect((await post('/api/census/RecordQuickView/bad id!', {})).statusCode).toBe(400);
      expect((await post('/api/census/button-click', [1, 2])).statusCode).toBe(400);
      expect((await post('/api/census/button-click', { pagePath: 5 })).statusCode).toBe(400);
      const rows = await handle.db
        .selectFrom('telemetry_hits')
        .select(['kind', 'target'])
        .orderBy('kind')
        .execute();
      expect(rows).toEqual([
        { kind: 'button-click', target: 'button-click-target' },
        { kind: 'button-render', target: 'button-render-target' },
        { kind: 'form-render', target: 'form-render-target' },
        { kind: 'overlay', target: 'overlay-target' },
        { kind: 'quick-view', target: 'item-7' },
      ]);
    });

    it(`[${database.name}] RecordEvent: JSON and form-encoded (with the crumb), commerce fields checked`, async () => {
      expect(
        (await post('/api/events/RecordEvent', { event: 'add_to_cart', data: commerce() })).statusCode,
      ).toBe(202);
      const form = new URLSearchParams({
        crumb: CRUMB,
        event: 'newsletter_signup',
        data: JSON.stringify({ list: 'main' }),
      });
      const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', cookie: `crumb=${CRUMB}` };
      expect((await post('/api/events/RecordEvent', form.toString(), formHeaders)).statusCode).toBe(202);
      // Form-encoded without the matching crumb.
      const wrong = new URLSearchParams({ crumb: 'other', event: 'x', data: '{}' });
      expect((await post('/api/events/RecordEvent', wrong.toString(), formHeaders)).statusCode).toBe(403);
      // A commerce event without its fields, or money without two decimals.
      expect(
        (await post('/api/events/RecordEvent', { event: 'purchase', data: { website_id: 'w1' } })).statusCode,
      ).toBe(400);
      expect(
        (
          await post('/api/events/RecordEvent', {
            event: 'add_to_cart',
            data: commerce({ item_price: '48' }),
          })
        ).statusCode,
      ).toBe(400);
      const rows = await handle.db
        .selectFrom('telemetry_events')
        .select(['name', 'cart_id', 'source'])
        .orderBy('name')
        .execute();
      expect(rows).toEqual([
        { name: 'add_to_cart', cart_id: 'cart-1', source: 'record-event' },
        { name: 'newsletter_signup', cart_id: null, source: 'record-event' },
      ]);
    });

    it(`[${database.name}] clanker events and the validate mode (which stores nothing)`, async () => {
      const ok = await post('/api/v1/clanker/events', {
        eventSchemaName: 'view_cart',
        eventContent: JSON.stringify(commerce()),
      });
      expect(ok.statusCode).toBe(202);
      const beacon = new URLSearchParams({ eventSchemaName: 'custom_event', eventContent: '{"a":1}' });
      expect(
        (
          await post('/api/v1/clanker/events', beacon.toString(), {
            'content-type': 'application/x-www-form-urlencoded',
          })
        ).statusCode,
      ).toBe(202);
      expect(
        (await post('/api/v1/clanker/events', { eventSchemaName: 'x', eventContent: 'not json' })).statusCode,
      ).toBe(400);
      expect(await count('telemetry_events')).toBe(2);

      const valid = await post('/api/v1/clanker/validate-event-content/view_cart', commerce());
      expect(valid.statusCode).toBe(200);
      expect(valid.json()).toEqual({ valid: true });
      const invalid = await post('/api/v1/clanker/validate-event-content/view_cart', { cart_id: 1 });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().valid).toBe(false);
      expect(await count('telemetry_events')).toBe(2);
    });

    it(`[${database.name}] validating event content refuses a missing, empty or null body, for any schema`, async () => {
      const refused = {
        valid: false,
        code: 'invalid-payload',
        message: 'Invalid body: eventContent: Invalid input',
      };
      for (const schema of ['custom_event', 'view_cart']) {
        const url = `/api/v1/clanker/validate-event-content/${schema}`;
        for (const res of [
          await app.inject({ method: 'POST', url }),
          await app.inject({ method: 'POST', url, payload: '' }),
          await post(url, 'null'),
          await post(url, 'null', { 'content-type': 'text/plain' }),
        ]) {
          expect(res.statusCode, `${schema}: ${res.body}`).toBe(400);
          expect(res.json()).toEqual(refused);
        }
      }
      expect((await post('/api/v1/clanker/validate-event-content/custom_event', {})).json()).toEqual({
        valid: true,
      });
    });

    it(`[${database.name}] a text/plain beacon gets the answer its JSON gets, and an empty one is not JSON`, async () => {
      const beacon = (url: string, payload: string) =>
        post(url, payload, { 'content-type': 'text/plain;charset=UTF-8' });
      // A null body is no fields, as JSON or as text.
      for (const send of [post, beacon])
        expect((await send('/api/census/button-click', 'null')).json()).toEqual({ stored: true });
      expect(await count('telemetry_hits')).toBe(2);
      for (const send of [post, beacon]) {
        const res = await send('/api/census/RecordHit', 'null');
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          code: 'invalid-payload',
          message: 'Invalid body: event: Invalid input: expected string, received undefined',
        });
      }
      const empty = await beacon('/api/census/RecordQuickView/item-7', '');
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ code: 'invalid-payload', message: 'Invalid body: not valid JSON' });
      expect(await count('telemetry_hits')).toBe(2);
    });

    it(`[${database.name}] RecordJavascriptErrors needs the crumb header and stores each error`, async () => {
      const events = [
        {
          event: 'javascript-error',
          timestamp: NOW,
          data: { app: 'storefront', message: 'boom', stack: 'Error: boom\n  at a.js:1:2', url: 'http://x/' },
        },
        {
          event: 'javascript-error',
          timestamp: NOW,
          data: { app: 'storefront', message: 'bang', stack: '' },
        },
      ];
      expect(
        (await post('/api/events/RecordJavascriptErrors', events, { cookie: `crumb=${CRUMB}` })).statusCode,
      ).toBe(403);
      expect(
        (
          await post('/api/events/RecordJavascriptErrors', events, {
            cookie: `crumb=${CRUMB}`,
            'x-csrf-token': 'x'.repeat(CRUMB.length),
          })
        ).statusCode,
      ).toBe(403);
      const auth = { cookie: `crumb=${CRUMB}`, 'x-csrf-token': CRUMB };
      expect((await post('/api/events/RecordJavascriptErrors', events, auth)).statusCode).toBe(204);
      const rows = await handle.db
        .selectFrom('telemetry_errors')
        .select(['message', 'stack'])
        .orderBy('message')
        .execute();
      expect(rows).toEqual([
        { message: 'bang', stack: '' },
        { message: 'boom', stack: 'Error: boom\n  at a.js:1:2' },
      ]);
      // Too long a stack, too many errors, not an array: 400, nothing more stored.
      const long = [{ ...events[0], data: { ...events[0]!.data, stack: 'x'.repeat(5001) } }];
      expect((await post('/api/events/RecordJavascriptErrors', long, auth)).statusCode).toBe(400);
      expect(
        (await post('/api/events/RecordJavascriptErrors', Array(11).fill(events[1]), auth)).statusCode,
      ).toBe(400);
      expect((await post('/api/events/RecordJavascriptErrors', events[0], auth)).statusCode).toBe(400);
      expect(await count('telemetry_errors')).toBe(2);
    });

    it(`[${database.name}] census settings: the cookie policy (permissive unless set)`, async () => {
      const res = await app.inject({ method: 'GET', url: '/api/census/settings' });
      expect(res.json()).toEqual({ cookiePolicy: 'permissive' });
      const strict = bareApp(handle);
      await strict.register(telemetryRoutes, {
        performanceRollout: DEFAULT_ROLLOUT,
        cookiePolicy: cookiePolicyFromSettings({ cookiePolicy: 'restrictive' }),
      });
      expect((await strict.inject({ method: 'GET', url: '/api/census/settings' })).json()).toEqual({
        cookiePolicy: 'restrictive',
      });
      await strict.close();
      expect(cookiePolicyFromSettings({ cookiePolicy: 'other' })).toBe('permissive');
    });

    it(`[${database.name}] performance settings: a fresh pageLoadId and the rollout`, async () => {
      const a = (await app.inject({ method: 'GET', url: '/api/1/performance/settings' })).json();
      const b = (await app.inject({ method: 'GET', url: '/api/1/performance/settings' })).json();
      expect(a.rollout).toEqual(DEFAULT_ROLLOUT);
      expect(a.pageLoadId).toMatch(/^[\w-]{8,64}$/);
      expect(a.pageLoadId).not.toBe(b.pageLoadId);
    });

    it(`[${database.name}] performance records as JSON and as text/plain (beacon); bad ones refused`, async () => {
      expect((await post('/api/1/performance/records', [perfRecord()])).statusCode).toBe(204);
      const beacon = await post(
        '/api/1/performance/records',
        JSON.stringify([perfRecord({ event: 'user-timing' })]),
        {
          'content-type': 'text/plain;charset=UTF-8',
        },
      );
      expect(beacon.statusCode).toBe(204);
      expect(
        (await post('/api/1/performance/records', 'nope', { 'content-type': 'text/plain' })).statusCode,
      ).toBe(400);
      const negative = perfRecord();
      negative.data.metrics.largestContentfulPaint = -1;
      expect((await post('/api/1/performance/records', [negative])).statusCode).toBe(400);
      const unknownMetric = perfRecord();
      (unknownMetric.data.metrics as Record<string, number>).madeUp = 1;
      expect((await post('/api/1/performance/records', [unknownMetric])).statusCode).toBe(400);
      const rows = await handle.db.selectFrom('telemetry_performance').selectAll().orderBy('event').execute();
      expect(rows.map((r) => [r.event, Number(r.page_type), r.path])).toEqual([
        ['page-speed', 50, '/shop/shirt'],
        ['user-timing', 50, '/shop/shirt'],
      ]);
      expect(JSON.parse(rows[0]!.metrics)).toEqual(perfRecord().data.metrics);
    });

    it(`[${database.name}] the owner page: staff or the key required, figures equal to the stored rows`, async () => {
      // Two visitors: one with two sessions (3 views), one with one (1 view); a /config view; a 404 refused.
      const view = (pagePath: string, ss_cvr: string, pageType = 2) =>
        post('/api/census/RecordHit', { event: 'page-view', data: { pagePath, pageType }, ss_cvr });
      await view('/', 'a|1|1|1|1');
      await view('/shop', 'a|1|1|1|1');
      await view('/shop', 'a|1|1|2|2');
      await view('/', 'b|1|1|1|1');
      await view('/config/analytics', 'a|1|1|2|2');
      await view('/nope', 'b|1|1|1|1', 100);
      await post('/api/census/button-click', { pagePath: '/', target: 'Add To Cart' });
      await post('/api/census/button-click', { pagePath: '/', target: 'Add To Cart' });
      await post('/api/census/button-click', { pagePath: '/', target: 'Subscribe' });
      await post('/api/events/RecordEvent', { event: 'view_product', data: commerce() });
      await post('/api/events/RecordEvent', { event: 'add_to_cart', data: commerce() });
      await post('/api/events/RecordEvent', { event: 'add_to_cart', data: commerce() });
      await post('/api/events/RecordEvent', { event: 'purchase', data: commerce() });
      const auth = { cookie: `crumb=${CRUMB}`, 'x-csrf-token': CRUMB };
      const err = (message: string) => ({
        event: 'javascript-error',
        timestamp: NOW,
        data: { app: 'a', message, stack: 's' },
      });
      await post('/api/events/RecordJavascriptErrors', [err('boom'), err('boom'), err('other')], auth);
      for (const lcp of [100, 200, 300, 400])
        await post('/api/1/performance/records', [
          perfRecord({
            data: { context: { pageType: 50, websiteId: 'w1' }, metrics: { largestContentfulPaint: lcp } },
          }),
        ]);
      // A row outside the range.
      clock = NOW - 30 * DAY;
      await view('/old', 'c|1|1|1|1');
      clock = NOW;

      // Without a staff session or the key: sent to sign in (owner-access.test.ts has the rest).
      expect((await app.inject({ method: 'GET', url: '/config/analytics' })).statusCode).toBe(303);
      expect((await app.inject({ method: 'GET', url: '/config/analytics?token=wrong' })).statusCode).toBe(
        303,
      );
      expect((await app.inject({ method: 'GET', url: '/config/analytics.json' })).statusCode).toBe(401);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/config/analytics?from=20-11-2026',
            headers: { 'x-owner-token': TOKEN },
          })
        ).statusCode,
      ).toBe(400);

      const json = (
        await app.inject({
          method: 'GET',
          url: '/config/analytics.json?from=2026-11-14&to=2026-11-20',
          headers: { 'x-owner-token': TOKEN },
        })
      ).json();
      expect(json).toMatchObject({
        visits: 3,
        visitors: 2,
        pageViews: 4,
        configViews: 1,
        topPages: [
          { path: '/', count: 2 },
          { path: '/shop', count: 2 },
        ],
        buttonClicks: [
          { target: 'Add To Cart', count: 2 },
          { target: 'Subscribe', count: 1 },
        ],
        funnel: [
          { step: 'view_product', events: 1, carts: 1 },
          { step: 'add_to_cart', events: 2, carts: 1 },
          { step: 'view_cart', events: 0, carts: 0 },
          { step: 'checkout_confirmed', events: 0, carts: 0 },
          { step: 'purchase', events: 1, carts: 1 },
        ],
        errors: [
          { message: 'boom', count: 2 },
          { message: 'other', count: 1 },
        ],
        performance: [
          { pageType: 50, records: 4, p75: { largestContentfulPaint: 300, firstContentfulPaint: null } },
        ],
      });
      expect(json.pageViewsByDay).toHaveLength(7);
      expect(json.pageViewsByDay.at(-1)).toEqual({ day: '2026-11-20', count: 4 });

      const page = await app.inject({
        method: 'GET',
        url: '/config/analytics?from=2026-11-14&to=2026-11-20',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('data-figure="visits">3<');
      expect(page.body).toContain('data-figure="pageViews">4<');
      expect(page.body).toContain('data-figure="errors">3<');
      expect(page.body).toContain('<td>boom</td><td>2</td>');
      expect(page.body).toContain('<td>50</td><td>4</td><td>300 ms</td>');
      expect(page.body).not.toContain('/old');

      const wider = (
        await app.inject({
          method: 'GET',
          url: '/config/analytics.json?from=2026-10-01&to=2026-11-20',
          headers: { 'x-owner-token': TOKEN },
        })
      ).json();
      expect(wider.pageViews).toBe(5);
    });

    it(`[${database.name}] a client's ingest calls are limited (429, nothing stored beyond the limit)`, async () => {
      // The counters live in the database, shared with the calls of the tests above.
      await handle.db.deleteFrom('rate_limits').execute();
      const limited = bareApp(handle);
      await limited.register(telemetryRoutes, {
        performanceRollout: DEFAULT_ROLLOUT,
        ingestLimit: { max: 3, windowMs: 60_000 },
      });
      const send = (url: string, body: unknown) =>
        limited.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      const view = { event: 'page-view', data: { pagePath: '/limited' } };
      expect((await send('/api/census/RecordHit', view)).statusCode).toBe(202);
      expect((await send('/api/census/button-click', { pagePath: '/limited' })).statusCode).toBe(202);
      expect((await send('/api/census/RecordHit', view)).statusCode).toBe(202);
      const refused = await send('/api/census/RecordHit', view);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate-limited' });
      expect((await send('/api/1/performance/records', [perfRecord()])).statusCode).toBe(429);
      // Reading settings is not limited.
      expect((await limited.inject({ method: 'GET', url: '/api/1/performance/settings' })).statusCode).toBe(
        200,
      );
      expect(await count('telemetry_hits')).toBe(3);
      expect(await count('telemetry_performance')).toBe(0);
      await limited.close();
    });

    it(`[${database.name}] without the key, a token in the address opens nothing: the page asks to sign in`, async () => {
      const bare = bareApp(handle);
      await bare.register(telemetryRoutes, {
        performanceRollout: DEFAULT_ROLLOUT,
        ownerKeyDigest: undefined,
      });
      const res = await bare.inject({ method: 'GET', url: '/config/analytics?token=x' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/config/login?next=%2Fconfig%2Fanalytics');
      const json = await bare.inject({
        method: 'GET',
        url: '/config/analytics.json',
        headers: { authorization: 'Bearer x' },
      });
      expect(json.statusCode).toBe(401);
      await bare.close();
    });
  });
}

describe('telemetry settings and ranges', () => {
  it('rollout from the site settings, defaults for what is missing', () => {
    expect(rolloutFromSettings({})).toEqual(DEFAULT_ROLLOUT);
    expect(rolloutFromSettings({ performanceRollout: { rum: false } })).toEqual({
      ...DEFAULT_ROLLOUT,
      rum: false,
    });
    expect(
      rolloutFromSettings({ performanceRollout: { apps: { storefront: false, other: true } } }).apps,
    ).toEqual({
      storefront: false,
      other: true,
    });
  });
  it('date ranges: default the last 7 days, both ends included', () => {
    expect(rangeOf({}, NOW)).toEqual({
      from: Date.parse('2026-11-14T00:00:00Z'),
      to: Date.parse('2026-11-21T00:00:00Z'),
    });
    expect(rangeOf({ from: '2026-11-20', to: '2026-11-19' }, NOW)).toMatch(/before/);
    expect(rangeOf({ from: '2026-13-45' }, NOW)).toMatch(/YYYY-MM-DD/);
    expect(rangeOf({ from: '2024-01-01', to: '2026-01-01' }, NOW)).toMatch(/366/);
  });
});
