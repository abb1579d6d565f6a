/**
 * A size-capped cache for module-level memoisation (Intl formatters, parsed paths, compiled
 * templates...). Every such cache in the packages uses this one so that each has an explicit bound
 * and the same eviction rule.
 *
 * Eviction: once `maxEntries` entries are held, adding a new key drops the oldest entry added (first
 * in, first out), so a read stays a plain `Map` lookup on the render hot paths, whose working sets
 * fit well within their bounds. With `refreshOnHit: true` a hit also counts as a use and the entry
 * dropped is the least recently used one (for costly values read unevenly, like compiled templates).
 */
export interface BoundedCacheOptions {
  /** Whether a hit makes the entry the most recently used one (default false: first in, first out). */
  readonly refreshOnHit?: boolean;
}

export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  readonly maxEntries: number;
  private readonly refreshOnHit: boolean;

  constructor(maxEntries: number, options: BoundedCacheOptions = {}) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new RangeError(`A bounded cache holds at least one entry (got ${maxEntries}).`);
    }
    this.maxEntries = maxEntries;
    this.refreshOnHit = options.refreshOnHit ?? false;
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined && this.refreshOnHit) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    if (this.entries.has(key)) this.entries.delete(key);
    else if (this.entries.size >= this.maxEntries) {
      // A Map iterates in insertion order, and hits re-insert: the first key is the one to drop.
      this.entries.delete(this.entries.keys().next().value as K);
    }
    this.entries.set(key, value);
  }

  /** The cached value of `key`, made with `make` (and kept) on a miss. */
  getOrCreate(key: K, make: (key: K) => V): V {
    let value = this.get(key);
    if (value === undefined) {
      value = make(key);
      this.set(key, value);
    }
    return value;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
