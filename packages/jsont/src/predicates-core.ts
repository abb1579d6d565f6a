/**
 * Core predicates (jsont.md sections 6 and 12).
 */
import { BoundedCache } from './bounded-cache.ts';
import type { PredicateImpl, RenderContext } from './plugin-api.ts';
import { asNumber, compareValues, deepEquals, isJsonStart, isTruthy } from './values.ts';

const literalCache = new BoundedCache<string, { readonly json: boolean; readonly value: unknown }>(5000);

function literal(arg: string): { readonly json: boolean; readonly value: unknown } {
  let v = literalCache.get(arg);
  if (v === undefined) {
    v = { json: false, value: undefined };
    if (isJsonStart(arg)) {
      try {
        v = { json: true, value: JSON.parse(arg) as unknown };
      } catch {
        // a path after all
      }
    }
    literalCache.set(arg, v);
  }
  return v;
}

/** Reads a predicate argument: a JSON literal when it starts like one and parses, else a path. */
export function argValue(arg: string, ctx: RenderContext): unknown {
  const v = literal(arg);
  if (!v.json) return ctx.lookup(arg);
  const x = v.value;
  // objects and arrays are copied so that a helper cannot change the cached literal
  return typeof x === 'object' && x !== null ? structuredClone(x) : x;
}

/** A missing value compares as null (the reference's missing node holds null). */
const orNull = (v: unknown): unknown => (v === undefined ? null : v);

function compute(
  args: readonly string[],
  ctx: RenderContext,
  f: (a: unknown, b: unknown) => boolean,
): boolean {
  if (args.length === 0) return false;
  const a = orNull(argValue(args[0] as string, ctx));
  if (args.length === 1) return f(orNull(ctx.node), a);
  return f(a, orNull(argValue(args[1] as string, ctx)));
}

function parity(args: readonly string[], ctx: RenderContext, rem: number): boolean {
  const v = args.length >= 1 ? ctx.lookup(args[0] as string) : ctx.node;
  return typeof v === 'number' && Math.abs(v) % 2 === rem;
}

export const CORE_PREDICATES: Record<string, PredicateImpl> = {
  'debug?': (_args, ctx) => isTruthy(ctx.lookup('debug')),
  'equal?': (args, ctx) => compute(args, ctx, deepEquals),
  'notEqual?': (args, ctx) => compute(args, ctx, (a, b) => !deepEquals(a, b)),
  'greaterThan?': (args, ctx) => compute(args, ctx, (a, b) => compareValues(a, b) > 0),
  'greaterThanOrEqual?': (args, ctx) => compute(args, ctx, (a, b) => compareValues(a, b) >= 0),
  'lessThan?': (args, ctx) => compute(args, ctx, (a, b) => compareValues(a, b) < 0),
  'lessThanOrEqual?': (args, ctx) => compute(args, ctx, (a, b) => compareValues(a, b) <= 0),
  'even?': (args, ctx) => parity(args, ctx, 0),
  'odd?': (args, ctx) => parity(args, ctx, 1),
  'nth?': (args, ctx) => {
    if (args.length === 0) return false;
    let n: unknown = ctx.node;
    let m: unknown = argValue(args[0] as string, ctx);
    if (args.length === 2) {
      n = m;
      m = argValue(args[1] as string, ctx);
    }
    if (
      typeof n !== 'number' ||
      typeof m !== 'number' ||
      !Number.isInteger(n) ||
      !Number.isInteger(m) ||
      m === 0
    ) {
      return false;
    }
    return Math.abs(n) % Math.abs(m) === 0;
  },
  'plural?': (_args, ctx) => asNumber(ctx.node) > 1,
  'singular?': (_args, ctx) => asNumber(ctx.node) === 1,
};
