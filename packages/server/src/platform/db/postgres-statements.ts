import { createHash } from 'node:crypto';
import { BoundedCache } from '@storefront/jsont/bounded-cache';
import pg from 'pg';

/** How many statements each connection keeps prepared; past that, statements are sent unnamed. */
const PREPARED_PER_CONNECTION = 300;

// Statement text -> its name; generated SQL has a bounded set of shapes (the cap guards `in (...)` lists).
const names = new BoundedCache<string, string>(1_000);

const nameOf = (text: string): string =>
  names.getOrCreate(text, () => `sf_${createHash('sha1').update(text).digest('base64url')}`);

/**
 * Moved when a prepared statement's plan went stale (a migration changed a table it reads, so its
 * rows would change shape: PostgreSQL refuses it with "cached plan must not change result type"):
 * every connection of this process then prepares its statements again, under new names. The stale
 * ones stay on their connections until those close (pooled connections are recycled when idle).
 */
let generation = 0;

const isStalePlan = (error: unknown): boolean =>
  error instanceof Error &&
  (error as { code?: unknown }).code === '0A000' &&
  /cached plan must not change result type/.test(error.message);

/**
 * A node-postgres client that sends Kysely's parameterised statements as named prepared statements,
 * the PostgreSQL side of sqlite-statements.ts: each connection parses and plans a statement once,
 * then only binds and runs it (unnamed statements are parsed and planned on every call, which made
 * up much of an add-to-cart's cost on PostgreSQL). A connection keeps at most
 * PREPARED_PER_CONNECTION of them, so a stream of one-off statements cannot grow it without bound.
 * Statements without parameters (BEGIN, COMMIT, DDL) go as they are.
 *
 * After a migration on a running server (see `generation`), a statement outside a transaction that
 * meets a stale plan is prepared again and run once more (it failed before running, so nothing
 * ran twice); inside a transaction the transaction has already failed, so the error goes to its
 * caller, and the statements that follow, on every connection, are prepared afresh.
 */
export class PreparingClient extends pg.Client {
  private prepared = new Set<string>();
  private preparedGeneration = generation;

  // pg's overloads cannot be overridden one by one; this forwards every call shape unchanged except one.
  override query(...args: unknown[]): never {
    const send = super.query.bind(this) as unknown as (...a: unknown[]) => never;
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      const outsideTransaction = this.getTransactionStatus() === 'I';
      const sendNamed = (): Promise<unknown> | undefined => {
        if (this.preparedGeneration !== generation) {
          this.prepared = new Set();
          this.preparedGeneration = generation;
        }
        const name = `${nameOf(text)}${generation ? `_${generation}` : ''}`;
        if (!this.prepared.has(name) && this.prepared.size >= PREPARED_PER_CONNECTION) return undefined;
        this.prepared.add(name);
        return send({ name, text, values });
      };
      const first = sendNamed();
      if (first)
        return first.catch((error: unknown) => {
          if (!isStalePlan(error)) throw error;
          if (this.preparedGeneration === generation) generation++;
          if (!outsideTransaction) throw error;
          return sendNamed() ?? send(text, values);
        }) as never;
    }
    return send(...args);
  }
}
