import { PostgresAdapter, type CompiledQuery, type OperationNodeSource } from 'kysely';
import { BoundedCache } from '@storefront/jsont/bounded-cache';
import type { Db } from './index.ts';

/**
 * A query written with Kysely, built and compiled once per dialect (and per length of each list
 * value), then run with each call's values bound to the compiled text. Building and compiling a
 * Kysely query costs about as much as SQLite running it: the hottest write (add-to-cart) prepares
 * its statements here. The statement text stays the same from call to call, so SQLite's statement
 * cache (sqlite-statements.ts) and PostgreSQL's named statements (postgres-statements.ts) reuse it.
 *
 * `build` receives stand-ins for the values (a list value: a list of stand-ins as long as the
 * call's). Every value must reach the query as a bound parameter, unchanged: a value computed on
 * (`now - windowMs`) or inlined would be fixed at its first call, so compiling refuses a query
 * where a value is missing or altered. Anything else the query binds stays as first compiled.
 * On a database with Kysely plugins the query is built for each call, as any other.
 */
export type QueryValues = Record<string, string | number | null | readonly string[]>;

/** A Kysely query builder, or an `sql` template (which needs the database to compile). */
export type Buildable<Row> = OperationNodeSource & { compile(db: Db): CompiledQuery<Row> };

export interface PreparedQuery<V extends QueryValues, Row> {
  /** Runs the query on `db` (a transaction too) with `values`; its rows (none for a plain write). */
  run(db: Db, values: V): Promise<Row[]>;
  /** The query as written, for composing it into another prepared query's `build` (pass its values on). */
  build(db: Db, values: V): Buildable<Row>;
}

/** A prepared write with its values, handed to code that runs it (http/rate-limit.ts). */
export interface BoundQuery {
  query: PreparedQuery<QueryValues, unknown>;
  values: QueryValues;
}

const STAND_IN = '\u0000sf-value:';
const MAX_SHAPES = 64;

/** Where each bound parameter comes from: a value (an item of a list value), or a constant. */
type Slot = { key: string; index?: number } | { constant: unknown };

interface Plan<Row> {
  compiled: CompiledQuery<Row>;
  slots: Slot[];
}

export function preparedQuery<V extends QueryValues, Row>(
  build: (db: Db, values: V) => Buildable<Row>,
): PreparedQuery<V, Row> {
  // A shape per dialect and list length: the cap only guards against many different long lists.
  const plans = new BoundedCache<string, Plan<Row>>(MAX_SHAPES);
  const planFor = (db: Db, values: V): Plan<Row> =>
    plans.getOrCreate(shapeOf(db, values), () =>
      compilePlan(build(db, standIns(values)).compile(db), values),
    );
  return {
    async run(db, values) {
      // Plugins (the tests' statement counters and fault injectors) see and may change every
      // query as Kysely builds it, so with any plugin the query is built for each call.
      if (db.getExecutor().plugins.length > 0)
        return (await db.executeQuery(build(db, values).compile(db))).rows;
      const plan = planFor(db, values);
      const parameters = plan.slots.map((slot) => {
        if ('constant' in slot) return slot.constant;
        const value = values[slot.key];
        return slot.index === undefined ? value : (value as readonly string[])[slot.index];
      });
      const result = await db.executeQuery<Row>({ ...plan.compiled, parameters });
      return result.rows;
    },
    build,
  };
}

function shapeOf(db: Db, values: QueryValues): string {
  let shape = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  // The keys too: an object of another shape (a column more) must not reuse a plan without it.
  for (const key in values) {
    const value = values[key];
    shape += Array.isArray(value) ? `,${key}=${value.length}` : `,${key}`;
  }
  return shape;
}

function standIns<V extends QueryValues>(values: V): V {
  const out: QueryValues = {};
  for (const key in values) {
    const value = values[key];
    out[key] = Array.isArray(value) ? value.map((_, i) => `${STAND_IN}${key}:${i}`) : `${STAND_IN}${key}`;
  }
  return out as V;
}

function compilePlan<Row>(compiled: CompiledQuery<Row>, values: QueryValues): Plan<Row> {
  const expected = new Map<string, Slot>();
  for (const key in values) {
    const value = values[key];
    if (Array.isArray(value))
      value.forEach((_, index) => expected.set(`${STAND_IN}${key}:${index}`, { key, index }));
    else expected.set(`${STAND_IN}${key}`, { key });
  }
  const used = new Set<string>();
  const slots = compiled.parameters.map((parameter): Slot => {
    if (typeof parameter === 'string' && parameter.includes(STAND_IN)) {
      const slot = expected.get(parameter);
      if (!slot) throw new Error(`preparedQuery: a value was altered before binding: ${parameter}`);
      used.add(parameter);
      return slot;
    }
    return { constant: parameter };
  });
  const missing = [...expected.keys()].filter((standIn) => !used.has(standIn));
  if (missing.length)
    throw new Error(
      `preparedQuery: values not bound as parameters: ${missing.join(', ').replaceAll(STAND_IN, '')}`,
    );
  return { compiled, slots };
}
