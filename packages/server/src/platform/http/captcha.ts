/**
 * Captcha behind a provider interface (DESIGN.md), for every feature that asks for one (site forms,
 * restock sign-up). Default: ALTCHA, a self-hosted proof of work
 * (altcha-lib): the widget fetches a signed challenge, solves it and sends the payload as the
 * submission's `captchaKey`. A solution verifies once: its challenge signature is recorded in
 * `captcha_solutions`, and a second use is refused.
 */
import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { TablesHandle } from '../db/index.ts';
import type { CaptchaTables } from './captcha-tables.ts';

export type CaptchaVerdict = { ok: true; id: string } | { ok: false; reason: string };

export interface CaptchaProvider {
  readonly name: string;
  /** What the widget fetches before solving (JSON). */
  challenge(): Promise<unknown>;
  /** Checks a solution; `id` names it, so that the caller can refuse a second use. */
  verify(solution: string): Promise<CaptchaVerdict>;
}

export interface AltchaOptions {
  /** HMAC secret signing the challenges (shared by every instance). */
  secret: string;
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The secret counter is drawn from [minCounter, maxCounter]. */
  minCounter: number;
  maxCounter: number;
  /** How long a challenge stays solvable. */
  ttlMs: number;
}

const ALGORITHM = 'PBKDF2/SHA-256';

const payloadSchema = z.object({
  challenge: z
    .object({
      parameters: z
        .object({
          algorithm: z.string(),
          nonce: z.string(),
          salt: z.string(),
          cost: z.number(),
          keyLength: z.number(),
          keyPrefix: z.string(),
        })
        .loose(),
      signature: z.string().min(1),
    })
    .loose(),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string() }).loose(),
});

export function altchaProvider(options: AltchaOptions): CaptchaProvider {
  return {
    name: 'altcha',
    async challenge() {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost,
        counter: randomInt(options.maxCounter, options.minCounter),
        deriveKey,
        expiresAt: new Date(Date.now() + options.ttlMs),
        hmacSignatureSecret: options.secret,
      });
    },
    async verify(solution) {
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(solution, 'base64').toString('utf8'));
      } catch {
        return { ok: false, reason: 'the captcha payload is not base64 JSON' };
      }
      const parsed = payloadSchema.safeParse(decoded);
      if (!parsed.success) return { ok: false, reason: 'the captcha payload is malformed' };
      if (parsed.data.challenge.parameters.algorithm !== ALGORITHM)
        return { ok: false, reason: 'the captcha algorithm is not the one asked for' };
      try {
        const result = await verifySolution({
          challenge: parsed.data.challenge as unknown as Challenge,
          solution: parsed.data.solution as unknown as Solution,
          deriveKey,
          hmacSignatureSecret: options.secret,
        });
        if (result.verified) return { ok: true, id: parsed.data.challenge.signature };
        return {
          ok: false,
          reason: result.expired ? 'the captcha expired' : 'the captcha solution is wrong',
        };
      } catch {
        return { ok: false, reason: 'the captcha payload is malformed' };
      }
    },
  };
}

/** A secret kept in the database (created once, shared by every instance). */
export async function sharedSecret(db: TablesHandle<CaptchaTables>, name: string): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** Records a solution as spent; false when it already was. */
export async function spendSolution(
  db: TablesHandle<CaptchaTables>,
  id: string,
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .insertInto('captcha_solutions')
    .values({ id, used_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
