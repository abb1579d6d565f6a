/**
 * Who may read the shop's analytics (issue 14: `OWNER_TOKEN` retired). People sign in as staff at
 * /config/login; their roles must grant `reports.read` (admin, reporting, store manager:
 * core/roles.ts). Automation may still send an API key in `Authorization: Bearer` or
 * `X-Owner-Token`: the server keeps only its SHA-256 digest, given as `OWNER_TOKEN_SHA256`, or made
 * at start from `OWNER_TOKEN`, and compares digests in constant time. A key in the address
 * (`?token=`) is no longer taken: addresses end up in histories, logs and Referer headers.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The API key's digest from the environment, or undefined when automation has no key. */
export function ownerKeyDigest(env: NodeJS.ProcessEnv = process.env): Buffer | undefined {
  const given = env.OWNER_TOKEN_SHA256?.trim();
  if (given && /^[0-9a-f]{64}$/i.test(given)) return Buffer.from(given, 'hex');
  return env.OWNER_TOKEN ? sha256(env.OWNER_TOKEN) : undefined;
}

/** The key a script sent in a header, if any. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-owner-token'];
  if (typeof header === 'string' && header) return header;
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7);
  return undefined;
}

/** True when the request carries the API key whose digest is `expected` (constant time). */
export function hasOwnerKey(request: FastifyRequest, expected: Buffer | undefined): boolean {
  const given = presentedKey(request);
  return expected !== undefined && given !== undefined && timingSafeEqual(sha256(given), expected);
}
