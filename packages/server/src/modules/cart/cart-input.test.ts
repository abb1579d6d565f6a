import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, DATABASES, startApp, type TestApp } from '../../testing/app.ts';

/** Whatever a client sends, the cart API answers a clear 2xx or 4xx with a JSON body, never a 5xx. */
for (const database of DATABASES) {
  describe(`[${database.name}] cart API input`, () => {
    let t: TestApp;
    let crumb = '';
    beforeAll(async () => {
      t = await startApp(database);
      crumb =
        cookiesOf(
          (await t.app.inject({ method: 'GET', url: '/api/commerce/shopping-cart' })).headers['set-cookie'],
        ).crumb ?? '';
    });
    afterAll(async () => {
      await t?.close();
    });

    const anyValue = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.constantFrom('p\u0000x', 'TEE-S\u0000', '\u0000', 'a\u007fb'),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('p-tee', 'TEE-S', 'p-gift', '1', '-1', '1e3', '0x10', ' 2 ', '{}', '[]'),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
    );
    const body = fc.oneof(
      fc.record(
        { itemId: anyValue, sku: anyValue, quantity: anyValue, additionalFields: anyValue },
        { requiredKeys: [] },
      ),
      fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 4 }),
      anyValue,
    );

    it(`[${database.name}] random bodies to every cart write never get a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.constantFrom('POST entries', 'PUT quantity', 'POST subscription'),
          fc.string({ maxLength: 12 }),
          async (payload, call, entryId) => {
            const url =
              call === 'POST entries'
                ? '/api/commerce/shopping-cart/entries'
                : call === 'POST subscription'
                  ? '/api/3/commerce/cart/subscription'
                  : `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId || 'x')}/quantity`;
            const res = await t.app.inject({
              method: call.startsWith('PUT') ? 'PUT' : 'POST',
              url,
              headers: {
                cookie: `crumb=${crumb}`,
                'x-csrf-token': crumb,
                'content-type': 'application/json',
              },
              payload: JSON.stringify(payload),
            });
            expect(res.statusCode, `${call} ${JSON.stringify(payload)}`).toBeLessThan(500);
            const json = res.json();
            if (res.statusCode >= 400) {
              expect(typeof json.code).toBe('string');
              expect(typeof json.message).toBe('string');
            }
          },
        ),
        { numRuns: 150 },
      );
    });
  });
}
