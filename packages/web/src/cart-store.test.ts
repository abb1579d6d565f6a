// @vitest-environment happy-dom
import { describe, expect, test, vi } from 'vitest';
import type { CartApi, ShoppingCart } from './api.ts';
import {
  CartStore,
  ITEM_ADDED_EVENT,
  RECALCULATE_END_EVENT,
  RECALCULATE_START_EVENT,
  type ItemAddedDetail,
  shouldLoadCartOnStart,
} from './cart-store.ts';
import { wireCart } from './testing/carts.ts';

const cart = (id: string, totalQuantity = 0): ShoppingCart => wireCart({ id, totalQuantity });

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function fakeApi() {
  const reads: ReturnType<typeof deferred<ShoppingCart>>[] = [];
  const updates: ReturnType<typeof deferred<ShoppingCart>>[] = [];
  const api: CartApi = {
    getCart: vi.fn(() => {
      const d = deferred<ShoppingCart>();
      reads.push(d);
      return d.promise;
    }),
    addEntry: vi.fn(async () => ({ shoppingCart: cart('after-add', 1), newlyAdded: null })),
    setQuantity: vi.fn(async () => cart('after-put', 2)),
    removeEntry: vi.fn(async () => cart('after-delete', 0)),
    createSubscriptionCart: vi.fn(async () => ({ cartToken: 't' })),
    applyCoupon: vi.fn(async () => cart('after-coupon', 1)),
    removeCoupon: vi.fn(async () => cart('after-coupon-removed', 1)),
    updateAdditionalFields: vi.fn(() => {
      const d = deferred<ShoppingCart>();
      updates.push(d);
      return d.promise.then((shoppingCart) => ({ shoppingCart, updatedEntry: null }));
    }),
  };
  return { api, reads, updates };
}

describe('the cart-loading rule (spec section 4)', () => {
  test.each([
    [false, '', false],
    [true, '', true],
    [false, 'hasCart=true', true],
    [false, 'hasCart=false', false],
    [false, 'crumb=x; CART=abc123', true],
    [false, 'crumb=x; NOTCART=1; myCART=2', false],
  ])('authenticated %s, cookies %j -> load %s', (authenticated, cookies, expected) => {
    expect(shouldLoadCartOnStart(authenticated, cookies)).toBe(expected);
  });
});

describe('CartStore', () => {
  test('loading, then loaded', async () => {
    const { api, reads } = fakeApi();
    const store = new CartStore(api);
    expect(store.getState().status).toBe('idle');
    const p = store.load();
    expect(store.getState().status).toBe('loading');
    reads[0]!.resolve(cart('a', 3));
    await p;
    expect(store.getState()).toMatchObject({ status: 'loaded', cart: { id: 'a', totalQuantity: 3 } });
  });

  test('reads requested while one is in flight are deferred into one read after it', async () => {
    const { api, reads } = fakeApi();
    const store = new CartStore(api);
    const first = store.load();
    const second = store.load();
    const third = store.load();
    expect(api.getCart).toHaveBeenCalledTimes(1);
    expect(second).toBe(third);
    reads[0]!.resolve(cart('first'));
    await first;
    await vi.waitFor(() => expect(api.getCart).toHaveBeenCalledTimes(2));
    reads[1]!.resolve(cart('second'));
    await expect(second).resolves.toMatchObject({ id: 'second' });
    expect(store.getState().cart?.id).toBe('second');
    expect(api.getCart).toHaveBeenCalledTimes(2);
  });

  test('a deferred read still runs when the read in flight fails', async () => {
    const { api, reads } = fakeApi();
    const store = new CartStore(api);
    const first = store.load();
    const second = store.load();
    reads[0]!.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    await vi.waitFor(() => expect(api.getCart).toHaveBeenCalledTimes(2));
    reads[1]!.resolve(cart('second'));
    await expect(second).resolves.toMatchObject({ id: 'second' });
  });

  test('a read that started before an add does not overwrite the added cart', async () => {
    const { api, reads } = fakeApi();
    const store = new CartStore(api);
    const read = store.load();
    await store.add({ itemId: 'i', sku: 's', quantity: 1 });
    reads[0]!.resolve(cart('stale', 0));
    await read;
    expect(store.getState().cart).toMatchObject({ id: 'after-add', totalQuantity: 1 });
  });

  test('an add fires the item-added event on the document, after the cart is updated', async () => {
    const { api } = fakeApi();
    const store = new CartStore(api, document);
    const seen: { detail: ItemAddedDetail; totalQuantity: number | undefined }[] = [];
    const listener = (e: Event) =>
      seen.push({
        detail: (e as CustomEvent<ItemAddedDetail>).detail,
        totalQuantity: store.getState().cart?.totalQuantity,
      });
    document.addEventListener(ITEM_ADDED_EVENT, listener);
    await store.add({ itemId: 'i', sku: 's', quantity: 2 });
    document.removeEventListener(ITEM_ADDED_EVENT, listener);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.detail.request).toEqual({ itemId: 'i', sku: 's', quantity: 2 });
    expect(seen[0]!.totalQuantity).toBe(1);
  });

  test('a failed add fires no event and keeps the cart', async () => {
    const { api } = fakeApi();
    vi.mocked(api.addEntry).mockRejectedValueOnce(new Error('no'));
    const store = new CartStore(api, document);
    const listener = vi.fn();
    document.addEventListener(ITEM_ADDED_EVENT, listener);
    await expect(store.add({ itemId: 'i', sku: 's', quantity: 1 })).rejects.toThrow('no');
    document.removeEventListener(ITEM_ADDED_EVENT, listener);
    expect(listener).not.toHaveBeenCalled();
    expect(store.getState().cart).toBeNull();
  });

  test('an entry form change recalculates from start to end, with events, and keeps the answer', async () => {
    const { api, updates } = fakeApi();
    const store = new CartStore(api, document);
    const events: string[] = [];
    const onStart = () => events.push(`start:${String(store.getState().recalculating)}`);
    const onEnd = () => events.push(`end:${String(store.getState().recalculating)}`);
    document.addEventListener(RECALCULATE_START_EVENT, onStart);
    document.addEventListener(RECALCULATE_END_EVENT, onEnd);
    const request = { itemId: 'i', sku: 's', additionalFields: '{}' };
    const first = store.updateAdditionalFields('e1', request);
    const second = store.updateAdditionalFields('e2', request);
    expect(store.getState().recalculating).toBe(true);
    updates[0]!.resolve(cart('one', 1));
    await first;
    // Still recalculating: the second change has not ended.
    expect(store.getState().recalculating).toBe(true);
    updates[1]!.resolve(cart('two', 2));
    await second;
    expect(store.getState()).toMatchObject({ recalculating: false, cart: { id: 'two' } });
    expect(events).toEqual(['start:true', 'end:false']);
    expect(api.updateAdditionalFields).toHaveBeenCalledWith('e1', request);

    const failed = store.updateAdditionalFields('e1', request);
    expect(store.getState().recalculating).toBe(true);
    updates[2]!.reject(new Error('refused'));
    await expect(failed).rejects.toThrow('refused');
    expect(store.getState()).toMatchObject({ recalculating: false, cart: { id: 'two' } });
    expect(events).toEqual(['start:true', 'end:false', 'start:true', 'end:false']);
    document.removeEventListener(RECALCULATE_START_EVENT, onStart);
    document.removeEventListener(RECALCULATE_END_EVENT, onEnd);
  });
});
