/**
 * The one cache of parsed variable paths, shared by the parser (paths written in templates) and the
 * executor (paths looked up by name at render time, e.g. by plugins).
 */
import type { Path } from './ast.ts';
import { BoundedCache } from './bounded-cache.ts';
import { splitPath } from './values.ts';

const paths = new BoundedCache<string, Path>(10_000);

function parsePath(raw: string): Path {
  const segs = splitPath(raw);
  const first = segs[0];
  let kind = 0;
  if (typeof first === 'string' && first.charCodeAt(0) === 64 /* @ */) {
    kind = first === '@' ? 1 : first === '@index' ? 2 : first === '@index0' ? 3 : 4;
  }
  return { raw, segs, kind };
}

/** The parsed form of a dotted variable path (`a.b.0`, `@index`), cached by its text. */
export function pathOf(raw: string): Path {
  return paths.getOrCreate(raw, parsePath);
}
