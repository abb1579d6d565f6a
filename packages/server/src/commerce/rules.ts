/**
 * Where the cart's HTTP layer meets core's rules: core's refusals (code + the spec's message) become
 * `{ status, code, message }`. The rules themselves live in @storefront/core only.
 */
import type { CoreError, Result } from '@storefront/core';

export interface Refusal {
  code: string;
  message: string;
  status: number;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** Every core refusal is the client's to fix: 400. */
export const fromCore = <T>(result: Result<T>): Checked<T> =>
  result.ok ? { ok: true, value: result.value } : { ok: false, refusal: toRefusal(result.error) };

export const toRefusal = (error: CoreError, status = 400): Refusal => ({
  code: error.code,
  message: error.message,
  status,
});

/** Thrown inside a transaction to roll it back with a refusal; caught by `runRefusable`. */
export class RefusalSignal extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

export async function runRefusable<T>(work: () => Promise<T>): Promise<Checked<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof RefusalSignal) return { ok: false, refusal: error.refusal };
    throw error;
  }
}
