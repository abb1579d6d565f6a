import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';

/**
 * A @fastify/rate-limit store that keeps its counters in the database, so every instance behind a
 * load balancer counts against the same numbers (DESIGN.md: no per-instance state). One statement
 * per hit: an upsert that starts a new window when the old one has run out.
 */
interface IncrResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: IncrResult) => void;

export interface RateLimitStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(): RateLimitStore;
}

const PRUNE_PROBABILITY = 0.005;

/** The counter prefix the cart's writes (and order placement) share. */
export const CART_WRITES = 'cart-write';

/**
 * The store class for @fastify/rate-limit (which constructs it with its own options). Every route's
 * child shares the prefix: the limit counts a client's writes across all the routes under it.
 */
export function databaseRateLimitStore(db: Db, prefix: string) {
  class DatabaseStore implements RateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      // Housekeeping without a timer: now and then, drop counters whose window ended long ago.
      if (Math.random() < PRUNE_PROBABILITY) pruneRateLimits(db, timeWindow * 10).catch(() => undefined);
      hit(db, `${prefix}:${key}`, timeWindow, Date.now()).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): RateLimitStore {
      return this;
    }
  }
  return DatabaseStore;
}

/**
 * Registers @fastify/rate-limit on `app` for the routes that ask for it (`config.rateLimit`), counted
 * per client address in the database under `prefix`; passing a limit answers `refusal()`.
 */
export async function registerDatabaseRateLimit(
  app: FastifyInstance,
  db: Db,
  prefix: string,
  refusal: () => Error,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db, prefix),
    errorResponseBuilder: refusal,
  });
}

/** Counts one hit for `key`; returns the count in the current window and the time left in it. */
export async function hit(db: Db, key: string, windowMs: number, now: number): Promise<IncrResult> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limits.window_start', '<=', now - windowMs)
          .then(1)
          .else(eb('rate_limits.count', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('rate_limits.window_start', '<=', now - windowMs)
          // A bound value, not a literal (which Kysely inlines): the statement text stays the same, so
          // SQLite's prepared statement is reused.
          .then(eb.val(now))
          .else(eb.ref('rate_limits.window_start'))
          .end(),
      })),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  const start = Number(row.window_start);
  return { current: Number(row.count), ttl: Math.max(0, start + windowMs - now) };
}

/** Removes counters whose window ended (housekeeping; safe to run any time). */
export async function pruneRateLimits(db: Db, olderThanMs: number, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', now - olderThanMs)
    .execute();
}
