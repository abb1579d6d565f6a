import type { Transaction } from 'kysely';
import type { Db } from './index.ts';
import type { Database } from './schema.ts';

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
 */

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
  fn: (trx: Transaction<Database>) => Promise<T>,
  options: WriteTransactionOptions = {},
): Promise<T> {
  if (db.isTransaction) return fn(db as Transaction<Database>);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (error) {
      if (!isTransientConflict(error) || attempt >= WRITE_TRANSACTION_ATTEMPTS) throw error;
      options.onRetry?.(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_PAUSE_STEP_MS * attempt));
    }
  }
}
