/**
 * Every route of the app, walked: each mutating call gets a body no route accepts (the JSON number
 * 42) and each API read a query its schema refuses, with a valid crumb; each answer must be the
 * error catalogue's entry (http/errors.ts): its code, its status and its message, written out here
 * from the catalogue and the spec. The routes come from the app itself, so a new route fails here
 * until its expected answer is added below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes, cookiesOf, DATABASES, startApp, type TestApp } from '../../testing/app.ts';

interface Refused {
  status: number;
  code: string;
  message: string;
  /** Other fields the entry's answer carries. */
  extra?: Record<string, unknown>;
}
/** A route that takes no body (or no query) and answers as usual. */
interface Ignores {
  ignores: number;
}
/** A page: the entry's status, and its message on the page. */
interface Page {
  page: number;
  text: string;
}
type Expected = Refused | Ignores | Page;

const NOT_OBJECT = 'Invalid body: Invalid input: expected object, received number';
const invalidBody: Refused = { status: 400, code: 'invalid-request', message: NOT_OBJECT };
const payload = (message: string): Refused => ({ status: 400, code: 'invalid-payload', message });
const signInRequired: Refused = {
  status: 401,
  code: 'account.sign-in-required',
  message: 'Please sign in to continue.',
};

const invalidForm: Page = {
  page: 400,
  text: 'Invalid form: Invalid input: expected object, received number',
};

/** The query sent to a read: one its schema refuses, where it has one. */
const QUERY: Record<string, string> = {
  'GET /api/commerce/shopping-cart': 'mock=maybe',
  'GET /api/commerce/inventory/stock': 'itemId=',
  'GET /api/commerce/inventory/stock/': 'itemId=',
  'GET /api/template/GetTemplateSchema': 'type=page',
  'GET /api/search/suggest': `q=${'x'.repeat(201)}`,
  'GET /api/comments/:itemId': 'page=2',
};

