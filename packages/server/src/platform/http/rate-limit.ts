import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { PostgresAdapter, sql } from 'kysely';
import { isDatabaseUnavailable } from '../db/faults.ts';
import type { Db, TablesHandle } from '../db/index.ts';
import type { RateLimitTables } from './rate-limit-tables.ts';
import { preparedQuery, type BoundQuery, type PreparedQuery, type QueryValues } from '../db/prepared.ts';
import { writeTransaction } from '../db/transaction.ts';

type RateLimitDb = TablesHandle<RateLimitTables>;

/**
 * Rate limits counted in the database, so every instance behind a load balancer counts against the
 * same numbers (DESIGN.md: no per-instance state). One statement per hit: an upsert that starts a
 * new window when the old one has run out.
 *
 * Two ways in: a @fastify/rate-limit store (a hit of its own, committed before the route runs), and
 * `limitedTransaction`, which counts the hit inside the caller's own write transaction, for the
 * hottest write (add-to-cart), so the add commits once, not twice. An in-memory token bucket was the
 * other choice, but it needs the database anyway to hold the limit across instances, and keeping
 * the counter in the transaction keeps one exact count for every instance with no second store.
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
export function databaseRateLimitStore(db: RateLimitDb, prefix: string) {
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

/** A client's budget: at most `max` hits per `windowMs`, counted under `key`. */
export interface CountedLimit {
  key: string;
  max: number;
  windowMs: number;
}

/** The client is over its limit: nothing was written; it may try again after `retryAfterMs`. */
export class RateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super('rate limited');
  }
}

/** What a limited transaction's work hands back: its answer, and the transaction's last write (not yet run). */
export interface LimitedWork<T> {
  value: T;
  lastWrite: BoundQuery;
}

/**
 * Runs `work` in a transaction that also counts one hit against `limit`, with `work`'s last write:
 * on PostgreSQL that write and the hit go as one statement (the upsert as a CTE: one round trip
 * fewer); on SQLite, the write then the hit. Either way the counter's row is locked only for the
 * commit (concurrent writes of one client queue there, not for the whole transaction). Past the
 * limit the transaction rolls back and RateLimited is thrown. Whenever the transaction rolls back
 * (past the limit, or `work` threw a refusal), the hit is counted on its own instead, so every call
 * uses the budget as the store's hits do; past the limit that answers RateLimited. A database
 * failure is passed on as it is.
 */
export async function limitedTransaction<T>(
  db: Db,
  limit: CountedLimit,
  work: (trx: Db) => Promise<LimitedWork<T>>,
): Promise<T> {
  const now = Date.now();
  if (Math.random() < PRUNE_PROBABILITY) pruneRateLimits(db, limit.windowMs * 10).catch(() => undefined);
  try {
    return await writeTransaction(db, async (trx) => {
      const { value, lastWrite } = await work(trx);
      throwIfOver(await writeAndHit(trx, lastWrite, limit, now), limit);
      return value;
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    throwIfOver(await hit(db, limit.key, limit.windowMs, now), limit);
    throw error;
  }
}

async function writeAndHit(
  trx: Db,
  write: BoundQuery,
  limit: CountedLimit,
  now: number,
): Promise<IncrResult> {
  const hitValues = hitValuesOf(limit.key, limit.windowMs, now);
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) {
    await write.query.run(trx, write.values);
    return countOf((await hitQuery.run(trx, hitValues))[0]!, limit.windowMs, now);
  }
  const [row] = await withHit(write.query).run(trx, { ...write.values, ...hitValues });
  return countOf(row!, limit.windowMs, now);
}

const withHits = new WeakMap<PreparedQuery<QueryValues, unknown>, PreparedQuery<QueryValues, HitRow>>();

/** `write` and the hit as one statement: the upsert as a CTE, one round trip fewer (PostgreSQL). */
function withHit(write: PreparedQuery<QueryValues, unknown>): PreparedQuery<QueryValues, HitRow> {
  let combined = withHits.get(write);
  if (!combined) {
    // PostgreSQL runs a data-modifying CTE exactly once, whether or not the query reads it.
    combined = preparedQuery((db, values: QueryValues & HitValues) => {
      const { hitKey, hitNow, hitWindowEndedBy, ...written } = values;
      const hit = hitQuery.build(db, { hitKey, hitNow, hitWindowEndedBy });
      return sql<HitRow>`with hit as (${hit}), written as (${write.build(db, written)}) select count, window_start from hit`;
    });
    withHits.set(write, combined);
  }
  return combined;
}

function throwIfOver(count: IncrResult, limit: CountedLimit): void {
  if (count.current > limit.max) throw new RateLimited(count.ttl);
}

/** Counts one hit for `key`; returns the count in the current window and the time left in it. */
export async function hit(db: RateLimitDb, key: string, windowMs: number, now: number): Promise<IncrResult> {
  const [row] = await hitQuery.run(db, hitValuesOf(key, windowMs, now));
  return countOf(row!, windowMs, now);
}

/** The count under `key` in its current window (0 once the window has run out), without counting. */
export async function recentCount(
  db: RateLimitDb,
  key: string,
  windowMs: number,
  now: number,
): Promise<IncrResult> {
  const row = await db.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
  const start = Number(row?.window_start ?? 0);
  if (!row || start <= now - windowMs) return { current: 0, ttl: 0 };
  return { current: Number(row.count), ttl: start + windowMs - now };
}

interface HitRow {
  count: number | string;
  window_start: number | string;
}

const countOf = (row: HitRow, windowMs: number, now: number): IncrResult => {
  const start = Number(row.window_start);
  return { current: Number(row.count), ttl: Math.max(0, start + windowMs - now) };
};

type HitValues = { hitKey: string; hitNow: number; hitWindowEndedBy: number };

const hitValuesOf = (key: string, windowMs: number, now: number): HitValues => ({
  hitKey: key,
  hitNow: now,
  hitWindowEndedBy: now - windowMs,
});

/** The upsert counting one hit; it returns the count and the window's start. */
const hitQuery = preparedQuery((db, { hitKey, hitNow, hitWindowEndedBy }: HitValues) =>
  db
    .insertInto('rate_limits')
    .values({ key: hitKey, window_start: hitNow, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limits.window_start', '<=', hitWindowEndedBy)
          .then(1)
          .else(eb('rate_limits.count', '+', 1))
          .end(),
        window_start: eb
          .case()
          .when('rate_limits.window_start', '<=', hitWindowEndedBy)
          .then(eb.val(hitNow))
          .else(eb.ref('rate_limits.window_start'))
          .end(),
      })),
    )
    .returning(['count', 'window_start']),
);

/** Forgets the key's hits (its window starts again at the next hit). */
export async function resetRateLimit(db: RateLimitDb, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Removes counters whose window ended (housekeeping; safe to run any time). */
export async function pruneRateLimits(db: RateLimitDb, olderThanMs: number, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', now - olderThanMs)
    .execute();
}
