/**
 * Where the cart's and checkout's work meets core's rules and the error catalogue: a refusal is an
 * ApiError (an entry of http/errors.ts ERRORS, which alone holds its status), thrown inside a
 * transaction to roll it back and handed back as the `Checked` result. The rules themselves live in
 * @storefront/core only.
 */
import type { Result } from '@storefront/core';
import { ApiError, coreRefusal } from '../../platform/http/errors.ts';

export type Checked<T> = { ok: true; value: T } | { ok: false; refusal: ApiError };

/** A core refusal becomes its catalogue entry (`refused` where it has none). */
export const fromCore = <T>(result: Result<T>): Checked<T> =>
  result.ok ? { ok: true, value: result.value } : { ok: false, refusal: coreRefusal(result.error) };

/** Runs `work`, whose thrown ApiError (which rolls back its transaction) comes back as the refusal. */
export async function runRefusable<T>(work: () => Promise<T>): Promise<Checked<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, refusal: error };
    throw error;
  }
}