const EXPECTED: Record<string, Expected> = {
  'GET /api/health': { ignores: 200 },
  'GET /api/health/ready': { ignores: 200 },
  'POST /api/csp-report': invalidBody,

  // The cart (spec section 7).
  'GET /api/commerce/shopping-cart': {
    status: 400,
    code: 'invalid-request',
    message: "Invalid query: mock: must be 'true' or 'false'",
  },
  'POST /api/commerce/shopping-cart/entries': invalidBody,
  'DELETE /api/commerce/shopping-cart/entries/:entryId': {
    status: 404,
    code: 'entry-not-found',
    message: 'That cart entry does not exist.',
  },
  'PUT /api/commerce/shopping-cart/entries/:entryId/quantity': invalidBody,
  // Discount code, shipping location and option (issue 17).
  'POST /api/commerce/shopping-cart/coupons': invalidBody,
  'DELETE /api/commerce/shopping-cart/coupons/:code': {
    status: 404,
    code: 'cart-not-found',
    message: 'There is no cart: add something to it first.',
  },
  'PUT /api/commerce/shopping-cart/shipping-location': invalidBody,
  'PUT /api/commerce/shopping-cart/shipping-option': invalidBody,
  'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields': invalidBody,
  'GET /api/commerce/inventory/stock': {
    status: 400,
    code: 'invalid-request',
    message: 'Invalid query: itemId: Too small: expected string to have >=1 characters',
  },
  'GET /api/commerce/inventory/stock/': {
    status: 400,
    code: 'invalid-request',
    message: 'Invalid query: itemId: Too small: expected string to have >=1 characters',
  },
  'POST /api/3/commerce/cart/subscription': invalidBody,
  'POST /api/commerce/orders': invalidBody,
  // Stripe's webhook (issue 17): an unsigned body is refused before it is read.
  'POST /api/commerce/stripe/webhook': {
    status: 400,
    code: 'stripe-signature-invalid',
    message: 'The Stripe-Signature header does not verify this body with the webhook secret.',
  },
  'POST /api/gift-cards/balance': invalidBody,
  // Reviews (issue 17): a product's approved reviews; the request page's form; moderation.
  'GET /api/reviews/items/:itemId': {
    status: 400,
    code: 'invalid-request',
    message: 'Invalid query: unexpected: Unrecognized key: "unexpected"',
  },
  'POST /reviews/request': invalidForm,
  'GET /api/config/reviews': signInRequired,
  'POST /api/config/reviews/:id/approve': signInRequired,
  'POST /api/config/reviews/:id/reject': signInRequired,

  // Telemetry (spec section 7): `invalid-payload`.
  'POST /api/census/RecordHit': payload(NOT_OBJECT),
  'POST /api/census/RecordQuickView/:id': payload(NOT_OBJECT),
  'POST /api/census/button-click': payload(NOT_OBJECT),
  'POST /api/census/button-render': payload(NOT_OBJECT),
  'POST /api/census/form-render': payload(NOT_OBJECT),
  'POST /api/census/overlay': payload(NOT_OBJECT),
  'GET /api/census/settings': { ignores: 200 },
  'POST /api/events/RecordEvent': payload(NOT_OBJECT),
  'POST /api/events/RecordJavascriptErrors': payload(
    'Invalid body: Invalid input: expected array, received number',
  ),
  'POST /api/v1/clanker/events': payload(NOT_OBJECT),
  'POST /api/v1/clanker/validate-event-content/:schema': {
    ...payload('Invalid body: eventContent: Invalid input'),
    extra: { valid: false },
  },
  'GET /api/1/performance/settings': { ignores: 200 },
  'POST /api/1/performance/records': payload('Invalid body: Invalid input: expected array, received number'),

  // Site forms (spec section 8); the fixture site has no form `x`.
  'GET /api/template/GetTemplateSchema': {
    status: 400,
    code: 'invalid-request',
    message: "Invalid query: type: type must be 'form'",
  },
  'GET /api/form/captcha/challenge': { ignores: 200 },
  'POST /api/form/FormSubmissionKey': invalidBody,
  'POST /api/form/SaveFormSubmission': invalidBody,
  'POST /api/rest/forms/validate/:formId': {
    status: 404,
    code: 'form-not-found',
    message: 'This form has not been configured yet.',
  },

  // Site search (issue 18): the predictive API.
  'GET /api/search/suggest': {
    status: 400,
    code: 'search-query-too-long',
    message: 'Your search is too long: use at most 200 characters.',
  },

  // Comments and likes (issue 16): the item is looked up before anything else a like takes.
  'GET /api/comments/:itemId': {
    status: 400,
    code: 'invalid-request',
    message: 'Invalid query: page: Unrecognized key: "page"',
  },
  'POST /api/comments/:itemId': invalidBody,
  'GET /api/comments/:itemId/like': {
    status: 404,
    code: 'comments.item-not-found',
    message: 'This page does not exist any more.',
  },
  'PUT /api/comments/:itemId/like': {
    status: 404,
    code: 'comments.item-not-found',
    message: 'This page does not exist any more.',
  },
  'DELETE /api/comments/:itemId/like': {
    status: 404,
    code: 'comments.item-not-found',
    message: 'This page does not exist any more.',
  },

  // Restock sign-up (spec section 7).
  'POST /api/site-users/account/notifications/restock': invalidBody,
  // Restock's staff calls (spec section 7; issue 15): the permission is asked before the input.
  'GET /api/site-users/account/notifications/restock': signInRequired,
  'GET /api/site-users/account/notifications/restock/groups': signInRequired,
  'POST /api/site-users/account/notifications/restock/send': signInRequired,
  'POST /api/site-users/account/notifications/restock/send/all': signInRequired,

  // The back office (issue 15), likewise.
  'GET /api/config/orders': signInRequired,
  'GET /api/config/orders/export': signInRequired,
  'GET /api/config/product-choices': signInRequired,
  'GET /api/config/products': signInRequired,
  'GET /api/config/products/:id': signInRequired,
  'GET /api/config/products/:id/revisions': signInRequired,
  'POST /api/config/products': signInRequired,
  'PUT /api/config/products/:id': signInRequired,
  'POST /api/config/products/:id/duplicate': signInRequired,
  'DELETE /api/config/products/:id': signInRequired,
  'POST /api/config/products/:id/revisions/:revisionId/restore': signInRequired,
  'POST /api/config/products/bulk': signInRequired,
  'GET /api/config/posts': signInRequired,
  'GET /api/config/posts/:id': signInRequired,
  'GET /api/config/posts/:id/revisions': signInRequired,
  'GET /api/config/pages/:id/content': signInRequired,
  'GET /api/config/pages/:id/content/revisions': signInRequired,
  'POST /api/config/posts': signInRequired,
  'PUT /api/config/posts/:id': signInRequired,
  'POST /api/config/posts/:id/publishing': signInRequired,
  'DELETE /api/config/posts/:id': signInRequired,
  'POST /api/config/posts/:id/revisions/:revisionId/restore': signInRequired,
  'PUT /api/config/pages/:id/content': signInRequired,
  'POST /api/config/pages/:id/content/revisions/:revisionId/restore': signInRequired,
  'GET /api/config/orders/:number': signInRequired,
  'GET /api/config/gift-cards': signInRequired,
  'GET /api/config/gift-cards/:id': signInRequired,
  'GET /api/config/subscriptions': signInRequired,
  'POST /api/config/subscriptions/:id/:action': signInRequired,
  'POST /api/config/orders/:number/mark-paid': signInRequired,
  'POST /api/config/orders/:number/fulfil': signInRequired,
  'POST /api/config/orders/:number/cancel': signInRequired,
  'POST /api/config/orders/:number/refund': signInRequired,
  'POST /api/config/orders/:number/resend-confirmation': signInRequired,
  'POST /api/config/orders/:number/notes': signInRequired,
  'GET /api/config/stock': signInRequired,
  'GET /api/config/stock/ledger': signInRequired,
  'POST /api/config/stock/:variantId': signInRequired,
  'GET /api/config/digital-files/:id': signInRequired,
  'POST /api/config/digital-files': signInRequired,
  'GET /api/config/media': signInRequired,
  'POST /api/config/media': signInRequired,
  'GET /api/config/media/:id': signInRequired,
  'PATCH /api/config/media/:id': signInRequired,
  'DELETE /api/config/media/:id': signInRequired,
  'GET /api/config/media/:id/revisions': signInRequired,
  'POST /api/config/media/:id/revisions/:revisionId/restore': signInRequired,
  'GET /api/config/pages': signInRequired,
  'GET /api/config/pages/:id': signInRequired,
  'GET /api/config/pages/:id/revisions': signInRequired,
  'POST /api/config/pages': signInRequired,
  'PATCH /api/config/pages/:id': signInRequired,
  'DELETE /api/config/pages/:id': signInRequired,
  'POST /api/config/pages/:id/revisions/:revisionId/restore': signInRequired,
  'PATCH /api/config/pages/:id/events/:eventId': signInRequired,
  'GET /api/config/store-pages': signInRequired,
  'GET /api/config/store-pages/:id': signInRequired,
  'POST /api/config/store-pages': signInRequired,
  'PATCH /api/config/store-pages/:id': signInRequired,
  'DELETE /api/config/store-pages/:id': signInRequired,
  'PUT /api/config/store-pages/:id/order': signInRequired,
  'POST /api/config/store-pages/:id/categories': signInRequired,
  'PATCH /api/config/store-pages/:id/categories': signInRequired,
  'DELETE /api/config/store-pages/:id/categories': signInRequired,
  'PUT /api/config/store-pages/:id/categories/order': signInRequired,
  'GET /api/config/store-pages/:id/revisions': signInRequired,
  'POST /api/config/store-pages/:id/revisions/:revisionId/restore': signInRequired,
  'GET /api/config/stock/ledger/export': signInRequired,
  'GET /api/config/content/export': signInRequired,
  'GET /api/config/navigation': signInRequired,
  'PUT /api/config/navigation': signInRequired,
  'GET /api/config/navigation/revisions': signInRequired,
  'POST /api/config/navigation/revisions/:revisionId/restore': signInRequired,
  'GET /api/config/site-forms': signInRequired,
  'POST /api/config/site-forms': signInRequired,
  'GET /api/config/site-forms/:formId': signInRequired,
  'PUT /api/config/site-forms/:formId': signInRequired,
  'DELETE /api/config/site-forms/:formId': signInRequired,
  'GET /api/config/site-forms/:formId/revisions': signInRequired,
  'POST /api/config/site-forms/:formId/revisions/:revisionId/restore': signInRequired,
  'GET /api/config/settings': signInRequired,
  'PUT /api/config/settings': signInRequired,
  'GET /api/config/settings/revisions': signInRequired,
  'POST /api/config/settings/revisions/:revisionId/restore': signInRequired,
  'POST /api/config/products/import': signInRequired,
  'GET /api/config/products/export': signInRequired,
  'GET /api/config/forms': signInRequired,
  'GET /api/config/forms/:formId/submissions': signInRequired,
  'GET /api/config/forms/:formId/submissions/export': signInRequired,
  'GET /api/config/forms/:formId/submissions/:id': signInRequired,
  'DELETE /api/config/forms/:formId/submissions/:id': signInRequired,
  'PUT /api/config/forms/:formId/submissions/:id/status': signInRequired,
  'GET /api/config/mail': signInRequired,
  'POST /api/config/mail/:id/retry': signInRequired,
  'GET /api/config/dashboard': signInRequired,
  'GET /api/config/comments': signInRequired,
  'POST /api/config/comments/:id/approve': signInRequired,
  'POST /api/config/comments/:id/spam': signInRequired,
  'POST /api/config/comments/:id/delete': signInRequired,
  'POST /api/config/comments/:id/reply': signInRequired,
  // Site header and footer, languages (issue 15; spec section 7), likewise.
  'GET /api/site-header-footer': signInRequired,
  'PUT /api/site-header-footer': signInRequired,
  'GET /api/multilingual/settings': signInRequired,
  'GET /api/multilingual/status': signInRequired,
  'PUT /api/multilingual/languages': signInRequired,

  // Accounts (issue 20): signed-out calls that need a session say so before reading the body.
  'POST /api/config/session': invalidBody,
  'GET /api/config/session': { ignores: 200 },
  'POST /config/login': invalidBody,
  'POST /config/login/sign-out': invalidBody,
  'DELETE /api/config/session': { ignores: 200 },
  'DELETE /api/config/sessions': signInRequired,
  'POST /api/site-users/account': invalidBody,
  'GET /api/site-users/account': signInRequired,
  'DELETE /api/site-users/account': signInRequired,
  'GET /api/site-users/account/addresses': signInRequired,
  'POST /api/site-users/account/addresses': signInRequired,
  'PUT /api/site-users/account/addresses/:id': signInRequired,
  'PUT /api/site-users/account/addresses/:id/default': signInRequired,
  'DELETE /api/site-users/account/addresses/:id': signInRequired,
  'GET /api/site-users/account/orders': signInRequired,
  'GET /api/site-users/account/orders/:number': signInRequired,
  'GET /api/site-users/account/subscriptions': signInRequired,
  'POST /api/site-users/account/subscriptions/:id/:action': signInRequired,
  'POST /api/site-users/account/session': invalidBody,
  'GET /api/site-users/account/session': { ignores: 200 },
  'DELETE /api/site-users/account/session': { ignores: 200 },
  'DELETE /api/site-users/account/sessions': signInRequired,
  'POST /api/site-users/account/verify': invalidBody,
  'PUT /api/site-users/account/password': signInRequired,
  'POST /api/site-users/account/password-reset': invalidBody,
  'POST /api/site-users/account/code': invalidBody,
  'POST /api/site-users/account/code/verify': invalidBody,
  // Passkeys and the staff's authenticator app (accounts/passkeys.ts, totp.ts).
  'POST /api/site-users/account/passkeys/options': signInRequired,
  'POST /api/site-users/account/passkeys': signInRequired,
  'GET /api/site-users/account/passkeys': signInRequired,
  'DELETE /api/site-users/account/passkeys/:id': signInRequired,
  'POST /api/site-users/account/passkey-session/options': { ignores: 200 },
  'POST /api/site-users/account/passkey-session': invalidBody,
  'POST /api/config/passkeys/options': signInRequired,
  'POST /api/config/passkeys': signInRequired,
  'GET /api/config/passkeys': signInRequired,
  'DELETE /api/config/passkeys/:id': signInRequired,
  'POST /api/config/passkey-session/options': { ignores: 200 },
  'POST /api/config/passkey-session': invalidBody,
  'POST /api/config/totp': signInRequired,
  'POST /api/config/totp/confirm': signInRequired,
  'DELETE /api/config/totp': signInRequired,
  'POST /config/login/totp': signInRequired,
  'POST /api/site-users/account/password-reset/confirm': invalidBody,
  'PUT /api/site-users/account/email': signInRequired,

  // The checkout form (no JavaScript): a page naming the problem.
  'POST /checkout': { page: 400, text: 'Invalid form: Invalid input: expected object, received number' },
  'POST /gift-card/balance': invalidForm,
  // The account pages' forms (no JavaScript), likewise.
  'POST /account/login': invalidForm,
  'POST /account/register': invalidForm,
  'POST /account/verify': invalidForm,
  'POST /account/reset': invalidForm,
  'POST /account/logout': invalidForm,
  // Signed out: to the sign-in page, whatever the form holds.
  'POST /account/addresses': { ignores: 303 },
  'POST /account/email': { ignores: 303 },
  'POST /account/passkeys': { ignores: 303 },
  'POST /account/password': { ignores: 303 },
  'POST /account/subscriptions/:id': { ignores: 303 },
  'POST /subscriptions/manage': invalidForm,
  'POST /account/login/code': invalidForm,
};

