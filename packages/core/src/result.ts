/** Errors as values: every refusal carries a stable code and the user's message. */
export interface CoreError {
  readonly code: string;
  readonly message: string;
}

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: CoreError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const err = <T = never>(code: string, message: string): Result<T> => ({
  ok: false,
  error: { code, message },
});
