/**
 * Keyset paging's cursors (the spec's `nextPageCursor`): the last row's sort key, opaque to the
 * caller. A cursor that is not one of ours answers 400 `invalid-cursor`, never a 500.
 */
import { apiError } from './errors.ts';

type KeyPart = 'string' | 'number';
type KeyOf<T extends readonly KeyPart[]> = { [I in keyof T]: T[I] extends 'number' ? number : string };

export const encodeCursor = (key: readonly (string | number)[]): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

/** The key a cursor holds, of the parts' types given; throws `invalid-cursor` otherwise. */
export function decodeCursor<const T extends readonly KeyPart[]>(cursor: string, types: T): KeyOf<T> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(key) &&
      key.length === types.length &&
      key.every((k, i) => typeof k === types[i] && (typeof k !== 'number' || Number.isSafeInteger(k)))
    )
      return key as KeyOf<T>;
  } catch {
    // not JSON: answered below
  }
  throw apiError('invalid-cursor');
}

/**
 * One page of rows asked for with `limit + 1`: the rows shown, whether more follow, and the cursor
 * holding the last shown row's sort key when they do.
 */
export function pageOf<R>(
  rows: readonly R[],
  limit: number,
  keyOf: (row: R) => readonly (string | number)[],
) {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  const hasNextPage = rows.length > limit;
  return {
    shown,
    hasNextPage,
    nextPageCursor: hasNextPage && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
