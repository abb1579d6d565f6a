import { describe, expect, it } from 'vitest';
import { CUSTOMER } from '../orders/testing.ts';
import { appForSuite, DATABASES } from '../../testing/app.ts';
import { ACCOUNT_API } from './routes.ts';
import { Customer, signInNewCustomer } from './testing.ts';

const HOME = {
  line1: '1 Analytical Row',
  line2: '',
  city: 'Marylebone',
  state: '',
  zip: 'W1U 6AA',
  country: 'GB',
};
const WORK = { line1: '10 Downing St', line2: '', city: 'London', state: '', zip: 'SW1A 2AA', country: 'GB' };

interface Saved {
  id: string;
  isDefault: boolean;
  address: typeof HOME;
}
const addressesOf = (res: { json(): unknown }) => (res.json() as { addresses: Saved[] }).addresses;

describe.each(DATABASES)("the customer's addresses and orders as JSON on $name", (database) => {
  const t = appForSuite(database);

  const signedIn = async (email: string) => (await signInNewCustomer(t, email)).browser;

  it("adds, edits, makes default and deletes addresses; refuses bad ones, another's, and writes without the tokens", async () => {
    const ada = await signedIn('api-addresses@example.test');
    const url = `${ACCOUNT_API}/addresses`;
    expect(addressesOf(await ada.request('GET', url))).toEqual([]);

    const added = await ada.request('POST', url, { address: HOME });
    expect(added.statusCode, added.body).toBe(201);
    const homeId = (added.json() as { id: string }).id;
    expect(addressesOf(added)).toEqual([{ id: homeId, isDefault: true, address: HOME }]);

    const second = await ada.request('POST', url, { address: WORK, makeDefault: true });
    const workId = (second.json() as { id: string }).id;
    expect(addressesOf(second).map((s) => [s.id, s.isDefault])).toEqual([
      [homeId, false],
      [workId, true],
    ]);

    const edited = await ada.request('PUT', `${url}/${homeId}`, { address: { ...HOME, line2: 'Flat 2' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(addressesOf(edited)[0]?.address.line1).toBe('1 Analytical Row');
    expect(addressesOf(edited)[0]).toMatchObject({ address: { line2: 'Flat 2' } });

    const madeDefault = await ada.request('PUT', `${url}/${homeId}/default`);
    expect(addressesOf(madeDefault).find((s) => s.isDefault)?.id).toBe(homeId);

    // Refusals: the catalogue's entries, never a 500.
    const incomplete = await ada.request('POST', url, { address: { line1: 'Somewhere' } });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({
      code: 'invalid-customer',
      errors: { 'address.city': expect.any(String) },
    });
    const extra = await ada.request('POST', url, { address: HOME, isAdmin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().code).toBe('invalid-request');
    const noXsrf = await ada.request('POST', url, { address: HOME }, { 'x-xsrf-token': '' });
    expect(noXsrf.statusCode).toBe(403);
    expect(noXsrf.json().code).toBe('xsrf-fail');
    const noCrumb = await ada.request('DELETE', `${url}/${homeId}`, undefined, { 'x-csrf-token': '' });
    expect(noCrumb.statusCode).toBe(403);

    const eve = await signedIn('api-addresses-eve@example.test');
    for (const [method, path, body] of [
      ['PUT', `${url}/${homeId}`, { address: WORK }],
      ['PUT', `${url}/${homeId}/default`, undefined],
      ['DELETE', `${url}/${homeId}`, undefined],
    ] as const) {
      const refused = await eve.request(method, path, body);
      expect(refused.statusCode, `${method} ${path}`).toBe(404);
      expect(refused.json()).toEqual({
        code: 'account.address-not-found',
        message: 'That address no longer exists.',
      });
    }
    expect(addressesOf(await ada.request('GET', url))).toHaveLength(2);

    const deleted = await ada.request('DELETE', `${url}/${homeId}`);
    expect(addressesOf(deleted)).toEqual([{ id: workId, isDefault: true, address: WORK }]);

    const anonymous = new Customer(t);
    expect((await anonymous.request('GET', url)).statusCode).toBe(401);
  });

  it("pages the customer's orders by cursor, shows one, and answers another customer's order as unknown", async () => {
    const ada = await signedIn('api-orders@example.test');
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const added = await ada.add({ itemId: 'p-club', sku: 'CLUB', quantity: 1 });
      expect(added.statusCode, added.body).toBe(200);
      const placed = await ada.order({ ...CUSTOMER, email: 'api-orders@example.test' });
      expect(placed.statusCode, placed.body).toBe(200);
      numbers.push(placed.json().order.orderNumber as number);
    }
    const newestFirst = [...numbers].reverse();

    const first = await ada.request('GET', `${ACCOUNT_API}/orders?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as {
      orders: { orderNumber: number }[];
      hasNextPage: boolean;
      nextPageCursor: string;
    };
    expect(page1.orders.map((o) => o.orderNumber)).toEqual(newestFirst.slice(0, 2));
    expect(page1.hasNextPage).toBe(true);
    const second = await ada.request('GET', `${ACCOUNT_API}/orders?limit=2&cursor=${page1.nextPageCursor}`);
    expect(second.json()).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    expect((second.json() as typeof page1).orders.map((o) => o.orderNumber)).toEqual(newestFirst.slice(2));

    const badCursor = await ada.request('GET', `${ACCOUNT_API}/orders?cursor=not-ours`);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().code).toBe('invalid-cursor');
    const badLimit = await ada.request('GET', `${ACCOUNT_API}/orders?limit=1000`);
    expect(badLimit.statusCode).toBe(400);

    const one = await ada.request('GET', `${ACCOUNT_API}/orders/${numbers[0]}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ orderNumber: numbers[0], lines: [{ sku: 'CLUB', quantity: 1 }] });

    const eve = await signedIn('api-orders-eve@example.test');
    const theirs = await eve.request('GET', `${ACCOUNT_API}/orders/${numbers[0]}`);
    const unknown = await eve.request('GET', `${ACCOUNT_API}/orders/999999999`);
    const notANumber = await eve.request('GET', `${ACCOUNT_API}/orders/abc`);
    const notFound = { code: 'account.order-not-found', message: 'We could not find that order.' };
    for (const res of [theirs, unknown, notANumber]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    const eveList = await eve.request('GET', `${ACCOUNT_API}/orders`);
    expect(eveList.json()).toEqual({ orders: [], hasNextPage: false, nextPageCursor: null });
  });
});
