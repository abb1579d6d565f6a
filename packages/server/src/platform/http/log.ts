/**
 * Logging without secrets: the request line's URL has the values of sensitive query parameters
 * and the secret parts of its path (an order confirmation's id: http/secret-urls.ts) replaced, and credentials anywhere a log call might carry them (headers, cookies, passwords,
 * tokens) are censored by pino's redaction.
 */
import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { REDACTED, redactUrl } from './secret-urls.ts';

export { REDACTED, redactUrl } from './secret-urls.ts';

/**
 * Paths pino censors in what a log call passes (after the serializers: the request line's `req`
 * carries no headers, but a call that logs headers, a request or a form would).
 */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', '"set-cookie"', '"x-owner-token"', '"x-csrf-token"'];
const REDACT_PATHS = [
  ...CREDENTIAL_HEADERS.flatMap((h) => [`headers.${h}`, `req.headers.${h}`, `res.headers.${h}`]),
  ...['password', 'token', 'secret', 'crumb'].flatMap((key) => [key, `*.${key}`]),
];

/** Logger options for Fastify and the process logger: the level, redaction, and a request serializer whose URL is redacted. */
export function safeLoggerOptions(level: string): LoggerOptions & {
  serializers: { req: (request: FastifyRequest) => Record<string, unknown> };
} {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      // Fastify's request serializer, with the URL redacted.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
