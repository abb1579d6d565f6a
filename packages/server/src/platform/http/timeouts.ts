/**
 * How long a client may take, so that slow or stalled clients cannot hold connections for ever
 * (a connection sending one byte every few seconds would otherwise stay open indefinitely, and
 * enough of them stop the server answering). Past a limit Node answers 408 and closes.
 */
export interface HttpTimeouts {
  /** How long a request's headers may take to arrive (`HEADERS_TIMEOUT_MS`). */
  headersMs: number;
  /** How long a whole request, body included, may take to arrive (`REQUEST_TIMEOUT_MS`). */
  requestMs: number;
  /** How long an idle keep-alive connection is kept between requests (`KEEP_ALIVE_TIMEOUT_MS`). */
  keepAliveMs: number;
  /** A connection on which nothing moves either way for this long is closed (`IDLE_TIMEOUT_MS`). */
  idleMs: number;
}

/**
 * Headers arrive in one packet from any real client; a 256 KiB body (the largest accepted) takes
 * seconds even on a poor mobile link. Keep-alive stays above the 60 s idle timeout common to load
 * balancers, so the balancer, not this server, closes a shared connection first (Fastify's default).
 */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 15_000,
  requestMs: 30_000,
  keepAliveMs: 72_000,
  idleMs: 60_000,
};

/** Fastify's server options for the timeouts. */
export function timeoutOptions(timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS) {
  const { headersMs, requestMs, keepAliveMs, idleMs } = timeouts;
  return {
    connectionTimeout: idleMs,
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    http: {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      // Node looks for expired requests on this interval (30 s by default), so a limit is only kept
      // to within it: look often enough that a limit holds to within a quarter of itself.
      connectionsCheckingInterval: Math.min(
        5_000,
        Math.max(10, Math.floor(Math.min(headersMs, requestMs) / 4)),
      ),
    },
  };
}
