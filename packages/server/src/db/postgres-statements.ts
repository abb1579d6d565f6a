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
 * A node-postgres client that sends Kysely's parameterised statements as named prepared statements,
 * the PostgreSQL side of sqlite-statements.ts: each connection parses and plans a statement once,
 * then only binds and runs it (unnamed statements are parsed and planned on every call, which made
 * up much of an add-to-cart's cost on PostgreSQL). A connection keeps at most
 * PREPARED_PER_CONNECTION of them, so a stream of one-off statements cannot grow it without bound.
 * Statements without parameters (BEGIN, COMMIT, DDL) go as they are.
 */
export class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  // pg's overloads cannot be overridden one by one; this forwards every call shape unchanged except one.
  override query(...args: unknown[]): never {
    const send = super.query.bind(this) as unknown as (...a: unknown[]) => never;
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      const name = nameOf(text);
      if (this.prepared.has(name) || this.prepared.size < PREPARED_PER_CONNECTION) {
        this.prepared.add(name);
        return send({ name, text, values });
      }
    }
    return send(...args);
  }
}
