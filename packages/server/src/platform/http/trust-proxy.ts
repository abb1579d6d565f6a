/**
 * `TRUST_PROXY`: which peers' `X-Forwarded-*` headers the server believes. Trusting every peer would
 * let a client write its own left-most `X-Forwarded-For` entry and pass as anyone, escaping every
 * per-client limit; so the setting names how many proxies stand in front, or their addresses.
 */
import { isIP } from 'node:net';

/** A hop count (that many proxies in front), or the proxies' addresses and ranges. */
export type TrustedProxies = { hops: number } | { addresses: string[] };

/** proxy-addr's names for the usual private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const REFUSE_TRUE =
  'true is refused: it would believe whatever a client writes in X-Forwarded-For; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)';

/** Why `entry` is not an address, a CIDR range or a named range; undefined when it is one. */
function addressProblem(entry: string): string | undefined {
  if (NAMED_RANGES.has(entry)) return undefined;
  const [address = '', mask, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `"${entry}" is not an IP address or a CIDR range`;
  if (mask === undefined) return undefined;
  const bits = family === 4 ? 32 : 128;
  if (/^\d{1,3}$/.test(mask) && Number(mask) <= bits) return undefined;
  if (family === 4 && isIP(mask) === 4) return undefined;
  return `"${entry}" has a prefix length that is not 0 to ${bits}`;
}

/**
 * Parses the setting: unset, `false` or `0` trust no proxy; a whole number is a hop count; anything
 * else a comma-separated list of addresses, CIDR ranges or proxy-addr's named ranges. `true` is
 * refused. Answers the problem as a string when the value is not one of these.
 */
export function parseTrustProxy(raw: string | undefined): TrustedProxies | undefined | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return undefined;
  if (value === 'true') return REFUSE_TRUE;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 16 ? { hops } : 'a hop count is at most 16';
  }
  const addresses = value.split(',').map((entry) => entry.trim());
  for (const entry of addresses) {
    const problem = addressProblem(entry);
    if (problem) return `${problem}; give a hop count or a comma-separated list of proxy addresses`;
  }
  return { addresses };
}

/**
 * The value for Fastify's `trustProxy`. A hop count becomes a function: this Fastify treats a bare
 * number as "trust nobody", while the setting means "the nearest `hops` peers are our proxies", so
 * the client is the entry that many steps in from the right of `X-Forwarded-For`.
 */
export function fastifyTrustProxy(
  trust: TrustedProxies | undefined,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (!trust) return false;
  if ('addresses' in trust) return trust.addresses;
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}
