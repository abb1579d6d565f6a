/**
 * Logging without secrets: the request line's URL has the values of sensitive query parameters
 * replaced, and credentials anywhere a log call might carry them (headers, cookies, passwords,
 * tokens) are censored by pino's redaction.
 */
import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

export const REDACTED = '[redacted]';

/** Query parameter names whose values are credentials (matched anywhere in the name, any case). */
const SENSITIVE_NAME = /token|pass(word|wd)?|secret|key|auth|sig(nature)?|session|crumb|credential|code/i;

const decode = (raw: string) => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

/** `url` with the value of every sensitive query parameter replaced by `[redacted]`, the rest as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const [query, fragment] = splitOnce(url.slice(q + 1), '#');
  const parts = query.split('&').map((part) => {
    const [name] = splitOnce(part, '=');
    return SENSITIVE_NAME.test(decode(name)) ? `${name}=${REDACTED}` : part;
  });
  return `${url.slice(0, q)}?${parts.join('&')}${fragment === undefined ? '' : `#${fragment}`}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

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
