import type { z } from 'zod';

/**
 * An answer to refuse a request with: the error handlers (the app's, and the plugins' own) send it
 * as `statusCode { code, message }`, the message being the shopper's (core's catalogue).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Parses request input with its schema; bad input throws a 400 `invalid-request` naming the first
 * problem's field (and the keys a strict schema does not know).
 */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what: 'body' | 'query' | 'path'): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const keys = issue && issue.code === 'unrecognized_keys' ? (issue as { keys?: string[] }).keys : undefined;
  const path = issue ? [...issue.path, ...(keys ?? [])].join('.') : '';
  throw new HttpError(
    400,
    'invalid-request',
    `Invalid ${what}: ${path ? `${path}: ` : ''}${issue?.message ?? 'malformed'}`,
  );
}