/** Site pages (GET outside /api/) compare their query only with the catalogue's own values. */
const walked = ({ method, url }: { method: string; url: string }) =>
  method !== 'GET' || url.startsWith('/api/');

for (const database of DATABASES) {
  describe(`every route on '${database.name}'`, () => {
    let t: TestApp;
    let routes: { method: string; url: string }[];
    let headers: Record<string, string>;

    beforeAll(async () => {
      // Stripe on (its API never called here) so that its webhook route is walked too.
      t = await startApp(database, {
        stripe: { secretKey: 'sk_test_routes', webhookSecret: 'whsec_routes', apiBase: 'http://127.0.0.1:9' },
      });
      routes = appRoutes(t.app).filter(walked);
      const first = await t.app.inject({ method: 'GET', url: '/api/commerce/shopping-cart' });
      const crumb = cookiesOf(first.headers['set-cookie']).crumb as string;
      headers = { cookie: `crumb=${crumb}`, 'x-csrf-token': crumb };
    });
    afterAll(async () => t?.close());

    it('finds the routes in the app', () => {
      expect(routes.length).toBeGreaterThan(30);
      expect(routes).toContainEqual({ method: 'POST', url: '/api/commerce/shopping-cart/entries' });
      expect(routes).toContainEqual({
        method: 'PUT',
        url: '/api/commerce/shopping-cart/entries/:entryId/quantity',
      });
    });

    it('every route has its expected answer written here', () => {
      const missing = routes.map((r) => `${r.method} ${r.url}`).filter((key) => !(key in EXPECTED));
      expect(missing, 'add the expected answer of each new route to EXPECTED').toEqual([]);
    });

    it("answers invalid input with the catalogue's code, status and message", async () => {
      for (const { method, url } of routes) {
        const key = `${method} ${url}`;
        const expected = EXPECTED[key];
        if (!expected) continue;
        const path = url.replace(/:\w+/g, 'x');
        const reads = method === 'GET';
        const response = await t.app.inject({
          method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url: reads ? `${path}?${QUERY[key] ?? 'unexpected=1'}` : path,
          headers: reads ? headers : { ...headers, 'content-type': 'application/json' },
          ...(reads ? {} : { payload: '42' }),
        });
        if ('ignores' in expected) {
          expect.soft(response.statusCode, key).toBe(expected.ignores);
        } else if ('page' in expected) {
          expect.soft(response.statusCode, key).toBe(expected.page);
          expect.soft(response.headers['content-type'], key).toContain('text/html');
          expect.soft(response.body, key).toContain(expected.text);
        } else {
          expect.soft(response.statusCode, key).toBe(expected.status);
          expect.soft(response.json(), key).toEqual({
            code: expected.code,
            message: expected.message,
            ...expected.extra,
          });
        }
      }
    });

    it("answers Fastify's own refusals with the catalogue's entries", async () => {
      const post = (payload: string, type = 'application/json') =>
        t.app.inject({
          method: 'POST',
          url: '/api/commerce/orders',
          headers: { ...headers, 'content-type': type },
          payload,
        });
      const expectAnswer = async (
        response: Awaited<ReturnType<typeof post>>,
        status: number,
        body: { code: string; message: string },
      ) => {
        expect(response.statusCode).toBe(status);
        expect(response.json()).toEqual(body);
      };
      await expectAnswer(await post('{"item":'), 400, {
        code: 'invalid-json',
        message: 'The request body is not valid JSON.',
      });
      await expectAnswer(await post(''), 400, {
        code: 'invalid-json',
        message: 'The request body is empty.',
      });
      await expectAnswer(await post('<order/>', 'application/xml'), 415, {
        code: 'unsupported-media-type',
        message: 'Send the body as application/json.',
      });
      await expectAnswer(await post(JSON.stringify({ name: 'x'.repeat(300_000) })), 413, {
        code: 'body-too-large',
        message: 'The request body is too large.',
      });
      await expectAnswer(await t.app.inject({ method: 'PATCH', url: '/api/commerce/orders', headers }), 404, {
        code: 'not-found',
        message: 'No route for PATCH /api/commerce/orders',
      });
      await expectAnswer(await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' }), 404, {
        code: 'not-found',
        message: 'No route for GET /api/no-such-thing',
      });
    });

    it('answers a missing or stale crumb with the one crumb failure (spec section 8)', async () => {
      const stale = await t.app.inject({
        method: 'POST',
        url: '/api/form/FormSubmissionKey',
        headers: { ...headers, 'x-csrf-token': 'stale', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toEqual({
        crumbFail: true,
        code: 'crumb-fail',
        message: 'Your session has expired. Please reload the page and try again.',
      });
      const cookiesOff = await t.app.inject({
        method: 'POST',
        url: '/api/events/RecordJavascriptErrors',
        headers: { 'content-type': 'application/json' },
        payload: '[]',
      });
      expect(cookiesOff.statusCode).toBe(403);
      expect(cookiesOff.json()).toEqual({
        crumbFail: true,
        code: 'cookies-off',
        message: 'Please enable cookies in your browser, reload the page, and try again.',
      });
    });
  });
}
