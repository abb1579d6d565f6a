/**
 * The JSON value model of jsont.md section 3. `undefined` stands for "missing" (a failed lookup).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const hasOwn = Object.prototype.hasOwnProperty;

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Truthiness (section 3): strings non-empty, numbers non-zero, objects with keys, arrays non-empty. */
export function isTruthy(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
      return v.length > 0;
    case 'number':
      return v !== 0 && !Number.isNaN(v);
    case 'boolean':
      return v;
    case 'object':
      if (v === null) return false;
      if (Array.isArray(v)) return v.length > 0;
      for (const _ in v) return true;
      return false;
    default:
      return false;
  }
}

/** String conversion: strings as is, numbers and booleans via String(), everything else empty. */
export function asString(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return String(v);
    default:
      return '';
  }
}

/** Number conversion: parseFloat if the string has a '.', else parseInt base 10. */
export function asNumber(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'string':
      return v.indexOf('.') !== -1 ? parseFloat(v) : parseInt(v, 10);
    case 'boolean':
      return v ? 1 : 0;
    default:
      return 0;
  }
}

/** Jackson boolean rule: booleans, the string "true", non-zero integers. */
export function asBoolean(v: unknown): boolean {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'string':
      return v === 'true';
    case 'number':
      return Number.isInteger(v) ? v !== 0 : false;
    default:
      return false;
  }
}

/** Deep structural equality with strict types. */
export function deepEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  // Iterative to survive deep values.
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop() as [unknown, unknown];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    const ax = Array.isArray(x);
    if (ax !== Array.isArray(y)) return false;
    if (ax) {
      const xa = x as unknown[];
      const ya = y as unknown[];
      if (xa.length !== ya.length) return false;
      for (let i = 0; i < xa.length; i++) stack.push([xa[i], ya[i]]);
    } else {
      const xo = x as Record<string, unknown>;
      const yo = y as Record<string, unknown>;
      const kx = Object.keys(xo);
      if (kx.length !== Object.keys(yo).length) return false;
      for (const k of kx) {
        if (!hasOwn.call(yo, k)) return false;
        stack.push([xo[k], yo[k]]);
      }
    }
  }
  return true;
}

function stringCompare(a: string, b: string): number {
  return a < b ? -1 : a === b ? 0 : 1;
}

/** Ordering by the type of the left value (section 3). */
export function compareValues(a: unknown, b: unknown): number {
  switch (typeof a) {
    case 'number': {
      const n = asNumber(b);
      return a < n ? -1 : a === n ? 0 : 1;
    }
    case 'string':
      return stringCompare(a, asString(b));
    case 'boolean': {
      const n = asBoolean(b);
      return a === n ? 0 : a ? 1 : -1;
    }
    default:
      return deepEquals(a, b) ? 0 : -1;
  }
}

/** The text a variable tag emits for a value (section 3, "Emitting a value"). */
export function emitString(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return String(v);
    case 'object':
      if (Array.isArray(v)) {
        // The reference appends each element with `+=`: null prints "null", nested arrays join.
        let s = '';
        for (let i = 0; i < v.length; i++) {
          if (i > 0) s += ',';
          const e: unknown = v[i];
          if (typeof e === 'object' && e !== null) s += Array.isArray(e) ? joinArray(e) : '[object Object]';
          else s += String(e);
        }
        return s;
      }
      return '';
    default:
      return '';
  }
}

/** JS `Array.prototype.join` conversion, without calling user-visible `toString` methods. */
function joinArray(v: readonly unknown[]): string {
  let s = '';
  for (let i = 0; i < v.length; i++) {
    if (i > 0) s += ',';
    const e: unknown = v[i];
    if (e === undefined || e === null) continue;
    if (typeof e === 'object') s += Array.isArray(e) ? joinArray(e) : '[object Object]';
    else s += String(e);
  }
  return s;
}

/** Size: object keys, array elements; others 0. */
export function sizeOf(v: unknown): number {
  if (Array.isArray(v)) return v.length;
  if (isObject(v)) return Object.keys(v).length;
  return 0;
}

/**
 * One path step: own property of an object, numeric index of an array. Missing is `undefined`.
 * JSON objects have no enumerable inherited data: a property read that yields a function (an
 * `Object.prototype` method) or `__proto__` is checked against own properties.
 */
export function step(v: unknown, key: string | number): unknown {
  if (typeof v !== 'object' || v === null) return undefined;
  if (Array.isArray(v)) return typeof key === 'number' ? (v[key] as unknown) : undefined;
  const r = (v as Record<string | number, unknown>)[key];
  if (r === undefined) return undefined;
  if (typeof r === 'function' || key === '__proto__') return hasOwn.call(v, key) ? r : undefined;
  return r;
}

/** A first-segment lookup inside a frame node: like `step`, plus `length` of an array (reference quirk). */
export function getKey(v: unknown, key: string | number): unknown {
  const r = step(v, key);
  if (r === undefined && key === 'length' && Array.isArray(v)) return v.length;
  return r;
}

/** Splits `a.b.0` into segments; digit-only segments become numbers when they fit 31 bits. */
export function splitPath(raw: string): (string | number)[] {
  const parts: (string | number)[] = raw.split('.');
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as string;
    if (p.length > 0 && isAllDigits(p)) {
      const n = parseInt(p, 10);
      if (Number.isFinite(n) && n <= 0x7fffffff) parts[i] = n;
    }
  }
  return parts;
}

function isAllDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Whether a predicate argument starts like a JSON literal (section 6). */
export function isJsonStart(s: string): boolean {
  if (s === 'true' || s === 'false' || s === 'null') return true;
  const c = s.charCodeAt(0);
  if (c === 34 || c === 91 || c === 123 || (c >= 48 && c <= 57)) return true;
  if (c === 45) {
    const d = s.charCodeAt(1);
    return d >= 48 && d <= 57;
  }
  return false;
}
