/**
 * Core predicates (jsont.md sections 6 and 12).
 */
import type { PreparedTest } from './ast.ts';
import { BoundedCache } from './bounded-cache.ts';
import type { RenderState } from './executor.ts';
import { resolvePath } from './frame.ts';
import { pathOf } from './paths.ts';
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

/** `argValue` with the literal parsed and the path split once, at compile time. */
function prepareArg(arg: string): (ctx: RenderContext) => unknown {
  const v = literal(arg);
  if (v.json) {
    const x = v.value;
    if (typeof x === 'object' && x !== null) return () => structuredClone(x);
    return () => x;
  }
  const path = pathOf(arg);
  return (ctx) => resolvePath(path, (ctx as RenderState).frame);
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

/** `compute` with its arguments prepared. */
function prepareCompute(f: (a: unknown, b: unknown) => boolean): (args: readonly string[]) => PreparedTest {
  return (args) => {
    if (args.length === 0) return () => false;
    const a = prepareArg(args[0] as string);
    if (args.length === 1) return (ctx) => f(orNull(ctx.node), orNull(a(ctx)));
    const b = prepareArg(args[1] as string);
    return (ctx) => f(orNull(a(ctx)), orNull(b(ctx)));
  };
}

function parity(args: readonly string[], ctx: RenderContext, rem: number): boolean {
  const v = args.length >= 1 ? ctx.lookup(args[0] as string) : ctx.node;
  return typeof v === 'number' && Math.abs(v) % 2 === rem;
}

const notEqual = (a: unknown, b: unknown): boolean => !deepEquals(a, b);
const greaterThan = (a: unknown, b: unknown): boolean => compareValues(a, b) > 0;
const greaterThanOrEqual = (a: unknown, b: unknown): boolean => compareValues(a, b) >= 0;
const lessThan = (a: unknown, b: unknown): boolean => compareValues(a, b) < 0;
const lessThanOrEqual = (a: unknown, b: unknown): boolean => compareValues(a, b) <= 0;

export const CORE_PREDICATES: Record<string, PredicateImpl> = {
  'debug?': (_args, ctx) => isTruthy(ctx.lookup('debug')),
  'equal?': (args, ctx) => compute(args, ctx, deepEquals),
  'notEqual?': (args, ctx) => compute(args, ctx, notEqual),
  'greaterThan?': (args, ctx) => compute(args, ctx, greaterThan),
  'greaterThanOrEqual?': (args, ctx) => compute(args, ctx, greaterThanOrEqual),
  'lessThan?': (args, ctx) => compute(args, ctx, lessThan),
  'lessThanOrEqual?': (args, ctx) => compute(args, ctx, lessThanOrEqual),
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

/**
 * Compile-time forms of the comparison predicates, keyed by implementation: where a plugin
 * overrides `equal?` and the like, its own function is called as written.
 */
const PREPARERS = new Map<PredicateImpl, (args: readonly string[]) => PreparedTest>([
  [CORE_PREDICATES['equal?'] as PredicateImpl, prepareCompute(deepEquals)],
  [CORE_PREDICATES['notEqual?'] as PredicateImpl, prepareCompute(notEqual)],
  [CORE_PREDICATES['greaterThan?'] as PredicateImpl, prepareCompute(greaterThan)],
  [CORE_PREDICATES['greaterThanOrEqual?'] as PredicateImpl, prepareCompute(greaterThanOrEqual)],
  [CORE_PREDICATES['lessThan?'] as PredicateImpl, prepareCompute(lessThan)],
  [CORE_PREDICATES['lessThanOrEqual?'] as PredicateImpl, prepareCompute(lessThanOrEqual)],
]);

/** The prepared form of `impl(args, ctx)` when `impl` has one, else null. */
export function prepareTest(impl: PredicateImpl, args: readonly string[]): PreparedTest | null {
  const prepare = PREPARERS.get(impl);
  return prepare === undefined ? null : prepare(args);
}
