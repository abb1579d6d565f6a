/**
 * The back office's calls: JSON in and out, the crumb and the session's xsrfToken on every write
 * (cookies.ts), and an Idempotency-Key per action so that a retried click is never done twice.
 * A refusal becomes a ConfigError carrying the server's message, which the screens show as is.
 */
import { IDEMPOTENCY_HEADER } from '@storefront/core/wire';
import { writeHeaders } from '../cookies.ts';

export class ConfigError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's whole body, for screens that read more than its message (a 409's who and when). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  if (!response.ok)
    throw new ConfigError(
      response.status,
      typeof body?.message === 'string' ? body.message : `The server answered ${response.status}.`,
      body ?? {},
    );
  return body as T;
}

export async function getJson<T>(path: string): Promise<T> {
  return answer<T>(
    await fetch(path, { headers: { accept: 'application/json' }, credentials: 'same-origin' }),
  );
}

/** `idempotencyKey`: one per deliberate action, so that a second click sends the same key. */
export async function postJson<T>(path: string, body: unknown = {}, idempotencyKey?: string): Promise<T> {
  return writeJson<T>('POST', path, body, idempotencyKey);
}

/** A whole setting replaced (header and footer, languages): the same again changes nothing. */
export async function putJson<T>(path: string, body: unknown): Promise<T> {
  return writeJson<T>('PUT', path, body);
}

/** Some fields of a record changed (a store page's title or address). */
export async function patchJson<T>(path: string, body: unknown): Promise<T> {
  return writeJson<T>('PATCH', path, body);
}

/** Something removed for good (a form submission). */
export async function deleteJson<T>(path: string): Promise<T> {
  return writeJson<T>('DELETE', path, {});
}

async function writeJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  idempotencyKey: string = crypto.randomUUID(),
): Promise<T> {
  return answer<T>(
    await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        [IDEMPOTENCY_HEADER]: idempotencyKey,
        ...writeHeaders(document.cookie),
      },
      body: JSON.stringify(body),
    }),
  );
}

/** A query string of the non-empty values. */
export function queryOf(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
