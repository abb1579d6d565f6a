import { lockVersions, moveVersions, type ChangeKey } from './change-version.ts';
import type { Db, Trx } from './index.ts';

/**
 * The one way to run a write transaction. PostgreSQL may abort a transaction that did nothing
 * wrong: a deadlock it broke (40P01) or a serialization failure (40001); SQLite answers BUSY when
 * another process holds the write lock past the busy timeout. Each of those rolled everything back,
 * so running the whole transaction again is safe and is what the client would otherwise have to do.
 * A bounded number of tries, with a growing random pause so the contenders stop meeting; past the
 * bound the error goes up, and faults.ts makes it a 503 with Retry-After rather than a 500.
 *
 * `fn` may run more than once: it must only write through `trx` (mail goes through the outbox
 * table), never act outside the database before the commit.
 *
 * The unit of work carries the change keys (db/change-version.ts) of what its writes change in
 * what pages show: `fn` declares them on `changes`, and the commit moves those alone, so that the
 * caches of every instance drop only what depends on them.
 */

/** What a unit of work changes in what pages show. */
export interface UnitChanges {
  touch(...keys: ChangeKey[]): void;
  /**
   * Takes the sequence row's lock now rather than at the commit: units that replace a whole thing
   * (read nothing first, delete all, insert) then run one after the other instead of colliding.
   */
  takeTurns(): Promise<void>;
}

/** The keys of the transactions writeTransaction runs, for the calls that join them. */
const unitsOf = new WeakMap<object, Set<ChangeKey>>();

/** Tries of one transaction, the first included. */
export const WRITE_TRANSACTION_ATTEMPTS = 8;
/** The pause before the nth retry is random, up to n times this. */
const RETRY_PAUSE_STEP_MS = 20;

const RETRYABLE_CODES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
]);

/** Whether the database rolled the transaction back only because of another one at the same time. */
function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

export interface WriteTransactionOptions {
  /** Told about each retry (tests count them; a caller may log). */
  onRetry?: (error: unknown, attempt: number) => void;
}

/**
 * Runs `fn` in a transaction, again (up to WRITE_TRANSACTION_ATTEMPTS in all) when it was rolled
 * back by a deadlock, a serialization failure or SQLite BUSY. Inside a transaction already, `fn`
 * simply joins it: the outer call's retry covers it.
 */
export async function writeTransaction<T>(
  db: Db,
  fn: (trx: Trx, changes: UnitChanges) => Promise<T>,
  options: WriteTransactionOptions = {},
): Promise<T> {
  if (db.isTransaction) return joined(db as Trx, fn);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const keys = new Set<ChangeKey>();
        unitsOf.set(trx, keys);
        const result = await fn(
          trx,
          unitChanges(trx, (touched) => touched.forEach((key) => keys.add(key))),
        );
        // Last: the sequence row's lock is then held only while committing.
        await moveVersions(trx, keys);
        return result;
      });
    } catch (error) {
      if (!isTransientConflict(error) || attempt >= WRITE_TRANSACTION_ATTEMPTS) throw error;
      options.onRetry?.(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_PAUSE_STEP_MS * attempt));
    }
  }
}

/** `fn` inside a transaction that is already open: its keys join that unit's, else move with its writes. */
async function joined<T>(trx: Trx, fn: (trx: Trx, changes: UnitChanges) => Promise<T>): Promise<T> {
  const unit = unitsOf.get(trx);
  if (unit)
    return fn(
      trx,
      unitChanges(trx, (touched) => touched.forEach((key) => unit.add(key))),
    );
  const keys: ChangeKey[] = [];
  const result = await fn(
    trx,
    unitChanges(trx, (touched) => touched.forEach((key) => keys.push(key))),
  );
  await moveVersions(trx, keys);
  return result;
}

function unitChanges(trx: Trx, add: (keys: ChangeKey[]) => void): UnitChanges {
  return { touch: (...keys) => add(keys), takeTurns: () => lockVersions(trx) };
}
