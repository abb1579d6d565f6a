/**
 * Which errors mean "the database cannot serve right now" (unreachable, restarting, a connection
 * dropped, out of connections, disk or memory, locked past the busy timeout) as opposed to a bug.
 * Those answer 503 with Retry-After instead of 500, and start-up waits them out.
 */

/** SQLSTATE classes and codes (PostgreSQL appendix A) that say the server cannot serve now. */
const POSTGRES_CLASSES = ['08', '53'];
const POSTGRES_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, or in recovery
  '57014', // query_canceled: statement_timeout ran out
  // What db/transaction.ts retries, once its tries are used up: the client may try again.
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** better-sqlite3 codes (extended codes carry the primary code as their prefix). */
const SQLITE_PREFIXES = [
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
];

/** pg and pg-pool raise these without a code. */
const POSTGRES_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailable(error, 0);
}

function unavailable(error: unknown, depth: number): boolean {
  if (depth > 4 || error === null || typeof error !== 'object') return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (
      /^[0-9A-Z]{5}$/.test(code) &&
      (POSTGRES_CLASSES.includes(code.slice(0, 2)) || POSTGRES_CODES.has(code))
    )
      return true;
    if (SOCKET_CODES.has(code)) return true;
    if (SQLITE_PREFIXES.some((prefix) => code.startsWith(prefix))) return true;
  }
  if (typeof message === 'string' && POSTGRES_CLIENT_MESSAGES.some((pattern) => pattern.test(message)))
    return true;
  // A connect to a name with several addresses fails with an AggregateError of the attempts.
  if (Array.isArray(errors) && errors.some((e) => unavailable(e, depth + 1))) return true;
  return unavailable(cause, depth + 1);
}
