/**
 * Addresses that carry secrets, and their redaction (issue 27). Some links are the only key to
 * what they open: a reset, verify or manage link's `?token=`, a sign-in code's `?pending=`, a
 * subscription confirmation's `?manage=`, and the order id in an order confirmation or download
 * address (the page shows the buyer's address and gift-card codes). Such an address must never be
 * written to the request log or stored by telemetry, and its page must not hand it on as a
 * Referer. One list serves all three: http/log.ts, telemetry/store.ts and the Referrer-Policy
 * hook below.
 */
import type { FastifyInstance } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameter names whose values are credentials (matched anywhere in the name, any case). */
export const SENSITIVE_NAME =
  /token|pass(word|wd)?|secret|key|auth|sig(nature)?|session|crumb|credential|code|manage|pending/i;

/** Path parts that are keys: the order id of a confirmation page and of a download (and its line). */
const SECRET_PATHS: readonly [RegExp, string][] = [
  [/(\/checkout\/(?:order|subscription)-confirmed\/)[^/?#\s"'<>]+/g, `$1${REDACTED}`],
  [/(\/checkout\/download\/)[^/?#\s"'<>]+\/[^/?#\s"'<>]+/g, `$1${REDACTED}/${REDACTED}`],
];

/** A `name=value` pair at the start of a text or after a URL's separators. */
const PAIR = /(^|[?&#;])([^=&?#;\s"'<>]+)=([^&#;\s"'<>]*)/g;

const decode = (raw: string) => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

const isSensitive = (name: string) => SENSITIVE_NAME.test(decode(name));

const redactPaths = (text: string) =>
  SECRET_PATHS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);

/**
 * `url` (a path and query, as the request line has it) with secret path parts and the value of
 * every sensitive query parameter replaced by `[redacted]`, the rest as sent.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = redactPaths(q < 0 ? url : url.slice(0, q));
  if (q < 0) return path;
  const [query, fragment] = splitOnce(url.slice(q + 1), '#');
  const parts = query.split('&').map((part) => {
    const [name] = splitOnce(part, '=');
    return isSensitive(name) ? `${name}=${REDACTED}` : part;
  });
  return `${path}?${parts.join('&')}${fragment === undefined ? '' : `#${fragment}`}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/**
 * Any text (an address, a bare query, an error's message or stack) with the secrets of every
 * address in it redacted: secret path parts, and the value of each sensitive `name=value` pair.
 */
export function redactSecrets(text: string): string {
  return redactPaths(text).replace(PAIR, (pair, before: string, name: string) =>
    isSensitive(name) ? `${before}${name}=${REDACTED}` : pair,
  );
}

/** `value` (parsed JSON) with every string in it passed through redactSecrets. */
export function redactSecretsDeep<T>(value: T): T {
  if (typeof value === 'string') return redactSecrets(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactSecretsDeep(v)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, redactSecretsDeep(v)])) as T;
  return value;
}

/** True when the address (path and query) carries a secret (redaction would change it). */
export const carriesSecret = (url: string): boolean => redactUrl(url) !== url;

/**
 * Answers to an address that carries a secret go with `Referrer-Policy: no-referrer`: the page's
 * links, images and scripts do not hand the address on (nor does the browser to another site).
 */
export function registerSecretPagesReferrerPolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (carriesSecret(request.url)) reply.header('referrer-policy', 'no-referrer');
  });
}
