/**
 * Password hashing with scrypt from node:crypto (memory-hard; no native add-on to build). The
 * stored form names its cost, `scrypt$N$r$p$salt$hash`, so the cost can be raised later without
 * invalidating existing hashes (a hash of a lower cost is upgraded at the next sign-in).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The cost (docs/accounts.md): N = 2^15, r = 8, p = 1 uses 32 MiB and about 220 ms of one core
 * per hash on the 2-core test machine; OWASP's recommended minimum for scrypt. Hashing runs on libuv's thread pool,
 * so it does not block the event loop.
 */
export const SCRYPT_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Room for the 128 * N * r bytes scrypt needs at this cost (Node's default limit is exactly 32 MiB). */
const maxmem = (cost: { N: number; r: number }) => 256 * cost.N * cost.r;

/** The shortest and longest password accepted (longer ones would only cost hashing time). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: maxmem(cost) };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, SCRYPT_COST);
  const { N, r, p } = SCRYPT_COST;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const STORED = /^scrypt\$(\d{1,8})\$(\d{1,3})\$(\d{1,3})\$([\w-]{1,64})\$([\w-]{1,128})$/;

/** True when `password` matches `stored`; constant-time in where the digests differ. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = STORED.exec(stored);
  if (!match) return false;
  const cost = { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  const expected = Buffer.from(match[5] as string, 'base64url');
  const key = await derive(password, Buffer.from(match[4] as string, 'base64url'), cost);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when `stored` was made with a lower cost than today's (re-hash it at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const match = STORED.exec(stored);
  return !match || Number(match[1]) < SCRYPT_COST.N || Number(match[2]) < SCRYPT_COST.r;
}

/**
 * A hash of a random password, verified against when no account has the email: an unknown
 * address costs the same scrypt work as a wrong password, so the time does not tell them apart.
 */
export const decoyHash = (): Promise<string> => hashPassword(randomBytes(24).toString('base64url'));

/**
 * The most used passwords (ASVS V2.1.7), from zxcvbn-ts's common list (about 49,000 entries, ranked
 * from breach corpora, shipped in the package: no call leaves the machine). Only the entries long
 * enough to pass PASSWORD_MIN matter; they are kept lower-cased, as a case change buys no strength
 * against a guesser who tries the list first.
 */
const COMMON_PASSWORDS = new Set(
  dictionary['passwords-common']
    .filter((word) => word.length >= PASSWORD_MIN)
    .map((word) => word.toLowerCase()),
);

/** True when `password` (in any case) is on the list of common passwords. */
export const isCommonPassword = (password: string): boolean =>
  COMMON_PASSWORDS.has(password.normalize('NFKC').toLowerCase());
