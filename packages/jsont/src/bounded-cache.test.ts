import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

describe('BoundedCache', () => {
  it('never holds more than its bound, dropping the oldest entry added first', () => {
    const cache = new BoundedCache<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd', 'e'].entries()) cache.set(key, i);
    expect(cache.size).toBe(3);
    expect(['a', 'b', 'c', 'd', 'e'].map((k) => cache.get(k))).toEqual([undefined, undefined, 2, 3, 4]);
  });

  it('by default a hit does not save an entry from eviction (first in, first out)', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.has('a')).toBe(false);
    expect(cache.has('b')).toBe(true);
  });

  it('with refreshOnHit drops the least recently used entry instead', () => {
    const cache = new BoundedCache<string, number>(2, { refreshOnHit: true });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
  });

  it('replacing a key keeps one entry for it and does not evict another', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 10);
    expect(cache.size).toBe(2);
    expect([cache.get('a'), cache.get('b')]).toEqual([10, 2]);
  });

  it('getOrCreate makes a value once per key while it is held', () => {
    const cache = new BoundedCache<string, { key: string }>(10);
    let made = 0;
    const make = (key: string): { key: string } => {
      made++;
      return { key };
    };
    const first = cache.getOrCreate('x', make);
    expect(cache.getOrCreate('x', make)).toBe(first);
    expect(made).toBe(1);
  });

  it('refuses a bound below one entry', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
    expect(() => new BoundedCache(1.5)).toThrow(RangeError);
  });
});
